//! The one door from the core to the pictures: every board picture and move animation the core sends comes
//! from [`board`] and [`animation`], which call the renderer ([`crate::render`]). Both are slow next to a
//! transaction, so the core calls them only after the change is committed, off the async threads.

use crate::game::MoveRecord;
pub use crate::render::{MatchView, Picture};

/// Is a renderer wired in? (Front ends and the benchmark say so when it is not.)
pub const AVAILABLE: bool = true;

/// The board as a PNG.
pub fn board(view: &MatchView) -> Option<Picture> {
    Some(crate::render::board_png(view))
}

/// The move as a GIF.
pub fn animation(view: &MatchView, record: &MoveRecord) -> Option<Picture> {
    Some(crate::render::move_gif(view, record))
}
