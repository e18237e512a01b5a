//! The computer's verdict on a move already played: what each legal move was worth to its mover, by the
//! same search for every one of them, and what the move played cost against the best.
//!
//! Each legal move is played and the position it leads to is searched with a fixed budget of nodes (or
//! scored exactly, when the move ends the round), so that a move's value and the best move's come from one
//! method and the cost is never negative; a fixed budget, not a time, makes the verdict the same on every
//! machine and every run. Values are the search's: sixteenths of a seed, judged by next round's houses
//! (see [`super::eval`]). With at most [`endings::MAX_SEEDS`] seeds on the board the moves are valued
//! exactly instead ([`endings`]), when the proof fits in [`ANALYSIS_POSITIONS`].

use super::endings;
use super::eval::{self, Stakes, MATCH_DECIDED, SEED};
use super::search::{search, Limits};
use namnam_game::{ByPlayer, House, Match, Player, Position, TOTAL_SEEDS};
use serde::{Deserialize, Serialize};

/// The nodes each searched position gets when the bot analyses a match.
pub const ANALYSIS_NODES: u64 = 100_000;

/// The positions the exact solver may value for one judged move, when at most [`endings::MAX_SEEDS`] seeds
/// are on the board (beyond it the moves are searched as above): the live budget, so that a judged move
/// holds a search permit for half a second at most.
pub const ANALYSIS_POSITIONS: u64 = endings::LIVE_POSITIONS;

/// A move that costs less than this is no mistake: a seed given away (a seed that is the opponent's
/// rather than the mover's changes the difference by two).
pub const MISTAKE: i32 = 2 * SEED;

/// What one move was worth, against the best move of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub mover: Player,
    pub played: House,
    /// The best move by the search (the lowest house among equals); the move played when it was as good.
    pub best: House,
    /// The values for the mover, in evaluation units.
    pub played_value: i32,
    pub best_value: i32,
    /// The legal moves there were: a forced move (one) costs nothing and is not searched.
    pub choices: u8,
}

impl Judgement {
    /// What the move cost its mover: zero for the best move.
    pub fn cost(&self) -> i32 {
        self.best_value - self.played_value
    }

    pub fn is_mistake(&self) -> bool {
        self.cost() >= MISTAKE
    }

    /// The cost as a player reads it: a won match turned into a lost one, a won match let slip, the match
    /// lost, or about so many houses for the next round, or seeds.
    pub fn cost_read(&self) -> Cost {
        let (best, played) = (self.best_value, self.played_value);
        if best >= MATCH_DECIDED && played <= -MATCH_DECIDED {
            return Cost::WonTurnedLost;
        }
        if best >= MATCH_DECIDED {
            return Cost::WinSlipped;
        }
        if played <= -MATCH_DECIDED {
            return Cost::MatchLost;
        }
        // A house changing hands moves the difference of houses by two, each house worth four seeds.
        let house_swing = 2 * 4 * SEED;
        let seed_swing = 2 * SEED;
        let cost = self.cost();
        if cost >= house_swing {
            Cost::Houses((cost + house_swing / 2) / house_swing)
        } else {
            Cost::Seeds(((cost + seed_swing / 2) / seed_swing).max(1))
        }
    }
}

/// What a mistake cost, as a player reads it (the front end puts it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// A won match turned into a lost one.
    WonTurnedLost,
    /// A won match let slip.
    WinSlipped,
    /// The match lost.
    MatchLost,
    /// About this many houses for the next round.
    Houses(i32),
    /// About this many seeds.
    Seeds(i32),
}

/// Where a value leaves its mover: the match won whatever the opponent does, still open, or lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outlook {
    Lost,
    Open,
    Won,
}

impl Outlook {
    pub fn of(value: i32) -> Outlook {
        if value >= MATCH_DECIDED {
            Outlook::Won
        } else if value <= -MATCH_DECIDED {
            Outlook::Lost
        } else {
            Outlook::Open
        }
    }
}

impl Judgement {
    /// The mover's outlook with the best move, and with the move played.
    pub fn outlooks(&self) -> (Outlook, Outlook) {
        (Outlook::of(self.best_value), Outlook::of(self.played_value))
    }

    /// How far the move moved the match's outcome against its mover: 2 for a won match turned lost, 1 for
    /// a won match made open or an open one lost, 0 when the outcome stayed where it was.
    pub fn outcome_change(&self) -> u8 {
        let (best, played) = self.outlooks();
        (best as u8).saturating_sub(played as u8)
    }
}

/// A move of a match with its judgement: the record of an analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgedMove {
    /// The move's number in the match, from 1.
    pub ply: u32,
    pub round: u32,
    /// The move's number in its round, from 1.
    pub move_in_round: u32,
    pub judgement: Judgement,
    /// For a mistake the analysis reports, the lines that show why (older analyses have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
}

/// The lines that show why a mistake was one, as a puzzle's answer is shown: the better move and the best
/// replies after it, and the move played and the best replies after it (the first of them the reply that
/// punished it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    pub best_line: Vec<House>,
    pub played_line: Vec<House>,
}

/// Up to `n` of `player`'s mistakes in `moves` that a player would believe, those that changed the
/// outcome most first (a won match lost, then a won match made open or an open one lost, then by cost;
/// the earlier of equals). `won`: whether `player` won the match in the end.
///
/// - A move whose outlook was the same either way (a match won, or lost, whichever move) changed nothing
///   but the length of the match, and is left out.
/// - For a player who won the match, a move that let a forced win go is left out: the win came back. So
///   the last moves of a won match are never named unless they changed its result.
/// - Of a run of the player's mistakes in a row (no good move of theirs between) of one kind, only the
///   costliest is kept: one slip told once.
pub fn reported_mistakes(
    moves: &[JudgedMove],
    player: Player,
    won: bool,
    n: usize,
) -> Vec<JudgedMove> {
    let theirs = moves.iter().filter(|m| m.judgement.mover == player);
    let mut runs: Vec<JudgedMove> = Vec::new();
    let mut in_a_row = false;
    for m in theirs {
        let j = &m.judgement;
        let (best, played) = j.outlooks();
        let told = j.is_mistake()
            && !(best == played && best != Outlook::Open)
            && !(won && best == Outlook::Won);
        if !told {
            in_a_row = false;
            continue;
        }
        match runs.last_mut() {
            Some(last) if in_a_row && same_kind(&last.judgement, j) => {
                if j.cost() > last.judgement.cost() {
                    *last = m.clone();
                }
            }
            _ => runs.push(m.clone()),
        }
        in_a_row = true;
    }
    runs.sort_by_key(|m| {
        (
            std::cmp::Reverse(m.judgement.outcome_change()),
            std::cmp::Reverse(m.judgement.cost()),
            m.ply,
        )
    });
    runs.truncate(n);
    runs
}

/// Two mistakes of one kind: the same change of outlook, and the same kind of cost (seeds, houses).
fn same_kind(a: &Judgement, b: &Judgement) -> bool {
    a.outlooks() == b.outlooks()
        && std::mem::discriminant(&a.cost_read()) == std::mem::discriminant(&b.cost_read())
}

/// Why a move cannot be judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotJudged {
    #[error("the match is over")]
    MatchOver,
    #[error("house {0} is not a legal move here")]
    Illegal(House),
}

/// Judges `played` in the current position of `game` (the match just before the move), searching each
/// position a legal move leads to with `nodes` nodes. Pure and synchronous: call it from `spawn_blocking`.
pub fn judge(game: &Match, played: House, nodes: u64) -> Result<Judgement, NotJudged> {
    if game.is_over() {
        return Err(NotJudged::MatchOver);
    }
    let position = game.position();
    let legal = position.legal_moves();
    if !legal.contains(played) {
        return Err(NotJudged::Illegal(played));
    }
    let mover = position.to_move();
    if legal.len() == 1 {
        return Ok(Judgement {
            mover,
            played,
            best: played,
            played_value: 0,
            best_value: 0,
            choices: 1,
        });
    }
    let mut best = (played, i32::MIN);
    let mut played_value = 0;
    for (house, value) in move_values(position, &Stakes::of(game), nodes, ANALYSIS_POSITIONS) {
        if house == played {
            played_value = value;
        }
        // Strictly better only: among equals the lowest house, or the move played when it is as good.
        if value > best.1 || (value == best.1 && house == played) {
            best = (house, value);
        }
    }
    Ok(Judgement {
        mover,
        played,
        best: best.0,
        played_value,
        best_value: best.1,
        choices: legal.len() as u8,
    })
}

/// What each legal move of `position` is worth to its mover, in house order, by one measure for all of
/// them: exactly, when at most [`endings::MAX_SEEDS`] seeds are on the board and the proof fits in
/// `positions`; otherwise by searching the position each move leads to with `nodes` nodes. Values are
/// clamped to what the stores still allow (none or all of the seeds in play). Empty when the round is over or the
/// player to move is stuck. Pure and synchronous, as [`judge`].
pub fn move_values(
    position: &Position,
    stakes: &Stakes,
    nodes: u64,
    positions: u64,
) -> Vec<(House, i32)> {
    if let Some(exact) = exact_move_values(position, stakes, positions) {
        return exact;
    }
    let mover = position.to_move();
    let reachable = reachable_values(position, mover, stakes);
    let clamp = |v: i32| v.clamp(reachable.0, reachable.1);
    position
        .legal_moves()
        .iter()
        .map(|house| {
            (
                house,
                clamp(value_of(position, house, mover, stakes, nodes)),
            )
        })
        .collect()
}

/// What each legal move of `position` is worth to its mover, in house order, worked out exactly by the
/// ending solver: `None` when more than [`endings::MAX_SEEDS`] seeds are on the board, the round is over,
/// or the proof needs more than `positions` positions.
pub fn exact_move_values(
    position: &Position,
    stakes: &Stakes,
    positions: u64,
) -> Option<Vec<(House, i32)>> {
    let mover = position.to_move();
    let reachable = reachable_values(position, mover, stakes);
    let exact = endings::solve_moves(position, positions)?;
    Some(
        exact
            .into_iter()
            .map(|(house, e)| {
                let stores = ByPlayer::new(e.south, e.north);
                let value = eval::stores_value(stores, mover, stakes);
                (house, value.clamp(reachable.0, reachable.1))
            })
            .collect(),
    )
}

/// The lowest and highest values the round can still end with for `mover`: none of the seeds in play for
/// them, or all of them. A search's estimate outside these bounds is one the stores already rule out (a
/// round the mover has won whatever happens, with the search seeing its end after one move and not after
/// another), and a round the stores decide gives every move the same value: no move there is a mistake.
fn reachable_values(position: &Position, mover: Player, stakes: &Stakes) -> (i32, i32) {
    let stores = position.stores();
    let (mine, theirs) = (stores.get(mover), stores.get(mover.other()));
    let split = |mine: u8, theirs: u8| match mover {
        Player::South => ByPlayer::new(mine, theirs),
        Player::North => ByPlayer::new(theirs, mine),
    };
    let worst = eval::stores_value(split(mine, TOTAL_SEEDS - mine), mover, stakes);
    let best = eval::stores_value(split(TOTAL_SEEDS - theirs, theirs), mover, stakes);
    (worst, best)
}

/// The value for `mover` of playing `house` in `position`.
fn value_of(position: &Position, house: House, mover: Player, stakes: &Stakes, nodes: u64) -> i32 {
    let after = position
        .play(house)
        .expect("only legal moves are valued")
        .after;
    if after.is_round_over() {
        return eval::finished_round(&after, mover, stakes);
    }
    match search(&after, &Limits::nodes(nodes), stakes) {
        // A pass leaves the mover to move again; otherwise the value is the opponent's, negated.
        Ok(r) if after.to_move() == mover => r.score,
        Ok(r) => -r.score,
        // `play` ends a stuck round itself, so a searched position always has a move.
        Err(_) => eval::in_progress(&after, mover),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::MatchOptions;

    #[test]
    fn the_best_move_costs_nothing_and_no_move_costs_less() {
        let game = Match::new(MatchOptions::default());
        let legal = game.position().legal_moves();
        let judged: Vec<Judgement> = legal
            .iter()
            .map(|h| judge(&game, h, 2_000).unwrap())
            .collect();
        let best = judged[0].best;
        assert!(judged.iter().all(|j| j.best == best || j.played == j.best));
        assert!(judged.iter().all(|j| j.cost() >= 0));
        let of_best = judged.iter().find(|j| j.played == best).unwrap();
        assert_eq!(of_best.cost(), 0);
        // The same budget gives the same verdict.
        assert_eq!(
            judge(&game, legal.get(1), 2_000),
            judge(&game, legal.get(1), 2_000)
        );
    }

    #[test]
    fn with_few_seeds_left_moves_are_valued_exactly() {
        use namnam_game::rng::SeededRng;
        let mut rng = SeededRng::new(5);
        let mut judged = 0;
        while judged < 5 {
            let mut game = Match::new(MatchOptions::default());
            let round = game.round();
            while game.round() == round && game.position().seeds_in_play() > endings::MAX_SEEDS {
                let legal = game.position().legal_moves();
                game.play(legal.get(rng.below(legal.len()))).unwrap();
            }
            let position = *game.position();
            if game.round() != round || game.is_over() || position.legal_moves().len() < 2 {
                continue;
            }
            let Some(exact) = endings::solve_moves(&position, ANALYSIS_POSITIONS) else {
                continue;
            };
            let mover = position.to_move();
            let stakes = Stakes::of(&game);
            let reachable = reachable_values(&position, mover, &stakes);
            for (house, e) in exact {
                let j = judge(&game, house, 1_000).unwrap();
                let value = eval::stores_value(ByPlayer::new(e.south, e.north), mover, &stakes)
                    .clamp(reachable.0, reachable.1);
                assert_eq!(j.played_value, value, "{position:?} house {house}");
            }
            judged += 1;
        }
    }

    #[test]
    fn a_round_the_stores_decide_has_no_mistakes() {
        // The last round of a limit: South has 28 seeds, more than North can reach (12 + the 8 in play),
        // so South wins the match whatever is played, and no move can cost anything.
        let position = Position::from_parts(
            6,
            [1, 0, 2, 0, 1, 0, 0, 3, 0, 0, 1, 0],
            [28, 12],
            Player::North,
            Player::South,
            namnam_game::Rules::default(),
        )
        .unwrap();
        let stakes = Stakes {
            target: None,
            final_round: true,
        };
        assert_eq!(
            reachable_values(&position, Player::North, &stakes),
            (-eval::MATCH_WIN, -eval::MATCH_WIN)
        );
        assert_eq!(
            reachable_values(&position, Player::South, &stakes),
            (eval::MATCH_WIN, eval::MATCH_WIN)
        );
        // Undecided, the bounds leave room: from the opening anything can happen.
        let opening = Position::opening(Player::South, namnam_game::Rules::default());
        let (low, high) = reachable_values(&opening, Player::South, &Stakes::default());
        assert!(low < 0 && high > 0);
    }

    #[test]
    fn costs_read_as_seeds_houses_and_matches() {
        let j = |best_value, played_value| Judgement {
            mover: Player::South,
            played: House::from_label(1).unwrap(),
            best: House::from_label(2).unwrap(),
            played_value,
            best_value,
            choices: 2,
        };
        assert_eq!(j(40, 0).cost_read(), Cost::Seeds(1));
        assert_eq!(j(96, 0).cost_read(), Cost::Seeds(3));
        assert_eq!(j(256, 0).cost_read(), Cost::Houses(2));
        assert_eq!(j(30_000, 500).cost_read(), Cost::WinSlipped);
        assert_eq!(j(0, -30_000).cost_read(), Cost::MatchLost);
        assert_eq!(j(30_000, -30_000).cost_read(), Cost::WonTurnedLost);
        assert!(!j(10, 0).is_mistake() && j(32, 0).is_mistake());
    }

    /// A move of `mover` at `ply` with the values given.
    fn judged(ply: u32, mover: Player, best_value: i32, played_value: i32) -> JudgedMove {
        JudgedMove {
            ply,
            round: 1,
            move_in_round: ply,
            judgement: Judgement {
                mover,
                played: House::from_label(1).unwrap(),
                best: House::from_label(2).unwrap(),
                played_value,
                best_value,
                choices: 2,
            },
            why: None,
        }
    }

    /// South's and North's moves in turn, South first, from each (best, played) value pair of South's.
    fn souths(values: &[(i32, i32)]) -> Vec<JudgedMove> {
        values
            .iter()
            .enumerate()
            .flat_map(|(i, &(best, played))| {
                let ply = 2 * i as u32 + 1;
                [
                    judged(ply, Player::South, best, played),
                    judged(ply + 1, Player::North, 0, 0),
                ]
            })
            .collect()
    }

    #[test]
    fn the_last_moves_of_a_won_match_are_not_named_unless_they_changed_the_result() {
        let win = eval::MATCH_WIN;
        // An early slip of 3 houses, then the last moves of the match: a forced win each time, three of
        // them letting it go for a while (the search's horizon), and one delaying it.
        let moves = souths(&[
            (0, 0),
            (400, -16),
            (20, 20),
            (win - 10, 200),
            (win - 10, 100),
            (win - 10, win - 40),
            (win - 10, 0),
        ]);
        let plies = |m: Vec<JudgedMove>| m.iter().map(|m| m.ply).collect::<Vec<_>>();
        // South won: only the early slip is named.
        assert_eq!(
            plies(reported_mistakes(&moves, Player::South, true, 3)),
            [3]
        );
        // Had South not won, the slips did not come back: told, once for the run, the costliest first.
        assert_eq!(
            plies(reported_mistakes(&moves, Player::South, false, 3)),
            [13, 9, 3]
        );
        assert_eq!(
            reported_mistakes(&moves, Player::South, false, 3)[0]
                .judgement
                .cost_read(),
            Cost::WinSlipped
        );
    }

    #[test]
    fn a_match_decided_either_way_has_no_mistake_and_the_outcome_changes_come_first() {
        let win = eval::MATCH_WIN;
        // A lost match, lost whichever move: nothing to tell. A won one, won whichever: nothing either.
        let decided = souths(&[(-win + 90, -win + 5), (win - 5, win - 90)]);
        assert!(reported_mistakes(&decided, Player::South, false, 3).is_empty());
        // A match lost by a move (open to lost) comes before a bigger loss of seeds.
        let moves = souths(&[(900, 0), (0, -win + 50)]);
        let reported = reported_mistakes(&moves, Player::South, false, 3);
        assert_eq!(reported.len(), 2);
        assert_eq!(reported[0].judgement.cost_read(), Cost::MatchLost);
        assert_eq!(reported[0].judgement.outcome_change(), 1);
        assert_eq!(reported[1].judgement.outcome_change(), 0);
        // Two mistakes of one kind, but not in a row (a good move between): both told.
        let apart = souths(&[(400, 0), (0, 0), (300, 0)]);
        assert_eq!(reported_mistakes(&apart, Player::South, false, 3).len(), 2);
        let in_a_row = souths(&[(400, 0), (300, 0)]);
        assert_eq!(
            reported_mistakes(&in_a_row, Player::South, false, 3).len(),
            1
        );
    }
}
