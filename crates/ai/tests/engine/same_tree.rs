//! The search's tree, pinned: for a fixed set of positions, depths and budgets, the nodes it makes, the
//! value and move it finds and the depth it completes, as the engine of commit 1f92731 found them (before
//! the speed work of issue 35). A change meant only to make the search faster must leave every line of
//! `same_tree.txt` as it is: same nodes, same values, same moves.
//!
//! After a change that is meant to change the tree, rewrite the file with
//! `NAMNAM_RECORD_TREE=1 cargo test -p namnam-ai --test engine same_tree` and say why in the commit.

use namnam_ai::{search, Limits, Stakes};
use namnam_game::rng::SeededRng;
use namnam_game::{Endgame, Player, Position, Rules, Territory};
use std::fmt::Write;

const RECORD: &str = "tests/engine/same_tree.txt";

/// A position `plies` random legal moves into a round (`None` if the round ended first).
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

/// Every search of the record, with its label: (label, position, limits, stakes).
fn cases() -> Vec<(String, Position, Limits, Stakes)> {
    let deep = |d| Limits {
        nodes: u64::MAX,
        max_depth: d,
        order: None,
    };
    let mut cases = Vec::new();
    let opening = Position::opening(Player::South, Rules::default());
    for d in 1..=18 {
        cases.push((format!("opening d{d}"), opening, deep(d), Stakes::default()));
    }
    let other = Position::opening(
        Player::North,
        Rules {
            endgame: Endgame::Starter,
            chain: true,
        },
    );
    for d in [1, 2, 3, 4, 7, 10, 13] {
        cases.push((
            format!("north-chain-starter d{d}"),
            other,
            deep(d),
            Stakes::default(),
        ));
    }
    for nodes in [13, 100, 5_000, 62_500, 1_000_000] {
        cases.push((
            format!("opening n{nodes}"),
            opening,
            Limits::nodes(nodes),
            Stakes::default(),
        ));
    }
    let mut rng = SeededRng::new(35);
    let mut found = 0;
    while found < 40 {
        let k = 1 + rng.below(11) as u8;
        let rules = Rules {
            endgame: if rng.below(2) == 0 {
                Endgame::Capturer
            } else {
                Endgame::Starter
            },
            chain: rng.below(2) == 0,
        };
        let seed = rng.next_u64();
        let plies = rng.below(90) as u32;
        let Some(mut p) = random_position(k, rules, seed, plies) else {
            continue;
        };
        if found % 5 == 4 {
            // Near a stall: the stall count is part of the position.
            p = p.with_since_capture(95).unwrap();
        }
        let stakes = match found % 4 {
            1 => Stakes {
                target: Some(7),
                final_round: false,
            },
            3 => Stakes {
                target: None,
                final_round: true,
            },
            _ => Stakes::default(),
        };
        found += 1;
        cases.push((format!("random{found} {p:?} d9"), p, deep(9), stakes));
        cases.push((
            format!("random{found} n200000"),
            p,
            Limits::nodes(200_000),
            stakes,
        ));
    }
    cases
}

fn record() -> String {
    let mut out = String::new();
    for (label, p, limits, stakes) in cases() {
        let line = match search(&p, &limits, &stakes) {
            Ok(r) => format!(
                "nodes {} score {} house {} depth {}",
                r.nodes,
                r.score,
                r.house.index(),
                r.depth
            ),
            Err(e) => format!("{e:?}"),
        };
        writeln!(out, "{label}: {line}").unwrap();
    }
    out
}

#[test]
fn the_search_makes_the_same_tree_as_before() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
    let now = record();
    if std::env::var_os("NAMNAM_RECORD_TREE").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let before = std::fs::read_to_string(&path).unwrap();
    for (b, n) in before.lines().zip(now.lines()) {
        assert_eq!(n, b, "the search's tree changed");
    }
    assert_eq!(before.lines().count(), now.lines().count());
}
