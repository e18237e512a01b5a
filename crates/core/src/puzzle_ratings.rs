//! Puzzles rated both ways, as lichess rates its puzzles: each first answer is a Glicko-2 game between the
//! player and the puzzle, so that a right answer raises the player and lowers the puzzle, and a wrong one
//! the other way round. Two of lichess's weights keep the numbers honest while either side is new:
//!
//! - a player's step is damped while the puzzle is provisional (its own rating still unsure), and a
//!   newcomer's wrong answer always: a first wrong answer costs little;
//! - a player whose rating is still wide open (a newcomer) does not move the puzzle: their answer says
//!   little about it yet.
//!
//! A puzzle starts at its difficulty's rating with Glicko-2's widest deviation, and which puzzle comes
//! next is chosen by the puzzles' ratings: for a newcomer, one drawn for them from the easy ones, then
//! the ones near the player's own. Each player meets the puzzles in an order of their own ([`draw`]), so
//! that a second account's answers are no answers to the first's puzzles.

use namnam_ai::puzzles::Puzzle;
use namnam_game::rng::SeededRng;
use namnam_model::UserId;
use namnam_store::PuzzleRating;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::collections::{HashMap, HashSet};

/// A puzzle whose deviation is at least this is provisional: a player's step against it is damped.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player whose deviation is at least this does not move a puzzle's rating.
pub const CLUELESS_DEVIATION: f64 = 230.0;

/// The share of a player's Glicko-2 step kept against a provisional puzzle: most of a right answer's, a
/// third of a wrong one's (lichess's 1 − 0.2 and 1 − 0.7).
const DAMPED_RIGHT: f64 = 0.8;
const DAMPED_WRONG: f64 = 0.3;

/// Answers a player gives before the puzzles are chosen by their rating: until then, ones drawn for them
/// from the easy ones.
pub const FIRST_EASIEST: u32 = 5;

/// The easy ones a newcomer's puzzles are drawn from: the easiest `1 / EASY_SHARE` of the set by rating
/// (with every puzzle rated as the last of them). Half the built-in set is 253 puzzles, and while no
/// answer has moved them all its 316 of difficulty 1: enough that two newcomers' first five rarely meet
/// (docs/puzzles.md), and still the easy end of the set.
pub const EASY_SHARE: usize = 2;

/// Mixed with a player's id to seed their draw: ids seed other things too (a server's id its daily
/// puzzles' order), and a player's draw must follow none of them.
const DRAW_SALT: u64 = 0x6e61_6d6e_616d_7a6c;

/// How far above the easiest unseen puzzle a newcomer's next one may be.
pub const AS_EASY_WITHIN: f64 = 50.0;

/// How far from the player's rating a puzzle may be and still fit: the first unseen one in the offered
/// order within this, else the nearest.
pub const FITS_WITHIN: f64 = 150.0;

/// A puzzle of `difficulty` (1, 2, 3) that nobody has answered yet: its difficulty's rating, as unsure as
/// Glicko-2 starts anyone.
pub fn puzzle_start(difficulty: u8) -> Glicko2Rating {
    Glicko2Rating {
        rating: match difficulty {
            0 | 1 => 1300.0,
            2 => 1500.0,
            _ => 1700.0,
        },
        ..Glicko2Rating::new()
    }
}

/// A player's puzzle rating as Glicko-2 reads it.
pub fn player_glicko(r: &PuzzleRating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// Both ratings after one answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    pub player: Glicko2Rating,
    pub puzzle: Glicko2Rating,
}

/// One answer, `solved` or not, by `player` to `puzzle`: Glicko-2 for both, then the weights above.
pub fn rate(player: &Glicko2Rating, puzzle: &Glicko2Rating, solved: bool) -> Rated {
    let outcome = match solved {
        true => Outcomes::WIN,
        false => Outcomes::LOSS,
    };
    let (player_raw, puzzle_raw) = glicko2(player, puzzle, &outcome, &Glicko2Config::new());
    // A newcomer's miss is damped against a settled puzzle too: otherwise a first wrong answer would cost
    // little only while the easy puzzles are new, and about 300 once regular players have settled them.
    let newcomer = !moves_the_puzzle(player);
    let weight = match (puzzle.deviation >= PROVISIONAL_DEVIATION, solved) {
        (_, false) if newcomer => DAMPED_WRONG,
        (false, _) => 1.0,
        (true, true) => DAMPED_RIGHT,
        (true, false) => DAMPED_WRONG,
    };
    Rated {
        player: towards(player, &player_raw, weight),
        puzzle: match moves_the_puzzle(player) {
            true => puzzle_raw,
            false => *puzzle,
        },
    }
}

/// Whether `player`'s answers move a puzzle's rating: not while their own rating is still wide open.
pub fn moves_the_puzzle(player: &Glicko2Rating) -> bool {
    player.deviation < CLUELESS_DEVIATION
}

/// `from` moved `weight` of the way to `to`, each of the three numbers.
fn towards(from: &Glicko2Rating, to: &Glicko2Rating, weight: f64) -> Glicko2Rating {
    let mix = |a: f64, b: f64| a + (b - a) * weight;
    Glicko2Rating {
        rating: mix(from.rating, to.rating),
        deviation: mix(from.deviation, to.deviation),
        volatility: mix(from.volatility, to.volatility),
    }
}

/// Where `puzzle` comes in `player`'s own order: drawn from the player's id (with [`DRAW_SALT`]) and the
/// puzzle's key alone, so that each player has an order of their own, the same every time, and a puzzle's
/// place in it does not depend on which others are candidates (a wrong answer, or a puzzle's rating
/// moving, changes nothing of the rest of the order).
fn place_in_draw(player: UserId, puzzle: &Puzzle) -> (u64, String) {
    let key = puzzle.source.to_string();
    // FNV-1a: a fixed hash of the key, the same on every machine and every Rust (std's is not promised).
    let hashed = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let place = SeededRng::for_item(player.0 ^ DRAW_SALT, hashed).next_u64();
    // The key breaks a tie, so that the order is total.
    (place, key)
}

/// `player`'s draw among `candidates` (their unseen easy puzzles): the first of them in the player's own
/// order ([`place_in_draw`]). Drawn per player, so that two newcomers rarely meet the same puzzle, and the
/// same for a player every time, so that the next draw after any answer is the next in their order.
/// Whatever narrows the candidates (the rules the player was taught) filters them before this.
pub fn draw<'a>(player: UserId, candidates: &[&'a Puzzle]) -> Option<&'a Puzzle> {
    candidates
        .iter()
        .copied()
        .min_by_key(|p| place_in_draw(player, p))
}

/// The set in the order puzzles are offered to `player`: each theme's puzzles in the player's own order,
/// dealt one theme at a time, so that a player meets every theme early and never a long run of one.
pub fn offered_order(set: &[Puzzle], player: UserId) -> Vec<&Puzzle> {
    dealt(set.iter(), player)
}

/// `puzzles` dealt one theme at a time, each theme's in `player`'s own order.
fn dealt<'a>(puzzles: impl Iterator<Item = &'a Puzzle> + Clone, player: UserId) -> Vec<&'a Puzzle> {
    use namnam_ai::puzzles::Theme;
    let by_theme: Vec<Vec<&Puzzle>> = Theme::ALL
        .iter()
        .map(|theme| {
            let mut run: Vec<(_, &Puzzle)> = puzzles
                .clone()
                .filter(|p| p.theme == *theme)
                .map(|p| (place_in_draw(player, p), p))
                .collect();
            run.sort_by(|a, b| a.0.cmp(&b.0));
            run.into_iter().map(|(_, p)| p).collect()
        })
        .collect();
    let longest = by_theme.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|i| by_theme.iter().filter_map(move |run| run.get(i).copied()))
        .collect()
}

/// The easy ones of `set`: the easiest `1 / EASY_SHARE` of it by `rating_of` (at least one), with every
/// puzzle rated as the last of them, so that puzzles alike are all in or all out.
fn easy_ones(set: &[Puzzle], rating_of: impl Fn(&Puzzle) -> f64) -> Vec<&Puzzle> {
    let mut ratings: Vec<f64> = set.iter().map(&rating_of).collect();
    ratings.sort_by(f64::total_cmp);
    let Some(&bar) = ratings.get((set.len() / EASY_SHARE).max(1) - 1) else {
        return Vec::new();
    };
    set.iter().filter(|p| rating_of(p) <= bar).collect()
}

/// The next puzzle for `player`, who has been shown `shown` (puzzle keys), with the puzzles' ratings
/// (`ratings`, by key; a puzzle without one is at its start). For a player with fewer than
/// [`FIRST_EASIEST`] answers, one [`draw`]n for them from the unseen easy ones ([`easy_ones`]); once they
/// have seen all of those (a small set), the easiest unseen one (among those within [`AS_EASY_WITHIN`] of
/// it, the themes dealt in turn). After that, the first unseen one in the player's offered order whose
/// rating is within [`FITS_WITHIN`] of the player's, else the nearest.
pub fn next_puzzle<'a>(
    set: &'a [Puzzle],
    shown: &HashSet<String>,
    player: &PuzzleRating,
    ratings: &HashMap<String, f64>,
) -> Option<&'a Puzzle> {
    let rating_of = |p: &Puzzle| {
        ratings
            .get(&p.source.to_string())
            .copied()
            .unwrap_or_else(|| puzzle_start(p.difficulty()).rating)
    };
    let is_unseen = |p: &&Puzzle| !shown.contains(&p.source.to_string());
    let unseen: Vec<&Puzzle> = offered_order(set, player.player)
        .into_iter()
        .filter(is_unseen)
        .collect();
    if player.attempts < FIRST_EASIEST {
        let candidates: Vec<&Puzzle> = easy_ones(set, rating_of)
            .into_iter()
            .filter(is_unseen)
            .collect();
        if let Some(drawn) = draw(player.player, &candidates) {
            return Some(drawn);
        }
        // The easiest unseen, and those as easy: dealt by theme on their own (seen ones too, so that
        // the deal goes on where it was), so that the first few meet every theme.
        let easiest = unseen.iter().map(|p| rating_of(p)).min_by(f64::total_cmp)?;
        let easy = set
            .iter()
            .filter(|p| rating_of(p) <= easiest + AS_EASY_WITHIN);
        return dealt(easy, player.player).into_iter().find(is_unseen);
    }
    let distance = |p: &Puzzle| (rating_of(p) - player.rating).abs();
    unseen
        .iter()
        .copied()
        .find(|p| distance(p) <= FITS_WITHIN)
        .or_else(|| {
            unseen
                .into_iter()
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_ai::puzzles::Theme;
    use namnam_model::UserId;

    fn newcomer() -> Glicko2Rating {
        Glicko2Rating::new()
    }

    fn settled(rating: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation: 70.0,
            ..Glicko2Rating::new()
        }
    }

    #[test]
    fn a_right_answer_lowers_the_puzzle_and_a_wrong_one_raises_it() {
        let puzzle = puzzle_start(2);
        let right = rate(&settled(1500.0), &puzzle, true);
        let wrong = rate(&settled(1500.0), &puzzle, false);
        assert!(right.puzzle.rating < puzzle.rating, "{right:?}");
        assert!(wrong.puzzle.rating > puzzle.rating, "{wrong:?}");
        assert!(right.player.rating > 1500.0 && wrong.player.rating < 1500.0);
        // A settled player's answer narrows the puzzle's deviation: it learns from each answer.
        assert!(right.puzzle.deviation < puzzle.deviation);
    }

    #[test]
    fn a_newcomer_does_not_move_the_puzzle() {
        let puzzle = puzzle_start(1);
        for solved in [true, false] {
            let rated = rate(&newcomer(), &puzzle, solved);
            assert_eq!(rated.puzzle, puzzle, "solved: {solved}");
            assert_ne!(rated.player, newcomer());
        }
    }

    #[test]
    fn a_first_wrong_answer_costs_little() {
        // A newcomer's first puzzle is among the easiest, still provisional.
        let cost = newcomer().rating - rate(&newcomer(), &puzzle_start(1), false).player.rating;
        // Glicko-2 alone would take about 231 points (a third of the step is kept).
        let undamped = newcomer().rating
            - glicko2(
                &newcomer(),
                &puzzle_start(1),
                &Outcomes::LOSS,
                &Glicko2Config::new(),
            )
            .0
            .rating;
        assert!((200.0..260.0).contains(&undamped), "{undamped}");
        assert!(
            cost > 0.0 && cost < 80.0,
            "a first wrong answer cost {cost}"
        );
        // Once the puzzle is settled by regular players, a newcomer's miss still costs little…
        let settled_puzzle = Glicko2Rating {
            deviation: 60.0,
            ..puzzle_start(1)
        };
        let later = newcomer().rating - rate(&newcomer(), &settled_puzzle, false).player.rating;
        assert!(
            later > 0.0 && later < 100.0,
            "a newcomer's miss of a settled puzzle cost {later}"
        );
        // …and a settled player's costs the whole step.
        let full = 1300.0 - rate(&settled(1300.0), &settled_puzzle, false).player.rating;
        let undamped = 1300.0
            - glicko2(
                &settled(1300.0),
                &settled_puzzle,
                &Outcomes::LOSS,
                &Glicko2Config::new(),
            )
            .0
            .rating;
        assert_eq!(full, undamped);
    }

    fn player(attempts: u32, rating: f64) -> PuzzleRating {
        player_of(UserId(1), attempts, rating)
    }

    fn player_of(id: UserId, attempts: u32, rating: f64) -> PuzzleRating {
        PuzzleRating {
            player: id,
            rating,
            deviation: 350.0,
            volatility: 0.06,
            attempts,
            solved: 0,
            streak: 0,
            best_streak: 0,
        }
    }

    #[test]
    fn the_offered_order_deals_the_themes_in_turn() {
        let set = namnam_ai::puzzles::built_in();
        let order = offered_order(&set, UserId(1));
        assert_eq!(order.len(), set.len(), "every puzzle, once");
        let themes: HashSet<Theme> = set.iter().map(|p| p.theme).collect();
        // The first round of the deal holds one puzzle of each theme.
        let first: HashSet<Theme> = order.iter().take(themes.len()).map(|p| p.theme).collect();
        assert_eq!(first, themes);
        // Each player's own: another player's deal starts elsewhere.
        assert_ne!(
            order[..themes.len()],
            offered_order(&set, UserId(2))[..themes.len()]
        );
    }

    /// The keys of the first five puzzles `id` is offered as a newcomer (each answered, none rated).
    fn first_five(set: &[Puzzle], id: UserId, ratings: &HashMap<String, f64>) -> Vec<String> {
        let mut shown = HashSet::new();
        let mut keys = Vec::new();
        for attempts in 0..FIRST_EASIEST {
            let p = next_puzzle(set, &shown, &player_of(id, attempts, 1500.0), ratings)
                .expect("a puzzle");
            shown.insert(p.source.to_string());
            keys.push(p.source.to_string());
        }
        keys
    }

    #[test]
    fn a_newcomer_gets_easy_puzzles_drawn_for_them() {
        let set = namnam_ai::puzzles::built_in();
        let mut ratings = HashMap::new();
        // One difficulty-1 puzzle has been found harder than the rest by its answers.
        let hard = set
            .iter()
            .find(|p| p.difficulty() == 1)
            .expect("a difficulty-1 puzzle");
        ratings.insert(hard.source.to_string(), 1450.0);
        let mut shown = HashSet::new();
        let easiest = set.iter().filter(|p| p.difficulty() == 1).count() - 1;
        for _ in 0..easiest.min(40) {
            let p = next_puzzle(&set, &shown, &player(0, 1500.0), &ratings).expect("a puzzle");
            assert_eq!(p.difficulty(), 1, "{}", p.source);
            assert_ne!(p.source, hard.source, "the harder one waits");
            shown.insert(p.source.to_string());
        }
        // The same player's draw is the same every time; another player's is another.
        let alice = first_five(&set, UserId(1), &ratings);
        assert_eq!(alice, first_five(&set, UserId(1), &ratings));
        assert_ne!(alice[0], first_five(&set, UserId(2), &ratings)[0]);
    }

    #[test]
    fn once_answers_spread_the_ratings_the_easy_ones_are_the_easiest_half() {
        let set = namnam_ai::puzzles::built_in();
        // Every puzzle settled at a rating of its own: 1000, 1001, … in the set's order.
        let ratings: HashMap<String, f64> = set
            .iter()
            .enumerate()
            .map(|(i, p)| (p.source.to_string(), 1000.0 + i as f64))
            .collect();
        let easy = easy_ones(&set, |p| ratings[&p.source.to_string()]);
        assert_eq!(easy.len(), set.len() / EASY_SHARE);
        let bar = 1000.0 + (set.len() / EASY_SHARE - 1) as f64;
        for id in 1..50 {
            for key in first_five(&set, UserId(id), &ratings) {
                assert!(ratings[&key] <= bar, "{key} at {}", ratings[&key]);
            }
        }
        // A set of three has one easy puzzle: the easiest.
        let three = &set[..3];
        let easiest = three
            .iter()
            .min_by(|a, b| {
                ratings[&a.source.to_string()].total_cmp(&ratings[&b.source.to_string()])
            })
            .unwrap();
        let easy = easy_ones(three, |p| ratings[&p.source.to_string()]);
        assert_eq!(easy.len(), 1);
        assert_eq!(easy[0].source, easiest.source);
    }

    /// Four hundred newcomers, each pair compared: how many share their first puzzle, and how many any
    /// of their first five. Drawn from the 316 easy puzzles, about 1 pair in 316 and 1 in 13 would
    /// (docs/puzzles.md); with one order for all (the rule before), every pair shared all five.
    #[test]
    fn two_newcomers_rarely_share_a_puzzle() {
        let set = namnam_ai::puzzles::built_in();
        let ratings = HashMap::new();
        // Discord's ids are large: spread like them, one a millisecond apart.
        let firsts: Vec<Vec<String>> = (0..400u64)
            .map(|i| {
                first_five(
                    &set,
                    UserId(1_100_000_000_000_000_000 + (i << 22)),
                    &ratings,
                )
            })
            .collect();
        let (mut pairs, mut same_first, mut any_shared) = (0, 0, 0);
        for (i, a) in firsts.iter().enumerate() {
            for b in &firsts[i + 1..] {
                pairs += 1;
                same_first += usize::from(a[0] == b[0]);
                any_shared += usize::from(a.iter().any(|k| b.contains(k)));
            }
        }
        let (first, any) = (
            same_first as f64 / pairs as f64,
            any_shared as f64 / pairs as f64,
        );
        println!("{pairs} pairs: {first:.4} share the first puzzle, {any:.4} any of five");
        assert!(first < 0.006, "{same_first} of {pairs} share the first");
        assert!(any < 0.10, "{any_shared} of {pairs} share one of five");
    }

    #[test]
    fn a_settled_player_gets_puzzles_near_their_rating_and_never_one_seen() {
        let set = namnam_ai::puzzles::built_in();
        let ratings = HashMap::new();
        for rating in [1200.0, 1500.0, 1800.0] {
            let mut shown = HashSet::new();
            let mut last_distance = 0.0;
            while let Some(p) = next_puzzle(&set, &shown, &player(20, rating), &ratings) {
                assert!(
                    shown.insert(p.source.to_string()),
                    "{} shown twice",
                    p.source
                );
                // The fitting ones first, then ever further ones.
                let distance = (puzzle_start(p.difficulty()).rating - rating).abs();
                assert!(
                    distance <= FITS_WITHIN || distance >= last_distance,
                    "{} at {distance} after {last_distance}",
                    p.source
                );
                last_distance = last_distance.max(distance);
            }
            assert_eq!(shown.len(), set.len(), "every puzzle in the end");
        }
    }
}
