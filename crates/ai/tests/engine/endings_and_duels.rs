//! Level 6 in exact endings, and duels between engines, through the crate's public API.

use namnam_ai::duel::{self, Engine};
use namnam_ai::{choose_move, endings, Level};
use namnam_game::rng::SeededRng;
use namnam_game::{Endgame, House, Player, Position, Rules, Territory};

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
fn level_6_plays_a_best_move_in_an_ending_it_can_work_out() {
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

struct InProcess(Level);

impl Engine for InProcess {
    fn best(&mut self, p: &Position, seed: u64) -> Result<House, String> {
        choose_move(p, self.0, seed)
            .map(|r| r.house)
            .map_err(|e| e.to_string())
    }
}

#[test]
fn duel_starts_are_the_opening_then_seeded_random_positions() {
    let s = duel::starts(5, 4, 9);
    assert_eq!(s.len(), 5);
    assert_eq!(s[0], Position::opening(Player::South, Rules::default()));
    assert!(s[1..].iter().all(|p| !p.is_round_over() && *p != s[0]));
    assert_eq!(s, duel::starts(5, 4, 9), "the same seed, the same starts");
    assert_ne!(s, duel::starts(5, 4, 10));
}

#[test]
fn a_duel_plays_both_colours_from_every_start_and_the_same_games_again() {
    let s = duel::starts(3, 4, 1);
    let play = || {
        let (mut a, mut b) = (InProcess(Level::new(2).unwrap()), InProcess(Level::WEAKEST));
        duel::run(&s, &mut a, &mut b, 7, |_| {}).unwrap()
    };
    let games = play();
    assert_eq!(games.len(), 6);
    for (i, pair) in games.chunks(2).enumerate() {
        assert_eq!((pair[0].start, pair[0].a_plays), (i, Player::South));
        assert_eq!((pair[1].start, pair[1].a_plays), (i, Player::North));
    }
    assert_eq!(games, play());
    let (w, d, l, elo) = duel::tally(&games);
    assert_eq!(w + d + l, 6);
    let elo = elo.unwrap();
    assert!(elo.score_low <= elo.score && elo.score <= elo.score_high);
}
