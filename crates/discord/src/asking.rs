//! Who asks, and where: the core's [`Request`] built from what Discord sends with a slash command or a
//! button press. Names come from the interaction itself (a member's server nickname first), so nothing
//! here waits on Discord, nor needs a cache of a server the bot is not in.
//!
//! Where is the interaction's `context` (0 a server, 1 the bot's DM, 2 a group DM or a DM between users)
//! and who installed the app there, its `authorizing_integration_owners` (Discord's developer docs,
//! `interactions/receiving-and-responding`): a server's channel is one where the bot is a member when
//! the server installed the app (a `"0"` owner), else a guest's, where only a player did.

use namnam_model::{ChannelId, PlayerKind, ServerId, UserId};
use poise::serenity_prelude as serenity;

use super::texts::say_with;
use super::CommandError;
use namnam_core::{Command, Language, Place, PlaceNames, Request, UserRef};

/// Told privately where Discord would show a match's answers to the asker alone (a message of
/// `discord.ftl`).
pub const EXTERNAL_APPS_OFF: &str = "discord-external-apps-off";

/// The parts of an interaction a request needs; both slash commands and buttons have them.
pub struct Asker<'a> {
    pub guild: Option<serenity::GuildId>,
    pub channel: serenity::ChannelId,
    pub channel_name: Option<&'a str>,
    pub user: &'a serenity::User,
    pub member: Option<&'a serenity::Member>,
    /// The asker's language, as their Discord client says (`fr`, `en-US`…).
    pub locale: &'a str,
    /// The server's language as Discord reports it (`guild_locale`), if it does.
    pub guild_locale: Option<&'a str>,
    /// Where Discord says the interaction was made.
    pub context: Option<serenity::InteractionContext>,
    /// Who installed the app for it: the server, a user, or both.
    pub owners: &'a serenity::AuthorizingIntegrationOwners,
}

/// Whether only a user installed the app where an interaction was made (no guild install): there the bot
/// may only answer, with at most 5 follow-ups (receiving-and-responding, "Create Followup Message").
pub fn user_installed_only(owners: &serenity::AuthorizingIntegrationOwners) -> bool {
    use serenity::AuthorizingIntegrationOwner as Owner;
    let by_user = owners.0.iter().any(|o| matches!(o, Owner::UserInstall(_)));
    let by_guild = owners.0.iter().any(|o| matches!(o, Owner::GuildInstall(_)));
    by_user && !by_guild
}

impl<'a> Asker<'a> {
    pub fn of_command(interaction: &'a serenity::CommandInteraction) -> Self {
        Self {
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            channel_name: interaction.channel.as_ref().and_then(|c| c.name.as_deref()),
            user: &interaction.user,
            member: interaction.member.as_deref(),
            locale: &interaction.locale,
            guild_locale: interaction.guild_locale.as_deref(),
            context: interaction.context,
            owners: &interaction.authorizing_integration_owners,
        }
    }

    pub fn of_button(press: &'a serenity::ComponentInteraction) -> Self {
        Self {
            guild: press.guild_id,
            channel: press.channel_id,
            channel_name: press.channel.as_ref().and_then(|c| c.name.as_deref()),
            user: &press.user,
            member: press.member.as_ref(),
            locale: &press.locale,
            guild_locale: press.guild_locale.as_deref(),
            context: press.context,
            owners: &press.authorizing_integration_owners,
        }
    }

    /// The request for `command`. A challenge or a move where Discord would show the answer to the asker
    /// alone (a server that does not let its members' apps answer in public) is refused, with the bot's DM
    /// offered instead: an opponent who never sees the board cannot play.
    pub fn request(
        &self,
        cache: &serenity::Cache,
        command: Command,
    ) -> Result<Request, CommandError> {
        if self.answers_hidden() && matches!(command, Command::Challenges(_) | Command::Play(_)) {
            let language = Language::of_locale(self.locale);
            let bot = format!("<@{}>", cache.current_user().id);
            let said = say_with(language, EXTERNAL_APPS_OFF, &[("bot", bot.into())]);
            return Err(CommandError::user(said));
        }
        let (place, names) = self.place(cache)?;
        Ok(Request {
            place,
            names,
            user: UserRef::member(
                UserId(self.user.id.get()),
                self.display_name(),
                self.user.display_name(),
                PlayerKind::Human,
            ),
            // Discord computes the member's permissions in this channel for every interaction.
            can_manage: self
                .member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            language: Language::of_locale(self.locale),
            // Discord reports the server's language from a Community server only ("en-US" from others):
            // it is the server's only when the server follows Discord's.
            server_locale: self.guild_locale.map(Language::of_locale),
            command,
        })
    }

    /// Where the interaction was made, with the names people see there: a server's channel (the bot a
    /// member there or only a guest), the bot's DM, or a private channel. An interaction without a
    /// context (older payloads) is a server's where it has a guild.
    pub fn place(&self, cache: &serenity::Cache) -> Result<(Place, PlaceNames), CommandError> {
        use serenity::InteractionContext as Context;
        let channel = ChannelId(self.channel.get());
        let server_name = |guild: serenity::GuildId| {
            cache
                .guild(guild)
                .map_or_else(|| format!("server {guild}"), |g| g.name.clone())
        };
        let (place, server) = match (self.context, self.guild) {
            (Some(Context::BotDm), _) => (Place::BotDm { channel }, None),
            (Some(Context::PrivateChannel), _) => (Place::PrivateChannel { channel }, None),
            // Discord names no server the bot is not in (the interaction's guild holds its id, features
            // and locale only), and any name in the cache is from when the bot was there: none.
            (_, Some(guild)) if user_installed_only(self.owners) => {
                let server = ServerId(guild.get());
                (Place::GuestChannel { server, channel }, None)
            }
            (_, Some(guild)) => {
                let server = ServerId(guild.get());
                (
                    Place::ServerChannel { server, channel },
                    Some(server_name(guild)),
                )
            }
            // No guild and no context: a private place, where the bot answers and nothing more.
            (_, None) => (Place::PrivateChannel { channel }, None),
        };
        let names = PlaceNames {
            server,
            channel: self
                .channel_name
                .map_or_else(|| self.channel.to_string(), str::to_owned),
        };
        Ok((place, names))
    }

    /// Whether Discord makes every answer here ephemeral: a server's channel where only players installed
    /// the app, and the asker lacks Use External Apps ("When disabled, users will still be allowed to use
    /// their apps but the responses will be ephemeral. This only applies to apps not also installed to the
    /// server", Discord's developer docs, topics/permissions).
    fn answers_hidden(&self) -> bool {
        let in_server = !matches!(
            self.context,
            Some(
                serenity::InteractionContext::BotDm | serenity::InteractionContext::PrivateChannel
            )
        );
        let lacking = self
            .member
            .and_then(|m| m.permissions)
            .is_some_and(|p| !p.use_external_apps());
        in_server && self.guild.is_some() && user_installed_only(self.owners) && lacking
    }

    /// The name people see in this server: the nickname, else the display name.
    fn display_name(&self) -> String {
        self.member
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| self.user.display_name().to_owned())
    }
}

/// Whether a member resolved in a server's interaction sees its channel: Discord gives a resolved member's
/// permissions in the channel ("including overwrites"); no member means they are not in the server. A
/// member whose permissions Discord left out is taken to see it (the challenge then only waits).
pub fn sees_channel(member: Option<&serenity::PartialMember>) -> bool {
    member.is_some_and(|m| match m.permissions {
        Some(permissions) => permissions.contains(serenity::Permissions::VIEW_CHANNEL),
        None => true,
    })
}

/// A Discord user as an opponent: the bot itself is Namnam's computer, other bots cannot play.
pub fn opponent(
    user: &serenity::User,
    member: Option<&serenity::PartialMember>,
    me: serenity::UserId,
) -> UserRef {
    let name = member
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| user.display_name().to_owned());
    let kind = match (user.id == me, user.bot) {
        (true, _) => PlayerKind::Engine,
        (false, true) => PlayerKind::Bot,
        (false, false) => PlayerKind::Human,
    };
    UserRef::member(UserId(user.id.get()), name, user.display_name(), kind)
}
