//! Records of matches: the Nam-nam record format (`.nnr`, docs/record-format.md), a text that any program
//! can write and read, one fact per line.
//!
//! - [`Record`]: the players, where and when, the options, the result, and every round with its moves.
//! - [`Record::to_text`] writes a record; [`Record::parse`] reads one, checking only its syntax.
//! - [`Record::replay`] plays it move by move on the engine and refuses any move the rules refuse and any
//!   written fact (territory, starter, laps, captures, the result) that the moves contradict.
//!
//! Pure: it knows the rules ([`namnam_game`]) and nothing of storage, files or chat.
//!
//! ```
//! use namnam_game::{House, Match, MatchOptions};
//! use namnam_record::Record;
//!
//! let mut game = Match::new(MatchOptions::default());
//! let mut record = Record::new("alice", "bob", *game.options());
//! for label in [3, 7] {
//!     let played = game.play(House::from_label(label).unwrap()).unwrap();
//!     record.push_move(&played, None);
//! }
//! record.set_outcome_from(&game, false);
//! let text = record.to_text();
//! assert!(text.contains("\n1 south 3 laps=5 captures=none\n"));
//! let read = Record::parse(&text).unwrap();
//! assert_eq!(read, record);
//! assert_eq!(read.play_through().unwrap().game, game);
//! ```

mod parse;
mod replay;
mod time;
mod write;

pub use replay::{MoveFault, Replay, ReplayStep, ResultFault, RoundFault};
pub use time::{format_duration, parse_duration, Timestamp};

use namnam_game::{
    ByPlayer, House, Match, MatchEnd, MatchMove, MatchOptions, MatchResult, MoveEvent, Player,
    Territory,
};
use std::fmt;
use std::time::Duration;

/// The file extension of a Nam-nam record.
pub const EXTENSION: &str = "nnr";

/// The version of the format this module writes and reads (the record's first line: `namnam-record 1`).
pub const FORMAT_VERSION: u32 = 1;

/// A whole match as a record holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub south: String,
    pub north: String,
    /// The server (the community) the match was played in.
    pub server: Option<String>,
    pub channel: Option<String>,
    /// The match's number where it was played (the bot's `Match #42`).
    pub match_number: Option<i64>,
    /// When the match began.
    pub date: Option<Timestamp>,
    pub options: MatchOptions,
    /// The move clock: how long each player had for a move.
    pub clock: Option<Duration>,
    pub outcome: Outcome,
    /// Round 1 first. The last round may have no moves yet.
    pub rounds: Vec<RecordedRound>,
    /// Header lines this version does not know, as `(key, value)` in the order read: kept and written back,
    /// never interpreted.
    pub extra: Vec<(String, String)>,
}

/// How the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    InProgress,
    /// Stopped by an admin: no result.
    Aborted,
    Finished(MatchResult),
}

/// One round: the territory and starter it began with, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedRound {
    pub territory: Territory,
    pub starter: Player,
    pub moves: Vec<RecordedMove>,
}

/// One move, with what the record says about it beyond the house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub mover: Player,
    pub house: House,
    /// Laps sown (the first counts).
    pub laps: Option<u32>,
    /// Seeds each player captured during the move (not the seeds swept to the stores when the round ends).
    pub captures: Option<ByPlayer<u8>>,
    /// How long the mover took.
    pub clock: Option<Duration>,
    pub comment: Option<String>,
}

impl RecordedMove {
    /// The move `played`, with its laps and captures, and the time it took if known.
    pub fn of(played: &MatchMove, clock: Option<Duration>) -> RecordedMove {
        RecordedMove {
            mover: played.record.mover,
            house: played.record.house,
            laps: Some(played.record.laps() as u32),
            captures: Some(captured(&played.record.events)),
            clock,
            comment: None,
        }
    }
}

/// Seeds each player captured in a move's events.
pub fn captured(events: &[MoveEvent]) -> ByPlayer<u8> {
    let mut seeds = ByPlayer::new(0, 0);
    for event in events {
        if let MoveEvent::Capture(c) = event {
            *seeds.get_mut(c.player) += c.seeds;
        }
    }
    seeds
}

/// Why a record cannot be read or does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not a record: line `line` (from 1) is wrong.
    #[error("line {line}: {reason}")]
    Line { line: usize, reason: String },
    /// A round line contradicts the match.
    #[error("round {round}: {fault}")]
    Round { round: u32, fault: RoundFault },
    /// Move `move_in_round` (from 1) of round `round` is illegal or contradicts an annotation.
    #[error("round {round}, move {move_in_round}: {fault}")]
    Move {
        round: u32,
        move_in_round: u32,
        fault: MoveFault,
    },
    /// The result line contradicts the moves.
    #[error("result: {0}")]
    Result(ResultFault),
}

impl Record {
    /// A record of a match not yet begun between `south` and `north`, with no rounds.
    pub fn new(
        south: impl Into<String>,
        north: impl Into<String>,
        options: MatchOptions,
    ) -> Record {
        Record {
            south: south.into(),
            north: north.into(),
            server: None,
            channel: None,
            match_number: None,
            date: None,
            options,
            clock: None,
            outcome: Outcome::InProgress,
            rounds: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// The name of `player`.
    pub fn name(&self, player: Player) -> &str {
        match player {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }

    /// Adds the move `played` (the next one of the match), and its round's line if it is the round's first.
    pub fn push_move(&mut self, played: &MatchMove, clock: Option<Duration>) {
        if self.rounds.len() < played.round as usize {
            let before = &played.record.before;
            self.rounds.push(RecordedRound {
                territory: before.territory(),
                starter: before.starter(),
                moves: Vec::new(),
            });
        }
        let round = self.rounds.last_mut().expect("pushed above");
        round.moves.push(RecordedMove::of(played, clock));
    }

    /// Brings the record's end up to `game`, whose moves it holds: the outcome (aborted, or the match's
    /// result, or in progress), and the line of a round that has begun without a move yet.
    pub fn set_outcome_from(&mut self, game: &Match, aborted: bool) {
        self.outcome = match (aborted, game.result()) {
            (true, _) => Outcome::Aborted,
            (false, Some(result)) => Outcome::Finished(result),
            (false, None) => Outcome::InProgress,
        };
        if self.rounds.len() < game.round() as usize {
            self.rounds.push(RecordedRound {
                territory: game.position().territory(),
                starter: game.position().starter(),
                moves: Vec::new(),
            });
        }
    }

    /// A file name for the record: `namnam-match-42.nnr`, or from the players' names
    /// (`namnam-alice-vs-bob.nnr`) when it has no match number.
    pub fn file_name(&self) -> String {
        match self.match_number {
            Some(n) => format!("namnam-match-{n}.{EXTENSION}"),
            None => format!(
                "namnam-{}-vs-{}.{EXTENSION}",
                slug(&self.south, "south"),
                slug(&self.north, "north")
            ),
        }
    }
}

/// `name` as a safe piece of a file name: ASCII letters and digits in lower case, anything else a single
/// `-`; `fallback` when nothing is left.
fn slug(name: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-');
    if out.is_empty() {
        fallback.to_owned()
    } else {
        out.to_owned()
    }
}

/// `South` or `North`, for sentences.
fn title(player: Player) -> &'static str {
    match player {
        Player::South => "South",
        Player::North => "North",
    }
}

/// The name of a way a match ends, as the result line writes it.
fn end_name(end: MatchEnd) -> &'static str {
    match end {
        MatchEnd::WholeBoard => "whole-board",
        MatchEnd::Target => "target",
        MatchEnd::RoundLimit => "round-limit",
        MatchEnd::Resignation => "resignation",
        MatchEnd::Timeout => "timeout",
        MatchEnd::Agreement => "agreement",
        MatchEnd::Adjudicated => "adjudicated",
    }
}

impl fmt::Display for Outcome {
    /// The result line's value: `south whole-board`, `draw agreement`, `in-progress`, `aborted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InProgress => f.write_str("in-progress"),
            Outcome::Aborted => f.write_str("aborted"),
            Outcome::Finished(result) => {
                let winner = result.winner.map_or("draw", Player::name);
                write!(f, "{winner} {}", end_name(result.reason))
            }
        }
    }
}

impl Record {
    /// The result in words: `alice (South) won by resignation.`, `A draw by agreement.`, `The match is
    /// still in progress.`, `The match was aborted.`
    pub fn result_sentence(&self) -> String {
        match self.outcome {
            Outcome::InProgress => "The match is still in progress.".into(),
            Outcome::Aborted => "The match was aborted.".into(),
            Outcome::Finished(result) => {
                let how = match result.reason {
                    MatchEnd::WholeBoard => "by taking the whole board",
                    MatchEnd::Target => "by reaching the target",
                    MatchEnd::RoundLimit => "at the round limit",
                    MatchEnd::Resignation => "by resignation",
                    MatchEnd::Timeout => "on time",
                    MatchEnd::Agreement => "by agreement",
                    MatchEnd::Adjudicated => "by the houses owned when time was up",
                };
                match result.winner {
                    Some(p) => format!("{} ({}) won {how}.", self.name(p), title(p)),
                    None => format!("A draw {how}."),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_match_number_or_the_players() {
        let mut r = Record::new("Alice Ó", "  ", MatchOptions::default());
        assert_eq!(r.file_name(), "namnam-alice-vs-north.nnr");
        r.match_number = Some(42);
        assert_eq!(r.file_name(), "namnam-match-42.nnr");
    }
}
