//! Pairing: round robins by Berger tables and Swiss rounds by matching, checked rule by rule over every
//! field size the bot is likely to see.

use namnam_game::rng::SeededRng;
use namnam_game::Player;
use namnam_tournament::berger::round_robin;
use namnam_tournament::standings::points;
use namnam_tournament::swiss::{max_rounds, pair_round};
use namnam_tournament::{Outcome, Played, Record, Round};

/// Each entrant's sides over the board, in order.
fn side_sequences(entrants: usize, games: &[Played]) -> Vec<Vec<Player>> {
    let mut sides = vec![Vec::new(); entrants];
    for played in games {
        match *played {
            Played::Game {
                outcome: Outcome::ForfeitedBy(_),
                ..
            }
            | Played::Bye { .. } => {}
            Played::Game { south, north, .. } => {
                sides[south].push(Player::South);
                sides[north].push(Player::North);
            }
        }
    }
    sides
}

fn count(sides: &[Player], side: Player) -> usize {
    sides.iter().filter(|&&s| s == side).count()
}

/// How many times a side follows the same side.
fn repeats(sides: &[Player]) -> usize {
    sides.windows(2).filter(|w| w[0] == w[1]).count()
}

fn three_running(sides: &[Player]) -> bool {
    sides.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
}

/// Everyone in `expected` plays exactly once in the round (a game or the bye), nobody else plays.
fn assert_each_plays_once(round: &Round, expected: &[bool], context: &str) {
    let mut seen = vec![0; expected.len()];
    for game in &round.games {
        assert_ne!(game.south, game.north, "{context}: {round:?}");
        seen[game.south] += 1;
        seen[game.north] += 1;
    }
    if let Some(bye) = round.bye {
        seen[bye] += 1;
    }
    for (entrant, (&times, &in_play)) in seen.iter().zip(expected).enumerate() {
        assert_eq!(
            times,
            usize::from(in_play),
            "{context}: entrant {entrant} plays {times} times in {round:?}"
        );
    }
}

#[test]
fn round_robin_pairings_2_to_12() {
    for n in 2..=12 {
        let rounds = round_robin(n);
        assert_eq!(rounds.len(), if n % 2 == 0 { n - 1 } else { n }, "n = {n}");
        let mut met = vec![vec![0; n]; n];
        let mut byes = vec![0; n];
        let mut games = Vec::new();
        for (number, round) in rounds.iter().enumerate() {
            let context = format!("n = {n}, round {}", number + 1);
            assert_each_plays_once(round, &vec![true; n], &context);
            assert_eq!(round.bye.is_some(), n % 2 == 1, "{context}");
            if let Some(bye) = round.bye {
                byes[bye] += 1;
                games.push(Played::Bye { player: bye });
            }
            for game in &round.games {
                met[game.south][game.north] += 1;
                met[game.north][game.south] += 1;
                games.push(Played::Game {
                    south: game.south,
                    north: game.north,
                    outcome: Outcome::Draw,
                });
            }
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(
                    times,
                    usize::from(a != b),
                    "n = {n}: {a} and {b} meet {times} times"
                );
            }
        }
        if n % 2 == 1 {
            assert!(byes.iter().all(|&b| b == 1), "n = {n}: byes {byes:?}");
        }
        // What Berger tables give the sides (berger.rs): for an even field, South and North differ by one,
        // the same side twice running at most once, never three times; for an odd field, strict alternation.
        for (entrant, sides) in side_sequences(n, &games).iter().enumerate() {
            let (south, north) = (count(sides, Player::South), count(sides, Player::North));
            let context = format!("n = {n}, entrant {entrant}: {sides:?}");
            assert!(!three_running(sides), "{context}");
            if n % 2 == 0 {
                assert_eq!(south.abs_diff(north), 1, "{context}");
                assert!(repeats(sides) <= 1, "{context}");
            } else {
                assert_eq!(south, north, "{context}");
                assert_eq!(repeats(sides), 0, "{context}");
            }
        }
    }
}

/// How one simulated Swiss went, for the check that score groups are kept.
#[derive(Default)]
struct ScoreSpread {
    /// The sum over games of the players' score difference, in half-points.
    paired: u64,
    /// What random pairings of the same fields would give, on average, times `scale`.
    random_scaled: u64,
    scale: u64,
}

/// One Swiss of `n` entrants to its last round, with random results; `withdrawals` entrants leave during the
/// event (their game of that round forfeited). Every rule is asserted round by round.
fn play_swiss(n: usize, seed: u64, withdrawals: usize, spread: &mut ScoreSpread) {
    let mut rng = SeededRng::for_item(seed, n as u64);
    let mut record = Record::empty(n);
    let mut withdrawn: Vec<usize> = Vec::new();
    let mut met = vec![vec![false; n]; n];
    let mut had_bye = vec![false; n];
    let rounds = max_rounds(n);
    // The rounds after which someone withdraws.
    let leave_after: Vec<usize> = (0..withdrawals).map(|_| rng.below(rounds)).collect();
    for number in 0..rounds {
        let context = format!("n = {n}, seed {seed}, round {}", number + 1);
        let in_play: Vec<bool> = (0..n).map(|e| !withdrawn.contains(&e)).collect();
        let active = in_play.iter().filter(|&&p| p).count();
        let round = pair_round(&record, &withdrawn)
            .unwrap_or_else(|e| panic!("{context}: {e}; {record:?}"));

        assert_each_plays_once(&round, &in_play, &context);
        assert_eq!(
            round.bye.is_some(),
            active % 2 == 1,
            "{context}: one bye exactly when the field is odd"
        );
        if let Some(bye) = round.bye {
            assert!(!had_bye[bye], "{context}: a second bye for {bye}");
            had_bye[bye] = true;
        }
        let score = points(&record);
        let halves = |e: usize| u64::from(score[e].halves());
        for game in &round.games {
            assert!(
                !met[game.south][game.north],
                "{context}: {} and {} meet again",
                game.south, game.north
            );
            met[game.south][game.north] = true;
            met[game.north][game.south] = true;
        }
        if number > 0 {
            spread.paired += round
                .games
                .iter()
                .map(|g| halves(g.south).abs_diff(halves(g.north)))
                .sum::<u64>();
            // A random pairing's expected difference is the mean over every pair of players still in.
            let players: Vec<usize> = (0..n).filter(|&e| in_play[e]).collect();
            let pairs = (players.len() * (players.len() - 1) / 2) as u64;
            let all: u64 = players
                .iter()
                .enumerate()
                .flat_map(|(i, &a)| players[i + 1..].iter().map(move |&b| (a, b)))
                .map(|(a, b)| halves(a).abs_diff(halves(b)))
                .sum();
            spread.random_scaled += all * round.games.len() as u64 * 1000 / pairs;
            spread.scale = 1000;
        }

        let leaving: Vec<usize> = leave_after
            .iter()
            .filter(|&&after| after == number)
            .map(|_| {
                let game = round.games[rng.below(round.games.len())];
                if rng.below(2) == 0 {
                    game.south
                } else {
                    game.north
                }
            })
            .collect();
        if let Some(bye) = round.bye {
            record.push(Played::Bye { player: bye }).unwrap();
        }
        for game in &round.games {
            let outcome = if leaving.contains(&game.south) {
                Outcome::ForfeitedBy(Player::South)
            } else if leaving.contains(&game.north) {
                Outcome::ForfeitedBy(Player::North)
            } else {
                match rng.below(5) {
                    0 | 1 => Outcome::SouthWon,
                    2 => Outcome::Draw,
                    _ => Outcome::NorthWon,
                }
            };
            record
                .push(Played::Game {
                    south: game.south,
                    north: game.north,
                    outcome,
                })
                .unwrap();
        }
        for entrant in leaving {
            if !withdrawn.contains(&entrant) {
                withdrawn.push(entrant);
            }
        }

        for (entrant, sides) in side_sequences(n, record.games()).iter().enumerate() {
            let (south, north) = (count(sides, Player::South), count(sides, Player::North));
            assert!(
                south.abs_diff(north) <= 2,
                "{context}: entrant {entrant}'s sides {sides:?}"
            );
            assert!(
                !three_running(sides),
                "{context}: entrant {entrant}'s sides {sides:?}"
            );
        }
    }
}

#[test]
fn swiss_pairings_4_to_64() {
    let mut spread = ScoreSpread::default();
    for n in 4..=64 {
        for seed in 0..4 {
            // Every other run loses one or two entrants on the way, once the field can spare them.
            let withdrawals = if n >= 8 && seed % 2 == 1 {
                1 + (seed as usize / 2)
            } else {
                0
            };
            play_swiss(n, seed, withdrawals, &mut spread);
        }
    }
    // Score groups: pairing by score keeps the pairs' differences far below what random pairing gives (a
    // random pairing comes out at about 1; this one at about a third, the late rounds, where the close
    // opponents have been met, weighing most).
    let ratio = spread.paired as f64 * spread.scale as f64 / spread.random_scaled as f64;
    eprintln!("score difference within pairs against random pairing: {ratio:.3}");
    assert!(
        ratio < 0.5,
        "pairs' score differences are {ratio:.3} of random pairing's"
    );
}
