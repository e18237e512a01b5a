//! The daily puzzle: a server that asked for one (`admin settings daily-puzzle:#channel`) gets a puzzle
//! a day in that channel, posted by the sweep once whatever the number of processes, with a button that
//! opens it privately for whoever presses it. The next day's post says how many solved the day before's
//! and names the fastest, as text (never a mention).
//!
//! The puzzles come from the server's own finished matches, mined by the analyst when it has nothing else
//! to do ([`Core::mine_next`]); while none is left to post, from the built-in set, in an order of the
//! server's own that never repeats one until every puzzle has been posted.

use super::error::{CoreError, InternalError};
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::search_permits::Share;
use super::vocabulary::actions::ActionId;
use super::vocabulary::PuzzleRefusal;
use super::{Action, Core, Notice, Reply, Request, Text};
use namnam_ai::puzzles::{self, Budgets, Puzzle, Source};
use namnam_game::rng::SeededRng;
use namnam_model::{Place, ServerId};
use namnam_store::{self as store, DailyPuzzle, StoreError};

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The day (since 1970-01-01, UTC) that `ms` falls in.
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// `2026-12-03`: a day as everyone reads it, whatever their language.
pub fn day_words(day: i64) -> String {
    let date = day
        .checked_mul(86_400)
        .and_then(|secs| time::OffsetDateTime::from_unix_timestamp(secs).ok())
        .map_or(time::Date::MIN, |t| t.date());
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The `n`th daily puzzle of `server` (from 0) among `count` puzzles: the server's own shuffle of the
/// set, so that servers do not all get the same puzzle on the same day, and no puzzle comes back before
/// every one has been posted.
pub fn daily_index(server: ServerId, n: usize, count: usize) -> usize {
    let mut order: Vec<(u64, usize)> = (0..count)
        .map(|i| (SeededRng::for_item(server.0, i as u64).next_u64(), i))
        .collect();
    order.sort_unstable();
    order[n % count].1
}

impl Core {
    /// Posts today's puzzle in every server that asked for one and has not had it yet.
    pub(super) async fn daily_puzzles(&self) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let day = day_of(now);
        let set = self.puzzle_set();
        if set.is_empty() {
            return Ok(Vec::new());
        }
        let mut notices = Vec::new();
        for (server, channel) in store::daily_puzzles_due(self.store.reader(), day).await? {
            let before = store::daily_puzzles_of(self.store.reader(), server).await?;
            // The server's own matches first; the built-in set when they hold no puzzle not yet posted.
            let own = match store::next_server_puzzle(self.store.reader(), server).await? {
                Some(line) => Some(line.parse::<Puzzle>().map_err(|why| {
                    InternalError::Inconsistent(format!(
                        "a stored puzzle of server {server}: {why}"
                    ))
                })?),
                None => None,
            };
            let puzzle = &own.unwrap_or(set[daily_index(server, before.len(), set.len())]);
            let daily = DailyPuzzle {
                server,
                day,
                puzzle: puzzle.source.to_string(),
                channel,
                posted_at: now,
            };
            let mut tx = self.store.begin().await?;
            // Another process got there first: it posts it.
            if !store::claim_daily_puzzle(&mut tx, &daily).await? {
                tx.rollback().await.map_err(StoreError::from)?;
                continue;
            }
            // The day before's tally, when there was a puzzle the day before (not after a pause).
            let yesterday = match before.last() {
                Some(last) if last.day == day - 1 => {
                    Some((last, store::daily_tally(&mut *tx, last, now).await?))
                }
                _ => None,
            };
            let shown = super::puzzles::shown_as(*puzzle, self.daily_form(puzzle));
            let mut reply = daily_post(day, &shown, yesterday);
            // A daily puzzle is set up where the bot is a member, by an admin.
            let place = Place::ServerChannel { server, channel };
            self.store_post(&mut tx, PostPlace::channel(place), &mut reply, Via::Poster)
                .await?;
            tx.commit().await.map_err(StoreError::from)?;
            tracing::info!(%server, day, puzzle = %daily.puzzle, "posted a daily puzzle");
            notices.push(Notice { place, reply });
        }
        Ok(notices)
    }

    /// `daily [day:N]`, or the daily post's button: the server's puzzle of that day, privately, as any
    /// puzzle (its answer also counts in the day's tally). A puzzle the player was shown before is the same
    /// attempt: answered already, it is not asked again.
    pub(super) async fn daily(&self, req: &Request, day: Option<i64>) -> Result<Reply, CoreError> {
        let (daily, puzzle) = self.daily_of(req.server()?, day).await?;
        let player = req.user.id;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let (attempt, form, again) =
            match store::puzzle_attempt_of(&mut *tx, player, &daily.puzzle).await? {
                Some(shown) if shown.answer.is_some() => {
                    return Err(PuzzleRefusal::PuzzleAnswered.into())
                }
                // Shown before (as the daily puzzle, or by `puzzle play`): the same attempt, the same board.
                Some(shown) => (shown.id, shown.form, true),
                None => {
                    let form = self.daily_form(&puzzle);
                    req.user.note_in(&mut tx, req, now).await?;
                    let id = store::insert_puzzle_attempt(
                        &mut tx,
                        player,
                        &daily.puzzle,
                        Some(daily.server),
                        form,
                        now,
                    )
                    .await?;
                    (id, form, false)
                }
            };
        tx.commit().await.map_err(StoreError::from)?;
        let puzzle = super::puzzles::shown_as(puzzle, form);
        let mut reply = self.present_puzzle(req, attempt, &puzzle, again).await?;
        reply.text = Text::lines([
            Text::message(
                "daily-puzzle-opened",
                [("date", Arg::words(day_words(daily.day)))],
            ),
            reply.text,
        ]);
        Ok(reply)
    }

    /// Mines the oldest finished match of a server with a daily puzzle that nobody has mined yet, keeping
    /// the puzzles it holds for that server's daily puzzle: `false` when there was none. Each position is
    /// searched on the blocking threads under a search permit, so live moves keep their priority (a long
    /// match takes a minute of one core).
    pub async fn mine_next(&self) -> Result<bool, CoreError> {
        let mut tx = self.store.begin().await?;
        let claimed = store::claim_match_to_mine(&mut tx, self.now()).await?;
        tx.commit().await.map_err(StoreError::from)?;
        let Some((match_id, server)) = claimed else {
            return Ok(false);
        };
        let Some(row) = store::load_match(self.store.reader(), match_id).await? else {
            return Ok(true);
        };
        let moves = store::match_moves(self.store.reader(), match_id).await?;
        let mut game = namnam_game::Match::new(*row.game.options());
        let mut found = Vec::new();
        for mv in &moves {
            let position = *game.position();
            let source = Source::Match {
                id: match_id.into(),
                ply: mv.ply,
            };
            let puzzle = {
                let _permit = self.search_permits.acquire(Share::Background).await;
                tokio::task::spawn_blocking(move || {
                    puzzles::mine(&position, source, &Budgets::PUZZLES).ok()
                })
                .await
                .map_err(InternalError::from)?
            };
            found.extend(puzzle);
            let house = namnam_game::House::from_label(i64::from(mv.house)).map_err(|e| {
                InternalError::Inconsistent(format!("match {match_id}, move {}: {e}", mv.ply))
            })?;
            game.play(house).map_err(|e| {
                InternalError::Inconsistent(format!("match {match_id}, move {}: {e}", mv.ply))
            })?;
        }
        let now = self.now();
        let mut tx = self.store.begin().await?;
        for p in &found {
            store::add_server_puzzle(&mut tx, server, &p.source.to_string(), &p.to_string(), now)
                .await?;
        }
        tx.commit().await.map_err(StoreError::from)?;
        tracing::info!(%server, %match_id, puzzles = found.len(), "mined a match for the daily puzzle");
        Ok(true)
    }

    /// The puzzles this process knows (the built-in set, unless the configuration gives others).
    pub(super) fn puzzle_set(&self) -> &[Puzzle] {
        &self.config.puzzles
    }

    /// The puzzle of `day` (today's when `None`) in the asker's server.
    pub(super) async fn daily_of(
        &self,
        server: ServerId,
        day: Option<i64>,
    ) -> Result<(DailyPuzzle, Puzzle), CoreError> {
        let today = day_of(self.now());
        let asked = day.unwrap_or(today);
        let Some(daily) = store::daily_puzzle(self.store.reader(), server, asked).await? else {
            // Turned on today and not posted yet: say when it comes, not that an admin must turn it on.
            let on = store::server_settings(self.store.reader(), server)
                .await?
                .daily_puzzle_channel
                .is_some();
            return Err(match on && asked == today {
                true => PuzzleRefusal::DailyPuzzleComing,
                false => PuzzleRefusal::NoDailyPuzzle,
            }
            .into());
        };
        let puzzle = self
            .puzzle_of(&daily.puzzle)
            .await?
            // A puzzle of an older build's set: it cannot be shown any more.
            .ok_or(PuzzleRefusal::NoDailyPuzzle)?;
        Ok((daily, puzzle))
    }
}

/// The day's post: yesterday's result first, then today's puzzle with its button.
fn daily_post(
    day: i64,
    puzzle: &Puzzle,
    yesterday: Option<(&DailyPuzzle, store::DailyTally)>,
) -> Reply {
    let mut lines = Vec::new();
    if let Some((_, tally)) = yesterday {
        let fastest = match &tally.fastest {
            Some((name, after_ms)) => Text::message(
                "daily-puzzle-fastest",
                [
                    ("player", Arg::player(name)),
                    ("after", Arg::Text(super::text::format_span(*after_ms))),
                ],
            ),
            None => Text::new(),
        };
        lines.push(Text::message(
            "daily-puzzle-yesterday",
            [
                ("solved", Arg::number(tally.solved)),
                ("answered", Arg::number(tally.answered)),
                ("fastest", Arg::Text(fastest)),
            ],
        ));
    }
    lines.push(Text::message(
        "daily-puzzle-today",
        [
            ("date", Arg::words(day_words(day))),
            // A selector in the words: `south` or `north`.
            ("side", Arg::words(puzzle.position.to_move().name())),
            ("difficulty", Arg::number(puzzle.difficulty())),
        ],
    ));
    let mut reply = Reply::public(Text::lines(lines));
    reply.buttons.actions = vec![Action::new(
        ActionId::DailyPuzzle { day },
        Text::message("daily-puzzle-button", []),
    )];
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(day_words(0), "1970-01-01");
        // 2026-12-03 00:00 UTC and the last millisecond of that day.
        let start = 1_796_256_000_000;
        assert_eq!(day_words(day_of(start)), "2026-12-03");
        assert_eq!(day_of(start + DAY_MS - 1), day_of(start));
        assert_eq!(day_of(start - 1) + 1, day_of(start));
        // A forged day far out of range reads as some date, never a panic.
        assert_eq!(day_words(i64::MAX).len(), "0000-01-01".len() + 1);
    }

    #[test]
    fn a_server_gets_every_puzzle_once_before_any_comes_back() {
        let server = ServerId(123_456_789);
        let firsts: Vec<usize> = (0..50).map(|n| daily_index(server, n, 50)).collect();
        let mut sorted = firsts.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_eq!(daily_index(server, 50, 50), firsts[0]);
        // Another server, another order.
        let other: Vec<usize> = (0..50).map(|n| daily_index(ServerId(987), n, 50)).collect();
        assert_ne!(other, firsts);
    }
}
