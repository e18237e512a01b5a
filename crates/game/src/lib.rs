//! The rules of Nam-nam (`docs/rules.md`), pure: no I/O, no async, no allocation on the fast paths.
//!
//! - [`Position`]: a validated position in a round; [`Position::play`] plays a move with its [`MoveEvent`]s,
//!   [`Position::apply`] is the fast path for search.
//! - [`Match`]: rounds, territory between rounds and the end of the match.
//!
//! ```
//! use namnam_game::{House, Player, Position, Rules};
//!
//! // rules.md §9.1: from the opening, South's house 1 (index 0) relays for five laps.
//! let opening = Position::opening(Player::South, Rules::default());
//! let house = House::from_label(1).unwrap();
//! let record = opening.play(house).unwrap();
//! assert_eq!(record.laps(), 5);
//! assert_eq!(record.after.board(), [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]);
//! assert_eq!(record.after.to_move(), Player::North);
//! ```

mod board;
mod events;
mod match_state;
mod moves;
mod perft;
mod player;
mod position;
pub mod rng;
mod sowing;
mod territory;

pub use board::{Board, Flags};
pub use events::{replay, Capture, CaptureKind, EndReason, MoveEvent, ReplayError};
pub use match_state::{
    conclude_round, BadOptions, Match, MatchEnd, MatchError, MatchMove, MatchOptions, MatchResult,
    RawMatchOptions, RoundSummary,
};
pub use moves::{Children, Houses, IllegalMove, MoveList, MoveRecord};
pub use perft::{perft, PerftCounts};
pub use player::{ByPlayer, House, NoSuchHouse, Player};
pub use position::{
    Endgame, InvalidPosition, Position, RawPosition, Rules, STALL_MOVES, TOTAL_SEEDS,
};
pub use territory::{BadTerritory, Territory};
