//! `/admin`: for members who may manage the server. Discord hides it from everyone else (the command's
//! default member permissions); the core checks again with the permissions Discord computed for the
//! member (a server can change who sees a command).

use super::{serve, Clock, CommandError, Context, YesNo};
use namnam_core::{AdminCommand, Command, SeasonChange, SettingsChange};
use namnam_store::Snowflake;

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
    #[description = "Which match here, when there are several"]
    #[rename = "match"]
    #[autocomplete = "super::play::your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(ctx, Command::Admin(AdminCommand::Abort { match_id })).await
}

/// Show this server's settings, or change the ones you give
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Channels that may host matches: type # to pick them, or write all"]
    channels: Option<String>,
    #[description = "The clock of new challenges when none is given"] clock: Option<Clock>,
    #[description = "The target of new challenges: houses, or none"] target: Option<DefaultTarget>,
    #[description = "Give each match its own thread"] threads: Option<YesNo>,
) -> Result<(), CommandError> {
    let channels = channels.as_deref().map(channel_list).transpose()?;
    let change = SettingsChange {
        channels,
        clock_secs: clock.map(Clock::seconds),
        target: target.map(DefaultTarget::houses),
        thread_per_match: threads.map(Into::into),
    };
    serve(ctx, Command::Admin(AdminCommand::Settings(change))).await
}

/// Start a new season now: ratings start fresh, the old standings are kept and its top three posted
#[poise::command(slash_command, guild_only)]
pub async fn season(
    ctx: Context<'_>,
    #[description = "Where season news is posted: type # and pick the channel"] news: Option<
        String,
    >,
    #[description = "Start a new season by itself on the first of each month (UTC)"]
    monthly: Option<YesNo>,
    #[description = "Start a new season now (default: yes; no changes only the options)"]
    start: Option<YesNo>,
) -> Result<(), CommandError> {
    let news = match news.as_deref().map(channel_list).transpose()? {
        None => None,
        Some(channels) => match channels.as_slice() {
            [one] => Some(*one),
            _ => {
                return Err(CommandError::user(
                    "Name one channel for season news: type # and pick it from the list.",
                ))
            }
        },
    };
    let change = SeasonChange {
        start: start.map_or(true, Into::into),
        news,
        monthly: monthly.map(Into::into),
    };
    serve(ctx, Command::Admin(AdminCommand::Season(change))).await
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

/// The channels in `<#id>` mentions (what Discord inserts when you pick a channel with `#`); `all` (or an
/// empty list) means every channel.
fn channel_list(text: &str) -> Result<Vec<Snowflake>, CommandError> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(Vec::new());
    }
    text.split_whitespace()
        .flat_map(|word| word.split(','))
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.strip_prefix("<#")
                .and_then(|rest| rest.strip_suffix('>'))
                .and_then(|id| id.parse().ok())
                .map(Snowflake)
                .ok_or_else(|| {
                    CommandError::user(format!(
                        "I can't read the channel `{word}`: type # and pick it from the list, or write `all`."
                    ))
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_are_read_from_mentions() {
        assert_eq!(
            channel_list("<#12> <#34>,<#56>").unwrap(),
            [Snowflake(12), Snowflake(34), Snowflake(56)]
        );
        assert!(channel_list("all").unwrap().is_empty());
        let refused = channel_list("#games").unwrap_err().for_player();
        assert!(refused.contains("#games"), "{refused}");
    }
}
