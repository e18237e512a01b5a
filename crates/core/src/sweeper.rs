//! The move clock: a sweep reminds players when a quarter of their time is left, ends matches whose player
//! to move ran out of time, and closes expired challenges. Deadlines are stored, so a sweep right after
//! start-up also catches every deadline that passed while the bot was down, unless the front end pauses
//! the clock through outages (`outage`): then nothing fires where the clock is paused.

use super::error::{cause_chain, CoreError};
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::searching::computer_to_move;
use super::{text, Core, Notice, Reply, Text};
use namnam_store::{self as store, StoreError};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

impl Core {
    /// Does everything the clock has made due by now; returns the messages to send.
    pub async fn sweep(&self) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let mut notices = self.expire_challenges(now).await?;
        notices.extend(self.time_out_matches(now).await?);
        notices.extend(self.sweep_tournaments().await?);
        notices.extend(self.remind_players(now).await?);
        // The computer never runs out of time: its turns left waiting (a restart) are played now.
        notices.extend(self.catch_up_computer().await?);
        notices.extend(self.monthly_seasons().await?);
        notices.extend(self.daily_puzzles().await?);
        if self.config.outbox {
            self.beat().await?;
            self.prune_posts().await?;
        }
        tracing::trace!(now, notices = notices.len(), "swept the clock");
        self.progress.send_modify(|p| p.swept_at = Some(now));
        Ok(notices)
    }

    /// Closes the challenges expired by `now`, in one transaction, but where the clock is paused.
    async fn expire_challenges(&self, now: i64) -> Result<Vec<Notice>, CoreError> {
        let mut notices = Vec::new();
        let mut tx = self.store.begin().await?;
        for c in store::due_challenges(&mut tx, now).await? {
            if self.paused(c.place, now) {
                continue;
            }
            let reply = self.expire(&mut tx, &c, now).await?;
            notices.push(Notice {
                place: c.place,
                reply,
            });
        }
        tx.commit().await.map_err(StoreError::from)?;
        Ok(notices)
    }

    /// Ends the matches whose player to move ran out of time by `now`, each in its own transaction, but
    /// where the clock is paused or the computer is to move.
    async fn time_out_matches(&self, now: i64) -> Result<Vec<Notice>, CoreError> {
        let mut notices = Vec::new();
        for row in store::due_timeouts(self.store.reader(), now).await? {
            if computer_to_move(&row) || self.paused(row.place, now) {
                continue;
            }
            let place = row.place;
            // `None`: a move got there first, and the match goes on.
            if let Some(reply) = self.time_out(row, Via::Poster).await? {
                notices.push(Notice { place, reply });
            }
        }
        Ok(notices)
    }

    /// Reminds the players to move whose reminder is due by `now` (a quarter of their time left), each
    /// once, but where the clock is paused or the computer is to move.
    async fn remind_players(&self, now: i64) -> Result<Vec<Notice>, CoreError> {
        let mut notices = Vec::new();
        for row in store::due_reminders(self.store.reader(), now).await? {
            let Some(to_move) = row.game.to_move() else {
                continue;
            };
            if computer_to_move(&row) || self.paused(row.place, now) {
                continue;
            }
            let mut tx = self.store.begin().await?;
            if !store::clear_reminder(&mut tx, row.id, row.version).await? {
                continue;
            }
            let deadline = row.deadline().unwrap_or(now);
            let mut reply = Reply::public(Text::message(
                "clock-reminder",
                [
                    ("player", Arg::player(row.names.get(to_move))),
                    ("id", Arg::number(row.id)),
                    (
                        "turn",
                        Arg::Text(text::describe_turn(
                            &row.names,
                            to_move,
                            deadline,
                            row.clock_secs,
                        )),
                    ),
                ],
            ));
            reply.ping(vec![row.players.get(to_move)]);
            reply.board.deadline_ms = Some(deadline);
            self.store_post(&mut tx, PostPlace::of_match(&row), &mut reply, Via::Poster)
                .await?;
            tx.commit().await.map_err(StoreError::from)?;
            notices.push(Notice {
                place: row.place,
                reply,
            });
        }
        Ok(notices)
    }
}

/// Sweeps at once (catching what fell due while the bot was down), then every `every`, sending the notices
/// to `out`. Stops when `out` is closed.
pub fn spawn_sweeper(
    core: Arc<Core>,
    every: Duration,
    out: mpsc::UnboundedSender<Notice>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match core.sweep().await {
                Ok(notices) => {
                    for n in notices {
                        if out.send(n).is_err() {
                            return;
                        }
                    }
                }
                Err(e) => tracing::error!(error = %cause_chain(&e), "clock sweep failed"),
            }
            if out.is_closed() {
                return;
            }
        }
    })
}
