//! Lessons: `/learn [stage:] [house:]`, privately. The moves are usually presses of the stage's house
//! buttons (`events.rs`); `house` is there for those who type.

use super::{serve, CommandError, Context};
use crate::texts::say_with;
use namnam_core::lessons::StageId;
use namnam_core::{Command, LessonCommand};
use namnam_game::House;
use namnam_words::Arg;

/// Learn Nam-nam, one short lesson at a time, privately (ends with a first match against the computer)
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "The lesson, by its number (without it: where you are)"]
    #[min = 1]
    #[max = 13]
    stage: Option<u8>,
    #[description = "The house to play in the lesson, 1–12 (or press its button)"]
    #[min = 1]
    #[max = 12]
    house: Option<u8>,
) -> Result<(), CommandError> {
    // Discord enforces the ranges; a client that does not is answered like a typed command.
    let language = super::language(ctx);
    let stage = match stage {
        None => None,
        Some(n) => Some(StageId::from_number(i64::from(n)).ok_or_else(|| {
            CommandError::user(say_with(
                language,
                "discord-no-such-lesson",
                &[("stage", Arg::Number(i64::from(n)))],
            ))
        })?),
    };
    let command = match house {
        None => LessonCommand::Show { stage },
        Some(n) => LessonCommand::Try {
            stage,
            house: House::from_label(i64::from(n)).map_err(|_| {
                CommandError::user(say_with(
                    language,
                    "discord-no-such-house",
                    &[("house", Arg::Number(i64::from(n)))],
                ))
            })?,
        },
    };
    serve(ctx, Command::Lesson(command)).await
}
