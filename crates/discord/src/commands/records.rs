//! What happened and who is best: your matches, a match's moves, the leaderboard, a player's record; a
//! match's record as a file, its replay, and the computer's analysis.

use namnam_core::{InfoCommand, MatchCommand, RecordCommand};
use namnam_model::MatchId;
use poise::serenity_prelude as serenity;

use super::{serve, CommandError, Context, YesNo};
use crate::asking;
use namnam_core::{Command, ReplayFrom};

/// Your active matches in this server, and where it is your turn
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Matches(MatchCommand::List)).await
}

/// The moves of this channel's match
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::play::your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Matches(MatchCommand::History {
            match_id: match_id.map(MatchId),
        }),
    )
    .await
}

/// The best players of this server; elsewhere, you and the players you met
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[min = 1] page: Option<u32>,
    #[min = 1] season: Option<u32>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Info(InfoCommand::Leaderboard {
            page: page.unwrap_or(1),
            season,
        }),
    )
    .await
}

/// A DM when it becomes your turn (not while you are at the board)
#[poise::command(
    slash_command,
    subcommands("notify_on", "notify_off"),
    subcommand_required
)]
pub async fn notify(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes a command that has subcommands by itself.
    Ok(())
}

/// DM me when it becomes my turn in a match (not while I am at the board)
#[poise::command(slash_command, rename = "on")]
pub async fn notify_on(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Info(InfoCommand::Notify { on: Some(true) })).await
}

/// No more DMs on my turn
#[poise::command(slash_command, rename = "off")]
pub async fn notify_off(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Info(InfoCommand::Notify { on: Some(false) })).await
}

/// A player's rating and record in this server, and their everywhere rating
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), CommandError> {
    let poise::Context::Application(app) = ctx else {
        return Err(CommandError::Said("discord-use-slash-command"));
    };
    let player = player.map(|user| {
        let member = app.interaction.data.resolved.members.get(&user.id);
        asking::opponent(&user, member, ctx.data().me)
    });
    serve(ctx, Command::Info(InfoCommand::Stats { player })).await
}

/// A match's record as a file (any finished match of this server; your own while it is played)
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[rename = "match"]
    #[min = 1]
    match_id: i64,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Records(RecordCommand::Export {
            match_id: MatchId(match_id),
        }),
    )
    .await
}

/// Step through a match, move by move, with buttons
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[min = 1]
    match_id: i64,
    #[rename = "move"]
    #[min = 0]
    #[max = 100000]
    ply: Option<u32>,
    public: Option<YesNo>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Records(RecordCommand::Replay {
            match_id: MatchId(match_id),
            ply: ply.unwrap_or(0),
            from: ReplayFrom::Command {
                public: public.is_some_and(bool::from),
            },
        }),
    )
    .await
}

/// The computer's verdict on a finished match: each player's mistakes that changed the outcome most
#[poise::command(slash_command)]
pub async fn analyse(
    ctx: Context<'_>,
    #[rename = "match"]
    #[min = 1]
    match_id: i64,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Records(RecordCommand::Analyse {
            match_id: MatchId(match_id),
        }),
    )
    .await
}
