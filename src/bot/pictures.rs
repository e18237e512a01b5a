//! The one door to the pictures. Every board picture and move animation the core sends comes from
//! [`board`] and [`animation`], which call the renderer (`crate::render::board_png` / `move_gif`).
//!
//! Until the renderer is merged into this branch, [`MatchView`] and [`Picture`] mirror its types exactly
//! and both functions return `None`: replies then carry no picture, and everything else works.

use crate::game::{ByPlayer, MatchResult, MoveRecord, Position, RoundSummary};

/// What a picture shows (the renderer's `MatchView`).
pub struct MatchView<'a> {
    pub names: ByPlayer<&'a str>,
    pub round: u32,
    pub position: &'a Position,
    pub last_move: Option<&'a MoveRecord>,
    pub round_summary: Option<&'a RoundSummary>,
    pub result: Option<MatchResult>,
}

/// An encoded image with its description (alt text) (the renderer's `Picture`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub description: String,
    pub width: u32,
    pub height: u32,
}

/// Is a renderer wired in?
pub const AVAILABLE: bool = false;

/// The board as a PNG.
pub fn board(_view: &MatchView) -> Option<Picture> {
    None
}

/// The move as a GIF.
pub fn animation(_view: &MatchView, _record: &MoveRecord) -> Option<Picture> {
    None
}
