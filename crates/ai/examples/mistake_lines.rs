//! How far must a mistake's lines go to show it in seeds? Plays matches of three rounds, level 4 against
//! level 2, judges every move as the bot's analysis does, and for each mistake the analysis would tell
//! finds the first horizon (2, 4 … 20 moves) at which the better move's line is ahead in seeds of the
//! played move's. `cargo run --release -p namnam-ai --example mistake_lines -- MATCHES`; the figures are
//! in docs/measurements/mistake-lines.md.

use namnam_ai::analysis::{judge, reported_mistakes, JudgedMove, ANALYSIS_NODES};
use namnam_ai::endings::LIVE_POSITIONS;
use namnam_ai::puzzles::{first_lead, line};
use namnam_ai::selfplay::{Contestant, Context};
use namnam_ai::{Level, Stakes};
use namnam_game::rng::SeededRng;
use namnam_game::{Match, MatchOptions, Player, Position, Rules};

const HORIZONS: [usize; 8] = [2, 4, 6, 8, 10, 12, 16, 20];

/// One match played from `seed`: every move judged, with the position it was played in, and the winner.
fn judged_match(seed: u64) -> (Vec<(JudgedMove, Position)>, Option<Player>) {
    let options = MatchOptions::new(Rules::default(), Player::South, None, Some(3)).expect("valid");
    let mut game = Match::new(options);
    let mut rng = SeededRng::new(seed);
    let level = |n| Contestant::Ai(Level::new(n).expect("a level"));
    let mut judged = Vec::new();
    while !game.is_over() {
        let before = *game.position();
        let player = match before.to_move() {
            Player::South => level(4),
            Player::North => level(2),
        };
        let context = Context {
            stakes: Stakes::of(&game),
            node_divisor: 1,
        };
        let Some(choice) = player.choose(&before, &mut rng, &context) else {
            break;
        };
        let judgement = judge(&game, choice.house, ANALYSIS_NODES).expect("a legal move");
        let ply = judged.len() as u32 + 1;
        let round = game.round();
        judged.push((
            JudgedMove {
                ply,
                round,
                move_in_round: 0,
                judgement,
                why: None,
            },
            before,
        ));
        game.play(choice.house).expect("a legal move");
    }
    (judged, game.result().and_then(|r| r.winner))
}

/// The first horizon at which the better line is ahead in seeds, if any within the longest.
fn first_ahead(before: &Position, m: &JudgedMove) -> Option<usize> {
    let longest = HORIZONS[HORIZONS.len() - 1];
    let j = &m.judgement;
    let best = line(before, j.best, longest, LIVE_POSITIONS);
    let played = line(before, j.played, longest, LIVE_POSITIONS);
    first_lead(&best, &played).map(|(plies, _)| plies)
}

fn main() {
    let matches: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let mut shown_within = [0u32; HORIZONS.len()];
    let mut told = 0;
    for seed in 1..=matches {
        let (judged, winner) = judged_match(seed);
        let moves: Vec<JudgedMove> = judged.iter().map(|(m, _)| m.clone()).collect();
        for player in [Player::South, Player::North] {
            for m in reported_mistakes(&moves, player, winner == Some(player), 3) {
                told += 1;
                let before = &judged[m.ply as usize - 1].1;
                let first = first_ahead(before, &m);
                for (count, horizon) in shown_within.iter_mut().zip(HORIZONS) {
                    *count += u32::from(first.is_some_and(|f| f <= horizon));
                }
                println!(
                    "match {seed}, {player:?}, move {}: {:?}, {} seeds on the board; ahead after {first:?} moves",
                    m.ply,
                    m.judgement.cost_read(),
                    before.seeds_in_play()
                );
            }
        }
    }
    println!("{told} mistakes told; shown within each horizon:");
    for (horizon, count) in HORIZONS.iter().zip(shown_within) {
        println!("  {horizon:>2} moves: {count}");
    }
}
