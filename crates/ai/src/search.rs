//! Negamax alpha-beta with iterative deepening, a transposition table and move ordering, within a budget
//! of nodes.
//!
//! A **node** is a position the search makes: every child position a move produces is counted when it is
//! made, whether it is then searched or cut off. The budget is checked before a position's children are
//! made, so a search never counts more nodes than its budget.
//!
//! The search plays on the engine's fast path ([`Position::apply`]), which leaves two things to the caller:
//! a player who cannot move (stuck) ends the round with the stuck sweep — a node whose every candidate is
//! refused is scored that way — and a pass gives the same player the next move, so a child's value is
//! negated only when the player to move changes.

use super::eval::{self, Stakes, MATCH_WIN};
use super::table::{Bound, Table, NO_MOVE};
use super::zobrist;
use namnam_game::rng::SeededRng;
use namnam_game::{House, Player, Position};
use serde::Serialize;

/// Larger than every value.
const INFINITY: i32 = MATCH_WIN + 1;
/// Deepest iteration; rounds are decided long before.
pub const MAX_DEPTH: u32 = 64;
/// The depth stored for a subtree searched to its end (no leaf cut by the horizon): valid at any depth.
const SOLVED: u8 = u8::MAX;
/// The most children a position has (a player owns at most eleven houses).
const MAX_CHILDREN: u64 = 12;
/// Nodes this many moves or more from the horizon use the transposition table. Nearer the horizon a
/// subtree is small and cheap to redo, while a probe is a cache miss and a key costs a pass over the board:
/// measured, skipping the table at two moves from the horizon makes more positions a second than the
/// transpositions it loses.
const TABLE_FROM: u32 = 3;
/// The share of the budget kept for choosing among equally good moves ([`Searcher::prefer_traps`]): one
/// part in this many.
const TRAP_SHARE: u64 = 8;
/// The smallest budget: the root's children must fit in it.
pub const MIN_NODES: u64 = 1 + MAX_CHILDREN;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions the search may make (at least [`MIN_NODES`]; less is raised to it).
    pub nodes: u64,
    /// The deepest iteration, in moves.
    pub max_depth: u32,
    /// Orders the moves before the search, from this seed: of moves the search scores equal it keeps the
    /// first, so a seeded order varies the choice among them (and never picks a worse one). `None`: the
    /// board's order, always the same choice.
    pub order: Option<u64>,
}

impl Limits {
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            max_depth: MAX_DEPTH,
            order: None,
        }
    }

    /// The same limits with the moves ordered from `seed` (see [`Limits::order`]).
    pub fn ordered(self, seed: u64) -> Limits {
        Limits {
            order: Some(seed),
            ..self
        }
    }
}

/// The move a search chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchResult {
    pub house: House,
    /// Positions made, never more than the budget.
    pub nodes: u64,
    /// The value of the move for the player to move, in sixteenths of a seed (a won match is about 30000).
    pub score: i32,
    /// The deepest iteration completed, in moves (0 when the move was forced or no iteration finished).
    pub depth: u32,
}

/// Why a position has no move to choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoMove {
    #[error("the round is over")]
    RoundOver,
    #[error("the player to move has no legal move: the round ends (stuck)")]
    Stuck,
}

/// Searches `p` within `limits` and returns the best move found for the player to move.
pub fn search(p: &Position, limits: &Limits, stakes: &Stakes) -> Result<SearchResult, NoMove> {
    if p.is_round_over() {
        return Err(NoMove::RoundOver);
    }
    let budget = limits.nodes.max(MIN_NODES);
    // A slot for every few interior nodes, at most 4 MiB: a table much bigger than the cache makes
    // every probe a slow trip to memory.
    let slots = (budget / 8).min(1 << 18) as usize;
    Table::with(slots, |table| search_with(p, limits, stakes, budget, table))
}

fn search_with(
    p: &Position,
    limits: &Limits,
    stakes: &Stakes,
    budget: u64,
    table: &mut Table,
) -> Result<SearchResult, NoMove> {
    let mut s = Searcher {
        table,
        nodes: 1,
        budget: budget - budget / TRAP_SHARE,
        full_budget: budget,
        stakes: *stakes,
        aborted: false,
        horizon: false,
        history: [[0; 12]; 2],
        stack: vec![
            [Child {
                house: 0,
                position: *p,
                key: 0,
            }; MAX_CHILDREN as usize];
            limits.max_depth as usize + 2
        ],
        killers: vec![NO_MOVE; limits.max_depth as usize + 2],
    };
    s.root(p, limits.max_depth, limits.order)
}

struct Searcher<'t> {
    table: &'t mut Table,
    nodes: u64,
    /// The budget of the current phase: the deepening stops an eighth short of the whole budget.
    budget: u64,
    full_budget: u64,
    stakes: Stakes,
    /// The budget ran out: every value since is meaningless.
    aborted: bool,
    /// Some leaf of the current subtree was cut by the depth horizon (so its value is an estimate).
    horizon: bool,
    /// Cut-off counts by player and house, to order quiet moves.
    history: [[u32; 12]; 2],
    /// The children of the node at each ply, kept here so that a node does not fill an array each time.
    stack: Vec<[Child; MAX_CHILDREN as usize]>,
    /// The move that last cut off at each ply, tried first at the frontier.
    killers: Vec<u8>,
}

/// A move and the position it leads to.
#[derive(Clone, Copy)]
struct Child {
    house: u8,
    position: Position,
    /// The position's Zobrist key when it was already computed, else 0.
    key: u64,
}

impl Searcher<'_> {
    fn root(
        &mut self,
        p: &Position,
        max_depth: u32,
        order: Option<u64>,
    ) -> Result<SearchResult, NoMove> {
        let me = p.to_move();
        let mut moves: Vec<(Child, i32)> = Vec::with_capacity(12);
        for house in p.candidates().filter_map(House::new) {
            if let Ok(position) = p.apply(house) {
                let child = Child {
                    house: house.index() as u8,
                    position,
                    key: 0,
                };
                moves.push((child, gain(p, &position, me)));
            }
        }
        self.nodes += moves.len() as u64;
        if moves.is_empty() {
            return Err(NoMove::Stuck);
        }
        if let Some(seed) = order {
            // A seeded shuffle first: of equal captures, and of moves scored equal, the first is kept.
            let mut rng = SeededRng::new(seed);
            for i in (1..moves.len()).rev() {
                moves.swap(i, rng.below(i + 1));
            }
        }
        // Captures first, then that order: a stable sort keeps the result deterministic.
        moves.sort_by_key(|&(_, g)| std::cmp::Reverse(g));
        let mut best = SearchResult {
            house: house_of(moves[0].0.house),
            nodes: 0,
            score: 0,
            depth: 0,
        };
        if moves.len() == 1 {
            best.nodes = self.nodes;
            best.score = self.value(&moves[0].0, me, 0, 1, -INFINITY, INFINITY);
            return Ok(best);
        }
        for depth in 1..=max_depth {
            self.horizon = false;
            let mut alpha = -INFINITY;
            let mut found: Option<usize> = None;
            for (i, (child, _)) in moves.iter().enumerate() {
                let v = self.value(child, me, depth - 1, 1, alpha, INFINITY);
                if self.aborted {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    found = Some(i);
                }
            }
            // An unfinished iteration still counts when it found something: its first move is the previous
            // best, searched exactly, so any move it prefers is really better.
            if let Some(i) = found {
                best.house = house_of(moves[i].0.house);
                best.score = alpha;
                let chosen = moves.remove(i);
                moves.insert(0, chosen);
            }
            if self.aborted {
                break;
            }
            best.depth = depth;
            if !self.horizon || alpha.abs() >= eval::MATCH_DECIDED {
                // The whole tree was seen (or the match is decided): deeper iterations would change nothing.
                break;
            }
        }
        // The last eighth of the budget (and whatever the deepening left) goes to choosing among equals.
        self.budget = self.full_budget;
        self.aborted = false;
        self.prefer_traps(&moves, &mut best, me);
        best.nodes = self.nodes;
        Ok(best)
    }

    /// Among the root moves as good as the best against perfect play, plays the one after which the most
    /// replies are mistakes (leave `me` better off than the best's value). Perfect play is what the search
    /// assumes, but no player finds every only move: a drawn or lost position still has moves that give
    /// the opponent the most chances to go wrong. `moves[0]` is the best, of value `best.score`; nothing
    /// changes when the budget runs out first.
    fn prefer_traps(&mut self, moves: &[(Child, i32)], best: &mut SearchResult, me: Player) {
        let s = best.score;
        let depth = best.depth;
        if depth < 3 || s >= eval::MATCH_DECIDED {
            return;
        }
        let mut chosen = 0;
        let mut most = -1;
        for (i, (child, _)) in moves.iter().enumerate() {
            // As good as the best? A null window around its value answers that cheaply.
            if i > 0 && self.value(child, me, depth - 1, 1, s - 1, s) < s {
                continue;
            }
            if self.aborted {
                return;
            }
            let traps = self.mistakes_after(child, me, depth - 2, s);
            if self.aborted {
                return;
            }
            if traps > most {
                most = traps;
                chosen = i;
            }
        }
        best.house = house_of(moves[chosen].0.house);
    }

    /// How many of the opponent's replies to the move that made `c` leave `me` with more than `s`, each
    /// searched `depth` moves (with a null window: only the side of `s` matters).
    fn mistakes_after(&mut self, c: &Child, me: Player, depth: u32, s: i32) -> i32 {
        let p = &c.position;
        if p.is_round_over() || p.to_move() == me {
            // No reply to get wrong (the round is over, or the opponent passes).
            return 0;
        }
        if self.nodes + MAX_CHILDREN > self.budget {
            self.aborted = true;
            return 0;
        }
        let them = me.other();
        let mut mistakes = 0;
        for h in p.candidates() {
            let Ok(position) = p.apply(house_of(h as u8)) else {
                continue;
            };
            self.nodes += 1;
            let reply = Child {
                house: h as u8,
                position,
                key: 0,
            };
            // Worth less than −s to them is worth more than s to me.
            let v = self.value(&reply, them, depth, 2, -s - 1, -s);
            if self.aborted {
                return 0;
            }
            if v < -s {
                mistakes += 1;
            }
        }
        mistakes
    }

    /// The value to `me` of `c`, reached by `me`'s move, searched `depth` more moves, within `alpha..beta`
    /// (as `me` sees it).
    #[inline]
    fn value(
        &mut self,
        c: &Child,
        me: Player,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let p = &c.position;
        if p.is_round_over() {
            eval::finished_round(p, me, &self.stakes)
        } else if depth == 0 {
            self.horizon = true;
            eval::in_progress(p, me)
        } else if depth == 1 {
            // The frontier, the most frequent node, without the call into `negamax`.
            if p.to_move() == me {
                self.frontier_node(p, ply, alpha, beta)
            } else {
                -self.frontier_node(p, ply, -beta, -alpha)
            }
        } else if p.to_move() == me {
            // The opponent passed: the same player moves again.
            self.negamax(p, c.key, depth, ply, alpha, beta)
        } else {
            -self.negamax(p, c.key, depth, ply, -beta, -alpha)
        }
    }

    /// [`negamax`](Self::negamax) one move from the horizon. The frontier goes without the table: its
    /// positions are the most numerous and the cheapest to redo, and a probe is a cache miss that costs more
    /// than the moves it would save.
    #[inline(always)]
    fn frontier_node(&mut self, p: &Position, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.nodes + MAX_CHILDREN > self.budget {
            self.aborted = true;
            return 0;
        }
        // (`horizon` needs no saving here: only a leaf sets it, and it is only ever or-ed.)
        let killer = self.killers[ply];
        match self.frontier(p, killer, alpha, beta) {
            Some((v, h)) => {
                if v >= beta {
                    self.killers[ply] = h;
                }
                v
            }
            None => eval::finished_round(&p.end_stuck(), p.to_move(), &self.stakes),
        }
    }

    /// The value of `p` (a round in progress) to its player to move, searched `depth ≥ 1` moves; `ply` is its
    /// distance from the root.
    fn negamax(
        &mut self,
        p: &Position,
        known_key: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.nodes + MAX_CHILDREN > self.budget {
            self.aborted = true;
            return 0;
        }
        if depth == 1 {
            return self.frontier_node(p, ply, alpha, beta);
        }
        if depth < TABLE_FROM {
            // Two moves from the horizon: still ordered, but without the table (see `TABLE_FROM`).
            let outer_horizon = std::mem::replace(&mut self.horizon, false);
            let found = self.interior(p, depth, ply, NO_MOVE, alpha, beta);
            if self.aborted {
                return 0;
            }
            self.horizon |= outer_horizon;
            return match found {
                Some((v, _)) => v,
                None => eval::finished_round(&p.end_stuck(), p.to_move(), &self.stakes),
            };
        }
        let key = if known_key != 0 {
            known_key
        } else {
            zobrist::key(p)
        };
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.best;
            if e.depth as u32 >= depth {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
                if usable {
                    self.horizon |= e.depth != SOLVED;
                    return e.value;
                }
            }
        }
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let found = self.interior(p, depth, ply, tt_move, alpha, beta);
        if self.aborted {
            return 0;
        }
        let (best, best_move) = match found {
            Some(found) => found,
            None => {
                // Stuck: the round ends and every house's seeds go to its owner.
                let v = eval::finished_round(&p.end_stuck(), p.to_move(), &self.stakes);
                (v, NO_MOVE)
            }
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = if self.horizon {
            depth.min(SOLVED as u32 - 1) as u8
        } else {
            SOLVED
        };
        self.table.store(key, best, stored_depth, bound, best_move);
        self.horizon |= outer_horizon;
        best
    }

    /// One move from the horizon: the children are leaves, so each is made only when its turn comes (the
    /// last move that cut off at this ply first), and a cut-off saves making the rest. `None` when no move
    /// is legal.
    #[inline]
    fn frontier(
        &mut self,
        p: &Position,
        killer: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let me = p.to_move();
        // The leaves are all valued for `me`, on the same territory.
        let mine = p.territory().byte_mask(me);
        let moves = p.children();
        let candidates = moves.candidates();
        let first =
            (killer != NO_MOVE && candidates.contains(killer as usize)).then_some(killer as usize);
        let rest = match first {
            Some(h) => candidates.without(h),
            None => candidates,
        };
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        let mut estimated = false;
        for h in first.into_iter().chain(rest) {
            let Ok(child) = moves.apply(h) else {
                continue;
            };
            self.nodes += 1;
            let v = if child.is_round_over() {
                eval::finished_round(&child, me, &self.stakes)
            } else {
                estimated = true;
                eval::in_progress_on(&child, me, mine)
            };
            if best_move == NO_MOVE || v > best {
                (best, best_move) = (v, h as u8);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.horizon |= estimated;
        (best_move != NO_MOVE).then_some((best, best_move))
    }

    /// Two or more moves from the horizon: every child is made first so that the most promising (the
    /// table's move, then captures, then moves that cut off before) are searched first.
    fn interior(
        &mut self,
        p: &Position,
        depth: u32,
        ply: usize,
        tt_move: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let me = p.to_move();
        let mut order = [0i32; MAX_CHILDREN as usize];
        let mut n = 0;
        let history = &self.history[me.index()];
        let children = &mut self.stack[ply];
        let moves = p.children();
        for house in moves.candidates() {
            if let Ok(position) = moves.apply(house) {
                let h = house as u8;
                let mut key = 0;
                if depth > TABLE_FROM && !position.is_round_over() {
                    // The child will probe the table: start fetching its slot now, while its brothers
                    // are made, so that the probe does not wait on memory.
                    key = zobrist::key(&position);
                    self.table.prefetch(key);
                }
                children[n] = Child {
                    house: h,
                    position,
                    key,
                };
                order[n] = if h == tt_move {
                    i32::MAX
                } else {
                    gain(p, &position, me) * 4096 + history[h as usize].min(4095) as i32
                };
                n += 1;
            }
        }
        self.nodes += n as u64;
        let mut best: Option<(i32, u8)> = None;
        // The children stay where they were made; `index` is their order, sorted along with `order`.
        let mut index: [u8; MAX_CHILDREN as usize] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        for i in 0..n {
            // Selection sort, one step at a time: a cut-off saves sorting the rest.
            let mut top = i;
            for j in i + 1..n {
                if order[j] > order[top] {
                    top = j;
                }
            }
            index.swap(i, top);
            order.swap(i, top);
            let child = self.stack[ply][index[i] as usize];
            let v = self.value(&child, me, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                return None;
            }
            if !matches!(best, Some((b, _)) if v <= b) {
                best = Some((v, child.house));
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        let h = &mut self.history[me.index()][child.house as usize];
                        *h = h.saturating_add(depth * depth);
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Seeds `me` gained on the opponent by the move from `before` to `after`.
#[inline]
fn gain(before: &Position, after: &Position, me: Player) -> i32 {
    let (b, a) = (before.stores(), after.stores());
    let mine = a.get(me) as i32 - b.get(me) as i32;
    let theirs = a.get(me.other()) as i32 - b.get(me.other()) as i32;
    mine - theirs
}

fn house_of(index: u8) -> House {
    House::new(index as usize).expect("a searched move is a house")
}
