//! A small puzzle set for the tests of playing puzzles, made here rather than mined: the built-in set
//! changes as it is mined, and the tests need to know each puzzle's answer.
//!
//! Two positions, each with one move that wins the most: a last seed that makes a four in the opponent's
//! house, after which four seeds are left and the round ends (the capturer takes them too). Every other
//! legal move drops a seed into an empty house and takes nothing, and leaves the round to the stall ten
//! moves away (90 moves without a capture so far): the ending solver proves the answer the only best move.

use namnam_ai::puzzles::{Puzzle, Source, Theme};
use namnam_game::{House, Player, Position, Rules};

/// South to move: houses 1, 3 and 6 are legal; 6 is best (its seed makes four in house 7).
pub fn south_position() -> Position {
    Position::from_parts(
        6,
        [1, 0, 1, 0, 0, 1, 3, 0, 0, 2, 0, 0],
        [20, 20],
        Player::South,
        Player::South,
        Rules::default(),
    )
    .and_then(|p| p.with_since_capture(90))
    .expect("a valid position")
}

/// North to move, the same position turned round: houses 7, 9 and 12 are legal; 12 is best.
pub fn north_position() -> Position {
    Position::from_parts(
        6,
        [3, 0, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1],
        [20, 20],
        Player::North,
        Player::North,
        Rules::default(),
    )
    .and_then(|p| p.with_since_capture(90))
    .expect("a valid position")
}

fn puzzle(game: u32, position: Position, best: u8, theme: Theme, traps: u8) -> Puzzle {
    Puzzle {
        source: Source::SelfPlay {
            seed: 1,
            game,
            ply: 0,
        },
        position,
        best: House::from_label(i64::from(best)).expect("1–12"),
        theme,
        traps,
        best_value: 1000,
        second_value: 0,
    }
}

/// Three puzzles: `selfplay:1:1:0` (North, difficulty 1), `selfplay:1:2:0` (South, difficulty 2) and
/// `selfplay:1:3:0` (South, difficulty 3). A new player is offered the easiest first: the North one.
pub fn test_set() -> Vec<Puzzle> {
    vec![
        puzzle(1, north_position(), 12, Theme::LastSeedCapture, 0),
        puzzle(2, south_position(), 6, Theme::EndsRound, 1),
        puzzle(3, south_position(), 6, Theme::MidLapCapture, 2),
    ]
}
