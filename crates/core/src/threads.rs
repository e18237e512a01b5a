//! A match in a thread of its own: when a server wants a thread per match, the front end opens one for the
//! accepted match (the reply's `open_thread`) and moves the match there. From then on the match lives in the
//! thread (its commands, buttons and clock notices), and its parent channel is free for another match.

use super::error::CoreError;
use super::matches::MatchAfter;
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::vocabulary::{ChallengeRefusal, MatchRefusal};
use super::{Core, Text};
use namnam_model::{ChannelId, MatchId, Place, PostTo};
use namnam_store::{self as store, StoreError};

impl Core {
    /// Makes `thread` the channel of the active match `match_id`, in one transaction. Refused with a
    /// [`UserError`](crate::UserError) (changing nothing) when the match is not active (unknown, finished or aborted):
    /// [`MatchRefusal::NotActive`]; or when another match is already active in the thread:
    /// [`ChallengeRefusal::MatchInChannel`]. Moving a match to the thread it is in already is an `Ok` that changes
    /// nothing. The match's version stays, so its buttons keep working.
    pub async fn move_match_to_thread(
        &self,
        match_id: MatchId,
        thread: ChannelId,
        thread_name: &str,
    ) -> Result<(), CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let row = store::load_match(&mut *tx, match_id)
            .await?
            .filter(|row| row.state.is_active())
            .ok_or(MatchRefusal::NotActive(match_id))?;
        if row.place.channel() == thread {
            return Ok(());
        }
        if store::active_match_in_channel(&mut *tx, row.place.with_channel(thread))
            .await?
            .is_some()
        {
            return Err(ChallengeRefusal::MatchInChannel.into());
        }
        if !store::move_match(&mut tx, match_id, thread, thread_name, now).await? {
            return Err(MatchRefusal::NotActive(match_id).into());
        }
        // What waits to be posted about the match (its first board, if the thread could not take it yet)
        // goes there too.
        store::move_match_posts(&mut tx, match_id, thread).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }
}

impl Core {
    /// The thread a live match was moved into, if it was (see [`Core::move_match_to_thread`]).
    pub async fn thread_of(&self, match_id: MatchId) -> Result<Option<ChannelId>, CoreError> {
        let row = store::load_match(self.store.reader(), match_id).await?;
        Ok(row
            .filter(|r| r.state.is_active() && r.parent_channel.is_some())
            .map(|r| r.place.channel()))
    }
}

impl Core {
    /// A moderator locked (or deleted) the thread of a live match: the match goes back to the parent
    /// channel (unless these two players have another match there: its buttons work there all the same), and its
    /// board is posted again there for the poster to deliver. Returns the match, if any.
    pub async fn thread_closed(&self, thread: Place) -> Result<Option<MatchId>, CoreError> {
        let mut tx = self.store.begin().await?;
        let Some(row) = store::active_match_in_channel(&mut *tx, thread).await? else {
            return Ok(None);
        };
        let Some(parent) = row.parent_channel else {
            return Ok(None);
        };
        // Once per thread: a locked thread sends more events (deleted after), and a match that stays in
        // its thread (its pair has another match in the parent) would be posted again at each.
        if !store::mark_thread_closed(&mut tx, row.id, self.now()).await? {
            return Ok(None);
        }
        // The parent may hold other matches (a channel holds several), but not a second one of this pair.
        let pair = (row.players.south, row.players.north);
        if store::active_match_of_pair(&mut *tx, thread.with_channel(parent), pair)
            .await?
            .is_none()
        {
            let name = row.channel_name.clone();
            store::move_match(&mut tx, row.id, parent, &name, self.now()).await?;
            store::move_match_posts(&mut tx, row.id, parent).await?;
        }
        let headline = Text::message("thread-closed", [("id", Arg::number(row.id))]);
        let mut reply = self.match_message(&MatchAfter::as_it_stands(&row), headline)?;
        let place = PostPlace {
            to: PostTo::channel(parent),
            ..PostPlace::of_match(&row)
        };
        self.store_post(&mut tx, place, &mut reply, Via::Poster)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(Some(row.id))
    }
}
