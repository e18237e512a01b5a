//! The slash commands, one module per family. Each command only parses its options, hands them over and
//! sends the answer: the game itself lives in the core.

mod admin;
mod info;
mod learn;
mod play;
mod puzzle;
mod records;
mod tournament;
pub mod words;

use namnam_model::FirstMover;
use std::sync::atomic::Ordering;
use tracing::Instrument as _;

use poise::serenity_prelude as serenity;

use super::answer::{answer, Target};
use super::asking::Asker;
use super::{CommandError, Context, Data};
use namnam_core as bot;
use namnam_core::Language;
use namnam_game as game;

/// A command of this bot.
pub type Command = poise::Command<Data, CommandError>;

/// Every command the bot registers, in the order `/help` lists them, with their words in every language
/// and where each may be used.
pub fn all() -> Vec<Command> {
    let mut commands = all_unlocalised();
    let missing = words::localise(&mut commands);
    if !missing.is_empty() {
        // The tests forbid it; a reader of that language would see the English.
        tracing::warn!(?missing, "the slash commands lack words in the resources");
    }
    place(&mut commands);
    commands
}

/// The commands that belong to a server that installed the app (with its bot): its settings and seasons
/// (and the daily puzzle, a setting), its tournaments. The core refuses them anywhere else too
/// (`InputRefusal::ServerOnly`). `/leaderboard` and `/stats` are not among them: outside such a server
/// they show the everywhere rating.
pub const SERVER_COMMANDS: [&str; 2] = ["tournament", "admin"];

/// Where each command may be used, said explicitly (Discord's defaults have been reported to leave out
/// private channels): a server's command only where a server installed the app, in its channels; every
/// other one — playing, puzzles, looking back, ratings — also wherever a player installed the app for
/// themselves: the bot's DM, group DMs and DMs between players, and servers the bot is not in. Discord
/// applies these to global commands only (`interactions/application-commands`, "Contexts"); a development
/// server's registration leaves them out (`registration`). The table is in docs/discord.md.
fn place(commands: &mut [Command]) {
    use serenity::{InstallationContext as Install, InteractionContext as Where};
    for command in commands {
        let server = SERVER_COMMANDS.contains(&&*command.name);
        let (installs, contexts) = match server {
            true => (vec![Install::Guild], vec![Where::Guild]),
            false => (
                vec![Install::Guild, Install::User],
                vec![Where::Guild, Where::BotDm, Where::PrivateChannel],
            ),
        };
        command.install_context = Some(installs);
        command.interaction_context = Some(contexts);
    }
}

/// Every command as the code declares it: English names, and no descriptions yet.
fn all_unlocalised() -> Vec<Command> {
    vec![
        play::challenge(),
        play::challenge_menu(),
        play::accept(),
        play::decline(),
        play::cancel(),
        play::move_(),
        play::board(),
        play::resign(),
        play::draw(),
        play::takeback(),
        play::rematch(),
        records::matches(),
        records::history(),
        records::leaderboard(),
        records::stats(),
        records::export(),
        records::replay(),
        records::analyse(),
        records::notify(),
        puzzle::puzzle(),
        learn::learn(),
        tournament::tournament(),
        info::rules(),
        info::help(),
        admin::admin(),
    ]
}

/// Who takes the last seeds of a round (rules.md §4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Endgame {
    #[name = "capturer"]
    Capturer,
    #[name = "starter"]
    Starter,
}

impl From<Endgame> for game::Endgame {
    fn from(choice: Endgame) -> Self {
        match choice {
            Endgame::Capturer => Self::Capturer,
            Endgame::Starter => Self::Starter,
        }
    }
}

/// A yes/no option, spelled as in the console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum YesNo {
    #[name = "yes"]
    Yes,
    #[name = "no"]
    No,
}

impl From<YesNo> for bool {
    fn from(choice: YesNo) -> Self {
        choice == YesNo::Yes
    }
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

impl From<First> for FirstMover {
    fn from(choice: First) -> Self {
        match choice {
            First::Challenger => Self::Challenger,
            First::Challenged => Self::Challenged,
            First::Random => Self::Random,
        }
    }
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
    /// The duration in seconds.
    pub fn seconds(self) -> u32 {
        const HOUR: u32 = 3600;
        match self {
            Self::FiveMinutes => 5 * 60,
            Self::FifteenMinutes => 15 * 60,
            Self::OneHour => HOUR,
            Self::SixHours => 6 * HOUR,
            Self::OneDay => 24 * HOUR,
            Self::ThreeDays => 72 * HOUR,
            Self::SevenDays => 168 * HOUR,
        }
    }
}

/// An autocomplete choice's name: Discord refuses one over 100 characters (two long names can make one).
fn choice_name(label: String) -> String {
    match label.chars().count() > 100 {
        true => label.chars().take(99).chain(['…']).collect(),
        false => label,
    }
}

/// Starts a piece of work, refusing it when the bot is shutting down.
fn begin(ctx: Context<'_>) -> Result<super::in_flight::Working, CommandError> {
    ctx.data()
        .in_flight
        .enter()
        .ok_or(CommandError::ShuttingDown)
}

/// The language of the one who invoked a command, as their Discord client says.
fn language(ctx: Context<'_>) -> Language {
    ctx.locale().map(Language::of_locale).unwrap_or_default()
}

/// Sends a reply only the invoking player sees.
async fn say_privately(ctx: Context<'_>, text: impl Into<String>) -> Result<(), CommandError> {
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    ctx.data()
        .metrics
        .call(crate::metrics::Route::Answer, ctx.send(reply))
        .await?;
    Ok(())
}

/// Hands a command to the core and answers with its reply: what every match command does.
async fn serve(ctx: Context<'_>, command: bot::Command) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    let poise::Context::Application(app) = ctx else {
        return Err(CommandError::Said("discord-use-slash-command"));
    };
    let target = Target::of_command(app.interaction, ctx.data());
    let outcome =
        match Asker::of_command(app.interaction).request(&ctx.serenity_context().cache, command) {
            Ok(request) => {
                let span = tracing::info_span!("interaction", via = "command",
                    command = %ctx.command().qualified_name, match_id = tracing::field::Empty);
                answer(ctx.serenity_context(), ctx.data(), &target, request)
                    .instrument(span)
                    .await
            }
            Err(error) => Err(error),
        };
    // Read by the hook that counts the command (`counted`): a refusal is an answer as any other.
    let outcome = match outcome {
        Ok(done) => {
            ctx.set_invocation_data(done).await;
            Ok(())
        }
        Err(error) => Err(error),
    };
    // Poise tells the player about an error: as a follow-up if the interaction was answered already.
    app.has_sent_initial_response
        .store(target.responded(), Ordering::SeqCst);
    outcome
}

/// Poise's hook after a command that returned without an error: counted with the core's outcome, if the
/// core answered it (`serve` left it), else as done. Errors are counted by `on_error`.
pub async fn counted(ctx: Context<'_>) {
    let outcome = ctx
        .invocation_data::<namnam_core::Outcome>()
        .await
        .map_or(namnam_core::Outcome::Done, |outcome| *outcome);
    ctx.data()
        .metrics
        .command(&ctx.command().qualified_name, outcome.into());
}

/// Mentions are off unless a reply means to ping someone.
pub fn no_mentions() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
}

/// Where an autocomplete is being typed, for its choices: the slash command's interaction and place;
/// `None` when there is none (a prefix command, a channel the cache does not know), and then no choices.
pub(super) fn autocomplete_place<'a>(
    ctx: Context<'a>,
) -> Option<(
    poise::ApplicationContext<'a, Data, CommandError>,
    bot::Place,
)> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    let (place, _) = Asker::of_command(app.interaction)
        .place(&ctx.serenity_context().cache)
        .ok()?;
    Some((app, place))
}
