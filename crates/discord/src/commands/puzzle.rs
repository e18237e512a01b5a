//! Puzzles: `/puzzle play`, `/puzzle answer house:`, `/puzzle stats`. Discord never invokes a command that
//! has subcommands by itself, so showing a puzzle is a subcommand too; the answer is usually a press of
//! one of the puzzle's house buttons (`events.rs`), and `answer` is there for those who type.

use super::{serve, CommandError, Context};
use crate::texts::say_with;
use namnam_core::{Command, PuzzleCommand};
use namnam_game::House;
use namnam_words::Arg;

/// Puzzles: find the best move, privately (one puzzle rating, the same in every server)
#[poise::command(
    slash_command,
    subcommands("puzzle_play", "puzzle_answer", "puzzle_stats"),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes a command that has subcommands by itself.
    Ok(())
}

/// Show me a puzzle (the one waiting for my answer, else a new one)
#[poise::command(slash_command, rename = "play")]
pub async fn puzzle_play(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Puzzle(PuzzleCommand::Play)).await
}

/// Answer my puzzle (or press one of its house buttons)
#[poise::command(slash_command, rename = "answer")]
pub async fn puzzle_answer(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 12]
    house: u8,
) -> Result<(), CommandError> {
    // Discord enforces the range; a client that does not is answered like a typed command.
    let house = House::from_label(i64::from(house)).map_err(|_| {
        let house = Arg::Number(i64::from(house));
        CommandError::user(say_with(
            super::language(ctx),
            "discord-no-such-house",
            &[("house", house)],
        ))
    })?;
    serve(
        ctx,
        Command::Puzzle(PuzzleCommand::Answer {
            house,
            attempt: None,
        }),
    )
    .await
}

/// My puzzle rating, puzzles solved and streaks
#[poise::command(slash_command, rename = "stats")]
pub async fn puzzle_stats(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Puzzle(PuzzleCommand::Stats)).await
}
