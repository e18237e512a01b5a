//! What a picture shows and what comes out: a board in the match around it, and the encoded picture with
//! its text for screen readers.

use super::words::Language;
use namnam_game::{ByPlayer, MatchResult, MoveRecord, Position, RoundSummary};

/// A board in the match around it: what one picture shows.
#[derive(Clone, Copy, Debug)]
pub struct MatchView<'a> {
    /// The language of the words drawn and of the description: the reply's or the post's.
    pub language: Language,
    /// Display names, South first.
    pub names: ByPlayer<&'a str>,
    /// What the heading names: the round shown, or a puzzle.
    pub heading: Heading,
    /// The board to draw.
    pub position: &'a Position,
    /// The move that led here. Its start house, end house, captures and laps are marked only when
    /// `position` is that move's `after` position (same territory and board); otherwise they are left out,
    /// for example when `position` is already the next round's opening.
    pub last_move: Option<&'a MoveRecord>,
    /// Set when the last move ended a round: a banner with the round's winner and next round's territory.
    pub round_summary: Option<&'a RoundSummary>,
    /// Set when the match is over: a banner with the winner.
    pub result: Option<MatchResult>,
    /// A line of words under the board in place of the second status line (a replay's word on the move
    /// shown).
    pub note: Option<&'a str>,
}

/// What a picture's heading names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// A match's round, counted from 1.
    Round(u32),
    /// A position outside any match, whose round is not known (a puzzle: mined from any round, or
    /// swapped and turned).
    Puzzle,
    /// A lesson's staged position: its task is in the message beside the picture.
    Lesson,
}

impl Heading {
    /// The round, when the picture is of one.
    pub fn round(self) -> Option<u32> {
        match self {
            Heading::Round(round) => Some(round),
            Heading::Puzzle | Heading::Lesson => None,
        }
    }
}

/// From this many moves without a capture on, the board says how many: at [`namnam_game::STALL_MOVES`] the
/// round ends by the stall (docs/pictures.md).
pub const STALL_SHOWN_FROM: u8 = 80;

/// The longest description a picture carries (Discord accepts 1024 characters for an attachment's).
pub const MAX_DESCRIPTION: usize = 1024;

/// `text` cut to [`MAX_DESCRIPTION`] characters, with an ellipsis when cut.
pub(crate) fn clip(text: String) -> String {
    if text.chars().count() <= MAX_DESCRIPTION {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_DESCRIPTION - 1).collect();
    cut.push('…');
    cut
}

/// An encoded picture with its text for screen readers (at most [`MAX_DESCRIPTION`] characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub description: String,
    pub width: u32,
    pub height: u32,
}
