//! Level 5 in exact endings, through the crate's public API.

use namnam_ai::{choose_move, endings, Level};
use namnam_game::rng::SeededRng;
use namnam_game::{Endgame, Player, Position, Rules, Territory};

/// A position of random play with at most `seeds` seeds on the board and `since` moves since a capture.
fn small_position(rng: &mut SeededRng, seeds: u8, since: u8) -> Option<Position> {
    let k = 1 + rng.below(11) as u8;
    let rules = Rules {
        endgame: if rng.below(2) == 0 {
            Endgame::Capturer
        } else {
            Endgame::Starter
        },
        chain: rng.below(2) == 0,
    };
    let starter = if rng.below(2) == 0 {
        Player::South
    } else {
        Player::North
    };
    let mut p = Position::new_round(Territory::new(k).unwrap(), starter, rules);
    while p.seeds_in_play() > seeds {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return None;
        }
        p = p.play(moves.get(rng.below(moves.len()))).unwrap().after;
        if p.is_round_over() {
            return None;
        }
    }
    Some(p.with_since_capture(since).unwrap())
}

#[test]
fn level_5_plays_a_best_move_in_an_ending_it_can_work_out() {
    let mut rng = SeededRng::new(99);
    let mut played = 0;
    while played < 30 {
        let since = 70 + rng.below(29) as u8;
        let Some(p) = small_position(&mut rng, 12, since) else {
            continue;
        };
        if p.legal_moves().is_empty() {
            continue;
        }
        let Some((best, _)) = endings::best_moves(&p, endings::LIVE_POSITIONS) else {
            continue;
        };
        let chosen = choose_move(&p, Level::STRONGEST, 1).unwrap();
        assert!(best.contains(&chosen.house), "{p:?}: {chosen:?}");
        played += 1;
    }
}
