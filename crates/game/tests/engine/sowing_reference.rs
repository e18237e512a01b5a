//! The engine's move against a plain reference written straight from rules.md §2–§5, seed by seed, on
//! random positions — many with big hands, which go round the board more than once in a lap.
//!
//! The engine sows a run of houses at a time on packed words (`crates/game/src/sowing.rs`); this reference does
//! the obvious thing with an array and remembers every lap state in a list. They must agree on every
//! house of every position: the board, stores, who moves next, the count since a capture, the error of an
//! illegal move, and (through `Position::play`) the laps, seeds and captures the animation shows.

use namnam_game::{
    replay, EndReason, Endgame, House, IllegalMove, MoveEvent, Player, Position, Rules, STALL_MOVES,
};
use proptest::prelude::*;

/// What the reference says a move does.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    /// How the move ended the round, if it did (stuck is found by the caller).
    end: Option<EndReason>,
    board: [u8; 12],
    stores: [u8; 2],
    to_move: Player,
    since_capture: u8,
    laps: usize,
    seeds_sown: usize,
    /// (player, houses, seeds) in the order they happened.
    captures: Vec<(Player, Vec<usize>, u8)>,
}

fn owner(south_houses: u8, h: usize) -> Player {
    let k = south_houses as usize;
    let south = if k >= 6 {
        h < k
    } else {
        (6 - k..6).contains(&h)
    };
    if south {
        Player::South
    } else {
        Player::North
    }
}

impl Outcome {
    /// The round ended for `reason` with these stores: the board is empty and the next round's starter
    /// moves (rules.md §4.4, §6.3).
    fn ended(self, reason: EndReason, stores: [u8; 2], p: &Position) -> Outcome {
        Outcome {
            end: Some(reason),
            board: [0; 12],
            stores,
            to_move: p.starter().other(),
            since_capture: 0,
            ..self
        }
    }
}

/// Every house's seeds to its owner (the stall and stuck endings).
fn sweep(board: &[u8; 12], k: u8, mut stores: [u8; 2]) -> [u8; 2] {
    for h in 0..12 {
        stores[idx(owner(k, h))] += board[h];
    }
    stores
}

fn owns_seeds(board: &[u8; 12], k: u8, player: Player) -> bool {
    (0..12).any(|h| owner(k, h) == player && board[h] > 0)
}

fn idx(p: Player) -> usize {
    match p {
        Player::South => 0,
        Player::North => 1,
    }
}

/// rules.md §2–§5 for the move from `house`, as the fast path (`Position::apply`) plays it: without the
/// stuck ending of the next player.
fn reference(p: &Position, house: usize) -> Result<Outcome, IllegalMove> {
    let k = p.territory().south_houses();
    let mover = p.to_move();
    let opponent = mover.other();
    let mut board = p.board();
    let mut stores = [p.stores().south, p.stores().north];
    if board == [0; 12] {
        return Err(IllegalMove::RoundOver);
    }
    if owner(k, house) != mover {
        return Err(IllegalMove::NotOwner);
    }
    if board[house] == 0 {
        return Err(IllegalMove::EmptyHouse);
    }
    let starving = !owns_seeds(&board, k, opponent);
    let mut seen: Vec<([u8; 12], usize)> = Vec::new();
    let mut captures = Vec::new();
    let (mut laps, mut seeds_sown) = (0, 0);
    let mut cur = house;
    'move_: loop {
        // A lap: the state before the lift (board and house; the hand is the house's seeds) must be new.
        if seen.contains(&(board, cur)) {
            return Err(IllegalMove::Endless);
        }
        seen.push((board, cur));
        laps += 1;
        let mut hand = board[cur];
        board[cur] = 0;
        while hand > 0 {
            cur = (cur + 1) % 12;
            board[cur] += 1;
            hand -= 1;
            seeds_sown += 1;
            if board[cur] != 4 {
                continue;
            }
            let capturer = if hand > 0 { owner(k, cur) } else { mover };
            let mut houses = vec![cur];
            let mut seeds = 4;
            board[cur] = 0;
            if hand == 0 && p.rules().chain && owner(k, cur) != mover {
                let mut run = Vec::new();
                let mut j = (cur + 11) % 12;
                while owner(k, j) != mover && (board[j] == 2 || board[j] == 3) {
                    run.push(j);
                    j = (j + 11) % 12;
                }
                if run.len() <= 4 {
                    for j in run {
                        seeds += board[j];
                        board[j] = 0;
                        houses.push(j);
                    }
                }
            }
            stores[idx(capturer)] += seeds;
            captures.push((capturer, houses, seeds));
            let in_play = 48 - stores[0] - stores[1];
            if in_play <= 4 {
                let to = match p.rules().endgame {
                    Endgame::Capturer => capturer,
                    Endgame::Starter => p.starter(),
                };
                stores[idx(to)] += in_play;
                let so_far = Outcome {
                    end: None,
                    board,
                    stores,
                    to_move: mover,
                    since_capture: 0,
                    laps,
                    seeds_sown,
                    captures,
                };
                return Ok(so_far.ended(EndReason::LastSeeds, stores, p));
            }
            if hand == 0 {
                break 'move_;
            }
        }
        if board[cur] <= 1 {
            break;
        }
    }
    if starving && !owns_seeds(&board, k, opponent) {
        return Err(IllegalMove::MustFeed);
    }
    let since_capture = if captures.is_empty() {
        p.since_capture() + 1
    } else {
        0
    };
    let to_move = if owns_seeds(&board, k, opponent) {
        opponent
    } else {
        mover
    };
    let so_far = Outcome {
        end: None,
        board,
        stores,
        to_move,
        since_capture,
        laps,
        seeds_sown,
        captures,
    };
    if since_capture >= STALL_MOVES {
        return Ok(so_far.ended(EndReason::Stall, sweep(&board, k, stores), p));
    }
    Ok(so_far)
}

/// The position an outcome leaves, for asking the reference about the next player.
fn after(p: &Position, o: &Outcome) -> Position {
    Position::from_parts(
        p.territory().south_houses(),
        o.board,
        o.stores,
        o.to_move,
        p.starter(),
        p.rules(),
    )
    .and_then(|q| q.with_since_capture(o.since_capture))
    .expect("the reference keeps 48 seeds")
}

/// rules.md §3.3: the next player owns seeds but no move of theirs is legal (by the reference).
fn stuck(q: &Position) -> bool {
    q.board() != [0; 12] && (0..12).all(|h| reference(q, h).is_err())
}

/// A valid position: 48 seeds between twelve houses and two stores. Half the time `heap` of them go to
/// one house, so that laps of twelve seeds and more are common; otherwise the stores take most seeds, so
/// that the board is sparse and captures end the round (last seeds) and moves cycle (endless) often.
fn position() -> impl Strategy<Value = Position> {
    let spots = prop_oneof![
        prop::collection::vec(0usize..14, 48),
        (8usize..=27).prop_flat_map(|on_board| {
            (
                prop::collection::vec(0usize..12, on_board),
                prop::collection::vec(12usize..14, 48 - on_board),
            )
                .prop_map(|(board, stores)| [board, stores].concat())
        }),
    ];
    (
        1u8..=11,
        0usize..12,
        prop_oneof![Just(0usize), 0usize..=40],
        spots,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(0u8), 0u8..STALL_MOVES, Just(STALL_MOVES - 1)],
    )
        .prop_map(
            |(k, heap, heap_seeds, spots, north, north_started, chain, starter_end, since)| {
                let mut board = [0u8; 12];
                let mut stores = [0u8; 2];
                for (i, &spot) in spots.iter().enumerate() {
                    match spot {
                        _ if i < heap_seeds => board[heap] += 1,
                        0..=11 => board[spot] += 1,
                        s => stores[s - 12] += 1,
                    }
                }
                let side = |north| if north { Player::North } else { Player::South };
                let rules = Rules {
                    endgame: if starter_end {
                        Endgame::Starter
                    } else {
                        Endgame::Capturer
                    },
                    chain,
                };
                Position::from_parts(k, board, stores, side(north), side(north_started), rules)
                    .and_then(|p| p.with_since_capture(since))
                    .expect("48 seeds, territory 1–11")
            },
        )
}

/// The outcome once a stuck next player has ended the round (what `Position::play` does).
fn after_reference(p: &Position, o: &Outcome) -> Outcome {
    let settled = Outcome {
        captures: o.captures.clone(),
        ..*o
    };
    if o.end.is_some() || !stuck(&after(p, o)) {
        return settled;
    }
    let stores = sweep(&o.board, p.territory().south_houses(), o.stores);
    settled.ended(EndReason::Stuck, stores, p)
}

/// rules.md §9.4 and the same cycle turned round the board (with the territory turned too, so that the
/// move still starts from the mover's house): endless, so not legal.
#[test]
fn the_worked_endless_move_is_endless_everywhere() {
    let board = [2, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1];
    // rules.md §9.4: South on k = 6. Turning by six houses gives North the same move.
    for (k, mover, shift) in [(6, Player::South, 0), (6, Player::North, 6)] {
        let mut turned = [0u8; 12];
        for h in 0..12 {
            turned[(h + shift) % 12] = board[h];
        }
        let p = Position::from_parts(k, turned, [18, 18], mover, mover, Rules::default()).unwrap();
        assert_eq!(reference(&p, shift), Err(IllegalMove::Endless), "{p:?}");
        assert_eq!(
            p.apply(House::new(shift).unwrap()),
            Err(IllegalMove::Endless),
            "{p:?}"
        );
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(3000))]

    /// Every house of the position, legal or not, against the reference.
    #[test]
    fn every_move_matches_the_reference(p in position()) {
        for house in 0..12 {
            let expected = reference(&p, house);
            let got = p.apply(House::new(house).unwrap());
            match (&expected, got) {
                (Err(e), got) => prop_assert_eq!(got, Err(*e), "house {} of {:?}", house, p),
                (Ok(e), Err(err)) => {
                    prop_assert!(false, "house {} of {:?}: {:?}, expected {:?}", house, p, err, e)
                }
                (Ok(e), Ok(after)) => {
                    let what = format!("house {house} of {p:?}");
                    let (_, end) = p.apply_with_end(House::new(house).unwrap()).unwrap();
                    prop_assert_eq!(end, e.end, "{}", what);
                    prop_assert_eq!(after.board(), e.board, "{}", what);
                    prop_assert_eq!([after.stores().south, after.stores().north], e.stores, "{}", what);
                    prop_assert_eq!(after.since_capture(), e.since_capture, "{}", what);
                    if !after.is_round_over() {
                        prop_assert_eq!(after.to_move(), e.to_move, "{}", what);
                    }
                    // The recorded move tells the same story, seed by seed, and replays to its end.
                    let record = p.play(House::new(house).unwrap()).unwrap();
                    prop_assert_eq!(record.laps(), e.laps, "{}", what);
                    let sown = record
                        .events
                        .iter()
                        .filter(|e| matches!(e, MoveEvent::Sow { .. }))
                        .count();
                    prop_assert_eq!(sown, e.seeds_sown, "{}", what);
                    let captures: Vec<_> = record
                        .captures()
                        .map(|c| (c.player, c.houses.iter().map(|h| h.index()).collect(), c.seeds))
                        .collect();
                    prop_assert_eq!(&captures, &e.captures, "{}", what);
                    prop_assert_eq!(replay(&p, &record.events).unwrap(), record.after, "{}", what);
                    // A next player who owns seeds but cannot move ends the round: the seeds go to each
                    // house's owner.
                    let next = after_reference(&p, e);
                    prop_assert_eq!(record.after.board(), next.board, "{}", what);
                    prop_assert_eq!([record.after.stores().south, record.after.stores().north], next.stores, "{}", what);
                    prop_assert_eq!(record.round_end(), next.end, "{}", what);
                }
            }
        }
    }
}
