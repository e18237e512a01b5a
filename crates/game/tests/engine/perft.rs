//! Perft against the counts of an independent implementation (`tests/data/perft.md`). Every line,
//! split in two tests so that they run in parallel.

use namnam_game::{perft, PerftCounts};

const FAST_LEAVES: u64 = 100_000;

struct Case {
    name: String,
    json: String,
    lines: Vec<(u32, PerftCounts)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/perft.md");
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            cases.push(Case {
                name: name.to_string(),
                json: String::new(),
                lines: Vec::new(),
            });
        } else if line.starts_with('{') {
            cases.last_mut().expect("a heading first").json = line.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let n: Vec<u64> = rest
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let counts = PerftCounts {
                leaves: n[1],
                south_stores: n[2],
                north_stores: n[3],
                finished: n[4],
            };
            cases
                .last_mut()
                .expect("a heading first")
                .lines
                .push((n[0] as u32, counts));
        }
    }
    assert_eq!(cases.len(), 8, "perft.md has eight positions");
    cases
}

fn check(deep: bool) {
    let mut checked = 0;
    for case in cases() {
        let p = crate::common::raw(&case.json);
        for &(depth, want) in &case.lines {
            if (want.leaves > FAST_LEAVES) != deep {
                continue;
            }
            assert_eq!(perft(&p, depth), want, "{} at depth {depth}", case.name);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn perft_matches_the_independent_counts() {
    check(false);
}

#[test]
fn perft_matches_the_independent_counts_deep() {
    check(true);
}
