//! Whole matches between computer players, for statistics, speed figures and strength tests.
//!
//! The loop plays on the engine's fast path ([`Position::apply_with_end`]) and finds a stuck player the cheap
//! way: the player's mover tried every candidate and none was legal.

use crate::game::{conclude_round, EndReason, House, MatchOptions, MatchResult, Player, Position};
use crate::rng::SeededRng;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// A computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    /// A uniformly random legal move.
    Random,
    /// The legal move after which the mover's store minus the opponent's is largest; ties at random.
    Greedy,
}

impl FromStr for Contestant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Contestant::Random),
            "greedy" => Ok(Contestant::Greedy),
            _ => Err(format!("unknown player `{s}`: use random or greedy")),
        }
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Contestant::Random => "random",
            Contestant::Greedy => "greedy",
        })
    }
}

/// A chosen move and where it leads.
pub struct Choice {
    pub house: House,
    pub after: Position,
    pub end: Option<EndReason>,
}

impl Contestant {
    /// The move this player makes, or `None` when the player to move has no legal move (stuck).
    pub fn choose(&self, p: &Position, rng: &mut SeededRng) -> Option<Choice> {
        match self {
            Contestant::Random => random_move(p, rng),
            Contestant::Greedy => greedy_move(p, rng),
        }
    }
}

/// Draws a candidate and checks it, rather than simulating every candidate first.
fn random_move(p: &Position, rng: &mut SeededRng) -> Option<Choice> {
    let mut houses = [0usize; 12];
    let mut n = 0;
    for h in p.candidates() {
        houses[n] = h;
        n += 1;
    }
    while n > 0 {
        let i = rng.below(n);
        let house = House::new(houses[i]).expect("a candidate is a house");
        if let Ok((after, end)) = p.apply_with_end(house) {
            return Some(Choice { house, after, end });
        }
        n -= 1;
        houses[i] = houses[n];
    }
    None
}

fn greedy_move(p: &Position, rng: &mut SeededRng) -> Option<Choice> {
    let me = p.to_move();
    let mut best: Option<(i32, Choice)> = None;
    let mut ties = 0;
    for house in p.candidates().filter_map(House::new) {
        let Ok((after, end)) = p.apply_with_end(house) else {
            continue;
        };
        // Judge the move by where it really leads: a stuck opponent ends the round.
        let settled = if end.is_none() && !after.has_legal_move() {
            after.end_stuck()
        } else {
            after
        };
        let s = settled.stores();
        let score = s.get(me) as i32 - s.get(me.other()) as i32;
        let choice = Choice { house, after, end };
        match &best {
            Some((b, _)) if score < *b => {}
            Some((b, _)) if score == *b => {
                ties += 1;
                if rng.below(ties + 1) == 0 {
                    best = Some((score, choice));
                }
            }
            _ => {
                ties = 0;
                best = Some((score, choice));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// What one match came to.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub result: MatchResult,
    pub rounds: u32,
    pub plies: u64,
    pub end_reasons: [u64; 3],
    /// Rounds won by South, by North, and drawn (six houses each).
    pub round_wins: [u64; 3],
}

fn reason_index(r: EndReason) -> usize {
    EndReason::ALL.iter().position(|&x| x == r).expect("listed")
}

/// Plays one whole match.
pub fn play_match(
    south: Contestant,
    north: Contestant,
    options: &MatchOptions,
    rng: &mut SeededRng,
) -> MatchReport {
    let mut pos = Position::opening(options.first(), options.rules());
    let (mut round, mut plies) = (1u32, 0u64);
    let mut end_reasons = [0u64; 3];
    let mut round_wins = [0u64; 3];
    loop {
        let end = loop {
            let mover = match pos.to_move() {
                Player::South => south,
                Player::North => north,
            };
            match mover.choose(&pos, rng) {
                Some(c) => {
                    plies += 1;
                    pos = c.after;
                    if let Some(end) = c.end {
                        break end;
                    }
                }
                None => {
                    pos = pos.end_stuck();
                    break EndReason::Stuck;
                }
            }
        };
        end_reasons[reason_index(end)] += 1;
        let (summary, result) = conclude_round(&pos, round, options, end);
        round_wins[match summary.winner {
            Some(Player::South) => 0,
            Some(Player::North) => 1,
            None => 2,
        }] += 1;
        if let Some(result) = result {
            return MatchReport {
                result,
                rounds: round,
                plies,
                end_reasons,
                round_wins,
            };
        }
        round += 1;
        pos = Position::new_round(
            summary.territory_after,
            pos.starter().other(),
            options.rules(),
        );
    }
}

/// A whole run's figures (`namnam selfplay --json`).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub south: String,
    pub north: String,
    pub seed: u64,
    pub matches: u64,
    pub rounds: u64,
    pub moves: u64,
    pub seconds: f64,
    pub plies_per_second: f64,
    pub end_reason: EndReasonCounts,
    pub south_wins: u64,
    pub north_wins: u64,
    pub draws: u64,
    pub rounds_won: RoundCounts,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct EndReasonCounts {
    #[serde(rename = "last-seeds")]
    pub last_seeds: u64,
    pub stall: u64,
    pub stuck: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RoundCounts {
    pub south: u64,
    pub north: u64,
    pub drawn: u64,
}

/// Plays `games` matches; game `i` uses its own generator drawn from `seed`, so the same seed gives the same
/// games.
pub fn run(
    games: u64,
    seed: u64,
    south: Contestant,
    north: Contestant,
    options: &MatchOptions,
) -> Summary {
    let start = Instant::now();
    let mut s = Summary {
        south: south.to_string(),
        north: north.to_string(),
        seed,
        matches: games,
        rounds: 0,
        moves: 0,
        seconds: 0.0,
        plies_per_second: 0.0,
        end_reason: EndReasonCounts::default(),
        south_wins: 0,
        north_wins: 0,
        draws: 0,
        rounds_won: RoundCounts::default(),
    };
    for game in 0..games {
        let mut rng = SeededRng::for_item(seed, game);
        let r = play_match(south, north, options, &mut rng);
        s.rounds += r.rounds as u64;
        s.moves += r.plies;
        s.end_reason.last_seeds += r.end_reasons[0];
        s.end_reason.stall += r.end_reasons[1];
        s.end_reason.stuck += r.end_reasons[2];
        s.rounds_won.south += r.round_wins[0];
        s.rounds_won.north += r.round_wins[1];
        s.rounds_won.drawn += r.round_wins[2];
        match r.result.winner {
            Some(Player::South) => s.south_wins += 1,
            Some(Player::North) => s.north_wins += 1,
            None => s.draws += 1,
        }
    }
    s.seconds = start.elapsed().as_secs_f64();
    s.plies_per_second = s.moves as f64 / s.seconds.max(1e-9);
    s
}
