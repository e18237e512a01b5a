//! `takeback`: the player who made the last move asks to take it back, and the opponent accepts or declines
//! (the asker may withdraw). It works as a draw offer does: the request is stored on the match, said in
//! public with buttons, and lapses with the next move.
//!
//! Accepted, the move is deleted and the match rebuilt by replaying the moves left through the engine (as a
//! replay does), the asker is to move again with the time they had left, and the turn goes on by one, so
//! that every button drawn before (for the position before the move or after it) is out of date. Not
//! against the computer (it answers at once), not for a move that ended a round (the round's end is
//! stored and announced), not once the match is over.

use super::buttons::takeback_action;
use super::context::MatchChange;
use super::error::CoreError;
use super::history::replay_to;
use super::matches::may_take_back;
use super::message::{Arg, CommandLine};
use super::outbox::{PostPlace, Via};
use super::vocabulary::actions::ActionId;
use super::vocabulary::{MatchRef, MatchRefusal, PlayRefusal, Request};
use super::{Action, Core, Reply, Text};
use namnam_game::Player;
use namnam_store::{self as store, MatchRow, StoreError, TakenBack};

/// The least time a takeback gives back: a move played in its last seconds (or during an outage, after its
/// deadline) must not come back as a loss on time the moment the opponent accepts.
const LEAST_TIME_BACK_MS: i64 = 60_000;

impl Core {
    pub(super) async fn takeback(
        &self,
        req: &Request,
        decline: bool,
        which: MatchRef,
    ) -> Result<Reply, CoreError> {
        let (row, side) = self.callers_match(req, which).await?;
        let opponent = row.names.get(side.other()).to_owned();
        if row.computer.is_some() {
            return Err(PlayRefusal::ComputerNoTakeback(opponent).into());
        }
        match (row.takeback_request, decline) {
            (None, true) => Err(PlayRefusal::NoTakebackRequest.into()),
            (Some(asker), true) => self.close_request(row, side, asker).await,
            (Some(asker), false) if asker == side => {
                Err(PlayRefusal::TakebackAlreadyAsked(opponent).into())
            }
            (Some(asker), false) => self.accept_takeback(row, asker).await,
            (None, false) => self.ask_takeback(row, side).await,
        }
    }

    /// Stores the request and says it in public, pinging the opponent, with buttons to answer it.
    async fn ask_takeback(&self, row: MatchRow, asker: Player) -> Result<Reply, CoreError> {
        let last = may_take_back(&row, asker)?;
        // One request per move: asking, withdrawing and asking again would ping the opponent each time.
        if row.takeback_asked_turn == Some(row.turns) {
            return Err(
                PlayRefusal::TakebackOncePerMove(row.names.get(asker.other()).to_owned()).into(),
            );
        }
        let mut tx = self.store.begin().await?;
        if !store::set_takeback_request(&mut tx, row.id, row.version, Some(asker), self.now())
            .await?
        {
            return Err(MatchRefusal::Stale.into());
        }
        // The asker is at the board: if the opponent accepts soon, no DM tells them it is their turn.
        self.acted(&mut tx, row.id, row.players.get(asker)).await?;
        let mut reply = Reply::public(Text::message(
            "takeback-asked",
            [
                ("player", Arg::player(row.names.get(asker))),
                ("house", Arg::number(last.house)),
                ("opponent", Arg::player(row.names.get(asker.other()))),
                ("accept", Arg::command("takeback")),
                (
                    "decline",
                    Arg::command_line(CommandLine::new("takeback").with("decline", "yes")),
                ),
            ],
        ));
        reply.buttons.actions = vec![
            takeback_action(&row, Text::message("button-accept-takeback", [])),
            Action::new(
                ActionId::TakebackDecline {
                    match_id: row.id,
                    turn: row.turns + 1,
                },
                Text::message("button-decline-takeback", []),
            ),
        ];
        reply.ping(vec![row.players.get(asker.other())]);
        self.store_post(&mut tx, PostPlace::of_match(&row), &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(reply)
    }

    /// The opponent declines the request, or the asker withdraws it: the move stands.
    async fn close_request(
        &self,
        row: MatchRow,
        side: Player,
        asker: Player,
    ) -> Result<Reply, CoreError> {
        let mut tx = self.store.begin().await?;
        if !store::set_takeback_request(&mut tx, row.id, row.version, None, self.now()).await? {
            return Err(MatchRefusal::Stale.into());
        }
        self.acted(&mut tx, row.id, row.players.get(side)).await?;
        let names = &row.names;
        let mut reply = if side == asker {
            Reply::public(Text::message(
                "takeback-withdrawn",
                [("player", Arg::player(names.get(asker)))],
            ))
        } else {
            // The asker is waiting for the answer: they are told.
            let mut reply = Reply::public(Text::message(
                "takeback-declined",
                [
                    ("player", Arg::player(names.get(side))),
                    ("asker", Arg::player(names.get(asker))),
                ],
            ));
            reply.ping(vec![row.players.get(asker)]);
            reply
        };
        self.store_post(&mut tx, PostPlace::of_match(&row), &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(reply)
    }

    /// Takes back `asker`'s last move: the match as it was before it, the asker to move with the time they
    /// had left, the new board posted as after a move.
    async fn accept_takeback(&self, row: MatchRow, asker: Player) -> Result<Reply, CoreError> {
        let now = self.now();
        if row.deadline().is_some_and(|d| d <= now) && !self.paused(row.place, now) {
            // The one accepting ran out of time before they answered: they have lost on time, which
            // taking the move back would undo.
            return self
                .time_out(row, Via::Answer)
                .await?
                .ok_or_else(|| MatchRefusal::Stale.into());
        }
        // Checked again: a request stands only while its move is the last (any move clears it).
        let last = may_take_back(&row, asker)?;
        // Read after the row: a move stored since would have changed the version, and the takeback below
        // would find the match stale.
        let moves = store::match_moves(self.store.reader(), row.id).await?;
        let taken = moves
            .last()
            .filter(|mv| mv.ply == row.moves_played && mv.player == asker)
            // A press of the same button that got there first (it took the move back since the row was
            // read): out of date, as the version check below would say.
            .ok_or(MatchRefusal::Stale)?;
        // The match before the move, rebuilt from the start as a replay rebuilds it.
        let (game, _) = replay_to(&row, &moves, row.moves_played - 1)?;
        // The asker gets back the time they had left when they played the move, counted from now: the
        // time between the move and the acceptance is not theirs to lose (the opponent's clock ran then).
        // Never more than a whole clock (an outage may have moved that deadline later), never less than
        // LEAST_TIME_BACK_MS; a move stored before takebacks existed kept no deadline: a whole clock.
        let clock_ms = i64::from(row.clock_secs) * 1000;
        let time_back = taken.deadline_before.map_or(clock_ms, |deadline| {
            (deadline - taken.played_at).clamp(LEAST_TIME_BACK_MS.min(clock_ms), clock_ms)
        });
        let deadline = now + time_back;
        // The reminder comes where it would have (a quarter of the clock before the deadline), unless that
        // is past: the asker has just played, and needs no reminder now.
        let remind_at = Some(deadline - clock_ms / 4).filter(|&at| at > now);
        let mut tx = self.store.begin().await?;
        let stored = TakenBack {
            match_id: row.id,
            read_version: row.version,
            ply: row.moves_played,
            game_after: &game,
            deadline,
            remind_at,
            now_ms: now,
        };
        let Some(after) = store::take_back(&mut tx, &stored).await? else {
            return Err(MatchRefusal::Stale.into());
        };
        // The one accepting is at the board: no DM when the match comes back to them.
        self.acted(&mut tx, row.id, row.players.get(asker.other()))
            .await?;
        let headline = Text::message(
            "takeback-accepted",
            [
                ("player", Arg::player(row.names.get(asker.other()))),
                ("asker", Arg::player(row.names.get(asker))),
                ("house", Arg::number(last.house)),
            ],
        );
        self.commit_match_reply(tx, MatchChange::as_it_stands(&after), headline, Via::Answer)
            .await
    }
}
