//! The outbox as the core keeps it: every public reply of a change is stored in the change's own
//! transaction, so that what players must see is never lost between the commit and the platform.
//!
//! A reply to a request is stored *held*: the front end shows it as the answer to the interaction and
//! reports [`Core::post_delivered`]; if that fails it calls [`Core::release_post`] and the poster shows it
//! in the channel instead (also when the process died holding it, once the hold runs out). A notice from the
//! clock, or the computer's move played after a restart, is stored *pending* for the poster at once. The
//! poster asks for [`Core::due_posts`] and reports each one's fate.
//!
//! Only front ends that deliver asynchronously use it ([`CoreConfig::outbox`](super::CoreConfig)); without
//! it nothing is stored and the clock's notices are returned as before.

use super::error::{CoreError, InternalError};
use super::message::{Arg, Text};
use super::pictures::{self, PendingAnimation};
use super::reply::Notice;
use super::reply::PostBody;
use super::{Core, Reply};
use namnam_game::Player;
use namnam_model::{Lane, MatchId, MessageId, Place, PostId, PostTo, Reach, ServerId, UserId};
use namnam_store::{self as store, Delivery, MatchRow, NewPost, PostOutcome, StoreError};
use namnam_store::{ChallengeState, WriteTx};

/// How long a reply stays held for the interaction answering it: the life of an interaction token, after
/// which nobody can answer it any more.
const HOLD_MS: i64 = 15 * 60 * 1000;

/// How long a poster's claim on a post lasts: longer than any delivery (a request times out after 15 s,
/// Discord's rate limits may add a few), and how long a dead poster's posts wait for another.
pub const POST_CLAIM_MS: i64 = 2 * 60 * 1000;

/// How long a process may go without a heartbeat (one each sweep, every few seconds) before another takes
/// over what its answers held.
pub const SILENT_AFTER_MS: i64 = 2 * 60 * 1000;

/// How long finished posts are kept for the record.
const KEEP_DONE_MS: i64 = 7 * 24 * 3600 * 1000;

/// Who shows a public reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The front end, as its answer to the request (the post is held for it).
    Answer,
    /// The poster, by itself (a clock notice, a move nobody asked for).
    Poster,
}

/// Where a post goes.
#[derive(Clone, Copy, Debug)]
pub(super) struct PostPlace {
    /// The place it is about (a match's, a challenge's): its server's language, and whether the bot may
    /// post there by itself.
    pub place: Place,
    pub to: PostTo,
    pub match_id: Option<MatchId>,
}

impl PostPlace {
    pub fn of_match(row: &MatchRow) -> PostPlace {
        PostPlace {
            place: row.place,
            to: PostTo::Channel {
                channel: row.place.channel(),
                fallback: row.parent_channel,
            },
            match_id: Some(row.id),
        }
    }

    /// A place's channel.
    pub fn channel(place: Place) -> PostPlace {
        PostPlace {
            place,
            to: PostTo::channel(place.channel()),
            match_id: None,
        }
    }

    /// A player's DMs, for a notice about `place`. It names no match, so that a match moving into a
    /// thread leaves it alone.
    pub fn dm(place: Place, user: UserId) -> PostPlace {
        PostPlace {
            place,
            to: PostTo::Dm(user),
            match_id: None,
        }
    }

    /// Whether the bot may post it by itself: a DM it may, a channel as its place allows.
    fn reach(self) -> Reach {
        match self.to {
            PostTo::Dm(_) => Reach::Posts,
            PostTo::Channel { .. } => self.place.reach(),
        }
    }
}

/// A stored post as the poster gets it.
fn post_of_row(row: store::PostRow) -> Result<Post, CoreError> {
    let body: PostBody = serde_json::from_str(&row.body)
        .map_err(|e| StoreError::Corrupt(format!("post {}: {e}", row.id)))?;
    let reply = body.into_reply();
    Ok(Post {
        id: row.id,
        server: row.server,
        to: row.to,
        match_id: row.match_id,
        maybe_shown: row.maybe_shown,
        attempts: row.attempts,
        created_at: row.created_at,
        // The reply is this post's: its board's picture names it, so that a press on the message proves
        // which post was shown.
        reply: Reply {
            follows: super::reply::Follows {
                post: Some(row.id),
                ..reply.follows
            },
            ..reply
        },
    })
}

/// A post the poster must deliver.
#[derive(Debug)]
pub struct Post {
    pub id: PostId,
    /// The server of its place, if it has one.
    pub server: Option<ServerId>,
    /// A channel (with where to post instead when it is a match's thread that was locked or is gone), or
    /// a player's DMs.
    pub to: PostTo,
    pub match_id: Option<MatchId>,
    /// An earlier attempt (a follow-up whose answer was lost) may have been shown: look first.
    pub maybe_shown: bool,
    pub attempts: u32,
    /// When the change was stored, by the core's clock.
    pub created_at: i64,
    pub reply: Reply,
}

impl Core {
    /// Stores `reply` in the outbox within `tx`, when the front end uses one; a reply the front end
    /// answers with carries the post's id.
    pub(super) async fn store_post(
        &self,
        tx: &mut WriteTx,
        place: PostPlace,
        reply: &mut Reply,
        via: Via,
    ) -> Result<(), CoreError> {
        self.store_one(tx, place, reply, via).await?;
        if via == Via::Poster && place.reach() == Reach::AnswersOnly {
            for (dm, mut told) in self.notice_dms(tx, place, reply).await? {
                self.store_one(tx, dm, &mut told, Via::Poster).await?;
            }
        }
        Ok(())
    }

    /// Where the bot may only answer, a notice about a match waits for the next answer there (a reminder,
    /// a time-out, the computer's move that no answer could carry); each of the match's players who asked
    /// for turn DMs (`notify on`) is also told by DM, in words only: the board and its buttons stay in the
    /// match's place. A DM the platform refuses turns that player's DMs off ([`Core::dm_refused`]).
    async fn notice_dms(
        &self,
        tx: &mut WriteTx,
        place: PostPlace,
        reply: &Reply,
    ) -> Result<Vec<(PostPlace, Reply)>, CoreError> {
        let (Some(match_id), false) = (place.match_id, reply.is_private()) else {
            return Ok(Vec::new());
        };
        let Some(row) = store::load_match(&mut **tx, match_id).await? else {
            return Ok(Vec::new());
        };
        let channel = Text::new().jump(
            row.place.server().map(|s| s.0),
            row.place.channel().0,
            Some(&row.channel_name),
        );
        let text = Text::message(
            "notify-notice",
            [
                ("id", Arg::number(row.id)),
                ("channel", Arg::Text(channel)),
                ("notice", Arg::Text(reply.text.clone())),
            ],
        );
        let humans = [Player::South, Player::North]
            .into_iter()
            .filter(|side| !row.computer.is_some_and(|c| c.side == *side))
            .map(|side| row.players.get(side));
        self.dms_to_notified(tx, row.place, humans, text).await
    }

    /// `text` by DM about `place`, to each of `users` who asked for turn DMs.
    async fn dms_to_notified(
        &self,
        tx: &mut WriteTx,
        place: Place,
        users: impl IntoIterator<Item = UserId>,
        text: Text,
    ) -> Result<Vec<(PostPlace, Reply)>, CoreError> {
        let mut dms = Vec::new();
        for user in users {
            if store::turn_notifications_on(&mut **tx, user).await? {
                dms.push((PostPlace::dm(place, user), Reply::public(text.clone())));
            }
        }
        Ok(dms)
    }

    /// Stores the notice that a challenge made in `place` expired, for the poster; where the bot may only
    /// answer, it waits there for the next answer, and the challenger, who may never come back to that
    /// place, is also told by DM if they asked for turn DMs (words only, as a match's notices).
    pub(super) async fn store_challenge_notice(
        &self,
        tx: &mut WriteTx,
        place: Place,
        challenger: UserId,
        notice: &mut Reply,
    ) -> Result<(), CoreError> {
        self.store_post(tx, PostPlace::channel(place), notice, Via::Poster)
            .await?;
        if place.reach() != Reach::AnswersOnly || notice.is_private() {
            return Ok(());
        }
        let channel = Text::new().jump(place.server().map(|s| s.0), place.channel().0, None);
        let text = Text::message(
            "notify-challenge-notice",
            [
                ("channel", Arg::Text(channel)),
                ("notice", Arg::Text(notice.text.clone())),
            ],
        );
        for (dm, mut told) in self.dms_to_notified(tx, place, [challenger], text).await? {
            self.store_one(tx, dm, &mut told, Via::Poster).await?;
        }
        Ok(())
    }

    /// Stores one post (see [`Core::store_post`]).
    async fn store_one(
        &self,
        tx: &mut WriteTx,
        place: PostPlace,
        reply: &mut Reply,
        via: Via,
    ) -> Result<(), CoreError> {
        if reply.is_private() {
            return Ok(());
        }
        // What everyone sees is in the server's language: the post is drawn in it, now or later.
        if let Some(server) = place.place.server() {
            reply.language = self.public_language(store::server_language(&mut **tx, server).await?);
        }
        // A DM is in its reader's language.
        if let PostTo::Dm(user) = place.to {
            reply.language = self.dm_language(tx, user, reply.language).await?;
        }
        if !self.config.outbox {
            return Ok(());
        }
        let now = self.now();
        let body = serde_json::to_string(&PostBody::of(reply))
            .map_err(|e| InternalError::Inconsistent(format!("a post as JSON: {e}")))?;
        let delivery = match via {
            Via::Answer => Delivery::Held {
                held_until: now + HOLD_MS,
            },
            Via::Poster => Delivery::Poster,
        };
        let id = store::insert_post(
            tx,
            &NewPost {
                server: place.place.server(),
                to: place.to,
                reach: place.reach(),
                match_id: place.match_id,
                body: &body,
                delivery,
                now_ms: now,
                process: &self.config.process,
            },
        )
        .await?;
        if via == Via::Answer {
            reply.follows.post = Some(id);
        }
        Ok(())
    }

    /// Draws the pictures of the reply's scene (when pictures are on): the board now, the move's
    /// animation later ([`Reply::render_animation`]).
    /// The pictures are in the reply's language.
    pub(super) async fn draw_pictures(&self, reply: &mut Reply) -> Result<(), CoreError> {
        let language = reply.language;
        if let (Some(table), true) = (&reply.board.standings, self.config.pictures) {
            reply.board.picture = Some(pictures::standings(table.clone(), language).await?);
        }
        let Some(scene) = &reply.board.scene else {
            return Ok(());
        };
        if self.config.pictures {
            let played = scene.played.as_ref();
            let timed = super::metrics::Timed::start();
            reply.board.picture =
                Some(pictures::board(&scene.game, &scene.names, played, language).await?);
            self.metrics.time_picture(timed);
            reply.board.pending_animation = scene
                .played
                .as_ref()
                .and_then(|played| PendingAnimation::of(&scene.game, &scene.names, played));
        }
        Ok(())
    }

    /// The posts due now that no poster holds, oldest first, at most `limit`: the oldest of each channel,
    /// none in the `resting` channels. Their pictures are drawn by [`Core::draw_post`].
    pub async fn due_posts(&self, limit: u32, resting: &[Lane]) -> Result<Vec<Post>, CoreError> {
        let rows = store::due_posts(self.store.reader(), self.now(), limit, resting).await?;
        rows.into_iter().map(post_of_row).collect()
    }

    /// Claims the posts due now that no other poster holds (see [`Core::due_posts`]; this process's own
    /// claims included), for [`POST_CLAIM_MS`]: the poster delivers them and reports each one's fate. A
    /// post whose try failed stays claimed by its poster, which tries again after a pause of its own (its
    /// channel `resting` meanwhile); a claim that runs out (its process died) is taken over by another.
    pub async fn claim_posts(&self, limit: u32, resting: &[Lane]) -> Result<Vec<Post>, CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let rows = store::claim_posts(
            &mut tx,
            self.store.backend(),
            &self.config.process,
            now,
            now + POST_CLAIM_MS,
            limit,
            resting,
        )
        .await?;
        tx.commit().await.map_err(StoreError::from)?;
        rows.into_iter().map(post_of_row).collect()
    }

    /// Takes the posts that wait for an answer in `place` (where the bot may only answer), at most
    /// `limit`, oldest first: held for the answer that shows them, as its own reply is.
    pub(super) async fn take_awaiting(
        &self,
        place: Place,
        limit: u32,
    ) -> Result<Vec<Post>, CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let lane = PostTo::channel(place.channel()).lane();
        let process = &self.config.process;
        let rows = store::take_awaiting(&mut tx, lane, limit, now + HOLD_MS, process, now).await?;
        tx.commit().await.map_err(StoreError::from)?;
        rows.into_iter().map(post_of_row).collect()
    }

    /// Draws a post's pictures, just before it is sent.
    pub async fn draw_post(&self, post: &mut Post) -> Result<(), CoreError> {
        self.draw_pictures(&mut post.reply).await
    }

    /// The post was shown (as `message`, when known). Idempotent.
    pub async fn post_delivered(
        &self,
        id: PostId,
        message: Option<MessageId>,
    ) -> Result<(), CoreError> {
        self.end_post(id, PostOutcome::Sent { message }).await
    }

    /// The post can never be shown (its channel is gone, the bot was removed). Idempotent.
    pub async fn drop_post(&self, id: PostId, reason: &str) -> Result<(), CoreError> {
        let reason = reason.to_owned();
        self.end_post(id, PostOutcome::Dropped { reason }).await
    }

    async fn end_post(&self, id: PostId, outcome: PostOutcome) -> Result<(), CoreError> {
        let mut tx = self.store.begin().await?;
        store::finish_post(&mut tx, id, &outcome, self.now()).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    /// The front end could not show a held post: the poster shows it. `maybe_shown`: an attempt may have
    /// got through all the same (the poster then looks before posting).
    pub async fn release_post(&self, id: PostId, maybe_shown: bool) -> Result<(), CoreError> {
        let mut tx = self.store.begin().await?;
        store::release_post(&mut tx, id, maybe_shown).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    /// The poster tried and will try again (it keeps its claim meanwhile); `maybe_shown` when the try got
    /// no answer.
    pub async fn post_attempt_failed(
        &self,
        id: PostId,
        maybe_shown: bool,
    ) -> Result<(), CoreError> {
        let mut tx = self.store.begin().await?;
        store::count_attempt(&mut tx, id, maybe_shown).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    /// At start-up: what this process held in its last life (by its name) is due at once — the posts its
    /// answers held, the posts its poster had claimed, as possibly shown (it may have stopped between
    /// Discord taking one and recording it), and its claims on the computer's turns. Returns how many
    /// posts.
    pub async fn release_held_posts(&self) -> Result<u64, CoreError> {
        let process = &self.config.process;
        let mut tx = self.store.begin().await?;
        let released = store::release_held_posts(&mut tx, process).await?
            + store::release_claims_of(&mut tx, process).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(released)
    }

    /// This process's heartbeat, each sweep; and the posts held for the answers of a process whose
    /// heartbeat stopped [`SILENT_AFTER_MS`] ago are due now (as possibly shown), rather than waiting out
    /// the 15 minutes of an interaction that process will never answer. Returns how many.
    pub(super) async fn beat(&self) -> Result<u64, CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        store::process_beat(&mut tx, &self.config.process, now).await?;
        let taken = store::release_held_of_silent(&mut tx, now - SILENT_AFTER_MS).await?;
        tx.commit().await.map_err(StoreError::from)?;
        if taken > 0 {
            tracing::info!(
                taken,
                "took over the held answers of a process whose heartbeat stopped"
            );
        }
        Ok(taken)
    }

    /// Forgets finished posts older than a week.
    pub(super) async fn prune_posts(&self) -> Result<(), CoreError> {
        let mut tx = self.store.begin().await?;
        store::prune_posts(&mut tx, self.now() - KEEP_DONE_MS).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    /// The bot was removed from `server`: its live matches end unrated, its open challenges close, and
    /// nothing waits to be posted there any more. Returns the matches stopped.
    pub async fn bot_removed(&self, server: ServerId) -> Result<Vec<MatchId>, CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let stopped = store::abort_server_matches(&mut tx, server, now).await?;
        store::close_server_challenges(&mut tx, server, ChallengeState::Cancelled, now).await?;
        let reason = "the bot was removed from the server";
        store::drop_server_posts(&mut tx, server, reason, now).await?;
        tx.commit().await.map_err(StoreError::from)?;
        for _ in &stopped {
            self.metrics
                .count_match_ended(super::metrics::Ending::Aborted);
        }
        Ok(stopped)
    }

    /// The active match in `place`, if any (a front end keeps its thread open).
    pub async fn live_match_in(&self, place: Place) -> Result<Option<MatchId>, CoreError> {
        let row = store::active_match_in_channel(self.store.reader(), place).await?;
        Ok(row.map(|r| r.id))
    }
}

impl Core {
    /// Draws the pictures of announcements, for a front end without an outbox (which shows them).
    pub(crate) async fn draw_notices(&self, notices: &mut [Notice]) {
        for notice in notices {
            if let Err(e) = self.draw_pictures(&mut notice.reply).await {
                tracing::error!(error = %super::cause_chain(&e), "drawing an announcement's picture failed");
            }
        }
    }
}
