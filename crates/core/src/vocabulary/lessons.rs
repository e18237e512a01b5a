//! Lessons: `learn`, `learn stage:N`, `learn house:N` (a move in the player's stage), `learn match`.

use super::input::{bad, parse_house, Options, Wanted};
use super::UserError;
use crate::stages::StageId;
use namnam_game::House;

/// `learn [stage:N] [house:N]`, `learn match`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// A stage with where the player is on the path: `stage`, else the first one they have not passed.
    Show { stage: Option<StageId> },
    /// Play `house` in a stage: `stage`, else the first one they have not passed.
    Try {
        stage: Option<StageId>,
        house: House,
    },
    /// The path's last stage: a first match against the computer at its beginner's level.
    Match,
}

impl LessonCommand {
    /// `learn`, `learn 3` or `learn stage:3`, with `house:N` to play; `learn match`.
    pub(super) fn parse(
        words: &[&str],
        opts: &mut Options<'_>,
    ) -> Result<LessonCommand, UserError> {
        if words
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("match"))
        {
            return Ok(LessonCommand::Match);
        }
        let stage = match words.first().copied().or_else(|| opts.take("stage")) {
            None => None,
            Some(typed) => Some(
                typed
                    .trim()
                    .parse::<i64>()
                    .ok()
                    .and_then(StageId::from_number)
                    .ok_or(bad("stage", Wanted::Stage))?,
            ),
        };
        Ok(match opts.take("house") {
            None => LessonCommand::Show { stage },
            Some(house) => LessonCommand::Try {
                stage,
                house: parse_house(house)?,
            },
        })
    }
}
