//! Two engines against each other, one-round matches from a set of starts, both colours from each start:
//! the tool behind `namnam match-engines`, which drives two `namnam engine` processes (for example one
//! built from an older commit) through the protocol's `best` op.
//!
//! The engines are anything that answers "your move in this position" ([`Engine`]); this module owns
//! the starts, the matches and the tally, not the processes.

use super::selfplay::Elo;
use namnam_game::rng::SeededRng;
use namnam_game::{House, Player, Position, Rules, Territory};

/// An engine that chooses moves.
pub trait Engine {
    /// The move to play in `p` (a round in progress whose player has a legal move); `seed` is for engines
    /// that draw random moves. An `Err` stops the duel with its message.
    fn best(&mut self, p: &Position, seed: u64) -> Result<House, String>;
}

/// The starts of a duel: the opening (South to move, default rules), then `starts − 1` positions reached
/// from it by `random_plies` random legal moves, each drawn from `seed` and its number. A start whose random
/// moves end the round is drawn again with the next number.
pub fn starts(count: u32, random_plies: u32, seed: u64) -> Vec<Position> {
    let opening = Position::opening(Player::South, Rules::default());
    let mut out = vec![opening];
    let mut item = 0u64;
    while (out.len() as u32) < count {
        item += 1;
        let mut rng = SeededRng::for_item(seed, item);
        let mut p = opening;
        for _ in 0..random_plies {
            let legal = p.legal_moves();
            if legal.is_empty() || p.is_round_over() {
                break;
            }
            p = p
                .play(legal.get(rng.below(legal.len())))
                .expect("a legal move")
                .after;
        }
        if !p.is_round_over() {
            out.push(p);
        }
    }
    out.truncate(count as usize);
    out
}

/// One match: which start, which side engine A played, how the round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub start: usize,
    pub a_plays: Player,
    /// Next round's houses of engine A (of 12): more than 6 wins the match, 6 draws it.
    pub a_houses: u8,
    pub moves: u32,
}

impl Game {
    /// 1, ½ or 0 for engine A.
    pub fn a_score(&self) -> f64 {
        match self.a_houses.cmp(&6) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

/// Plays the round from `start` to its end, `south` and `north` choosing the moves; returns the finished
/// position and the moves played. A move an engine answers that is not legal stops the duel.
pub fn play_round(
    start: &Position,
    south: &mut dyn Engine,
    north: &mut dyn Engine,
    seed: u64,
) -> Result<(Position, u32), String> {
    let mut p = *start;
    let mut moves = 0;
    while !p.is_round_over() {
        let engine: &mut dyn Engine = match p.to_move() {
            Player::South => south,
            Player::North => north,
        };
        let house = engine.best(&p, seed ^ moves as u64)?;
        p = p
            .play(house)
            .map_err(|e| format!("{:?}: house {} is not legal: {e}", p, house.index()))?
            .after;
        moves += 1;
    }
    Ok((p, moves))
}

/// Plays both colours from every start (A as South, then as North) and hands each game to `report` as it
/// ends.
pub fn run(
    starts: &[Position],
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    seed: u64,
    mut report: impl FnMut(&Game),
) -> Result<Vec<Game>, String> {
    let mut games = Vec::new();
    for (i, start) in starts.iter().enumerate() {
        for a_plays in Player::BOTH {
            let game_seed = seed ^ (i as u64) << 32 ^ a_plays.index() as u64;
            let (end, moves) = match a_plays {
                Player::South => play_round(start, a, b, game_seed)?,
                Player::North => play_round(start, b, a, game_seed)?,
            };
            let next =
                Territory::from_stores(end.stores()).expect("a finished round holds 48 seeds");
            let game = Game {
                start: i,
                a_plays,
                a_houses: next.houses_of(a_plays),
                moves,
            };
            report(&game);
            games.push(game);
        }
    }
    Ok(games)
}

/// Engine A's wins, draws and losses, and its score with the 95% interval (normal approximation, a draw
/// counting half: [`Elo::from_results`]).
pub fn tally(games: &[Game]) -> (u64, u64, u64, Option<Elo>) {
    let count = |s: f64| games.iter().filter(|g| g.a_score() == s).count() as u64;
    let (w, d, l) = (count(1.0), count(0.5), count(0.0));
    (w, d, l, Elo::from_results(w, d, l))
}
