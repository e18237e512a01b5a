//! The computer opponent: a game-tree search that knows what wins Nam-nam, at six levels.
//!
//! - [`choose_move`] / [`choose_match_move`]: the move a level plays — the same position, level and seed
//!   always give the same move. Pure and synchronous: call it from `spawn_blocking`.
//! - [`search()`]: the search itself, with a budget of nodes ([`search::Limits`]).
//! - [`eval`]: what positions are worth; [`Level`]: budgets and deliberate mistakes.
//! - [`endings`]: round endings of at most twelve seeds worked out exactly (level 6 and the analysis).
//! - [`book`]: level 6's opening book, the first move of every round start, searched offline.
//! - [`puzzles`]: positions with one clearly best move, proved by the search (`namnam puzzles`).
//! - [`duel`]: two engines against each other, both colours from each start (`namnam match-engines`).
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
pub mod book;
pub mod duel;
pub mod endings;
pub mod eval;
mod level;
pub mod puzzles;
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
    if level == Level::STRONGEST {
        if let Some(e) = book::lookup(position, stakes) {
            return Ok(SearchResult {
                house: e.house,
                nodes: 0,
                score: e.score,
                depth: e.depth,
            });
        }
    }
    if let Some(exact) = exact_ending(position, level, stakes) {
        return Ok(exact);
    }
    let mut rng = SeededRng::for_item(seed, position_key(position));
    // The search's order among moves it scores equal comes from the seed: two matches differ, each
    // the same game again for the same seed.
    let limits = Limits::nodes(level.nodes() / divisor.max(1)).ordered(rng.next_u64());
    let mut result = search(position, &limits, stakes)?;
    // The draw after the order's decides a mistake.
    if rng.below(1000) < level.mistakes_per_mille() as usize {
        let legal = position.legal_moves();
        result.house = legal.get(rng.below(legal.len()));
    }
    Ok(result)
}

/// The strongest level's move in a round ending it can work out exactly ([`endings`], at most
/// [`endings::MAX_SEEDS`] seeds on the board, within [`endings::LIVE_POSITIONS`]): the lowest of the houses
/// that are best against perfect play, valued by the seeds they end the round with. `None` below level 6,
/// with more seeds, or when the proof needs more positions (the search then plays as before).
fn exact_ending(position: &Position, level: Level, stakes: &Stakes) -> Option<SearchResult> {
    if level != Level::STRONGEST || position.seeds_in_play() > endings::MAX_SEEDS {
        return None;
    }
    let (best, exact) = endings::best_moves(position, endings::LIVE_POSITIONS)?;
    let stores = namnam_game::ByPlayer::new(exact.south, exact.north);
    Some(SearchResult {
        house: best[0],
        nodes: exact.positions,
        score: eval::stores_value(stores, position.to_move(), stakes),
        depth: 0,
    })
}

/// The order a level's search gives `position`'s moves for `seed` ([`Limits::ordered`]): what a bare search
/// at a level's budget uses to play that level's moves exactly.
pub fn move_order(position: &Position, seed: u64) -> u64 {
    SeededRng::for_item(seed, position_key(position)).next_u64()
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
