//! Puzzles: a position with one clearly best move (`namnam_ai::puzzles`), shown privately with a button per
//! legal house; the answer judged at once against the best move; one puzzle rating per player, across
//! servers (a puzzle is the same everywhere), apart from the match ratings.
//!
//! A puzzle shown is an attempt in the database (`puzzle_attempts`); the player's current puzzle is their
//! latest unanswered one, shown again until it is answered, so that asking again never skips a hard one.
//! Only the first answer counts: the attempt's answer is written once, in the transaction that moves the
//! rating. A puzzle's side of Glicko-2 is a fixed rating by its difficulty.

use super::vocabulary::{PuzzleRefusal, Request};
use namnam_model::UserId;
use std::collections::HashSet;

use super::error::{CoreError, InternalError};
use super::explanations::{explanation_words, move_words};
use super::message::{Arg, Text};
use super::pictures;
use super::ratings::PROVISIONAL_GAMES;
use super::reply::{Action, Pressed, Reply};
use super::vocabulary::actions::ActionId;
use super::Core;
use namnam_ai::puzzles::{Puzzle, Theme};
use namnam_game::{House, MoveRecord, Player};
use namnam_store::{self as store, PuzzleAnswer, PuzzleAttempt, PuzzleForm, PuzzleRating, WriteTx};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A puzzle's side of Glicko-2: a fixed rating by difficulty (1, 2, 3), sure of itself.
pub fn puzzle_rating(difficulty: u8) -> Glicko2Rating {
    Glicko2Rating {
        rating: match difficulty {
            0 | 1 => 1300.0,
            2 => 1500.0,
            _ => 1700.0,
        },
        deviation: 60.0,
        ..Glicko2Rating::new()
    }
}

/// The difficulty that fits a player's puzzle rating.
pub fn fitting_difficulty(rating: f64) -> u8 {
    if rating < 1400.0 {
        1
    } else if rating < 1600.0 {
        2
    } else {
        3
    }
}

/// The set in the order puzzles are offered: each theme's puzzles in the set's order, dealt one theme at
/// a time, so that a player meets every theme early and never a long run of one.
pub fn offered_order(set: &[Puzzle]) -> Vec<&Puzzle> {
    let by_theme: Vec<Vec<&Puzzle>> = Theme::ALL
        .iter()
        .map(|theme| set.iter().filter(|p| p.theme == *theme).collect())
        .collect();
    let longest = by_theme.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|i| by_theme.iter().filter_map(move |run| run.get(i).copied()))
        .collect()
}

/// The next puzzle for a player rated `rating` who has been shown `shown` (puzzle keys): the first unseen
/// one in the offered order whose difficulty fits the rating, else the first unseen one.
pub fn next_puzzle<'a>(
    set: &'a [Puzzle],
    shown: &HashSet<String>,
    rating: f64,
) -> Option<&'a Puzzle> {
    let order = offered_order(set);
    let unseen = || {
        order
            .iter()
            .copied()
            .filter(|p| !shown.contains(&p.source.to_string()))
    };
    let fit = fitting_difficulty(rating);
    unseen()
        .find(|p| p.difficulty() == fit)
        .or_else(|| unseen().next())
}

fn theme_words(theme: Theme) -> Text {
    Text::message(
        "puzzle-theme",
        [(
            "theme",
            Arg::Text(Text::message(&format!("puzzle-theme-{}", theme.name()), [])),
        )],
    )
}

/// A fresh player's puzzle rating.
fn fresh(player: UserId) -> PuzzleRating {
    let new = Glicko2Rating::new();
    PuzzleRating {
        player,
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        attempts: 0,
        solved: 0,
        streak: 0,
        best_streak: 0,
    }
}

/// `1512`, or `1512?` while provisional (fewer than [`PROVISIONAL_GAMES`] puzzles answered), as match
/// ratings show it.
fn shown_rating(r: &PuzzleRating) -> String {
    super::ratings::show_rating(r.rating, r.attempts)
}

/// The attempt an answer is for: the button's `attempt` (refused unless it is the player's own), else the
/// player's current puzzle.
async fn attempt_answered(
    tx: &mut WriteTx,
    player: UserId,
    attempt: Option<i64>,
) -> Result<PuzzleAttempt, CoreError> {
    let shown = match attempt {
        Some(id) => store::load_puzzle_attempt(&mut **tx, id)
            .await?
            .filter(|a| a.player == player)
            .ok_or(PuzzleRefusal::PuzzleNotYours)?,
        None => store::current_puzzle(&mut **tx, player)
            .await?
            .ok_or(PuzzleRefusal::NoPuzzle)?,
    };
    Ok(shown)
}

/// Moves a player's puzzle rating by one answer to a puzzle of `difficulty`: Glicko-2 against the
/// puzzle's fixed rating ([`puzzle_rating`]), then the attempts, the puzzles solved and the streaks.
fn rate_answer(r: &mut PuzzleRating, difficulty: u8, solved: bool) {
    let outcome = match solved {
        true => Outcomes::WIN,
        false => Outcomes::LOSS,
    };
    let (new, _) = glicko2(
        &Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        },
        &puzzle_rating(difficulty),
        &outcome,
        &Glicko2Config::new(),
    );
    r.rating = new.rating;
    r.deviation = new.deviation;
    r.volatility = new.volatility;
    r.attempts += 1;
    if solved {
        r.solved += 1;
        r.streak += 1;
        r.best_streak = r.best_streak.max(r.streak);
    } else {
        r.streak = 0;
    }
}

/// The server's daily puzzle: the answer also counts in that day's tally (the first one only), in the
/// server the puzzle was shown in.
async fn count_in_daily(
    tx: &mut WriteTx,
    req: &Request,
    shown: &PuzzleAttempt,
    answer: PuzzleAnswer,
) -> Result<(), CoreError> {
    // Only a server has a daily puzzle.
    let Some(server) = shown.server.or(req.place.server()) else {
        return Ok(());
    };
    let now = answer.at;
    if let Some(daily) = store::daily_of_puzzle(&mut **tx, server, &shown.puzzle, now).await? {
        let answer = store::DailyAnswer {
            player: req.user.id,
            name: req.user.name.clone(),
            house: answer.house,
            solved: answer.solved,
            answered_at: now,
        };
        store::record_daily_answer(tx, server, daily.day, &answer).await?;
    }
    Ok(())
}

/// The answer's verdict: the best move, and the player's own when it was not the best.
fn verdict_words(best: &MoveRecord, chosen: &MoveRecord, solved: bool) -> Text {
    match solved {
        true => Text::message("puzzle-right", [("move", Arg::Text(move_words(best)))]),
        false => Text::message(
            "puzzle-wrong",
            [
                ("best", Arg::Text(move_words(best))),
                ("yours", Arg::Text(move_words(chosen))),
            ],
        ),
    }
}

/// The rating after an answer, its change from `before` (as shown: whole points, a true minus sign) and
/// the streaks.
fn rating_words(r: &PuzzleRating, before: f64) -> Text {
    let change = (r.rating.round() - before.round()) as i64;
    Text::message(
        "puzzle-rating",
        [
            ("rating", Arg::words(shown_rating(r))),
            (
                "change",
                Arg::words(format!("{change:+}").replace('-', "−")),
            ),
            ("streak", Arg::number(r.streak)),
            ("best", Arg::number(r.best_streak)),
        ],
    )
}

impl Core {
    /// The puzzle of `key`: in this core's set, else among those found in a server's own matches (a
    /// daily puzzle).
    pub(super) async fn puzzle_of(&self, key: &str) -> Result<Option<Puzzle>, CoreError> {
        if let Some(p) = self
            .config
            .puzzles
            .iter()
            .find(|p| p.source.to_string() == key)
        {
            return Ok(Some(*p));
        }
        let Some(line) = store::server_puzzle_line(self.store.reader(), key).await? else {
            return Ok(None);
        };
        let puzzle = line.parse::<Puzzle>().map_err(|why| {
            InternalError::Inconsistent(format!("the stored puzzle {key}: {why}"))
        })?;
        Ok(Some(puzzle))
    }

    /// The form the daily puzzle shows `puzzle` in: a puzzle of this core's set (the shipped file holds its
    /// answer) with the sides swapped, one found in a server's own matches as found.
    pub(super) fn daily_form(&self, puzzle: &Puzzle) -> PuzzleForm {
        if self
            .config
            .puzzles
            .iter()
            .any(|p| p.source == puzzle.source)
        {
            PuzzleForm::SidesSwapped
        } else {
            PuzzleForm::AsFound
        }
    }

    /// The player's current puzzle again, else the next one (noted as shown).
    pub(super) async fn show_puzzle(&self, req: &Request) -> Result<Reply, CoreError> {
        let player = req.user.id;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let current = match store::current_puzzle(&mut *tx, player).await? {
            Some(a) => self
                .puzzle_of(&a.puzzle)
                .await?
                .map(|p| (a.id, shown_as(p, a.form))),
            None => None,
        };
        let (attempt, puzzle, again) = match current {
            Some((attempt, puzzle)) => (attempt, puzzle, true),
            None => {
                let shown: HashSet<String> = store::puzzles_shown(&mut *tx, player)
                    .await?
                    .into_iter()
                    .collect();
                let rating = store::load_puzzle_rating(&mut *tx, player)
                    .await?
                    .unwrap_or_else(|| fresh(player))
                    .rating;
                let Some(puzzle) = next_puzzle(&self.config.puzzles, &shown, rating).copied()
                else {
                    return Ok(Reply::private(Text::message(
                        "puzzle-all-seen",
                        [
                            ("count", Arg::number(shown.len() as i64)),
                            ("stats", Arg::subcommand("puzzle", "stats")),
                        ],
                    )));
                };
                req.user.note_in(&mut tx, req, now).await?;
                let key = puzzle.source.to_string();
                let attempt = store::insert_puzzle_attempt(
                    &mut tx,
                    player,
                    &key,
                    req.place.server(),
                    PuzzleForm::AsFound,
                    now,
                )
                .await?;
                (attempt, puzzle, false)
            }
        };
        tx.commit().await.map_err(store::StoreError::from)?;
        self.present_puzzle(req, attempt, &puzzle, again).await
    }

    /// Puzzle `attempt` as its player sees it: the prompt, the board and a button per legal house
    /// (`again`: shown before and still waiting for its answer).
    pub(super) async fn present_puzzle(
        &self,
        req: &Request,
        attempt: i64,
        puzzle: &Puzzle,
        again: bool,
    ) -> Result<Reply, CoreError> {
        let position = &puzzle.position;
        let prompt = match position.to_move() {
            Player::South => "puzzle-prompt-south",
            Player::North => "puzzle-prompt-north",
        };
        let mut text = Text::message(prompt, [("difficulty", Arg::number(puzzle.difficulty()))]);
        if again {
            text = text.words("\n").then_message("puzzle-again", []);
        }
        let mut reply = Reply::private(text);
        reply.language = req.language;
        reply.board.position = Some(*position);
        reply.buttons.actions = position
            .legal_moves()
            .iter()
            .map(|house| {
                Action::new(
                    ActionId::PuzzleAnswer { attempt, house },
                    Text::message("button-house", [("house", Arg::number(house.label()))]),
                )
            })
            .collect();
        if self.config.pictures {
            reply.board.picture = Some(pictures::puzzle_board(*position, reply.language).await?);
        }
        Ok(reply)
    }

    /// Judges `house` in a puzzle (a button's, else the player's current one), and moves the rating.
    pub(super) async fn answer_puzzle(
        &self,
        req: &Request,
        house: House,
        attempt: Option<i64>,
    ) -> Result<Reply, CoreError> {
        let player = req.user.id;
        // Before the transaction: a proof may take a second, and writers must not wait on it.
        let as_good = self.as_good_as_the_answer(player, attempt, house).await?;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let shown = attempt_answered(&mut tx, player, attempt).await?;
        if shown.answer.is_some() {
            return Err(PuzzleRefusal::PuzzleAnswered.into());
        }
        let puzzle = self
            .puzzle_of(&shown.puzzle)
            .await?
            .map(|p| shown_as(p, shown.form))
            .ok_or(PuzzleRefusal::PuzzleGone)?;
        let position = puzzle.position;
        let Ok(chosen) = position.play(house) else {
            return Err(PuzzleRefusal::PuzzleIllegal {
                house,
                legal: position.legal_moves().iter().collect(),
            }
            .into());
        };
        let best = position.play(puzzle.best).map_err(|e| {
            InternalError::Inconsistent(format!("puzzle {}: its best move: {e}", shown.puzzle))
        })?;
        let solved = house == puzzle.best || as_good == Some((shown.id, true));
        // A right answer is shown as the player's own move (it may be another as good as the answer).
        let best = match solved {
            true => chosen.clone(),
            false => best,
        };
        let answer = PuzzleAnswer {
            at: now,
            house: house.label(),
            solved,
        };
        if !store::answer_puzzle(&mut tx, shown.id, answer).await? {
            // Another press of the same puzzle came first.
            return Err(PuzzleRefusal::PuzzleAnswered.into());
        }
        let mut r = store::load_puzzle_rating(&mut *tx, player)
            .await?
            .unwrap_or_else(|| fresh(player));
        let before = r.rating;
        rate_answer(&mut r, puzzle.difficulty(), solved);
        store::save_puzzle_rating(&mut tx, &r, now).await?;
        count_in_daily(&mut tx, req, &shown, answer).await?;
        tx.commit().await.map_err(store::StoreError::from)?;

        let explained = self.explain(&puzzle, (!solved).then_some(house)).await?;
        let mut lines = vec![verdict_words(&best, &chosen, solved)];
        lines.extend(explanation_words(&puzzle, &explained));
        lines.extend([theme_words(puzzle.theme), rating_words(&r, before)]);
        if !solved && self.config.pictures {
            lines.push(Text::message("puzzle-animations", []));
        }
        let mut reply = Reply::private(Text::lines(lines));
        reply.language = req.language;
        if attempt.is_some() {
            reply.buttons.pressed = Pressed::Replaced;
        }
        reply.buttons.actions = vec![Action::new(
            ActionId::PuzzleNext,
            Text::message("button-next-puzzle", []),
        )];
        if self.config.pictures {
            let wrong = (!solved).then_some(chosen);
            answer_pictures(&mut reply, explained.end(), best, wrong).await?;
        }
        Ok(reply)
    }

    /// Whether `house`, answering a puzzle (a button's attempt, else the player's current one), is exactly
    /// as good as the puzzle's answer, with the attempt it was judged for. A server's own puzzle mined
    /// before puzzles were proved exactly wherever the ending solver reaches may have another move as good
    /// as its answer: where the solver reaches within a proof's budget, that move is judged right too.
    /// The built-in set is proved so (`namnam puzzles check`), and elsewhere a puzzle's proof stands: its
    /// answer led every other move by a margin. `None` when there is nothing to judge.
    async fn as_good_as_the_answer(
        &self,
        player: UserId,
        attempt: Option<i64>,
        house: House,
    ) -> Result<Option<(i64, bool)>, CoreError> {
        let reader = self.store.reader();
        let shown = match attempt {
            Some(id) => store::load_puzzle_attempt(reader, id).await?,
            None => store::current_puzzle(reader, player).await?,
        };
        let Some(shown) = shown.filter(|a| a.player == player && a.answer.is_none()) else {
            return Ok(None);
        };
        let Some(puzzle) = self.puzzle_of(&shown.puzzle).await? else {
            return Ok(None);
        };
        let puzzle = shown_as(puzzle, shown.form);
        let position = puzzle.position;
        let built_in = self
            .config
            .puzzles
            .iter()
            .any(|p| p.source == puzzle.source);
        if built_in || house == puzzle.best || !puzzle.proved_exactly() || !position.is_legal(house)
        {
            return Ok(None);
        }
        let _permit = self
            .search_permits
            .acquire()
            .await
            .map_err(|_| InternalError::Inconsistent("the search permits are closed".into()))?;
        let values = tokio::task::spawn_blocking(move || {
            namnam_ai::analysis::exact_move_values(
                &position,
                &namnam_ai::Stakes::default(),
                namnam_ai::puzzles::Budgets::PUZZLES.proof_positions,
            )
        })
        .await
        .map_err(InternalError::from)?;
        let value = |h: House| {
            values
                .as_ref()?
                .iter()
                .find(|(x, _)| *x == h)
                .map(|(_, v)| *v)
        };
        let as_good = matches!((value(house), value(puzzle.best)), (Some(mine), Some(answer)) if mine >= answer);
        Ok(Some((shown.id, as_good)))
    }

    /// The player's puzzle rating, record and streaks.
    pub(super) async fn puzzle_stats(&self, req: &Request) -> Result<Reply, CoreError> {
        let Some(r) = store::load_puzzle_rating(self.store.reader(), req.user.id).await? else {
            return Ok(Reply::private(Text::message(
                "puzzle-stats-none",
                [("puzzle", Arg::subcommand("puzzle", "play"))],
            )));
        };
        let line = match r.attempts < PROVISIONAL_GAMES {
            true => "puzzle-stats-provisional",
            false => "puzzle-stats",
        };
        Ok(Reply::private(Text::message(
            line,
            [
                ("player", Arg::player(&req.user.name)),
                ("rating", Arg::number(r.rating.round() as i64)),
                ("spread", Arg::number((2.0 * r.deviation).round() as i64)),
                ("solved", Arg::number(r.solved)),
                ("attempts", Arg::number(r.attempts)),
                ("streak", Arg::number(r.streak)),
                ("best", Arg::number(r.best_streak)),
            ],
        )))
    }
}

/// An answer's pictures: where the answer's line leads, the answer's animation, and a wrong answer's.
async fn answer_pictures(
    reply: &mut Reply,
    end: Option<namnam_game::Position>,
    best: MoveRecord,
    wrong: Option<MoveRecord>,
) -> Result<(), CoreError> {
    let language = reply.language;
    if let Some(end) = end {
        reply.board.picture = Some(pictures::puzzle_board(end, language).await?);
    }
    reply.board.animation = Some(pictures::puzzle_move(best, language).await?);
    if let Some(wrong) = wrong {
        let animation = pictures::puzzle_move(wrong, language).await?;
        reply.board.more_animations.push(animation);
    }
    Ok(())
}

/// `puzzle` in `form`.
pub(super) fn shown_as(puzzle: Puzzle, form: PuzzleForm) -> Puzzle {
    match form {
        PuzzleForm::AsFound => puzzle,
        PuzzleForm::SidesSwapped => puzzle.with_sides_swapped(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_set_has_one_puzzle_per_key() {
        let set = namnam_ai::puzzles::built_in();
        let keys: HashSet<String> = set.iter().map(|p| p.source.to_string()).collect();
        assert_eq!(keys.len(), set.len(), "a puzzle's key is its source");
    }

    #[test]
    fn the_offered_order_deals_the_themes_in_turn() {
        let set = namnam_ai::puzzles::built_in();
        let order = offered_order(&set);
        assert_eq!(order.len(), set.len(), "every puzzle, once");
        let themes: HashSet<Theme> = set.iter().map(|p| p.theme).collect();
        // The first round of the deal holds one puzzle of each theme.
        let first: HashSet<Theme> = order.iter().take(themes.len()).map(|p| p.theme).collect();
        assert_eq!(first, themes);
    }

    #[test]
    fn the_next_puzzle_fits_the_rating_and_is_never_one_seen() {
        assert_eq!(fitting_difficulty(1399.9), 1);
        assert_eq!(fitting_difficulty(1400.0), 2);
        assert_eq!(fitting_difficulty(1599.9), 2);
        assert_eq!(fitting_difficulty(1600.0), 3);
        let set = namnam_ai::puzzles::built_in();
        for rating in [1200.0, 1500.0, 1800.0] {
            let mut shown = HashSet::new();
            let mut fitting = 0;
            while let Some(p) = next_puzzle(&set, &shown, rating) {
                let fresh = shown.insert(p.source.to_string());
                assert!(fresh, "{} shown twice", p.source);
                fitting += usize::from(p.difficulty() == fitting_difficulty(rating));
                // The fitting ones come first.
                assert!(
                    p.difficulty() == fitting_difficulty(rating)
                        || set
                            .iter()
                            .filter(|q| q.difficulty() == fitting_difficulty(rating))
                            .count()
                            == fitting
                );
            }
            assert_eq!(shown.len(), set.len(), "every puzzle in the end");
        }
    }

    #[test]
    fn a_puzzle_is_rated_by_its_difficulty() {
        let rating = |d| puzzle_rating(d).rating;
        assert_eq!([rating(1), rating(2), rating(3)], [1300.0, 1500.0, 1700.0]);
        assert_eq!(puzzle_rating(2).deviation, 60.0);
        assert_eq!(puzzle_rating(2).volatility, Glicko2Rating::new().volatility);
    }
}
