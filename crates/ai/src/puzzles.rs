//! Puzzles: positions where one move is better than every other by a clear margin, found in played
//! rounds and proved by a search deeper than the analysis' (docs/puzzles.md).
//!
//! A position is a puzzle when
//! - the round is on, the player to move has at least two legal moves, and neither store holds more than
//!   half the seeds (a round the stores decide has nothing left to find);
//! - one move is worth at least [`MARGIN`] more than every other (eight seeds, or two houses' swing, or
//!   the round won against the round lost), each move valued with the proof budget: **exactly** by the
//!   ending solver when at most [`endings::MAX_SEEDS`] seeds are on the board (a position too big for the
//!   solver's budget is refused, never proved by an estimate), by the search otherwise;
//! - that move does something a player can learn to see: a [`Theme`].
//!
//! Mining screens every position first with a small search (most positions are refused there) and proves
//! only those that pass. Everything is counted in nodes, never in time, so a run gives the same puzzles on
//! every machine, with any number of threads.

use super::analysis;
use super::endings;
use super::eval::{Stakes, SEED};
use super::selfplay::Contestant;
use crate::selfplay::Context;
use namnam_game::rng::SeededRng;
use namnam_game::{
    CaptureKind, Endgame, House, MoveRecord, Player, Position, Rules, Territory, TOTAL_SEEDS,
};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How much the best move must be worth above the second best, in evaluation units: eight seeds. A house
/// next round is worth four seeds to each side (a swing of eight), and winning the round instead of losing
/// it is worth more than that.
pub const MARGIN: i32 = 8 * SEED;

/// A move that sows at least this many laps is a long relay.
pub const LONG_RELAY_LAPS: usize = 4;

/// The work a puzzle may cost, in nodes and positions: the same puzzles on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Nodes for each move of a position in the screening search.
    pub screen: u64,
    /// Nodes for each move in the proof: ten times the analysis' ([`analysis::ANALYSIS_NODES`]).
    pub proof: u64,
    /// Positions the exact solver may value in a proof, when few seeds are left (docs/puzzles.md: what the
    /// built-in set's candidates take).
    pub proof_positions: u64,
}

impl Budgets {
    /// The budgets of the built-in set and of `namnam puzzles check`.
    pub const PUZZLES: Budgets = Budgets {
        screen: 100_000,
        proof: 1_000_000,
        proof_positions: 4_000_000,
    };
}

/// What a puzzle's move teaches, the first that applies in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The move ends the round (the last seeds, the stall, or a stuck opponent).
    EndsRound,
    /// The opponent owns no seeds: the mover must feed them, and only one way of feeding is right.
    Feeding,
    /// The move makes a four while seeds are still in hand, in one of the mover's houses.
    MidLapCapture,
    /// The move sows at least [`LONG_RELAY_LAPS`] laps.
    LongRelay,
    /// The move's last seed makes a four (and, with the chain rule, takes the run behind it).
    LastSeedCapture,
}

impl Theme {
    pub const ALL: [Theme; 5] = [
        Theme::EndsRound,
        Theme::Feeding,
        Theme::MidLapCapture,
        Theme::LongRelay,
        Theme::LastSeedCapture,
    ];

    /// The name in puzzle files and messages' keys.
    pub fn name(self) -> &'static str {
        match self {
            Theme::EndsRound => "ends-round",
            Theme::Feeding => "feeding",
            Theme::MidLapCapture => "mid-lap-capture",
            Theme::LongRelay => "long-relay",
            Theme::LastSeedCapture => "last-seed-capture",
        }
    }

    /// The theme of playing `house` in `position`, if the move has one (`None` also for an illegal move).
    pub fn of(position: &Position, house: House) -> Option<Theme> {
        let record = position.play(house).ok()?;
        let mover = record.mover;
        let captures = |kinds: &[CaptureKind]| {
            record
                .captures()
                .any(|c| c.player == mover && kinds.contains(&c.kind))
        };
        if record.round_end().is_some() {
            Some(Theme::EndsRound)
        } else if !position.owns_seeds(mover.other()) {
            Some(Theme::Feeding)
        } else if captures(&[CaptureKind::MidLap]) {
            Some(Theme::MidLapCapture)
        } else if record.laps() >= LONG_RELAY_LAPS {
            Some(Theme::LongRelay)
        } else if captures(&[CaptureKind::LastSeed, CaptureKind::Chain]) {
            Some(Theme::LastSeedCapture)
        } else {
            None
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;
    fn from_str(s: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown theme `{s}`"))
    }
}

/// Where a puzzle's position was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Self-play game `game` of a run seeded `seed`, before move `ply` (from 0) of its round.
    SelfPlay { seed: u64, game: u32, ply: u32 },
    /// A finished match of a server's database, before its move `ply` (from 1, as the record numbers
    /// moves).
    Match { id: i64, ply: u32 },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::SelfPlay { seed, game, ply } => write!(f, "selfplay:{seed}:{game}:{ply}"),
            Source::Match { id, ply } => write!(f, "match:{id}:{ply}"),
        }
    }
}

impl FromStr for Source {
    type Err = String;
    fn from_str(s: &str) -> Result<Source, String> {
        let bad = || format!("`{s}` is not a source (selfplay:SEED:GAME:PLY or match:ID:PLY)");
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            ["selfplay", seed, game, ply] => Ok(Source::SelfPlay {
                seed: seed.parse().map_err(|_| bad())?,
                game: game.parse().map_err(|_| bad())?,
                ply: ply.parse().map_err(|_| bad())?,
            }),
            ["match", id, ply] => Ok(Source::Match {
                id: id.parse().map_err(|_| bad())?,
                ply: ply.parse().map_err(|_| bad())?,
            }),
            _ => Err(bad()),
        }
    }
}

/// A proved puzzle: a position and its one clearly best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub source: Source,
    pub position: Position,
    pub best: House,
    pub theme: Theme,
    /// The other legal moves that look at least as good as the best one at a glance (by the seeds the move
    /// itself wins and gives away) but lose to it in the proof.
    pub traps: u8,
    /// The proof's values of the best and the second-best move, for the player to move.
    pub best_value: i32,
    pub second_value: i32,
}

impl Puzzle {
    /// 1 (no other move looks as good), 2 (one does) or 3 (two or more do).
    pub fn difficulty(&self) -> u8 {
        1 + self.traps.min(2)
    }

    /// How much the best move is worth above the second best, in evaluation units.
    pub fn lead(&self) -> i32 {
        self.best_value - self.second_value
    }

    /// Whether its proof is exact (the ending solver's, at most [`endings::MAX_SEEDS`] seeds on the board)
    /// rather than the search's.
    pub fn proved_exactly(&self) -> bool {
        self.position.seeds_in_play() <= endings::MAX_SEEDS
    }

    /// The same puzzle with the players' sides swapped ([`Position::with_sides_swapped`]): the same key,
    /// the same answer on the swapped board (its house six on), the same values for the player to move.
    pub fn with_sides_swapped(&self) -> Puzzle {
        Puzzle {
            position: self.position.with_sides_swapped(),
            best: self.best.with_sides_swapped(),
            ..*self
        }
    }
}

/// How one line of a puzzle file reads, field by field, separated by single spaces.
pub const LINE_FORMAT: &str = "source territory board(12 houses, house 1 first) stores(south,north) \
to-move starter moves-since-capture rules(capturer|starter, +chain) best-house theme traps best-value \
second-value";

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let board: Vec<String> = p.board().iter().map(|s| s.to_string()).collect();
        let rules = p.rules();
        let endgame = match rules.endgame {
            Endgame::Capturer => "capturer",
            Endgame::Starter => "starter",
        };
        write!(
            f,
            "{} {} {} {},{} {} {} {} {}{} {} {} {} {} {}",
            self.source,
            p.territory().south_houses(),
            board.join(","),
            p.stores().south,
            p.stores().north,
            p.to_move(),
            p.starter(),
            p.since_capture(),
            endgame,
            if rules.chain { "+chain" } else { "" },
            self.best.label(),
            self.theme,
            self.traps,
            self.best_value,
            self.second_value,
        )
    }
}

impl FromStr for Puzzle {
    type Err = String;
    fn from_str(line: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = line.split(' ').collect();
        let [source, territory, board, stores, to_move, starter, since, rules, best, theme, traps, best_value, second_value] =
            fields.as_slice()
        else {
            return Err(format!("13 fields expected, not {}", fields.len()));
        };
        let number = |what: &str, s: &str| -> Result<i64, String> {
            s.parse::<i64>()
                .map_err(|_| format!("{what} `{s}` is not a number"))
        };
        let seeds = |what: &str, s: &str, n: usize| -> Result<Vec<u8>, String> {
            let v: Vec<u8> = s
                .split(',')
                .map(|x| x.parse::<u8>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("{what} `{s}` is not {n} seed counts"))?;
            if v.len() == n {
                Ok(v)
            } else {
                Err(format!("{what} `{s}` is not {n} seed counts"))
            }
        };
        let player = |s: &str| match s {
            "south" => Ok(Player::South),
            "north" => Ok(Player::North),
            _ => Err(format!("`{s}` is not south or north")),
        };
        let (endgame, chain) = match rules.strip_suffix("+chain") {
            Some(e) => (e, true),
            None => (*rules, false),
        };
        let endgame = match endgame {
            "capturer" => Endgame::Capturer,
            "starter" => Endgame::Starter,
            _ => {
                return Err(format!(
                    "rules `{rules}` are not capturer or starter (+chain)"
                ))
            }
        };
        let board: [u8; 12] = seeds("board", board, 12)?.try_into().expect("12 checked");
        let stores = seeds("stores", stores, 2)?;
        let territory = u8::try_from(number("territory", territory)?)
            .map_err(|_| format!("territory `{territory}` is out of range"))?;
        let since = u8::try_from(number("moves since capture", since)?)
            .map_err(|_| format!("moves since capture `{since}` is out of range"))?;
        let position = Position::from_parts(
            territory,
            board,
            [stores[0], stores[1]],
            player(to_move)?,
            player(starter)?,
            Rules { endgame, chain },
        )
        .and_then(|p| p.with_since_capture(since))
        .map_err(|e| e.to_string())?;
        let best = House::from_label(number("best house", best)?).map_err(|e| e.to_string())?;
        let value = |what: &str, s: &str| -> Result<i32, String> {
            i32::try_from(number(what, s)?).map_err(|_| format!("{what} `{s}` is out of range"))
        };
        Ok(Puzzle {
            source: source.parse()?,
            position,
            best,
            theme: theme.parse()?,
            traps: u8::try_from(number("traps", traps)?)
                .map_err(|_| format!("traps `{traps}` is out of range"))?,
            best_value: value("best value", best_value)?,
            second_value: value("second value", second_value)?,
        })
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAPuzzle {
    #[error("the round is over")]
    RoundOver,
    #[error("the player to move has fewer than two legal moves")]
    Forced,
    #[error("a store holds more than half the seeds: the round is decided")]
    Decided,
    #[error("no move does anything a puzzle could teach")]
    Quiet,
    #[error("house {best} is best by only {lead} (a clear best move leads by {MARGIN})")]
    NotClearlyBest { best: House, lead: i32 },
    #[error("the best move, house {0}, has no theme")]
    NoTheme(House),
    #[error("few enough seeds for the exact solver, but its proof needs more than {0} positions")]
    TooBigToProve(u64),
    #[error("house {best} is best, but its line of {plies} plies does not show it (a player could not follow it)")]
    TooDeep { best: House, plies: usize },
}

/// The refusals that need no search.
fn refuse_at_once(position: &Position) -> Result<(), NotAPuzzle> {
    if position.is_round_over() {
        return Err(NotAPuzzle::RoundOver);
    }
    let legal = position.legal_moves();
    if legal.len() < 2 {
        return Err(NotAPuzzle::Forced);
    }
    let half = TOTAL_SEEDS / 2;
    if position.stores().south > half || position.stores().north > half {
        return Err(NotAPuzzle::Decided);
    }
    if legal.iter().all(|h| Theme::of(position, h).is_none()) {
        return Err(NotAPuzzle::Quiet);
    }
    Ok(())
}

/// The best move (the lowest house among equals) with its value, and the lead over the next best.
fn best_and_lead(values: &[(House, i32)]) -> (House, i32, i32) {
    let (best, best_value) = values
        .iter()
        .copied()
        .fold((values[0].0, i32::MIN), |acc, (h, v)| {
            if v > acc.1 {
                (h, v)
            } else {
                acc
            }
        });
    let second = values
        .iter()
        .filter(|(h, _)| *h != best)
        .map(|(_, v)| *v)
        .max()
        .expect("at least two legal moves");
    (best, best_value, second)
}

/// Proves `position` a puzzle with the built-in budgets ([`Budgets::PUZZLES`]).
pub fn prove(position: &Position, source: Source) -> Result<Puzzle, NotAPuzzle> {
    prove_with(position, source, &Budgets::PUZZLES)
}

/// Proves `position` a puzzle: every legal move valued with the proof budget, the best one clearly ahead
/// and with a theme.
pub fn prove_with(
    position: &Position,
    source: Source,
    budgets: &Budgets,
) -> Result<Puzzle, NotAPuzzle> {
    refuse_at_once(position)?;
    let values = proof_values(position, budgets)?;
    let (best, best_value, second_value) = best_and_lead(&values);
    if best_value - second_value < MARGIN {
        return Err(NotAPuzzle::NotClearlyBest {
            best,
            lead: best_value - second_value,
        });
    }
    let theme = Theme::of(position, best).ok_or(NotAPuzzle::NoTheme(best))?;
    let glance = |h: House| at_a_glance(&position.play(h).expect("a legal move"));
    let best_glance = glance(best);
    let traps = values
        .iter()
        .filter(|(h, _)| *h != best && glance(*h) >= best_glance)
        .count() as u8;
    let plies = followable_within(1 + traps.min(2));
    if !shows_within(position, best, plies, budgets) {
        return Err(NotAPuzzle::TooDeep { best, plies });
    }
    Ok(Puzzle {
        source,
        position: *position,
        best,
        theme,
        traps,
        best_value,
        second_value,
    })
}

/// Every legal move's value in a proof: exactly where the solver reaches, or refused when its proof does
/// not fit the budget; by the search only where there are too many seeds for the solver.
fn proof_values(position: &Position, budgets: &Budgets) -> Result<Vec<(House, i32)>, NotAPuzzle> {
    let stakes = Stakes::default();
    if position.seeds_in_play() <= endings::MAX_SEEDS {
        return analysis::exact_move_values(position, &stakes, budgets.proof_positions)
            .ok_or(NotAPuzzle::TooBigToProve(budgets.proof_positions));
    }
    Ok(analysis::move_values(
        position,
        &stakes,
        budgets.proof,
        budgets.proof_positions,
    ))
}

/// The plies within which a puzzle of `difficulty` must show its answer: 2 for the easiest, 4 for the
/// others (docs/puzzles.md, "Puzzles people can follow").
pub fn followable_within(difficulty: u8) -> usize {
    match difficulty {
        0 | 1 => 2,
        _ => LINE_PLIES,
    }
}

/// The longest line an answer's explanation shows, in plies (the answer first).
pub const LINE_PLIES: usize = 4;

/// Nodes a move of a line is searched with (the analysis' budget) when the ending solver does not reach.
pub const LINE_NODES: u64 = analysis::ANALYSIS_NODES;

/// The line that follows playing `first` in `position`: that move, then each side's best reply, at most
/// `plies` moves in all, fewer when the round ends. Each reply is the ending solver's where it reaches
/// (within `positions`), else the search's with [`LINE_NODES`]; the same line on every machine.
pub fn line(position: &Position, first: House, plies: usize, positions: u64) -> Vec<MoveRecord> {
    let mut records: Vec<MoveRecord> = Vec::new();
    let mut next = position.play(first).ok();
    while let Some(record) = next.take() {
        let after = record.after;
        records.push(record);
        if records.len() >= plies || after.is_round_over() {
            break;
        }
        next = best_reply(&after, positions).and_then(|h| after.play(h).ok());
    }
    records
}

/// The best move in `position` for its player to move, exactly where the solver reaches.
pub fn best_reply(position: &Position, positions: u64) -> Option<House> {
    if let Some((best, _)) = endings::best_moves(position, positions) {
        return best.first().copied();
    }
    crate::search(
        position,
        &crate::Limits::nodes(LINE_NODES),
        &Stakes::default(),
    )
    .ok()
    .map(|r| r.house)
}

/// What a line wins its first mover: the seeds their store gains less the seeds the other's gains, by
/// its last move (captures, and the sweep when the round ends).
pub fn line_gain(records: &[MoveRecord]) -> i32 {
    let (Some(first), Some(last)) = (records.first(), records.last()) else {
        return 0;
    };
    let mover = first.mover;
    let gain =
        |p: Player| i32::from(last.after.stores().get(p)) - i32::from(first.before.stores().get(p));
    gain(mover) - gain(mover.other())
}

/// How far line `a` is ahead in seeds of line `b` (both from one position, the same mover first) after
/// each side's reply: (2 moves, seeds), (4 moves, seeds) … up to the longer line; a line that ended the
/// round counts whole from there.
pub fn leads<'a>(
    a: &'a [MoveRecord],
    b: &'a [MoveRecord],
) -> impl Iterator<Item = (usize, i32)> + 'a {
    let upto = |line: &[MoveRecord], plies: usize| line_gain(&line[..plies.min(line.len())]);
    (2..=a.len().max(b.len()).max(2))
        .step_by(2)
        .map(move |plies| (plies, upto(a, plies) - upto(b, plies)))
}

/// Where line `a` is first ahead in seeds of line `b` ([`leads`]): the moves and the seeds it is ahead
/// by. `None` when it never is.
pub fn first_lead(a: &[MoveRecord], b: &[MoveRecord]) -> Option<(usize, i32)> {
    leads(a, b).find(|&(_, seeds)| seeds > 0)
}

/// Whether the answer `best` shows itself within `plies`: along its line, the mover wins at least half the
/// margin more seeds than along the line of any other legal move, each line `plies` long with the best
/// replies. A player who follows the explanation sees the point of the answer.
fn shows_within(position: &Position, best: House, plies: usize, budgets: &Budgets) -> bool {
    let gain = |h: House| line_gain(&line(position, h, plies, budgets.proof_positions));
    let answer = gain(best);
    position
        .legal_moves()
        .iter()
        .filter(|&h| h != best)
        .all(|h| (answer - gain(h)) * SEED >= MARGIN / 2)
}

/// What a move looks like at a glance: the seeds it wins for its mover less those it gives the opponent
/// (captures and, when it ends the round, the sweep).
fn at_a_glance(record: &MoveRecord) -> i32 {
    let gain =
        |p: Player| record.after.stores().get(p) as i32 - record.before.stores().get(p) as i32;
    gain(record.mover) - gain(record.mover.other())
}

/// [`prove_with`], after a cheap screen that refuses most positions: a search with the screening budget
/// must already see the best move ahead by half the margin.
pub fn mine(position: &Position, source: Source, budgets: &Budgets) -> Result<Puzzle, NotAPuzzle> {
    refuse_at_once(position)?;
    let values =
        analysis::move_values(position, &Stakes::default(), budgets.screen, budgets.screen);
    let (best, best_value, second_value) = best_and_lead(&values);
    if best_value - second_value < MARGIN / 2 {
        return Err(NotAPuzzle::NotClearlyBest {
            best,
            lead: best_value - second_value,
        });
    }
    prove_with(position, source, budgets)
}

/// The self-play games the built-in set is mined from: each a single round from a random start (a random
/// territory of 2 to 10 houses for South, a random starter and rules), a few random moves, then the two
/// players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    pub games: u32,
    pub seed: u64,
    pub south: Contestant,
    pub north: Contestant,
    pub random_plies: u32,
    pub budgets: Budgets,
}

impl SelfPlay {
    /// The settings of the built-in set (`crates/ai/data/puzzles.txt`).
    pub fn built_in() -> SelfPlay {
        SelfPlay {
            games: 600,
            seed: 1,
            south: Contestant::Ai(crate::Level::new(2).expect("level 2 exists")),
            north: Contestant::Ai(crate::Level::new(2).expect("level 2 exists")),
            random_plies: 2,
            budgets: Budgets::PUZZLES,
        }
    }
}

/// The positions of self-play game `game`, before each move, in order.
pub fn selfplay_positions(settings: &SelfPlay, game: u32) -> Vec<Position> {
    let mut rng = SeededRng::for_item(settings.seed, game as u64);
    let territory = Territory::new(2 + rng.below(9) as u8).expect("2–10 houses");
    let starter = Player::BOTH[rng.below(2)];
    let rules = Rules {
        endgame: [Endgame::Capturer, Endgame::Starter][rng.below(2)],
        chain: rng.below(2) == 1,
    };
    let mut position = Position::new_round(territory, starter, rules);
    let context = Context {
        stakes: Stakes::default(),
        node_divisor: 1,
    };
    let mut positions = Vec::new();
    while !position.is_round_over() {
        let player = if positions.len() < settings.random_plies as usize {
            Contestant::Random
        } else {
            match position.to_move() {
                Player::South => settings.south,
                Player::North => settings.north,
            }
        };
        let Some(choice) = player.choose(&position, &mut rng, &context) else {
            break;
        };
        positions.push(position);
        position = choice.after;
    }
    positions
}

/// The puzzles of self-play game `game`, in the order of its moves.
pub fn mine_game(settings: &SelfPlay, game: u32) -> Vec<Puzzle> {
    selfplay_positions(settings, game)
        .iter()
        .enumerate()
        .filter_map(|(ply, p)| {
            let source = Source::SelfPlay {
                seed: settings.seed,
                game,
                ply: ply as u32,
            };
            mine(p, source, &settings.budgets).ok()
        })
        .collect()
}

/// The puzzles of a finished match, `positions` being the position before each of its moves (move 1
/// first).
pub fn mine_match(positions: &[Position], id: i64, budgets: &Budgets) -> Vec<Puzzle> {
    positions
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let source = Source::Match {
                id,
                ply: i as u32 + 1,
            };
            mine(p, source, budgets).ok()
        })
        .collect()
}

/// Every game of `settings` mined on `threads` threads: the puzzles in game order, each position once
/// (the first time it is met). `progress` hears (games done, games) after each game.
pub fn mine_selfplay(
    settings: &SelfPlay,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Puzzle> {
    let games = in_order_on_threads(settings.games as usize, threads, progress, |g| {
        mine_game(settings, g as u32)
    });
    distinct(games)
}

/// Finished matches (`(id, positions before each move)`) mined on `threads` threads, as
/// [`mine_selfplay`].
pub fn mine_matches(
    matches: &[(i64, Vec<Position>)],
    threads: usize,
    budgets: &Budgets,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Puzzle> {
    let found = in_order_on_threads(matches.len(), threads, progress, |i| {
        mine_match(&matches[i].1, matches[i].0, budgets)
    });
    distinct(found)
}

fn distinct(found: Vec<Vec<Puzzle>>) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    found
        .into_iter()
        .flatten()
        .filter(|p| seen.insert(p.position))
        .collect()
}

/// `work(0..n)` on up to `threads` threads, the results in the order of their numbers whatever order they
/// finish in.
fn in_order_on_threads<T: Send>(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    work: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = work(i);
                results.lock().expect("no worker panics while holding it")[i] = Some(r);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, n);
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|r| r.expect("every item was worked"))
        .collect()
}

/// Why a puzzle did not prove again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckFailed {
    #[error("not a puzzle: {0}")]
    NotAPuzzle(NotAPuzzle),
    #[error("the proof says house {best} ({theme}, traps {traps}, values {best_value} / {second_value})", best = .0.best, theme = .0.theme, traps = .0.traps, best_value = .0.best_value, second_value = .0.second_value)]
    Differs(Puzzle),
}

/// Proves `puzzle`'s position again and compares everything the file says of it.
pub fn check(puzzle: &Puzzle, budgets: &Budgets) -> Result<(), CheckFailed> {
    let again =
        prove_with(&puzzle.position, puzzle.source, budgets).map_err(CheckFailed::NotAPuzzle)?;
    if again == *puzzle {
        Ok(())
    } else {
        Err(CheckFailed::Differs(again))
    }
}

/// Every puzzle of `set` proved again on `threads` threads, the results in the set's order. `progress`
/// hears (puzzles done, puzzles) after each puzzle.
pub fn check_all(
    set: &[Puzzle],
    threads: usize,
    budgets: &Budgets,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Result<(), CheckFailed>> {
    in_order_on_threads(set.len(), threads, progress, |i| check(&set[i], budgets))
}

/// The comment lines at the top of a mined self-play file: what made it and how a line reads.
pub fn header(settings: &SelfPlay) -> String {
    let b = settings.budgets;
    format!(
        "# Nam-nam puzzles, mined by `namnam puzzles mine` (docs/puzzles.md): the same file on every run.\n\
         # self-play: {} games, seed {}, south {}, north {}, {} random plies\n\
         # budgets: screen {} nodes, proof {} nodes and {} exact positions a move; margin {} seeds\n\
         # each answer shows within {} plies ({} at difficulty 1); exact wherever the ending solver reaches\n\
         # {LINE_FORMAT}\n",
        settings.games,
        settings.seed,
        settings.south,
        settings.north,
        settings.random_plies,
        b.screen,
        b.proof,
        b.proof_positions,
        MARGIN / SEED,
        LINE_PLIES,
        followable_within(1),
    )
}

/// The comment lines at the top of puzzles mined from `matches` finished matches of a database.
pub fn header_of_matches(matches: usize, budgets: &Budgets) -> String {
    format!(
        "# Nam-nam puzzles, mined by `namnam puzzles mine --db` from {matches} finished matches \
         (docs/puzzles.md).\n\
         # budgets: screen {} nodes, proof {} nodes and {} exact positions a move; margin {} seeds\n\
         # {LINE_FORMAT}\n",
        budgets.screen,
        budgets.proof,
        budgets.proof_positions,
        MARGIN / SEED,
    )
}

/// A line of a puzzle file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct BadLine {
    pub line: usize,
    pub why: String,
}

/// The puzzles of a puzzle file; lines starting with `#` and empty lines are skipped.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, BadLine> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| l.parse().map_err(|why| BadLine { line: i + 1, why }))
        .collect()
}

/// The text of the built-in set.
pub const BUILT_IN: &str = include_str!("../data/puzzles.txt");

/// The built-in set, in file order.
pub fn built_in() -> Vec<Puzzle> {
    parse(BUILT_IN).expect("the built-in set reads (tested)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small budgets: the same rules, a test's time.
    const SMALL: Budgets = Budgets {
        screen: 4_000,
        proof: 20_000,
        proof_positions: 20_000,
    };

    fn planted() -> Position {
        // South owns houses 1–6. House 6's one seed makes a four in North's house 7: South takes it, four
        // seeds are left, the round ends and South, the capturer, takes them: 28 against 20, seven houses.
        // Every other move leaves the round to the stall, ten moves away, with the seeds where they lie.
        Position::from_parts(
            6,
            [1, 0, 1, 0, 0, 1, 3, 0, 0, 2, 0, 0],
            [20, 20],
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap()
        .with_since_capture(90)
        .unwrap()
    }

    fn source() -> Source {
        Source::Match { id: 7, ply: 12 }
    }

    #[test]
    fn the_engine_proves_a_puzzle_with_its_sides_swapped_as_the_same_puzzle() {
        // The built-in set's first puzzles, proved again with the players' sides swapped: the engine
        // finds the swapped answer, with the same values (the search does not care who is South).
        for puzzle in built_in().iter().take(3) {
            let swapped = puzzle.with_sides_swapped();
            assert_ne!(swapped.position, puzzle.position);
            let proved = prove_with(&swapped.position, swapped.source, &Budgets::PUZZLES)
                .unwrap_or_else(|why| panic!("{}: {why:?}", puzzle.source));
            assert_eq!(proved, swapped, "{}", puzzle.source);
            assert_eq!(swapped.with_sides_swapped(), *puzzle);
        }
    }

    #[test]
    fn mining_finds_a_planted_puzzle() {
        let p = planted();
        let puzzle = mine(&p, source(), &SMALL).expect("a puzzle");
        assert_eq!(puzzle.best, House::from_label(6).unwrap());
        assert_eq!(puzzle.theme, Theme::EndsRound);
        assert!(puzzle.lead() >= MARGIN);
        // The proof agrees with the exact solver: house 6 is the only best move.
        let (best, exact) = endings::best_moves(&p, 1_000_000).unwrap();
        assert_eq!(best, vec![puzzle.best]);
        assert_eq!((exact.south, exact.north), (28, 20));
        // No other move wins seeds at once: none looks as good.
        assert_eq!((puzzle.traps, puzzle.difficulty()), (0, 1));
    }

    /// Once in the built-in set: houses 2 and 4 both end the round with 28 seeds for South, and its values
    /// (168 against 0) were the search's estimates where the ending solver reaches.
    const TWO_EQUAL: &str =
        "selfplay:1:358:8 6 0,3,0,3,0,1,0,1,0,1,3,0 20,16 south south 0 starter 2 mid-lap-capture 0 168 0";

    #[test]
    fn two_equally_good_moves_make_no_puzzle_and_an_estimate_does_not_check() {
        let estimated: Puzzle = TWO_EQUAL.parse().unwrap();
        let position = estimated.position;
        assert!(
            estimated.proved_exactly(),
            "few enough seeds for the solver"
        );
        let (best, exact) =
            endings::best_moves(&position, Budgets::PUZZLES.proof_positions).unwrap();
        let labels: Vec<u8> = best.iter().map(|h| h.label()).collect();
        assert_eq!(labels, [2, 4], "two moves exactly as good");
        assert_eq!(exact.south, 28);
        // The miner refuses it: no move is better than every other.
        assert!(matches!(
            mine(&position, estimated.source, &Budgets::PUZZLES),
            Err(NotAPuzzle::NotClearlyBest { lead: 0, .. })
        ));
        // `check` refuses the estimate the set once held.
        assert!(matches!(
            check(&estimated, &Budgets::PUZZLES),
            Err(CheckFailed::NotAPuzzle(NotAPuzzle::NotClearlyBest {
                lead: 0,
                ..
            }))
        ));
    }

    #[test]
    fn an_ending_too_big_for_the_solver_s_budget_is_refused_not_estimated() {
        let estimated: Puzzle = TWO_EQUAL.parse().unwrap();
        let tiny = Budgets {
            proof_positions: 10,
            ..SMALL
        };
        assert_eq!(
            prove_with(&estimated.position, estimated.source, &tiny),
            Err(NotAPuzzle::TooBigToProve(10))
        );
    }

    #[test]
    fn an_answer_s_line_shows_what_it_wins() {
        // House 6 takes four and ends the round at once: a line of one move, eight seeds up (four
        // taken, four swept to the capturer). Another move captures nothing in its line.
        let p = planted();
        let answer = line(&p, House::from_label(6).unwrap(), LINE_PLIES, 1_000_000);
        assert_eq!(answer.len(), 1, "the round ends");
        assert_eq!(line_gain(&answer), 8);
        let other = line(&p, House::from_label(1).unwrap(), LINE_PLIES, 1_000_000);
        assert_eq!(other.len(), LINE_PLIES);
        assert_eq!(other[0].mover, Player::South);
        assert_eq!(other[1].mover, Player::North, "the best reply");
        assert!(line_gain(&other) < line_gain(&answer));
        assert!(shows_within(&p, House::from_label(6).unwrap(), 2, &SMALL));
        assert!(!shows_within(&p, House::from_label(1).unwrap(), 2, &SMALL));
        assert_eq!(
            (followable_within(1), followable_within(2)),
            (2, LINE_PLIES)
        );
    }

    #[test]
    fn positions_without_a_clear_best_move_are_refused() {
        let opening = Position::opening(Player::South, Rules::default());
        match prove_with(&opening, source(), &SMALL) {
            Err(NotAPuzzle::NotClearlyBest { lead, .. }) => assert!(lead < MARGIN),
            other => panic!("the opening is no puzzle, not {other:?}"),
        }
        // A store of 25 decides the round; one legal move is no choice.
        let decided = Position::from_parts(
            6,
            [1, 0, 1, 0, 0, 1, 3, 0, 0, 2, 0, 0],
            [25, 15],
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap();
        assert_eq!(
            prove_with(&decided, source(), &SMALL),
            Err(NotAPuzzle::Decided)
        );
        let forced = Position::from_parts(
            6,
            [0, 0, 0, 0, 0, 1, 3, 0, 0, 2, 0, 0],
            [21, 21],
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap();
        assert_eq!(
            prove_with(&forced, source(), &SMALL),
            Err(NotAPuzzle::Forced)
        );
    }

    #[test]
    fn lines_read_back_as_written() {
        let puzzle = prove_with(&planted(), source(), &SMALL).unwrap();
        let line = puzzle.to_string();
        assert_eq!(line.parse::<Puzzle>(), Ok(puzzle));
        assert!(
            line.starts_with(
                "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 6 ends-round 0 "
            ),
            "{line}"
        );
        let chain = Position::from_parts(
            3,
            [4; 12],
            [0, 0],
            Player::North,
            Player::South,
            Rules {
                endgame: Endgame::Starter,
                chain: true,
            },
        )
        .unwrap();
        let other = Puzzle {
            source: Source::SelfPlay {
                seed: 1,
                game: 599,
                ply: 40,
            },
            position: chain,
            theme: Theme::LongRelay,
            traps: 2,
            ..puzzle
        };
        assert_eq!(other.to_string().parse::<Puzzle>(), Ok(other));
        assert!(other.to_string().contains(" starter+chain "));
        for bad in [
            "",
            "match:7 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 6 ends-round 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,9 20,20 south south 90 capturer 6 ends-round 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 east south 90 capturer 6 ends-round 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 13 ends-round 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 6 tricks 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 900 capturer 6 ends-round 0 1 0",
            "match:7:12 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 6 ends-round 0 99999999999 0",
        ] {
            assert!(bad.parse::<Puzzle>().is_err(), "{bad:?} read");
        }
        let text = format!("# a comment\n\n{line}\nnot a puzzle\n");
        assert_eq!(parse(&text).unwrap_err().line, 4);
    }

    #[test]
    fn mining_is_the_same_on_any_number_of_threads_and_checks_again() {
        let settings = SelfPlay {
            games: 3,
            budgets: SMALL,
            ..SelfPlay::built_in()
        };
        let one = mine_selfplay(&settings, 1, &|_, _| {});
        let two = mine_selfplay(&settings, 2, &|_, _| {});
        assert_eq!(one, two);
        assert!(!one.is_empty(), "three games give at least one puzzle");
        for puzzle in &one {
            assert_eq!(check(puzzle, &SMALL), Ok(()));
            let Source::SelfPlay { game, ply, .. } = puzzle.source else {
                panic!("a self-play source");
            };
            assert_eq!(
                selfplay_positions(&settings, game)[ply as usize],
                puzzle.position
            );
        }
        // A changed answer is caught.
        let wrong = Puzzle {
            best: puzzle_other_move(&one[0]),
            ..one[0]
        };
        assert!(matches!(
            check(&wrong, &SMALL),
            Err(CheckFailed::Differs(p)) if p == one[0]
        ));
    }

    fn puzzle_other_move(p: &Puzzle) -> House {
        p.position
            .legal_moves()
            .iter()
            .find(|h| *h != p.best)
            .unwrap()
    }

    #[test]
    fn the_built_in_set() {
        let set = built_in();
        assert!(set.len() >= 200, "{} puzzles", set.len());
        for theme in Theme::ALL {
            let n = set.iter().filter(|p| p.theme == theme).count();
            assert!(n >= 20, "{n} puzzles of {theme}");
        }
        assert!(BUILT_IN.len() < 1_000_000);
        assert!(BUILT_IN.starts_with(&header(&SelfPlay::built_in())));
        let positions: HashSet<Position> = set.iter().map(|p| p.position).collect();
        assert_eq!(positions.len(), set.len(), "each position once");
        for p in &set {
            assert!(p.lead() >= MARGIN, "{p}");
            assert_eq!(Theme::of(&p.position, p.best), Some(p.theme), "{p}");
            assert!(p.position.is_legal(p.best), "{p}");
            assert!(matches!(p.source, Source::SelfPlay { seed: 1, .. }), "{p}");
        }
        // A sample proved again with the real budgets (`namnam puzzles check` proves them all).
        for p in set.iter().step_by(set.len() / 6) {
            assert_eq!(check(p, &Budgets::PUZZLES), Ok(()), "{p}");
        }
    }
}
