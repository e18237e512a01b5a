//! The computer opponent: a game-tree search that knows what wins Nam-nam, at five levels.
//!
//! - [`choose_move`] / [`choose_match_move`]: the move a level plays — the same position, level and seed
//!   always give the same move. Pure and synchronous: call it from `spawn_blocking`.
//! - [`search()`]: the search itself, with a budget of nodes ([`search::Limits`]).
//! - [`eval`]: what positions are worth; [`Level`]: budgets and deliberate mistakes.
//!
//! ```
//! use namnam_ai::{choose_move, Level};
//! use namnam_game::{Player, Position, Rules};
//!
//! let opening = Position::opening(Player::South, Rules::default());
//! let r = choose_move(&opening, Level::new(2).unwrap(), 7).unwrap();
//! assert!(opening.is_legal(r.house));
//! assert!(r.nodes <= Level::new(2).unwrap().nodes());
//! ```

pub mod analysis;
pub mod eval;
mod level;
pub mod search;
pub mod selfplay;
pub mod speed;
mod table;
mod zobrist;

pub use eval::Stakes;
pub use level::{BadLevel, Level};
pub use search::{search, Limits, NoMove, SearchResult};

use namnam_game::rng::SeededRng;
use namnam_game::{Match, Position};

/// The move `level` plays in `position`, judging a finished round by its houses (no match options: see
/// [`choose_match_move`]). Deterministic in (position, level, seed).
pub fn choose_move(position: &Position, level: Level, seed: u64) -> Result<SearchResult, NoMove> {
    choose_with(position, level, seed, &Stakes::default(), 1)
}

/// The move `level` plays in the current round of `m`, knowing what ends the match (target, round limit).
pub fn choose_match_move(m: &Match, level: Level, seed: u64) -> Result<SearchResult, NoMove> {
    choose_with(m.position(), level, seed, &Stakes::of(m), 1)
}

/// [`choose_move`] with everything explicit, and the level's budget divided by `divisor` (strength tests
/// scale all levels down together to fit a small machine).
pub fn choose_with(
    position: &Position,
    level: Level,
    seed: u64,
    stakes: &Stakes,
    divisor: u64,
) -> Result<SearchResult, NoMove> {
    let mut result = search(
        position,
        &Limits::nodes(level.nodes() / divisor.max(1)),
        stakes,
    )?;
    let mut rng = SeededRng::for_item(seed, position_key(position));
    if rng.below(1000) < level.mistakes_per_mille() as usize {
        let legal = position.legal_moves();
        result.house = legal.get(rng.below(legal.len()));
    }
    Ok(result)
}

/// Mixes the position into the mistake generator, so that one seed for a whole game still gives each move
/// its own draw.
fn position_key(p: &Position) -> u64 {
    let mut k = p.to_move().index() as u64;
    for s in p.board().iter().chain([p.stores().south].iter()) {
        k = k.wrapping_mul(0x100_0000_01B3) ^ *s as u64;
    }
    k
}
