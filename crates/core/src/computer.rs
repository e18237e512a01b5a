//! Playing against Namnam's own computer: starting the match at once, and the computer's moves.
//!
//! A front end sends the human's reply first; when that reply carries a [`ComputerTurn`], it then calls
//! [`Core::computer_turn`] and sends what comes back. The search runs on tokio's blocking pool, one search
//! per match at a time and at most [`CoreConfig::computer_searches`](super::CoreConfig) at once across the
//! server. The computer's move is committed like a human one (one transaction, the same version check), so a
//! restart loses nothing: [`Core::catch_up_computer`] (also run by every clock sweep) plays every computer
//! turn left waiting. Matches against the computer are not rated.

use super::error::{CoreError, InternalError};
use super::outbox::Via;
use super::reply::ComputerTurn;
use super::search_permits::Share;
use super::searching::{computer_to_move, LiveSearch};
use super::{Core, Notice, Reply};
use namnam_ai::{choose_match_move, Level};
use namnam_game::rng::SeededRng;
use namnam_model::MatchId;
use namnam_store::{self as store, MatchRow, StoreError};

/// How long a computer turn waits for the front end that made it before the clock's sweep plays it: a
/// front end plays it right after its answer (retries of a slow Discord included), so a turn waiting longer
/// was left by a restart.
pub const CATCH_UP_AFTER_MS: i64 = 60_000;

/// The seed of the computer's move number `ply` (1-based) in match `match_id`: a replay of the same match
/// at the same level gets the same moves.
pub fn computer_seed(match_id: MatchId, ply: u32) -> u64 {
    SeededRng::for_item(match_id.0 as u64, u64::from(ply)).next_u64()
}

impl Core {
    /// Plays the computer's move in the match, if it is the computer's turn there; returns the reply to send
    /// (the move, its pictures, whose turn it is), stored in the outbox for `via`. `None` when there is
    /// nothing to do: the match is over or moved on, it is not the computer's turn, or another call is
    /// already searching this match.
    pub async fn computer_turn(
        &self,
        turn: ComputerTurn,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        let Some(_claim) = self.searching.claim(turn.match_id) else {
            return Ok(None);
        };
        let Some(row) = store::load_match(self.store.reader(), turn.match_id).await? else {
            return Ok(None);
        };
        let Some((level, seed)) = search_due(&row) else {
            return Ok(None);
        };
        // Another process may be searching this match: the turn is claimed in the database first.
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let claimed = store::claim_computer_turn(
            &mut tx,
            row.id,
            row.version,
            &self.config.process,
            now,
            now + self.config.computer_claim_ms,
        )
        .await?;
        tx.commit().await.map_err(StoreError::from)?;
        if !claimed {
            return Ok(None);
        }
        let match_id = row.id;
        let played = self.search_and_move(row, level, seed, via).await;
        // The move clears the claim with it; without one (an error, or the match moved on), it is given
        // back so that the next turn need not wait for it to run out.
        if !matches!(played, Ok(Some(_))) {
            if let Err(error) = self.release_computer_turn(match_id).await {
                // The claim then runs out by itself; the search's own outcome is what the caller needs.
                tracing::error!(error = %super::cause_chain(&error), %match_id, "could not give back the computer's turn");
            }
        }
        played
    }

    async fn release_computer_turn(&self, match_id: MatchId) -> Result<(), CoreError> {
        let mut tx = self.store.begin().await?;
        store::release_computer_turn(&mut tx, match_id, &self.config.process).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    async fn search_and_move(
        &self,
        row: MatchRow,
        level: Level,
        seed: u64,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        if !self.config.search_delay.is_zero() {
            tokio::time::sleep(self.config.search_delay).await;
        }
        let game = row.game.clone();
        let found = {
            let _live = LiveSearch::enter(&self.live_searches);
            // Counted in the share of the person playing the computer: their other matches wait behind
            // it, nobody else's do.
            let person = row.players.get(game_side_of_person(&row));
            let _permit = self.search_permits.acquire(Share::Player(person)).await;
            let timed = super::metrics::Timed::start();
            let found = tokio::task::spawn_blocking(move || choose_match_move(&game, level, seed))
                .await
                .map_err(InternalError::from)?;
            self.metrics.time_search(timed);
            found
        };
        let found = found.map_err(|e| {
            InternalError::Inconsistent(format!("match {}: the computer has no move: {e}", row.id))
        })?;
        let now = self.now();
        self.commit_move(row, found.house, now, via).await
    }

    /// Plays every computer turn left waiting (after a restart, or a front end that never asked) that no
    /// front end of this process changed in the last minute (`CATCH_UP_AFTER_MS`); returns the messages to send (stored for the
    /// poster too, when the outbox is on).
    pub async fn catch_up_computer(&self) -> Result<Vec<Notice>, CoreError> {
        let mut notices = Vec::new();
        // A turn left from before this process started is an orphan however recent; one made since is left
        // to the front end that made it for a while.
        let idle_since = (self.now() - CATCH_UP_AFTER_MS).max(self.started_at - 1);
        for row in store::active_computer_matches(self.store.reader(), idle_since).await? {
            if search_due(&row).is_none() {
                continue;
            }
            let place = row.place;
            let mut turn = Some(ComputerTurn { match_id: row.id });
            // The computer may move twice running (a new round it starts): play on until it is not its turn.
            while let Some(t) = turn.take() {
                if let Some(reply) = self.computer_turn(t, Via::Poster).await? {
                    turn = reply.follows.computer_turn;
                    notices.push(Notice { place, reply });
                }
            }
        }
        Ok(notices)
    }
}

/// The side of the person playing the computer in this match (the computer's is the other).
fn game_side_of_person(row: &MatchRow) -> namnam_game::Player {
    match row.computer {
        Some(seat) => seat.side.other(),
        None => namnam_game::Player::South,
    }
}

/// The search due in this match: the computer's level and seed when it is its turn in this active match.
fn search_due(row: &MatchRow) -> Option<(Level, u64)> {
    let seat = row.computer?;
    if !row.state.is_active() || !computer_to_move(row) {
        return None;
    }
    Some((seat.level, computer_seed(row.id, row.moves_played + 1)))
}
