//! The opening book: the first move of every round start that happens in practice, searched offline with
//! [`BOOK_NODES`] nodes (eight times level 6's budget), shipped as `crates/ai/data/book.txt` and rebuilt
//! byte for byte by `namnam book build` (the search is deterministic).
//!
//! A round starts with four seeds in every house, no seeds stored and the starter to move, so a start is
//! its territory, its starter and its rules. Level 6 plays the book's move at such a position when the
//! match's stakes are the plain ones (no target, not the last round of a limit: the book was searched
//! for next round's houses); lower levels never use the book.

use super::eval::Stakes;
use super::search::{search, Limits};
use namnam_game::{Endgame, House, Player, Position, Rules, Territory};
use std::sync::OnceLock;

/// The nodes each start is searched with when the book is built.
pub const BOOK_NODES: u64 = 128_000_000;

/// The territories of the book's starts: South's houses (North owns the rest).
pub const TERRITORIES: std::ops::RangeInclusive<u8> = 2..=10;

/// The shipped book.
const SHIPPED: &str = include_str!("../data/book.txt");

/// One start and its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub start: Position,
    pub house: House,
    /// The search's value of the move for the starter, its depth and nodes.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Every start of the book, in the book's order: territory, then starter, then end-game rule, then chain.
pub fn starts() -> Vec<Position> {
    let mut out = Vec::new();
    for k in TERRITORIES {
        for starter in Player::BOTH {
            for endgame in [Endgame::Capturer, Endgame::Starter] {
                for chain in [false, true] {
                    let territory = Territory::new(k).expect("2–10 houses");
                    out.push(Position::new_round(
                        territory,
                        starter,
                        Rules { endgame, chain },
                    ));
                }
            }
        }
    }
    out
}

/// Searches one start for the book.
pub fn build_entry(start: &Position, nodes: u64) -> Entry {
    let r =
        search(start, &Limits::nodes(nodes), &Stakes::default()).expect("a round start has moves");
    Entry {
        start: *start,
        house: r.house,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
    }
}

/// The header of the book file.
pub fn header(nodes: u64) -> String {
    format!(
        "# The opening book of Namnam's level 5 (crates/ai/src/book.rs), built by `namnam book build`.\n\
         # One round start a line: South's houses, starter, end-game rule, chain, then the move (house\n\
         # 0-11), and the search's value (sixteenths of a seed, for the starter), depth and nodes; every\n\
         # start searched with {nodes} nodes.\n"
    )
}

/// One line of the book file.
pub fn line(e: &Entry) -> String {
    let rules = e.start.rules();
    format!(
        "{} {} {} {} {} {} {} {}\n",
        e.start.territory().south_houses(),
        e.start.starter(),
        match rules.endgame {
            Endgame::Capturer => "capturer",
            Endgame::Starter => "starter",
        },
        if rules.chain { "chain" } else { "plain" },
        e.house.index(),
        e.score,
        e.depth,
        e.nodes
    )
}

/// Reads a book file; a malformed line is an error that names it.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for (n, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let bad = || format!("book line {}: `{l}`", n + 1);
        let f: Vec<&str> = l.split_whitespace().collect();
        let [k, starter, endgame, chain, house, score, depth, nodes] = f[..] else {
            return Err(bad());
        };
        let territory = k
            .parse()
            .ok()
            .and_then(|k| Territory::new(k).ok())
            .ok_or_else(bad)?;
        let starter = match starter {
            "south" => Player::South,
            "north" => Player::North,
            _ => return Err(bad()),
        };
        let endgame = match endgame {
            "capturer" => Endgame::Capturer,
            "starter" => Endgame::Starter,
            _ => return Err(bad()),
        };
        let chain = match chain {
            "chain" => true,
            "plain" => false,
            _ => return Err(bad()),
        };
        if territory.is_whole_board() {
            return Err(bad());
        }
        let start = Position::new_round(territory, starter, Rules { endgame, chain });
        let house = house
            .parse()
            .ok()
            .and_then(House::new)
            .filter(|&h| start.is_legal(h))
            .ok_or_else(bad)?;
        out.push(Entry {
            start,
            house,
            score: score.parse().map_err(|_| bad())?,
            depth: depth.parse().map_err(|_| bad())?,
            nodes: nodes.parse().map_err(|_| bad())?,
        });
    }
    Ok(out)
}

/// The shipped book's entry for `p`, when `p` is a round start it holds and the stakes are the plain ones.
pub fn lookup(p: &Position, stakes: &Stakes) -> Option<Entry> {
    static BOOK: OnceLock<Vec<Entry>> = OnceLock::new();
    if *stakes != Stakes::default() {
        return None;
    }
    let book = BOOK.get_or_init(|| parse(SHIPPED).expect("the shipped book is well formed"));
    book.iter().find(|e| e.start == *p).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_parses_and_covers_every_start_once() {
        let book = parse(SHIPPED).unwrap();
        let starts = starts();
        assert_eq!(book.len(), starts.len());
        for (e, s) in book.iter().zip(&starts) {
            assert_eq!(e.start, *s);
            assert!(s.is_legal(e.house));
            assert!(e.nodes <= BOOK_NODES);
        }
        assert!(SHIPPED.len() <= 2_000_000);
    }

    #[test]
    fn lines_round_trip_and_bad_lines_are_named() {
        let e = build_entry(&starts()[5], 2_000);
        assert_eq!(parse(&line(&e)).unwrap(), vec![e]);
        assert!(parse("6 south capturer plain 12 0 1 1\n")
            .unwrap_err()
            .contains("line 1"));
        assert!(parse("# a comment\n6 west capturer plain 0 0 1 1\n")
            .unwrap_err()
            .contains("line 2"));
    }

    #[test]
    fn only_plain_stakes_and_round_starts_are_looked_up() {
        let opening = Position::opening(Player::South, Rules::default());
        let target = Stakes {
            target: Some(9),
            final_round: false,
        };
        assert!(lookup(&opening, &target).is_none());
        let moved = opening.apply(House::new(0).unwrap()).unwrap();
        assert!(lookup(&moved, &Stakes::default()).is_none());
    }
}
