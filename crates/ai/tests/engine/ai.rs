//! The search on the real engine: it plays only legal moves, keeps within its budget, answers the same
//! question the same way, and sees a capture two moves ahead.

use crate::common::pos;
use namnam_ai::{choose_move, search, Level, Limits, NoMove, Stakes};
use namnam_game::rng::SeededRng;
use namnam_game::{House, Player, Position, Rules, Territory};
use proptest::prelude::*;

/// A position reached by `plies` random legal moves from the start of a round with territory `k`; `None`
/// when the round ended on the way.
fn random_position(k: u8, rules: Rules, seed: u64, plies: u32) -> Option<Position> {
    let mut rng = SeededRng::new(seed);
    let starter = if seed % 2 == 0 {
        Player::South
    } else {
        Player::North
    };
    let mut p = Position::new_round(Territory::new(k).unwrap(), starter, rules);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return None;
        }
        p = p.play(moves.get(rng.below(moves.len()))).unwrap().after;
        if p.is_round_over() {
            return None;
        }
    }
    Some(p)
}

fn rules(endgame_starter: bool, chain: bool) -> Rules {
    Rules {
        endgame: if endgame_starter {
            namnam_game::Endgame::Starter
        } else {
            namnam_game::Endgame::Capturer
        },
        chain,
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(300))]

    #[test]
    fn the_search_plays_only_legal_moves_within_its_budget(
        k in 1u8..=11,
        seed in any::<u64>(),
        plies in 0u32..80,
        budget in 13u64..20_000,
        starter_endgame in any::<bool>(),
        chain in any::<bool>(),
    ) {
        let Some(p) = random_position(k, rules(starter_endgame, chain), seed, plies) else {
            return Ok(());
        };
        match search(&p, &Limits::nodes(budget), &Stakes::default()) {
            Ok(r) => {
                prop_assert!(p.is_legal(r.house), "{:?} chose {}", p, r.house.index());
                prop_assert!(r.nodes <= budget, "{} nodes for a budget of {}", r.nodes, budget);
            }
            Err(NoMove::Stuck) => prop_assert!(p.legal_moves().is_empty()),
            Err(NoMove::RoundOver) => prop_assert!(false, "the round is not over"),
        }
    }

    #[test]
    fn every_level_plays_legal_moves_and_the_same_one_for_the_same_seed(
        k in 1u8..=11,
        seed in any::<u64>(),
        plies in 0u32..60,
        level in 1i64..=3,
    ) {
        let Some(p) = random_position(k, Rules::default(), seed, plies) else {
            return Ok(());
        };
        let level = Level::new(level).unwrap();
        if let Ok(r) = choose_move(&p, level, seed) {
            prop_assert!(p.is_legal(r.house));
            prop_assert!(r.nodes <= level.nodes());
            prop_assert_eq!(choose_move(&p, level, seed), Ok(r));
        }
    }
}

#[test]
fn same_position_level_and_seed_give_the_same_move() {
    let p = random_position(6, Rules::default(), 11, 9).unwrap();
    for level in Level::all() {
        let first = choose_move(&p, level, 42).unwrap();
        for _ in 0..2 {
            assert_eq!(choose_move(&p, level, 42).unwrap(), first, "level {level}");
        }
        assert!(first.nodes <= level.nodes());
    }
}

#[test]
fn the_weakest_level_uses_its_seed_for_mistakes() {
    // Level 1 plays a random move three times in ten: over many seeds it cannot always play the same.
    let p = Position::opening(Player::South, Rules::default());
    let level = Level::new(1).unwrap();
    let moves: std::collections::BTreeSet<_> = (0..40)
        .map(|seed| choose_move(&p, level, seed).unwrap().house)
        .collect();
    assert!(moves.len() > 1, "{moves:?}");
    // The strongest level makes no deliberate mistake: the seed does not change its move.
    let strongest: std::collections::BTreeSet<_> = (0..3)
        .map(|seed| choose_move(&p, Level::new(3).unwrap(), seed).unwrap().house)
        .collect();
    assert_eq!(strongest.len(), 1);
}

#[test]
fn positions_without_a_move_are_refused() {
    let over = pos(
        "0,0,0,0,0,0 | 0,0,0,0,0,0",
        [30, 18],
        6,
        Player::South,
        Player::South,
    );
    assert_eq!(
        choose_move(&over, Level::STRONGEST, 1),
        Err(NoMove::RoundOver)
    );
    // South must feed North and its one seed cannot.
    let stuck = pos(
        "1,0,0,0,0,0 | 0,0,0,0,0,0",
        [24, 23],
        6,
        Player::South,
        Player::South,
    );
    assert_eq!(choose_move(&stuck, Level::STRONGEST, 1), Err(NoMove::Stuck));
}

/// The least the mover can be sure to gain on the opponent's store within `plies` moves, whatever the
/// opponent answers (a plain minimax over the stores, independent of the search).
fn sure_gain(p: &Position, me: Player, plies: u32) -> i32 {
    let diff = |q: &Position| q.stores().get(me) as i32 - q.stores().get(me.other()) as i32;
    if plies == 0 || p.is_round_over() {
        return diff(p);
    }
    let moves = p.legal_moves();
    if moves.is_empty() {
        return diff(&p.end_stuck());
    }
    let values = moves
        .iter()
        .map(|h| sure_gain(&p.play(h).unwrap().after, me, plies - 1));
    if p.to_move() == me {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

#[test]
fn the_search_finds_a_capture_forced_in_two_moves() {
    // Positions where no move captures at once, but one move makes a capture sure on the mover's next
    // move: the search must choose a move that makes it sure.
    let mut found = 0;
    for seed in 0..4000u64 {
        let Some(p) = random_position(6, Rules::default(), seed, 20 + (seed % 40) as u32) else {
            continue;
        };
        let me = p.to_move();
        let now = p.stores().get(me) as i32 - p.stores().get(me.other()) as i32;
        if sure_gain(&p, me, 1) > now || sure_gain(&p, me, 3) < now + 4 {
            continue;
        }
        let r = search(
            &p,
            &Limits {
                nodes: 1_000_000,
                max_depth: 3,
                order: None,
            },
            &Stakes::default(),
        )
        .unwrap();
        let after = p.play(r.house).unwrap().after;
        let got = if after.is_round_over() {
            sure_gain(&after, me, 0)
        } else {
            sure_gain(&after, me, 2)
        };
        assert!(
            got >= now + 4,
            "{p:?}: chose house {} which makes sure of {} seeds, not the 4 a two-move capture gives",
            r.house.index(),
            got - now
        );
        found += 1;
        if found == 25 {
            break;
        }
    }
    assert!(
        found >= 10,
        "only {found} positions with a two-move capture"
    );
}

#[test]
fn a_single_legal_move_is_played_at_once() {
    // South owns one non-empty house.
    let p = pos(
        "0,0,0,0,0,2 | 3,3,3,3,3,3",
        [14, 14],
        6,
        Player::South,
        Player::South,
    );
    let r = search(&p, &Limits::nodes(1_000), &Stakes::default()).unwrap();
    assert_eq!(r.house, House::new(5).unwrap());
    assert_eq!(r.depth, 0);
}

#[test]
fn level_6_plays_the_book_at_a_round_start_and_level_5_searches() {
    use namnam_ai::book;
    for start in book::starts().into_iter().step_by(7) {
        let e = book::lookup(&start, &Stakes::default()).expect("every start is in the book");
        let six = choose_move(&start, Level::STRONGEST, 3).unwrap();
        assert_eq!((six.house, six.nodes), (e.house, 0), "{start:?}");
        let five = choose_move(&start, Level::new(5).unwrap(), 3).unwrap();
        assert!(five.nodes > 0);
    }
}

#[test]
fn a_seeded_order_changes_which_equal_move_is_chosen_never_its_value() {
    // The same search to the same depth, its moves ordered from different seeds: the value it finds is
    // the same (it never settles for a worse move), and over many positions the move sometimes differs.
    let mut differed = 0;
    let mut compared = 0;
    for seed in 0..300u64 {
        let Some(p) = random_position(6, Rules::default(), seed, 10 + (seed % 30) as u32) else {
            continue;
        };
        let limits = Limits {
            nodes: u64::MAX,
            max_depth: 4,
            order: None,
        };
        let plain = search(&p, &limits, &Stakes::default()).unwrap();
        for order in [1, 2, 3] {
            let ordered = search(&p, &limits.ordered(order), &Stakes::default()).unwrap();
            assert_eq!(ordered.score, plain.score, "{p:?}, order {order}");
            assert!(p.is_legal(ordered.house));
            compared += 1;
            if ordered.house != plain.house {
                differed += 1;
            }
        }
    }
    assert!(compared > 300, "{compared} searches compared");
    assert!(
        differed > 0,
        "no seed ever chose another of the equal moves"
    );
}

#[test]
fn two_seeds_play_two_different_games_from_the_same_start_at_every_level() {
    // Each level against itself from the opening, with two seeds: the games part ways. The strongest
    // levels have no random moves: only the seeded order among equal moves can make them differ (their
    // budgets divided so that the test is quick; the order is the same at any budget).
    use namnam_ai::choose_with;
    for level in Level::all() {
        let game = |seed: u64| {
            let mut p = Position::opening(Player::South, Rules::default());
            let mut houses = Vec::new();
            for _ in 0..24 {
                if p.is_round_over() || !p.has_legal_move() {
                    break;
                }
                let r = choose_with(&p, level, seed, &Stakes::default(), 1000).unwrap();
                houses.push(r.house);
                p = p.play(r.house).unwrap().after;
            }
            houses
        };
        assert_ne!(game(1), game(2), "level {level}");
        assert_eq!(
            game(1),
            game(1),
            "level {level}: the same seed, the same game"
        );
    }
}
