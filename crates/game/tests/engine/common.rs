//! Helpers shared by the engine suite: positions written as in rules.md §9, and proptest's settings.

use namnam_game::{Endgame, Player, Position, RawPosition, Rules};
use proptest::test_runner::{Config, FileFailurePersistence};

/// Proptest's settings for this suite: `cases` cases, and the failures it shrinks kept in
/// `<module>.proptest-regressions` beside the module that found them (and replayed first on every run).
/// Proptest's default (`SourceParallel`) would look in `tests/proptest-regressions/<module>.txt` instead,
/// now that the suite has a `main.rs`.
pub fn proptest_config(cases: u32) -> Config {
    Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::with_cases(cases)
    }
}

/// A position from the notation of rules.md §9: `"2,7,1,6,1,6 | 6,6,0,1,6,6"`.
pub fn pos(board: &str, stores: [u8; 2], k: u8, to_move: Player, starter: Player) -> Position {
    pos_with(board, stores, k, to_move, starter, Rules::default())
}

pub fn pos_with(
    board: &str,
    stores: [u8; 2],
    k: u8,
    to_move: Player,
    starter: Player,
    rules: Rules,
) -> Position {
    Position::from_parts(k, parse_board(board), stores, to_move, starter, rules)
        .expect("valid test position")
}

pub fn parse_board(board: &str) -> [u8; 12] {
    let v: Vec<u8> = board
        .split([',', '|'])
        .map(|s| s.trim().parse().expect("a seed count"))
        .collect();
    v.try_into().expect("12 houses")
}

pub fn raw(json: &str) -> Position {
    let raw: RawPosition = serde_json::from_str(json).expect("raw position");
    Position::try_from(raw).expect("valid position")
}

pub const CHAIN: Rules = Rules {
    endgame: Endgame::Capturer,
    chain: true,
};
pub const STARTER: Rules = Rules {
    endgame: Endgame::Starter,
    chain: false,
};
