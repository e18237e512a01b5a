//! Whole matches between computer players, for statistics, speed figures and strength tests.
//!
//! The loop plays on the engine's fast path ([`Position::apply_with_end`]) and finds a stuck player the cheap
//! way: the player's mover tried every candidate and none was legal.
//!
//! A run is a pairing, South's player against North's: it counts wins, draws and losses by match and by
//! round, and turns them into an Elo difference with its 95% interval ([`Elo`]).

use crate as ai;
use crate::{Level, Stakes};
use namnam_game::rng::SeededRng;
use namnam_game::{conclude_round, EndReason, House, MatchOptions, MatchResult, Player, Position};
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
    /// The search at a level (`ai:1` … `ai:6`).
    Ai(Level),
    /// The bare search at a budget of nodes (`nodes:N`): no opening book, no exact endings, no random
    /// moves. For measuring what more nodes buy, between the levels' budgets or beyond them.
    Nodes(u64),
}

impl FromStr for Contestant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if let Some(level) = s.strip_prefix("ai:") {
            return Ok(Contestant::Ai(level.parse()?));
        }
        if let Some(nodes) = s.strip_prefix("nodes:") {
            return match nodes.parse::<u64>() {
                Ok(n) if n > 0 => Ok(Contestant::Nodes(n)),
                _ => Err(format!(
                    "`{s}`: give a number of nodes from 1 to {}, as nodes:125000",
                    u64::MAX
                )),
            };
        }
        match s {
            "random" => Ok(Contestant::Random),
            "greedy" => Ok(Contestant::Greedy),
            _ => Err(format!(
                "unknown player `{s}`: use random, greedy, ai:1 … ai:6 or nodes:N"
            )),
        }
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contestant::Random => f.write_str("random"),
            Contestant::Greedy => f.write_str("greedy"),
            Contestant::Ai(level) => write!(f, "ai:{level}"),
            Contestant::Nodes(n) => write!(f, "nodes:{n}"),
        }
    }
}

/// A chosen move and where it leads.
pub struct Choice {
    pub house: House,
    pub after: Position,
    pub end: Option<EndReason>,
}

/// What a player may know of the match beyond the position, and how the search is scaled.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    pub stakes: Stakes,
    /// Every search level's node budget is divided by this (1: the levels as they are).
    pub node_divisor: u64,
}

impl Contestant {
    /// The move this player makes, or `None` when the player to move has no legal move (stuck).
    pub fn choose(&self, p: &Position, rng: &mut SeededRng, context: &Context) -> Option<Choice> {
        match self {
            Contestant::Random => random_move(p, rng),
            Contestant::Greedy => greedy_move(p, rng),
            Contestant::Ai(level) => {
                let seed = rng.next_u64();
                let r =
                    ai::choose_with(p, *level, seed, &context.stakes, context.node_divisor).ok()?;
                searched(p, r.house)
            }
            Contestant::Nodes(n) => {
                // Ordered as a level orders its moves, so that a level's budget plays its moves.
                let order = ai::move_order(p, rng.next_u64());
                let limits = ai::Limits::nodes(n / context.node_divisor.max(1)).ordered(order);
                let r = ai::search(p, &limits, &context.stakes).ok()?;
                searched(p, r.house)
            }
        }
    }
}

/// The search's move and where it leads.
fn searched(p: &Position, house: House) -> Option<Choice> {
    let (after, end) = p
        .apply_with_end(house)
        .expect("the search plays legal moves");
    Some(Choice { house, after, end })
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

/// How a run plays its matches, beyond the match options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Moves at the start of each match played at random by both players, so that two deterministic
    /// players do not play the same match over and over.
    pub random_plies: u32,
    /// Every other match, the other player moves first in round 1 (so that neither always has the move).
    pub alternate_first: bool,
    /// Every search level's node budget is divided by this.
    pub node_divisor: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            random_plies: 0,
            alternate_first: false,
            node_divisor: 1,
        }
    }
}

/// Plays one whole match; the first `random_plies` moves are random whoever the players are.
pub fn play_match(
    south: Contestant,
    north: Contestant,
    options: &MatchOptions,
    random_plies: u32,
    node_divisor: u64,
    rng: &mut SeededRng,
) -> MatchReport {
    let mut pos = Position::opening(options.first(), options.rules());
    let (mut round, mut plies) = (1u32, 0u64);
    let mut end_reasons = [0u64; 3];
    let mut round_wins = [0u64; 3];
    loop {
        let context = Context {
            stakes: round_stakes(options, round),
            node_divisor,
        };
        let end = loop {
            let mover = if plies < random_plies as u64 {
                Contestant::Random
            } else {
                match pos.to_move() {
                    Player::South => south,
                    Player::North => north,
                }
            };
            match mover.choose(&pos, rng, &context) {
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

/// The stakes of round `round` of a match with `options` (what [`Stakes::of`] says of a [`namnam_game::Match`]).
fn round_stakes(options: &MatchOptions, round: u32) -> Stakes {
    Stakes {
        target: options.target(),
        final_round: options.round_limit().is_some_and(|r| round >= r as u32),
    }
}

/// A whole run's figures (`namnam selfplay --json`). Wins, draws and losses are South's player's: with
/// `alternate_first` the two players swap the first move, not their names.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub south: String,
    pub north: String,
    pub seed: u64,
    pub random_plies: u32,
    pub alternate_first: bool,
    pub node_divisor: u64,
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
    /// South's player against North's, by match.
    pub match_elo: Option<Elo>,
    /// South's player against North's, by round.
    pub round_elo: Option<Elo>,
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

/// A score and the Elo difference it means, each with its 95% interval (normal approximation over the games;
/// a draw counts half). An interval end at a score of 0 or 1 is an infinite Elo difference.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Elo {
    pub score: f64,
    pub score_low: f64,
    pub score_high: f64,
    pub difference: f64,
    pub low: f64,
    pub high: f64,
}

impl Elo {
    /// From one player's wins, draws and losses; `None` with no games.
    pub fn from_results(wins: u64, draws: u64, losses: u64) -> Option<Elo> {
        let n = (wins + draws + losses) as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (wins as f64, draws as f64, losses as f64);
        let score = (w + d / 2.0) / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let margin = 1.96 * (variance / n).sqrt();
        let (score_low, score_high) = ((score - margin).max(0.0), (score + margin).min(1.0));
        Some(Elo {
            score,
            score_low,
            score_high,
            difference: elo_of(score),
            low: elo_of(score_low),
            high: elo_of(score_high),
        })
    }
}

/// The Elo difference whose expected score is `score`.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl fmt::Display for Elo {
    /// `score 78.0% (95%: 70.1–85.9%), Elo +220 (95%: +150 … +310)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elo = |x: f64| {
            if x.is_infinite() {
                if x > 0.0 { "+inf" } else { "-inf" }.to_string()
            } else {
                format!("{x:+.0}")
            }
        };
        write!(
            f,
            "score {:.1}% (95%: {:.1}–{:.1}%), Elo {} (95%: {} … {})",
            self.score * 100.0,
            self.score_low * 100.0,
            self.score_high * 100.0,
            elo(self.difference),
            elo(self.low),
            elo(self.high)
        )
    }
}

/// Plays `games` matches; game `i` uses its own generator drawn from `seed`, so the same seed gives the same
/// games.
pub fn run(
    games: u64,
    seed: u64,
    south: Contestant,
    north: Contestant,
    options: &MatchOptions,
    run: &RunOptions,
) -> Summary {
    let start = Instant::now();
    let mut s = Summary {
        south: south.to_string(),
        north: north.to_string(),
        seed,
        random_plies: run.random_plies,
        alternate_first: run.alternate_first,
        node_divisor: run.node_divisor,
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
        match_elo: None,
        round_elo: None,
    };
    for game in 0..games {
        let mut rng = SeededRng::for_item(seed, game);
        let options = if run.alternate_first && game % 2 == 1 {
            MatchOptions::new(
                options.rules(),
                options.first().other(),
                options.target(),
                options.round_limit(),
            )
            .expect("the same options, the other player first")
        } else {
            *options
        };
        let r = play_match(
            south,
            north,
            &options,
            run.random_plies,
            run.node_divisor,
            &mut rng,
        );
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
    s.match_elo = Elo::from_results(s.south_wins, s.draws, s.north_wins);
    s.round_elo = Elo::from_results(s.rounds_won.south, s.rounds_won.drawn, s.rounds_won.north);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_of_nodes_plays_the_level_with_that_budget() {
        // Level 5 is the bare search at 62 500 nodes (no book, no exact endings, no random moves), so
        // `nodes:62500` must play its moves exactly; level 2's budget, 250 nodes, not always.
        let context = Context {
            stakes: Stakes::default(),
            node_divisor: 1,
        };
        let level5 = Contestant::Ai(Level::new(5).unwrap());
        let (same, smaller) = (Contestant::Nodes(62_500), Contestant::Nodes(250));
        let mut differs = 0;
        for item in 0..40 {
            let mut rng = SeededRng::for_item(9, item);
            let mut p = Position::opening(Player::South, namnam_game::Rules::default());
            for _ in 0..(item % 12) {
                let Some(c) = random_move(&p, &mut rng) else {
                    break;
                };
                if c.end.is_some() {
                    break;
                }
                p = c.after;
            }
            if !p.has_legal_move() {
                continue;
            }
            let pick = |c: Contestant| {
                c.choose(&p, &mut SeededRng::new(1), &context)
                    .map(|c| c.house)
            };
            let expected = pick(level5);
            assert_eq!(pick(same), expected, "{p:?}");
            differs += (pick(smaller) != expected) as u32;
        }
        assert!(differs > 0, "a smaller budget never chose otherwise");
    }

    #[test]
    fn ai_players_parse_with_their_level() {
        assert_eq!("ai:3".parse(), Ok(Contestant::Ai(Level::new(3).unwrap())));
        assert!("ai:7".parse::<Contestant>().is_err());
        assert_eq!("ai:6".parse(), Ok(Contestant::Ai(Level::STRONGEST)));
        assert!("ai:".parse::<Contestant>().is_err());
        assert_eq!(Contestant::Ai(Level::new(5).unwrap()).to_string(), "ai:5");
        assert_eq!("nodes:125000".parse(), Ok(Contestant::Nodes(125_000)));
        assert_eq!(Contestant::Nodes(125_000).to_string(), "nodes:125000");
        for bad in [
            "nodes:",
            "nodes:0",
            "nodes:-5",
            "nodes:1e6",
            "nodes:99999999999999999999",
        ] {
            assert!(bad.parse::<Contestant>().is_err(), "{bad}");
        }
    }

    #[test]
    fn elo_follows_the_score() {
        let even = Elo::from_results(10, 0, 10).unwrap();
        assert_eq!(even.difference, 0.0);
        assert!(even.low < 0.0 && even.high > 0.0);
        // 75% is about +191 Elo.
        let e = Elo::from_results(70, 10, 20).unwrap();
        assert!((e.score - 0.75).abs() < 1e-12);
        assert!((e.difference - 190.8).abs() < 0.1, "{}", e.difference);
        assert!(e.low < e.difference && e.difference < e.high);
        let all = Elo::from_results(5, 0, 0).unwrap();
        assert_eq!(all.difference, f64::INFINITY);
        assert!(Elo::from_results(0, 0, 0).is_none());
    }

    #[test]
    fn a_run_is_the_same_for_the_same_seed() {
        let options = MatchOptions::new(Default::default(), Player::South, None, Some(1)).unwrap();
        let run_options = RunOptions {
            random_plies: 2,
            alternate_first: true,
            node_divisor: 1,
        };
        let play = || {
            let s = run(
                4,
                9,
                Contestant::Ai(Level::new(1).unwrap()),
                Contestant::Greedy,
                &options,
                &run_options,
            );
            (s.moves, s.south_wins, s.north_wins, s.rounds_won.south)
        };
        assert_eq!(play(), play());
    }
}
