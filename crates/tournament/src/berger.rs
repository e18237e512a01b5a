//! A round robin by Berger tables (FIDE Handbook C.05, Annex 1): everyone meets everyone once, in `n - 1`
//! rounds for an even field and `n` for an odd one.
//!
//! For six entrants (1-based, South first), the table reads
//!
//! ```text
//! round 1:  1-6  2-5  3-4
//! round 2:  6-4  5-3  1-2
//! round 3:  2-6  3-1  4-5
//! round 4:  6-5  1-4  2-3
//! round 5:  3-6  4-2  5-1
//! ```
//!
//! The last entrant stays put and changes side every round; the others turn round a circle of `n - 1`
//! places, `n / 2` places a round, which is what spreads the sides. What the tables guarantee (checked for
//! every field from 2 to 12 in `tests/tournament/pairing.rs`):
//!
//! - even `n`: each entrant plays `n - 1` games, so South and North differ by exactly one; each entrant
//!   has the same side twice running at most once in the event, and never three times;
//! - odd `n`: a dummy last entrant is added, and whoever meets it has the bye. Leaving the byes out, each
//!   entrant's sides strictly alternate, `(n - 1) / 2` of each.

use super::{Pairing, Round};

/// Every round of a round robin of `n` entrants (`0..n` in seeding order). Fewer than two entrants have no
/// games to play: no rounds.
///
/// ```
/// use namnam_tournament::{berger::round_robin, Pairing};
///
/// let rounds = round_robin(4);
/// assert_eq!(rounds.len(), 3);
/// assert_eq!(rounds[0].games[0], Pairing { south: 0, north: 3 });
/// assert_eq!(round_robin(5)[0].bye, Some(0));
/// ```
pub fn round_robin(n: usize) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    // An odd field plays the table of `n + 1`, the last being nobody.
    let table = n + n % 2;
    let circle = table - 1;
    let fixed = table - 1;
    (0..circle)
        .map(|round| {
            // The entrant opposite the fixed one moves `table / 2` places a round round the circle.
            let first = round * (table / 2) % circle;
            let mut games = Vec::with_capacity(table / 2);
            let mut bye = None;
            let fixed_game = if round % 2 == 0 {
                Pairing {
                    south: first,
                    north: fixed,
                }
            } else {
                Pairing {
                    south: fixed,
                    north: first,
                }
            };
            if fixed < n {
                games.push(fixed_game);
            } else {
                bye = Some(first);
            }
            for board in 1..table / 2 {
                games.push(Pairing {
                    south: (first + board) % circle,
                    north: (first + circle - board) % circle,
                });
            }
            Round { games, bye }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six-entrant table of the module's documentation, as FIDE prints it.
    #[test]
    fn six_entrants_match_the_printed_table() {
        let printed = [
            [(1, 6), (2, 5), (3, 4)],
            [(6, 4), (5, 3), (1, 2)],
            [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)],
            [(3, 6), (4, 2), (5, 1)],
        ];
        let rounds = round_robin(6);
        assert_eq!(rounds.len(), printed.len());
        for (round, expected) in rounds.iter().zip(printed) {
            let got: Vec<(usize, usize)> = round
                .games
                .iter()
                .map(|g| (g.south + 1, g.north + 1))
                .collect();
            assert_eq!(got, expected);
            assert_eq!(round.bye, None);
        }
    }

    #[test]
    fn no_rounds_without_two_entrants() {
        assert!(round_robin(0).is_empty());
        assert!(round_robin(1).is_empty());
        assert_eq!(
            round_robin(2),
            vec![Round {
                games: vec![Pairing { south: 0, north: 1 }],
                bye: None
            }]
        );
    }
}
