//! `/admin`: for members who may manage the server. Discord hides it from everyone else (the command's
//! default member permissions); the core checks again with the permissions Discord computed for the
//! member (a server can change who sees a command).

use namnam_model::{ChannelId, MatchId};
use poise::serenity_prelude as serenity;

use super::{serve, Clock, CommandError, Context, YesNo};
use crate::channels::Belongs;
use namnam_core::{
    AdminCommand, Change, Command, Language, LanguageChoice, SeasonChange, SettingsChange,
    WebChange,
};

/// Server admin: abort a match, change the server's settings, start a season
#[poise::command(
    slash_command,
    guild_only,
    subcommands("abort", "settings", "season"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn admin(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes a command that has subcommands by itself.
    Ok(())
}

/// Abort this channel's match; it is not rated
#[poise::command(slash_command, guild_only)]
pub async fn abort(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::play::your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Admin(AdminCommand::Abort {
            match_id: match_id.map(MatchId),
        }),
    )
    .await
}

/// Show this server's settings, or change the ones you give
// Each option is a parameter: that is how poise declares a slash command's options.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[channel_types("Text", "News", "Forum")] allow: Option<serenity::ChannelId>,
    #[channel_types("Text", "News", "Forum")] disallow: Option<serenity::ChannelId>,
    #[rename = "every-channel"] every_channel: Option<YesNo>,
    clock: Option<Clock>,
    target: Option<DefaultTarget>,
    threads: Option<YesNo>,
    language: Option<ServerLanguage>,
    web: Option<WebPage>,
    #[rename = "daily-puzzle"]
    #[channel_types("Text", "News")]
    daily_puzzle: Option<serenity::ChannelId>,
    #[rename = "daily-puzzle-off"] daily_puzzle_off: Option<YesNo>,
) -> Result<(), CommandError> {
    let allow = own_channel(ctx, allow).await?;
    let disallow = own_channel(ctx, disallow).await?;
    // Both given: turning it off wins, as the safer of the two.
    let daily_puzzle = match (daily_puzzle_off.map(bool::from), daily_puzzle) {
        (Some(true), _) => Change::Clear,
        (_, Some(channel)) => Change::of_option(own_channel(ctx, Some(channel)).await?),
        _ => Change::Keep,
    };
    let change = SettingsChange {
        channels: every_channel
            .filter(|&every| bool::from(every))
            .map(|_| Vec::new()),
        allow,
        disallow,
        clock_secs: clock.map(Clock::seconds),
        target: target.map_or(Change::Keep, |t| Change::of_option(t.houses())),
        thread_per_match: threads.map(Into::into),
        language: language.map(ServerLanguage::choice),
        web: web.map(WebPage::change),
        daily_puzzle,
    };
    serve(ctx, Command::Admin(AdminCommand::Settings(change))).await
}

/// Start a new season now: ratings start fresh, the old standings are kept and its top three posted
#[poise::command(slash_command, guild_only)]
pub async fn season(
    ctx: Context<'_>,
    #[channel_types("Text", "News")] news: Option<serenity::ChannelId>,
    monthly: Option<YesNo>,
    start: Option<YesNo>,
) -> Result<(), CommandError> {
    let news = own_channel(ctx, news).await?;
    let change = SeasonChange {
        start: start.map_or(true, Into::into),
        news,
        monthly: monthly.map(Into::into),
    };
    serve(ctx, Command::Admin(AdminCommand::Season(change))).await
}

/// A channel given in an option, once Discord has said it is one of this server's: a setting never
/// names another server's channel, so nothing is ever posted there.
async fn own_channel(
    ctx: Context<'_>,
    channel: Option<serenity::ChannelId>,
) -> Result<Option<ChannelId>, CommandError> {
    let (Some(channel), Some(server)) = (channel, ctx.guild_id()) else {
        return Ok(None);
    };
    let owners = &ctx.data().owners;
    match owners
        .belongs(
            ctx.cache(),
            ctx.http(),
            &ctx.data().metrics,
            channel,
            server,
        )
        .await
    {
        Belongs::Yes => Ok(Some(ChannelId(channel.get()))),
        Belongs::Unknown => Err(CommandError::Said("discord-channel-unknown")),
        Belongs::No | Belongs::Gone => {
            tracing::warn!(%channel, %server, user = %ctx.author().id,
                "a setting named a channel that is not one of the server's: refused");
            Err(CommandError::Said("discord-channel-foreign"))
        }
    }
}

/// What an admin does with the server's web page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum WebPage {
    #[name = "yes"]
    Yes,
    #[name = "new-link"]
    NewLink,
    #[name = "no"]
    No,
}

impl WebPage {
    fn change(self) -> WebChange {
        match self {
            Self::Yes => WebChange::On,
            Self::NewLink => WebChange::NewLink,
            Self::No => WebChange::Off,
        }
    }
}

/// The languages a server can choose, each by its own name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ServerLanguage {
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
    /// The language set in the server's Community settings (English for other servers).
    #[name = "As Discord says"]
    AsDiscordSays,
}

impl ServerLanguage {
    fn choice(self) -> LanguageChoice {
        match self {
            Self::English => LanguageChoice::Fixed(Language::English),
            Self::French => LanguageChoice::Fixed(Language::French),
            Self::AsDiscordSays => LanguageChoice::AsDiscordSays,
        }
    }
}

/// A server's default target: a number of houses, or none (a match goes on until one player owns the
/// whole board, which is also what a target of twelve would mean, so twelve is not offered). A choice
/// list, so that "none" can be chosen as easily as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DefaultTarget {
    #[name = "none: until one player owns every house"]
    Whole,
    #[name = "7 houses"]
    Seven,
    #[name = "8 houses"]
    Eight,
    #[name = "9 houses"]
    Nine,
    #[name = "10 houses"]
    Ten,
    #[name = "11 houses"]
    Eleven,
}

impl DefaultTarget {
    /// The target in houses, `None` for none.
    pub(super) fn houses(self) -> Option<u8> {
        match self {
            Self::Whole => None,
            Self::Seven => Some(7),
            Self::Eight => Some(8),
            Self::Nine => Some(9),
            Self::Ten => Some(10),
            Self::Eleven => Some(11),
        }
    }
}
