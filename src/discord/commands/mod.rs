//! The slash commands, one module per family. Each command only parses its options, hands them over and
//! sends the answer: the game itself lives in the core.

mod admin;
mod info;
mod play;
mod records;

use poise::serenity_prelude as serenity;

use super::{CommandError, Context, Data};

/// A command of this bot.
pub type Command = poise::Command<Data, CommandError>;

/// Every command the bot registers, in the order `/help` lists them.
pub fn all() -> Vec<Command> {
    vec![
        play::challenge(),
        play::accept(),
        play::decline(),
        play::cancel(),
        play::move_(),
        play::board(),
        play::resign(),
        play::draw(),
        records::matches(),
        records::history(),
        records::leaderboard(),
        records::stats(),
        info::rules(),
        info::help(),
        admin::admin(),
    ]
}

/// Who takes the last seeds of a round (RULES §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Endgame {
    #[name = "capturer"]
    Capturer,
    #[name = "starter"]
    Starter,
}

/// A yes/no option, spelled as in the console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum YesNo {
    #[name = "yes"]
    Yes,
    #[name = "no"]
    No,
}

/// Who moves first in round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum First {
    #[name = "challenger"]
    Challenger,
    #[name = "challenged"]
    Challenged,
    #[name = "random"]
    Random,
}

/// The move clock: sensible durations between 5 minutes and 7 days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Clock {
    #[name = "5m"]
    FiveMinutes,
    #[name = "15m"]
    FifteenMinutes,
    #[name = "1h"]
    OneHour,
    #[name = "6h"]
    SixHours,
    #[name = "24h"]
    OneDay,
    #[name = "3d"]
    ThreeDays,
    #[name = "7d"]
    SevenDays,
}

impl Clock {
    /// The duration, in the spelling the core's vocabulary uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FiveMinutes => "5m",
            Self::FifteenMinutes => "15m",
            Self::OneHour => "1h",
            Self::SixHours => "6h",
            Self::OneDay => "24h",
            Self::ThreeDays => "3d",
            Self::SevenDays => "7d",
        }
    }
}

/// Starts a piece of work, refusing it when the bot is shutting down.
fn begin(ctx: Context<'_>) -> Result<super::in_flight::Working, CommandError> {
    ctx.data()
        .in_flight
        .enter()
        .ok_or(CommandError::ShuttingDown)
}

/// Sends a reply only the invoking player sees.
async fn say_privately(ctx: Context<'_>, text: impl Into<String>) -> Result<(), CommandError> {
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// The answer of commands whose game logic (the bot core) is not part of this build yet.
async fn not_yet(ctx: Context<'_>) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    say_privately(
        ctx,
        "Matches are not available in this build of Namnam yet: `/rules` and `/help` work, and \
         `namnam console` plays locally.",
    )
    .await
}

/// Mentions are off unless a reply means to ping someone.
pub fn no_mentions() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
}
