//! Swiss pairing: the next round from the games so far, for at most [`max_rounds`] rounds.
//!
//! The rules, all kept at once:
//!
//! - hard: nobody meets the same opponent twice; after the game, nobody's South and North counts differ by
//!   more than 2, and nobody has the same side three games running; at most one bye each, and a bye exactly
//!   when the field still in is odd; every entrant still in is paired;
//! - soft, in this order: the bye to the lowest score (and there to the lowest ranked); equal or close
//!   scores paired together; each player on the side they are due; within a score group, the top half
//!   against the bottom half (the Dutch system's shape, which keeps the leaders apart until they must meet).
//!
//! All of them go into one maximum-weight matching of the graph whose vertices are the entrants still in
//! (and a dummy vertex for the bye when they are odd). A hard rule removes an edge; the soft rules are the
//! weight, as digits of one number: each rule's unit is one more than the most that all rules below it can
//! add up to over a whole round, so a rule never gives way to any number of lesser ones, and a base of the
//! next unit up makes every pairing of everyone weigh more than any pairing that leaves someone out.
//! The weights and why: [tournaments.md](../../../docs/tournaments.md), "Pairing".

use std::cmp::Ordering;

use super::matching::{max_weight_matching, Edge};
use super::standings::{points, Points};
use super::{Outcome, Pairing, Played, Record, Round};
use namnam_game::Player;

/// The most rounds a Swiss of `entrants` can be promised: ⌈n/2⌉. Up to then, each entrant has met fewer
/// than half the field, and a pairing without a repeat exists (Dirac: a graph whose every vertex has at least
/// half the others as neighbours has a Hamiltonian cycle, so a perfect matching when the field is even).
pub fn max_rounds(entrants: usize) -> usize {
    entrants.div_ceil(2)
}

/// Why no round can be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SwissError {
    #[error("withdrawn entrant {entrant} is not one of the {entrants} entrants")]
    UnknownEntrant { entrant: usize, entrants: usize },
    #[error("a field of {active} is too large to weigh its pairings")]
    FieldTooLarge { active: usize },
    #[error(
        "no pairing of the {active} entrants still in keeps every rule (no repeat, the side rule, one bye each)"
    )]
    NoPairing { active: usize },
}

/// The next round of a Swiss whose games so far are `record`, the entrants in `withdrawn` left out.
///
/// A player's sides are those of the games played over the board: a bye or a forfeit gives no side. A
/// forfeited game still counts as a meeting. Within each game the one due South gets it: the one who has
/// played South less (counted against North), else the one whose last game was on North, else the higher
/// ranked gets the side they are due (South in their first game). The games come best-ranked first.
///
/// ```
/// use namnam_tournament::{swiss::pair_round, Record};
///
/// let round = pair_round(&Record::empty(5), &[]).unwrap();
/// assert_eq!(round.games.len(), 2);
/// assert_eq!(round.bye, Some(4)); // the lowest seed of the lowest score
/// ```
pub fn pair_round(record: &Record, withdrawn: &[usize]) -> Result<Round, SwissError> {
    let entrants = record.entrants();
    let mut active = vec![true; entrants];
    for &entrant in withdrawn {
        *active
            .get_mut(entrant)
            .ok_or(SwissError::UnknownEntrant { entrant, entrants })? = false;
    }
    let field = field(record, &active);
    let met = met(record);
    let vertices = field.len() + field.len() % 2;
    let bye = (field.len() % 2 == 1).then_some(field.len());

    let weights = Weights::new(&field).ok_or(SwissError::FieldTooLarge {
        active: field.len(),
    })?;
    let mut edges: Vec<Edge> = Vec::new();
    for (a, high) in field.iter().enumerate() {
        for (b, low) in field.iter().enumerate().skip(a + 1) {
            if met[high.id][low.id] {
                continue;
            }
            if let Some((_, due)) = sides(high, low) {
                edges.push((a, b, weights.game(&field, a, b, due)));
            }
        }
        if let Some(dummy) = bye {
            if !high.had_bye {
                edges.push((a, dummy, weights.bye(&field, a)));
            }
        }
    }

    let mate = max_weight_matching(vertices, &edges);
    let mut round = Round {
        games: Vec::new(),
        bye: None,
    };
    for (a, partner) in mate.iter().enumerate().take(field.len()) {
        match *partner {
            None => {
                return Err(SwissError::NoPairing {
                    active: field.len(),
                })
            }
            Some(b) if Some(b) == bye => round.bye = Some(field[a].id),
            Some(b) if a < b => {
                let (pairing, _) = sides(&field[a], &field[b])
                    .expect("only edges that keep the side rule are given");
                round.games.push(pairing);
            }
            Some(_) => {}
        }
    }
    Ok(round)
}

/// What the pairing knows of one entrant still in.
#[derive(Debug)]
struct Entrant {
    id: usize,
    score: Points,
    had_bye: bool,
    sides: Sides,
}

/// The entrants still in, best first (by score, then seeding): a vertex of the matching is a place here.
fn field(record: &Record, active: &[bool]) -> Vec<Entrant> {
    let score = points(record);
    let mut had_bye = vec![false; record.entrants()];
    let mut sides = vec![Sides::default(); record.entrants()];
    for played in record.games() {
        match *played {
            Played::Bye { player } => had_bye[player] = true,
            Played::Game {
                outcome: Outcome::ForfeitedBy(_),
                ..
            } => {}
            Played::Game { south, north, .. } => {
                sides[south].push(Player::South);
                sides[north].push(Player::North);
            }
        }
    }
    let mut field: Vec<Entrant> = (0..record.entrants())
        .filter(|&id| active[id])
        .map(|id| Entrant {
            id,
            score: score[id],
            had_bye: had_bye[id],
            sides: sides[id],
        })
        .collect();
    field.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    field
}

/// Who has met whom, forfeits included, by entrant.
fn met(record: &Record) -> Vec<Vec<bool>> {
    let mut met = vec![vec![false; record.entrants()]; record.entrants()];
    for played in record.games() {
        if let Played::Game { south, north, .. } = *played {
            met[south][north] = true;
            met[north][south] = true;
        }
    }
    met
}

/// An entrant's sides so far, over the board.
#[derive(Clone, Copy, Debug, Default)]
struct Sides {
    south: u32,
    north: u32,
    last: Option<Player>,
    /// How many games running the last side was played.
    run: u32,
}

impl Sides {
    fn push(&mut self, side: Player) {
        match side {
            Player::South => self.south += 1,
            Player::North => self.north += 1,
        }
        self.run = if self.last == Some(side) {
            self.run + 1
        } else {
            1
        };
        self.last = Some(side);
    }

    fn count(&self, side: Player) -> u32 {
        match side {
            Player::South => self.south,
            Player::North => self.north,
        }
    }

    /// Whether playing `side` next keeps the side rule.
    fn allows(&self, side: Player) -> bool {
        let after = self.count(side) + 1;
        after <= self.count(side.other()) + 2 && !(self.last == Some(side) && self.run >= 2)
    }

    /// How much South is owed: South played less than North, then the run of Norths last (a run of Souths
    /// counts against). Positive means due South, negative due North, zero no preference (no game yet).
    fn south_claim(&self) -> (i64, i64) {
        let run = i64::from(self.run);
        let last = match self.last {
            Some(Player::North) => run,
            Some(Player::South) => -run,
            None => 0,
        };
        (i64::from(self.north) - i64::from(self.south), last)
    }

    /// The side this entrant is due: the one played less, else the other of the last; none before the first.
    fn due(&self) -> Option<Player> {
        match self.south_claim().cmp(&(0, 0)) {
            Ordering::Greater => Some(Player::South),
            Ordering::Less => Some(Player::North),
            Ordering::Equal => None,
        }
    }
}

/// The sides of a game of `high` (the better ranked) against `low`, and how many of the two get the side
/// they are due (2 when both do); none when no way round keeps the side rule for both.
fn sides(high: &Entrant, low: &Entrant) -> Option<(Pairing, u32)> {
    let keeps = |south: &Entrant, north: &Entrant| {
        south.sides.allows(Player::South) && north.sides.allows(Player::North)
    };
    let high_south = match (keeps(high, low), keeps(low, high)) {
        (false, false) => return None,
        (only_way, false) => only_way,
        (false, true) => false,
        // The greater claim to South gets it, which gives each their due whenever the two are due different
        // sides (a claim is positive exactly when South is due); equal claims, the higher ranked's due.
        (true, true) => match high.sides.south_claim().cmp(&low.sides.south_claim()) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => high.sides.due() != Some(Player::North),
        },
    };
    let (south, north) = if high_south { (high, low) } else { (low, high) };
    let gets_due = |entrant: &Entrant, side: Player| {
        u32::from(entrant.sides.due().map_or(true, |due| due == side))
    };
    Some((
        Pairing {
            south: south.id,
            north: north.id,
        },
        gets_due(south, Player::South) + gets_due(north, Player::North),
    ))
}

/// The soft rules, lowest first: each weighs a value from 0 to its most, per edge.
#[derive(Clone, Copy)]
enum Rule {
    /// Within a score group, the top half against the bottom half.
    Halves,
    /// Among the candidates for the bye of equal score, the lowest ranked.
    ByeRank,
    /// Each player on the side they are due.
    DueSides,
    /// Close scores: the most squared score difference less this game's.
    Scores,
    /// The bye to the lowest score: the top score less the bye's.
    ByeScore,
}

const RULES: usize = 5;

/// The weight of each edge, as the digits of one number (see the module's documentation).
struct Weights {
    /// `unit[rule]`; `unit[RULES]` is the base every edge has, which makes the matching one of everyone.
    unit: [i128; RULES + 1],
    /// The field's size, the most value of [`Rule::Halves`] and [`Rule::ByeRank`].
    size: i128,
    most_squared_difference: i128,
    top_score: i128,
    /// Each place's place within its score group, and the group's size.
    in_group: Vec<(usize, usize)>,
}

impl Weights {
    /// None when the weights would not fit (a field of thousands), with room left for the solver's sums.
    fn new(field: &[Entrant]) -> Option<Weights> {
        let halves = |entrant: &Entrant| i128::from(entrant.score.halves());
        let top_score = field.first().map_or(0, halves);
        let bottom_score = field.last().map_or(0, halves);
        let size = field.len() as i128;
        let most_squared_difference = (top_score - bottom_score).pow(2);
        let most = |rule: Rule| match rule {
            Rule::Halves | Rule::ByeRank => size,
            Rule::DueSides => 2,
            Rule::Scores => most_squared_difference,
            Rule::ByeScore => top_score - bottom_score,
        };
        // A round has this many edges, the bye's included: no rule can add up to more than its most times it.
        let edges = (size + 1) / 2;
        let mut unit = [1_i128; RULES + 1];
        for (at, rule) in [
            Rule::Halves,
            Rule::ByeRank,
            Rule::DueSides,
            Rule::Scores,
            Rule::ByeScore,
        ]
        .into_iter()
        .enumerate()
        {
            // By induction, unit[at] - 1 is the most the rules below can add up to; this rule adds at most
            // edges × most units more.
            unit[at + 1] = unit[at].checked_mul(edges.checked_mul(most(rule))? + 1)?;
        }
        // An edge weighs less than two bases; the solver adds and doubles weights of its own.
        if unit[RULES] > i128::MAX / 64 {
            return None;
        }
        let mut in_group = Vec::with_capacity(field.len());
        let mut start = 0;
        while start < field.len() {
            let end = start
                + field[start..]
                    .iter()
                    .take_while(|e| e.score == field[start].score)
                    .count();
            in_group.extend((0..end - start).map(|place| (place, end - start)));
            start = end;
        }
        Some(Weights {
            unit,
            size,
            most_squared_difference,
            top_score,
            in_group,
        })
    }

    fn weigh(&self, values: &[(Rule, i128)]) -> i128 {
        self.unit[RULES]
            + values
                .iter()
                .map(|&(rule, value)| self.unit[rule as usize] * value)
                .sum::<i128>()
    }

    /// A game between the places `a < b` of the field, `due` of the two on their due side.
    fn game(&self, field: &[Entrant], a: usize, b: usize, due: u32) -> i128 {
        let difference = i128::from(field[a].score.halves()) - i128::from(field[b].score.halves());
        let scores = self.most_squared_difference - difference.pow(2);
        let halves = if field[a].score == field[b].score {
            // Place i of a group of g meets place i + g/2 at best.
            let (place_a, size) = self.in_group[a];
            let (place_b, _) = self.in_group[b];
            let offset = (place_b - place_a) as i128;
            self.size - (offset - (size / 2) as i128).abs()
        } else {
            0
        };
        self.weigh(&[
            (Rule::Scores, scores),
            (Rule::DueSides, i128::from(due)),
            (Rule::Halves, halves),
        ])
    }

    /// The bye for place `a` of the field.
    fn bye(&self, field: &[Entrant], a: usize) -> i128 {
        let below_top = self.top_score - i128::from(field[a].score.halves());
        self.weigh(&[(Rule::ByeScore, below_top), (Rule::ByeRank, a as i128)])
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
    fn first_round_pairs_top_half_against_bottom_half() {
        let round = pair_round(&Record::empty(8), &[]).unwrap();
        let pairs: Vec<(usize, usize)> = round.games.iter().map(|g| (g.south, g.north)).collect();
        assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)]);
        assert_eq!(round.bye, None);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_score_without_one() {
        // After round 1, 2 is last (a loss), and 4's bye scored a win.
        let record = Record::new(
            5,
            vec![
                game(0, 2, Outcome::SouthWon),
                game(3, 1, Outcome::Draw),
                Played::Bye { player: 4 },
            ],
        )
        .unwrap();
        let round = pair_round(&record, &[]).unwrap();
        assert_eq!(round.bye, Some(2));
        // A withdrawn player is not paired, and the field of four needs no bye.
        let round = pair_round(&record, &[2]).unwrap();
        assert_eq!(round.bye, None);
        assert_eq!(round.games.len(), 2);
        assert!(round.games.iter().all(|g| g.south != 2 && g.north != 2));
    }

    #[test]
    fn sides_follow_who_is_due() {
        let record = Record::new(
            4,
            vec![game(0, 1, Outcome::SouthWon), game(2, 3, Outcome::SouthWon)],
        )
        .unwrap();
        let round = pair_round(&record, &[]).unwrap();
        // The winners meet (0 is ranked higher and gets North, the side it is due), and so do the losers
        // (both due South: 1, ranked higher, gets it).
        assert_eq!(
            round.games,
            [
                Pairing { south: 2, north: 0 },
                Pairing { south: 1, north: 3 }
            ]
        );
    }

    #[test]
    fn unknown_withdrawn_entrant_and_impossible_pairing_are_errors() {
        assert_eq!(
            pair_round(&Record::empty(2), &[2]),
            Err(SwissError::UnknownEntrant {
                entrant: 2,
                entrants: 2
            })
        );
        let record = Record::new(2, vec![game(0, 1, Outcome::Draw)]).unwrap();
        assert_eq!(
            pair_round(&record, &[]),
            Err(SwissError::NoPairing { active: 2 })
        );
        // One entrant left, who has had the bye: nothing to give.
        let record = Record::new(2, vec![Played::Bye { player: 0 }]).unwrap();
        assert_eq!(
            pair_round(&record, &[1]),
            Err(SwissError::NoPairing { active: 1 })
        );
    }

    #[test]
    fn side_rule_is_hard() {
        let mut sides = Sides::default();
        sides.push(Player::South);
        sides.push(Player::South);
        assert!(!sides.allows(Player::South));
        assert_eq!(sides.due(), Some(Player::North));
        sides.push(Player::North);
        // S S N: South and North differ by 1, the last run is one North: either side keeps the rule.
        assert!(sides.allows(Player::South) && sides.allows(Player::North));
        assert_eq!(sides.due(), Some(Player::North));
        let mut leaning = Sides::default();
        for side in [
            Player::South,
            Player::North,
            Player::South,
            Player::South,
            Player::North,
            Player::South,
        ] {
            leaning.push(side);
        }
        // Four Souths, two Norths: a fifth South would make the counts differ by 3.
        assert!(!leaning.allows(Player::South));
    }
}
