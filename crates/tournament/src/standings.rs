//! The standings: points, tie-breaks and ranks, from the record of games.
//!
//! Points: a win (also a bye, or a forfeit by the opponent) is 1, a draw ½. The tie-breaks count games
//! played over the board only: a bye or a forfeit brings its point but adds nothing to either tie-break of
//! the player who scored it (there was no opponent, or one who did not play). Opponents are counted at
//! their whole score, byes and forfeits included.
//!
//! - Buchholz: the sum of the points of the opponents met;
//! - Sonneborn-Berger: the points of each opponent beaten, and half the points of each opponent drawn.
//!
//! Arithmetic is exact: points are kept in halves, Sonneborn-Berger (half of a half-point) in quarters.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign};

use super::{Format, Outcome, Played, Record};
use namnam_game::Player;

/// A score in half-points, printed `3`, `2.5`, `0.5`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    halves: u32,
}

impl Points {
    pub const ZERO: Points = Points { halves: 0 };
    pub const HALF: Points = Points { halves: 1 };
    pub const ONE: Points = Points { halves: 2 };

    pub fn from_halves(halves: u32) -> Points {
        Points { halves }
    }

    pub fn halves(self) -> u32 {
        self.halves
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points {
            halves: self.halves + other.halves,
        }
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.halves += other.halves;
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fraction(f, self.halves, 2)
    }
}

/// A Sonneborn-Berger score, in quarter-points (half of a drawn opponent's half-point), printed `3`,
/// `2.5`, `2.25`, `0.75`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct QuarterPoints {
    quarters: u32,
}

impl QuarterPoints {
    pub fn from_quarters(quarters: u32) -> QuarterPoints {
        QuarterPoints { quarters }
    }

    pub fn quarters(self) -> u32 {
        self.quarters
    }
}

impl fmt::Display for QuarterPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fraction(f, self.quarters, 4)
    }
}

/// `parts / per_unit` in decimals, without trailing zeros (`per_unit` is 2 or 4, so the decimals end).
fn write_fraction(f: &mut fmt::Formatter<'_>, parts: u32, per_unit: u32) -> fmt::Result {
    let whole = parts / per_unit;
    match (parts % per_unit) * 100 / per_unit {
        0 => write!(f, "{whole}"),
        50 => write!(f, "{whole}.5"),
        hundredths => write!(f, "{whole}.{hundredths}"),
    }
}

/// One line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// From 1. Entrants equal on points and on every tie-break of the format share a rank (1, 2, 2, 4),
    /// and are listed in seeding order.
    pub rank: usize,
    pub entrant: usize,
    pub points: Points,
    /// Games played over the board: byes and forfeits are not counted.
    pub games: u32,
    pub buchholz: Points,
    pub sonneborn_berger: QuarterPoints,
}

/// Each entrant's points, by entrant.
pub fn points(record: &Record) -> Vec<Points> {
    let mut points = vec![Points::ZERO; record.entrants()];
    for played in record.games() {
        match *played {
            Played::Bye { player } => points[player] += Points::ONE,
            Played::Game {
                south,
                north,
                outcome,
            } => {
                let (to_south, to_north) = match outcome {
                    Outcome::SouthWon | Outcome::ForfeitedBy(Player::North) => {
                        (Points::ONE, Points::ZERO)
                    }
                    Outcome::NorthWon | Outcome::ForfeitedBy(Player::South) => {
                        (Points::ZERO, Points::ONE)
                    }
                    Outcome::Draw => (Points::HALF, Points::HALF),
                };
                points[south] += to_south;
                points[north] += to_north;
            }
        }
    }
    points
}

/// The standings, best first: by points, then by the format's tie-breaks (round robin: Sonneborn-Berger;
/// Swiss: Buchholz, then Sonneborn-Berger), then in seeding order.
///
/// ```
/// use namnam_tournament::{standings::standings, Format, Outcome, Played, Record};
///
/// let game = |south, north, outcome| Played::Game { south, north, outcome };
/// let record = Record::new(3, vec![game(0, 1, Outcome::Draw), Played::Bye { player: 2 }]).unwrap();
/// let table = standings(&record, Format::RoundRobin);
/// assert_eq!((table[0].entrant, table[0].points.to_string()), (2, "1".to_string()));
/// assert_eq!((table[1].rank, table[2].rank), (2, 2));
/// assert_eq!(table[1].sonneborn_berger.to_string(), "0.25");
/// ```
pub fn standings(record: &Record, format: Format) -> Vec<Standing> {
    let points = points(record);
    let mut table: Vec<Standing> = points
        .iter()
        .enumerate()
        .map(|(entrant, &points)| Standing {
            rank: 0,
            entrant,
            points,
            games: 0,
            buchholz: Points::ZERO,
            sonneborn_berger: QuarterPoints::default(),
        })
        .collect();
    for played in record.games() {
        let Played::Game {
            south,
            north,
            outcome,
        } = *played
        else {
            continue;
        };
        // Quarter-points each side earns towards Sonneborn-Berger: the opponent's halves, doubled for a win.
        let (south_share, north_share) = match outcome {
            Outcome::ForfeitedBy(_) => continue,
            Outcome::SouthWon => (2, 0),
            Outcome::Draw => (1, 1),
            Outcome::NorthWon => (0, 2),
        };
        for (player, opponent, share) in [(south, north, south_share), (north, south, north_share)]
        {
            let line = &mut table[player];
            line.games += 1;
            line.buchholz += points[opponent];
            line.sonneborn_berger.quarters += share * points[opponent].halves;
        }
    }
    // Seeding order is the index, so a stable sort on the tie-breaks alone leaves equals in seeding order.
    table.sort_by(|a, b| compare(format, b, a));
    for at in 0..table.len() {
        table[at].rank = if at > 0 && compare(format, &table[at - 1], &table[at]) == Ordering::Equal
        {
            table[at - 1].rank
        } else {
            at + 1
        };
    }
    table
}

/// Points, then the format's tie-breaks; the better is the greater.
fn compare(format: Format, a: &Standing, b: &Standing) -> Ordering {
    let by_points = a.points.cmp(&b.points);
    match format {
        Format::RoundRobin => by_points.then(a.sonneborn_berger.cmp(&b.sonneborn_berger)),
        Format::Swiss => by_points
            .then(a.buchholz.cmp(&b.buchholz))
            .then(a.sonneborn_berger.cmp(&b.sonneborn_berger)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(south: usize, north: usize, outcome: Outcome) -> Played {
        Played::Game {
            south,
            north,
            outcome,
        }
    }

    #[test]
    fn points_print_as_decimals() {
        let shown: Vec<String> = (0..5).map(|h| Points::from_halves(h).to_string()).collect();
        assert_eq!(shown, ["0", "0.5", "1", "1.5", "2"]);
        let shown: Vec<String> = (0..5)
            .map(|q| QuarterPoints::from_quarters(q).to_string())
            .collect();
        assert_eq!(shown, ["0", "0.25", "0.5", "0.75", "1"]);
        assert_eq!(QuarterPoints::from_quarters(11).to_string(), "2.75");
    }

    /// A round robin of four, worked by hand (the row's result against each column):
    ///
    /// ```text
    ///        A    B    C    D   points  Sonneborn-Berger
    /// A      ·    1    ½    1    2.5    B 1.5 + ½·C 1.5 + D 0.5 = 2.75
    /// B      0    ·    1    ½    1.5    C 1.5 + ½·D 0.5         = 1.75
    /// C      ½    0    ·    1    1.5    ½·A 2.5 + D 0.5         = 1.75
    /// D      0    ½    0    ·    0.5    ½·B 1.5                 = 0.75
    /// ```
    #[test]
    fn round_robin_of_four_by_hand() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let record = Record::new(
            4,
            vec![
                game(a, b, Outcome::SouthWon),
                game(c, a, Outcome::Draw),
                game(a, d, Outcome::SouthWon),
                game(b, c, Outcome::SouthWon),
                game(d, b, Outcome::Draw),
                game(c, d, Outcome::SouthWon),
            ],
        )
        .unwrap();
        let table = standings(&record, Format::RoundRobin);
        let row = |entrant: usize| *table.iter().find(|s| s.entrant == entrant).unwrap();
        assert_eq!(row(a).points, Points::from_halves(5));
        assert_eq!(row(b).points, Points::from_halves(3));
        assert_eq!(row(c).points, Points::from_halves(3));
        assert_eq!(row(d).points, Points::from_halves(1));
        // A: beat B (1.5) and D (0.5), drew C (1.5): 1.5 + 0.5 + 0.75 = 2.75.
        assert_eq!(row(a).sonneborn_berger.to_string(), "2.75");
        // B: beat C (1.5), drew D (0.5): 1.5 + 0.25.
        assert_eq!(row(b).sonneborn_berger.to_string(), "1.75");
        // C: drew A (2.5), beat D (0.5): 1.25 + 0.5.
        assert_eq!(row(c).sonneborn_berger.to_string(), "1.75");
        // D: drew B (1.5).
        assert_eq!(row(d).sonneborn_berger.to_string(), "0.75");
        // Buchholz: everyone met everyone, so it is the others' points: 8 half-points in all.
        assert_eq!(row(a).buchholz.to_string(), "3.5");
        assert_eq!(row(d).buchholz.to_string(), "5.5");
        // B and C are equal on points and Sonneborn-Berger: they share second, in seeding order.
        let order: Vec<(usize, usize)> = table.iter().map(|s| (s.rank, s.entrant)).collect();
        assert_eq!(order, [(1, a), (2, b), (2, c), (4, d)]);
        assert!(table.iter().all(|s| s.games == 3));
    }

    /// A Swiss of five after two rounds, with a bye and a forfeit; Buchholz separates what points do not.
    #[test]
    fn swiss_buchholz_then_sonneborn_berger_with_a_bye_and_a_forfeit() {
        let record = Record::new(
            5,
            vec![
                // Round 1: 0 beats 3, 1 and 2 draw, 4 has the bye.
                game(0, 3, Outcome::SouthWon),
                game(2, 1, Outcome::Draw),
                Played::Bye { player: 4 },
                // Round 2: 4 beats 0, 1 beats 3, 2 has the bye.
                game(4, 0, Outcome::SouthWon),
                game(1, 3, Outcome::SouthWon),
                Played::Bye { player: 2 },
            ],
        )
        .unwrap();
        // Points: 0: 1, 1: 1.5, 2: 1.5, 3: 0, 4: 2.
        let table = standings(&record, Format::Swiss);
        let shown: Vec<(usize, usize, String, String, String, u32)> = table
            .iter()
            .map(|s| {
                (
                    s.rank,
                    s.entrant,
                    s.points.to_string(),
                    s.buchholz.to_string(),
                    s.sonneborn_berger.to_string(),
                    s.games,
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                // 4: the bye adds nothing; beat 0 (1): Buchholz 1, SB 1.
                (1, 4, "2".into(), "1".into(), "1".into(), 1),
                // 1: drew 2 (1.5), beat 3 (0): Buchholz 1.5, SB 0.75.
                (2, 1, "1.5".into(), "1.5".into(), "0.75".into(), 2),
                // 2: drew 1 (1.5), then the bye: Buchholz 1.5, SB 0.75 — equal to 1 on everything.
                (2, 2, "1.5".into(), "1.5".into(), "0.75".into(), 1),
                // 0: beat 3 (0), lost to 4 (2): Buchholz 2, SB 0.
                (4, 0, "1".into(), "2".into(), "0".into(), 2),
                (5, 3, "0".into(), "2.5".into(), "0".into(), 2),
            ]
        );
        // A forfeit counts its point, and no tie-break or game.
        let mut forfeited = record.clone();
        forfeited
            .push(game(3, 2, Outcome::ForfeitedBy(Player::South)))
            .unwrap();
        let table = standings(&forfeited, Format::Swiss);
        let two = table.iter().find(|s| s.entrant == 2).unwrap();
        assert_eq!(
            (
                two.rank,
                two.points.to_string(),
                two.buchholz.to_string(),
                two.games
            ),
            (1, "2.5".into(), "1.5".into(), 1)
        );
        // 1's Buchholz grows by the point 2 scored by forfeit: opponents count at their whole score.
        assert_eq!(
            table
                .iter()
                .find(|s| s.entrant == 1)
                .unwrap()
                .buchholz
                .to_string(),
            "2.5"
        );
    }
}
