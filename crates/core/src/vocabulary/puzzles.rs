//! Puzzles: `puzzle`, `puzzle answer house:N`, `puzzle stats`, and a server's daily puzzle (`daily`).

use super::input::{bad, parse_house, Options, Wanted};
use super::UserError;
use crate::message::{Arg, Text};
use namnam_game::House;

/// `puzzle`, `puzzle answer house:N`, `puzzle stats`, `daily`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// The player's current puzzle (the one waiting for an answer), else the next one.
    Play,
    /// Play `house` in a puzzle: the one a button names (`attempt`, a puzzle shown), else the player's current
    /// one.
    Answer {
        house: House,
        attempt: Option<i64>,
    },
    Stats,
    /// The server's daily puzzle of `day` (days since 1970-01-01, UTC; today's when `None`), privately.
    Daily {
        day: Option<i64>,
    },
}

impl PuzzleCommand {
    /// `puzzle [play]`, `puzzle answer house:N` (or `puzzle answer N`), `puzzle stats`; `daily [day:N]`.
    pub(super) fn parse(
        name: &str,
        words: &[&str],
        opts: &mut Options<'_>,
    ) -> Result<PuzzleCommand, UserError> {
        if name == "daily" {
            let day = opts.parse(
                "day",
                |v| v.parse::<i64>().ok().filter(|&d| d > 0),
                Wanted::Day,
            )?;
            return Ok(PuzzleCommand::Daily { day });
        }
        let sub = words.first().copied().or_else(|| opts.take("action"));
        Ok(match sub.map(str::to_ascii_lowercase).as_deref() {
            None | Some("play") => PuzzleCommand::Play,
            Some("stats") => PuzzleCommand::Stats,
            Some("answer") => PuzzleCommand::Answer {
                house: parse_house(opts.word_or(words.get(1), "house")?)?,
                attempt: None,
            },
            Some(_) => return Err(bad("puzzle", Wanted::PuzzleCommand).into()),
        })
    }
}

/// A puzzle refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRefusal {
    /// The server has no daily puzzle of that day (none asked for, not posted yet, or from an older set).
    NoDailyPuzzle,
    /// The server has a daily puzzle, but today's is not posted yet (it was just turned on): the clock's
    /// next check posts it.
    DailyPuzzleComing,
    /// `puzzle answer` with no puzzle waiting for an answer.
    NoPuzzle,
    /// A button of a puzzle shown to someone else (or of none).
    PuzzleNotYours,
    /// A puzzle answered already: only the first answer counts.
    PuzzleAnswered,
    /// A puzzle shown before the set changed, and not in it any more.
    PuzzleGone,
    /// A house that is not a legal move in the puzzle; the legal ones.
    PuzzleIllegal { house: House, legal: Vec<House> },
}

impl PuzzleRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        let with_play = |id: &str| Text::message(id, [("puzzle", puzzle_play())]);
        match self {
            PuzzleRefusal::NoDailyPuzzle => Text::message("error-no-daily-puzzle", []),
            PuzzleRefusal::DailyPuzzleComing => Text::message("error-daily-puzzle-coming", []),
            PuzzleRefusal::NoPuzzle => with_play("error-no-puzzle"),
            PuzzleRefusal::PuzzleNotYours => with_play("error-puzzle-not-yours"),
            PuzzleRefusal::PuzzleAnswered => with_play("error-puzzle-answered"),
            PuzzleRefusal::PuzzleGone => with_play("error-puzzle-gone"),
            PuzzleRefusal::PuzzleIllegal { house, legal } => Text::message(
                "error-puzzle-illegal",
                [
                    ("house", Arg::number(house.label())),
                    (
                        "houses",
                        Arg::Text(Text::list(
                            legal
                                .iter()
                                .map(|h| Text::new().words(h.label().to_string())),
                            ", ",
                        )),
                    ),
                ],
            ),
        }
    }
}

/// `puzzle play`, as the refusals about puzzles name it.
pub(crate) fn puzzle_play() -> Arg {
    Arg::subcommand("puzzle", "play")
}
