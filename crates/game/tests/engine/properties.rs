//! Properties of the rules on positions reached by random play, under every option.

use namnam_game::rng::SeededRng;
use namnam_game::{
    replay, Endgame, House, IllegalMove, Match, MatchOptions, Player, Position, RawPosition, Rules,
    Territory, TOTAL_SEEDS,
};
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(Endgame::Capturer), Just(Endgame::Starter)],
        any::<bool>(),
    )
        .prop_map(|(endgame, chain)| Rules { endgame, chain })
}

fn player_strategy() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::South), Just(Player::North)]
}

/// A round from an opening with territory `k`, played by random legal moves for up to `plies` moves; every
/// position on the way is handed to `check`.
fn walk(
    k: u8,
    starter: Player,
    rules: Rules,
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&Position),
) {
    let mut p = Position::new_round(Territory::new(k).unwrap(), starter, rules);
    let mut rng = SeededRng::new(seed);
    for _ in 0..plies {
        check(&p);
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(moves.get(rng.below(moves.len()))).unwrap().after;
    }
    check(&p);
}

fn board_sum(p: &Position) -> u32 {
    p.board().iter().map(|&s| s as u32).sum::<u32>()
        + p.stores().south as u32
        + p.stores().north as u32
}

proptest! {
    #![proptest_config(crate::common::proptest_config(256))]

    #[test]
    fn seeds_are_conserved_and_legal_means_listed(
        k in 1u8..=11, starter in player_strategy(), rules in rules_strategy(), seed in any::<u64>(),
    ) {
        walk(k, starter, rules, seed, 300, |p| {
            assert_eq!(board_sum(p), TOTAL_SEEDS as u32);
            let legal = p.legal_moves();
            if !p.is_round_over() {
                // The search's path (what every child shares, worked out once) agrees with `apply`.
                let children = p.children();
                assert_eq!(children.candidates(), p.candidates());
                for h in children.candidates() {
                    assert_eq!(children.apply(h), p.apply(House::new(h).unwrap()), "{p:?} house {h}");
                }
            }
            for house in House::all() {
                let played = p.play(house);
                assert_eq!(played.is_ok(), legal.contains(house), "{p:?} house {house}");
                assert_eq!(p.is_legal(house), legal.contains(house));
                match played {
                    Ok(m) => {
                        // A legal move comes from an owned, non-empty house, and it terminated.
                        assert_eq!(p.owner(house), p.to_move());
                        assert!(p.seeds(house) > 0);
                        assert_eq!(board_sum(&m.after), TOTAL_SEEDS as u32);
                        // The events replay to the same position.
                        assert_eq!(replay(p, &m.events).unwrap(), m.after);
                        // The fast path agrees with the full one (up to the stuck check).
                        let fast = p.apply(house).unwrap();
                        let settled = if !fast.is_round_over() && fast.legal_moves().is_empty() {
                            fast.end_stuck()
                        } else {
                            fast
                        };
                        assert_eq!(settled, m.after);
                        // A finished round has an empty board and all 48 seeds in the stores.
                        if m.round_end().is_some() {
                            assert!(m.after.is_round_over());
                            assert_eq!(m.after.stores().south + m.after.stores().north, TOTAL_SEEDS);
                        }
                    }
                    Err(IllegalMove::NotOwner) => assert_ne!(p.owner(house), p.to_move()),
                    Err(IllegalMove::EmptyHouse) => assert_eq!(p.seeds(house), 0),
                    Err(_) => {}
                }
            }
        });
    }

    #[test]
    fn swapping_the_sides_plays_the_same_game(
        k in 1u8..=11, starter in player_strategy(), rules in rules_strategy(), seed in any::<u64>(),
    ) {
        walk(k, starter, rules, seed, 200, |p| {
            let swapped = p.with_sides_swapped();
            assert_eq!(swapped.with_sides_swapped(), *p, "swapping twice is nothing");
            assert_eq!(swapped.to_move(), p.to_move().other());
            assert_eq!(swapped.territory().houses_of(Player::South), p.territory().houses_of(Player::North));
            for house in House::all() {
                let there = house.with_sides_swapped();
                assert_eq!(swapped.owner(there), p.owner(house).other(), "{p:?} house {house}");
                assert_eq!(swapped.seeds(there), p.seeds(house));
                match (p.play(house), swapped.play(there)) {
                    (Ok(here), Ok(mirrored)) => {
                        assert_eq!(mirrored.after, here.after.with_sides_swapped(), "{p:?} house {house}");
                        assert_eq!(mirrored.laps(), here.laps());
                        assert_eq!(mirrored.round_end().is_some(), here.round_end().is_some());
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b),
                    (a, b) => panic!("{p:?} house {house}: {:?} here, {:?} swapped", a.map(|m| m.after), b.map(|m| m.after)),
                }
            }
        });
    }

    #[test]
    fn json_round_trips(
        k in 1u8..=11, starter in player_strategy(), rules in rules_strategy(), seed in any::<u64>(),
    ) {
        walk(k, starter, rules, seed, 60, |p| {
            let json = serde_json::to_string(p).unwrap();
            let back: Position = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, p);
            let raw: RawPosition = serde_json::from_str(&json).unwrap();
            assert_eq!(Position::try_from(raw).unwrap(), *p);
        });
    }

    #[test]
    fn every_round_ends(
        k in 1u8..=11, starter in player_strategy(), rules in rules_strategy(), seed in any::<u64>(),
    ) {
        // At most 12 captures a round and at most 100 moves between two of them.
        let mut last = None;
        walk(k, starter, rules, seed, 1400, |p| last = Some(*p));
        let last = last.unwrap();
        assert!(last.is_round_over() || last.legal_moves().is_empty());
    }

    #[test]
    fn next_round_territory_follows_the_stores(s in 0u8..=48) {
        let n = 48 - s;
        let k = Territory::from_stores([s, n].into()).unwrap();
        let (hs, hn) = (s / 4, n / 4);
        let south = k.houses_of(Player::South);
        assert_eq!(south + k.houses_of(Player::North), 12);
        assert!(south == hs || south == hs + 1);
        assert!(12 - south == hn || 12 - south == hn + 1);
        if hs + hn == 11 && (s % 4 > n % 4 || (s % 4 == n % 4 && s > n)) {
            assert_eq!(south, hs + 1);
        } else {
            assert_eq!(south, hs);
        }
    }

    #[test]
    fn whole_matches_end(
        rules in rules_strategy(), first in player_strategy(), seed in any::<u64>(),
        target in proptest::option::of(7u8..=12), rounds in 1u8..=6,
    ) {
        let options = MatchOptions::new(rules, first, target, Some(rounds)).unwrap();
        let mut m = Match::new(options);
        let mut rng = SeededRng::new(seed);
        let mut plies = 0;
        while !m.is_over() {
            let moves = m.position().legal_moves();
            assert!(!moves.is_empty(), "a match in progress always has a legal move");
            m.play(moves.get(rng.below(moves.len()))).unwrap();
            plies += 1;
            assert!(plies < 20_000);
        }
        assert!(m.rounds().len() <= rounds as usize);
        let json = serde_json::to_string(&m).unwrap();
        let back: Match = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
    }
}
