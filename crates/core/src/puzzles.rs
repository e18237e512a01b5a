//! Puzzles: a position with one clearly best move (`namnam_ai::puzzles`), shown privately with a button per
//! legal house; the answer judged at once against the best move; one puzzle rating per player, across
//! servers (a puzzle is the same everywhere), apart from the match ratings.
//!
//! A puzzle shown is an attempt in the database (`puzzle_attempts`); the player's current puzzle is their
//! latest unanswered one, shown again until it is answered, so that asking again never skips a hard one.
//! Only the first answer counts: the attempt's answer is written once, in the transaction that moves the
//! ratings. Each answer rates the player and the puzzle both ([`super::puzzle_ratings`]).

use super::search_permits::Share;
use super::vocabulary::{PuzzleRefusal, Request};
use namnam_model::UserId;
use std::collections::{HashMap, HashSet};

use super::error::{CoreError, InternalError};
use super::explanations::{explanation_words, move_words};
use super::message::{Arg, Text};
use super::pictures;
use super::puzzle_ratings::{moves_the_puzzle, next_puzzle, player_glicko, puzzle_start, rate};
use super::ratings::PROVISIONAL_GAMES;
use super::reply::{Action, Pressed, Reply};
use super::text;
use super::vocabulary::actions::ActionId;
use super::Core;
use namnam_ai::puzzles::{Puzzle, Theme};
use namnam_game::{House, MoveRecord, Player};
use namnam_store::{
    self as store, PuzzleAnswer, PuzzleAttempt, PuzzleForm, PuzzleRating, PuzzleStanding, WriteTx,
};
use skillratings::glicko2::Glicko2Rating;

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

/// A puzzle nobody has answered yet: at its difficulty's start.
fn unanswered(key: &str, difficulty: u8) -> PuzzleStanding {
    let start = puzzle_start(difficulty);
    PuzzleStanding {
        puzzle: key.to_string(),
        rating: start.rating,
        deviation: start.deviation,
        volatility: start.volatility,
        answers: 0,
        solved: 0,
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

/// Moves a player's puzzle rating and the puzzle's own by one answer ([`rate`]), then the player's
/// attempts, puzzles solved and streaks, and the puzzle's answers.
fn rate_answer(r: &mut PuzzleRating, puzzle: &mut PuzzleStanding, solved: bool) {
    let puzzle_was = Glicko2Rating {
        rating: puzzle.rating,
        deviation: puzzle.deviation,
        volatility: puzzle.volatility,
    };
    let rated = rate(&player_glicko(r), &puzzle_was, solved);
    (r.rating, r.deviation, r.volatility) = (
        rated.player.rating,
        rated.player.deviation,
        rated.player.volatility,
    );
    (puzzle.rating, puzzle.deviation, puzzle.volatility) = (
        rated.puzzle.rating,
        rated.puzzle.deviation,
        rated.puzzle.volatility,
    );
    r.attempts += 1;
    puzzle.answers += 1;
    if solved {
        r.solved += 1;
        r.streak += 1;
        r.best_streak = r.best_streak.max(r.streak);
        puzzle.solved += 1;
    } else {
        r.streak = 0;
    }
}

/// Moves the player's puzzle rating and the puzzle's own (a puzzle of `difficulty`) by `answer`, in the
/// answer's transaction; returns both ratings' lines.
async fn rate_both(
    tx: &mut WriteTx,
    player: UserId,
    shown: &PuzzleAttempt,
    difficulty: u8,
    answer: PuzzleAnswer,
) -> Result<[Text; 2], CoreError> {
    let mut r = store::load_puzzle_rating(&mut **tx, player)
        .await?
        .unwrap_or_else(|| fresh(player));
    let mut standing = store::load_puzzle_standing(&mut **tx, &shown.puzzle)
        .await?
        .unwrap_or_else(|| unanswered(&shown.puzzle, difficulty));
    let before = (r.rating, standing.rating);
    // Said from the rule, not from the numbers: a settled player's answer may move it less than a point.
    let moved = moves_the_puzzle(&player_glicko(&r));
    rate_answer(&mut r, &mut standing, answer.solved);
    store::save_puzzle_rating(tx, &r, answer.at).await?;
    store::save_puzzle_standing(tx, &standing, answer.at).await?;
    Ok([
        rating_words(&r, before.0),
        puzzle_rating_words(&standing, before.1, moved),
    ])
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
    Text::message(
        "puzzle-rating",
        [
            ("rating", Arg::words(shown_rating(r))),
            ("change", text::signed(r.rating.round() - before.round())),
            ("streak", Arg::number(r.streak)),
            ("best", Arg::number(r.best_streak)),
        ],
    )
}

/// The puzzle's own rating after the answer: how it `moved`, or that a newcomer's answer does not move
/// it yet.
fn puzzle_rating_words(s: &PuzzleStanding, before: f64, moved: bool) -> Text {
    let rating = ("rating", Arg::number(s.rating.round() as i64));
    match moved {
        false => Text::message("puzzle-its-rating-unmoved", [rating]),
        true => Text::message(
            "puzzle-its-rating",
            [
                rating,
                ("change", text::signed(s.rating.round() - before.round())),
                ("answers", Arg::number(s.answers)),
            ],
        ),
    }
}

impl Core {
    /// The ratings of this core's set that have moved from their start, by key.
    async fn set_ratings(&self) -> Result<HashMap<String, f64>, CoreError> {
        let keys: Vec<String> = self
            .config
            .puzzles
            .iter()
            .map(|p| p.source.to_string())
            .collect();
        let standings = store::puzzle_standings(self.store.reader(), &keys).await?;
        Ok(standings
            .into_iter()
            .map(|s| (s.puzzle, s.rating))
            .collect())
    }

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
                    .unwrap_or_else(|| fresh(player));
                let ratings = self.set_ratings().await?;
                let Some(puzzle) =
                    next_puzzle(&self.config.puzzles, &shown, &rating, &ratings).copied()
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
        let ratings = rate_both(&mut tx, player, &shown, puzzle.difficulty(), answer).await?;
        count_in_daily(&mut tx, req, &shown, answer).await?;
        tx.commit().await.map_err(store::StoreError::from)?;

        let explained = self
            .explain(player, &puzzle, (!solved).then_some(house))
            .await?;
        let mut lines = vec![verdict_words(&best, &chosen, solved)];
        lines.extend(explanation_words(&puzzle, &explained));
        lines.push(theme_words(puzzle.theme));
        lines.extend(ratings);
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
        let _permit = self.search_permits.acquire(Share::Player(player)).await;
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
    fn a_settled_players_answer_is_never_called_a_newcomers() {
        // A strong settled player solving a settled easy puzzle: it moves, by less than half a point.
        let strong = Glicko2Rating {
            rating: 2000.0,
            deviation: 60.0,
            ..Glicko2Rating::new()
        };
        let easy = Glicko2Rating {
            deviation: 50.0,
            ..puzzle_start(1)
        };
        let rated = rate(&strong, &easy, true);
        assert!(moves_the_puzzle(&strong));
        assert!(rated.puzzle.rating < easy.rating, "{rated:?}");
        assert_eq!(
            rated.puzzle.rating.round(),
            easy.rating.round(),
            "{rated:?}"
        );
        let standing = PuzzleStanding {
            rating: rated.puzzle.rating,
            answers: 12,
            ..unanswered("selfplay:1:1:0", 1)
        };
        let words = puzzle_rating_words(&standing, easy.rating, true);
        assert!(words.has_message("puzzle-its-rating"), "{words}");
        let newcomer = puzzle_rating_words(&standing, easy.rating, false);
        assert!(
            newcomer.has_message("puzzle-its-rating-unmoved"),
            "{newcomer}"
        );
    }
}
