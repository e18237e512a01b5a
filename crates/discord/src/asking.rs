//! Who asks, and where: the core's [`Request`] built from what Discord sends with a slash command or a
//! button press. Names come from the interaction itself (a member's server nickname first), so nothing
//! here waits on Discord.

use namnam_model::{ChannelId, PlayerKind, ServerId, UserId};
use poise::serenity_prelude as serenity;

use super::CommandError;
use namnam_core::{Command, Language, Place, PlaceNames, Request, UserRef};

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
        }
    }

    /// The request for `command`; Nam-nam is played in servers only.
    pub fn request(
        &self,
        cache: &serenity::Cache,
        command: Command,
    ) -> Result<Request, CommandError> {
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

    /// Where the interaction was made, with the names people see there. Only a server the bot is a
    /// member of, for now: a DM or a group DM is refused before the core is asked.
    pub fn place(&self, cache: &serenity::Cache) -> Result<(Place, PlaceNames), CommandError> {
        let guild = self
            .guild
            .ok_or(CommandError::Said("discord-server-only"))?;
        let server_name = cache
            .guild(guild)
            .map_or_else(|| format!("server {guild}"), |g| g.name.clone());
        let place = Place::ServerChannel {
            server: ServerId(guild.get()),
            channel: ChannelId(self.channel.get()),
        };
        let names = PlaceNames {
            server: Some(server_name),
            channel: self
                .channel_name
                .map_or_else(|| self.channel.to_string(), str::to_owned),
        };
        Ok((place, names))
    }

    /// The name people see in this server: the nickname, else the display name.
    fn display_name(&self) -> String {
        self.member
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| self.user.display_name().to_owned())
    }
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
