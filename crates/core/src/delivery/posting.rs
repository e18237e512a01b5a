//! The outbox's poster: claims the posts that are due (clock notices, the computer's moves played by the
//! clock, every reply an answer could not show), hands each to a front end's [`Postman`], records its fate,
//! and tries again later, with a doubling pause, what the platform did not take.
//!
//! Posts of one lane (a channel, a player's DMs) go out in the order they were stored: while a lane's post
//! waits for its next try, the lane rests and its later posts wait behind it.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use namnam_model::{Lane, MessageId, UserId};
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::super::error::cause_chain;
use super::super::outbox::{Post, POST_CLAIM_MS};
use super::super::Core;

/// Posts claimed from the outbox at a time.
const BATCH: u32 = 20;

/// A batch stops this long before its claims run out (a slow platform can make it last longer than a
/// claim): the posts left are still this poster's to claim again, and no other poster takes them meanwhile.
const CLAIM_MARGIN_MS: i64 = 30_000;

/// How often the outbox is read when nothing wakes the poster.
const IDLE: Duration = Duration::from_secs(1);

/// The pause before a post's second try; it doubles with each try, up to [`MAX_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const MAX_PAUSE: Duration = Duration::from_secs(60);

/// What became of one try to deliver a post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivered {
    /// Shown, as this message when known.
    Shown(Option<MessageId>),
    /// It can never be shown (the channel is gone, the bot may not post there): dropped, for this reason.
    Never(&'static str),
    /// The player takes no DMs from the bot: their turn DMs are turned off.
    DmRefused(UserId),
    /// Try again after a pause; `unanswered` when the try got no answer (it may have got through).
    Later { unanswered: bool },
}

impl Delivered {
    pub const LATER: Delivered = Delivered::Later { unanswered: false };
}

/// What a post's try came to, for a front end's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    Delivered,
    Retried,
    Dropped,
    DmRefused,
}

/// How a front end shows a post by itself: the transport only. The poster draws nothing and records
/// nothing here; [`Core::draw_post`] draws a post's pictures when the postman is about to send it.
pub trait Postman: Send + Sync + 'static {
    fn deliver(&self, post: &mut Post) -> impl Future<Output = Delivered> + Send;

    /// What became of a post, once recorded: for the front end's counters.
    fn counted(&self, _post: &Post, _fate: Fate) {}
}

/// Wakes the poster when there is something new to post.
#[derive(Clone, Debug, Default)]
pub struct PosterBell(Arc<Notify>);

impl PosterBell {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// The running poster.
pub struct PosterTask {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl PosterTask {
    /// For a health check, which asks whether the poster still runs.
    pub fn abort_handle(&self) -> tokio::task::AbortHandle {
        self.task.abort_handle()
    }

    /// Stops after posting what is due now, for at most `grace`.
    pub async fn drain(self, grace: Duration) {
        let _ = self.stop.send(true);
        let mut task = self.task;
        if tokio::time::timeout(grace, &mut task).await.is_err() {
            tracing::warn!(
                "the poster had not finished after {grace:?}: the rest goes after the restart"
            );
            task.abort();
        }
    }
}

/// Starts the poster: it delivers the outbox through `postman` until drained, looking each time `bell`
/// rings and every second besides.
pub fn spawn_poster<P: Postman>(core: Arc<Core>, postman: P, bell: PosterBell) -> PosterTask {
    let (stop, stopped) = watch::channel(false);
    let poster = Poster {
        core,
        postman,
        bell,
    };
    let task = tokio::spawn(poster.run(stopped));
    PosterTask { stop, task }
}

struct Poster<P> {
    core: Arc<Core>,
    postman: P,
    bell: PosterBell,
}

/// What one pass over the outbox did.
struct Pass {
    /// Posts are still waiting (due, or resting after a failed try).
    waiting: bool,
    /// At least one post went out: the next ones of its lane may be due now.
    delivered: bool,
}

impl<P: Postman> Poster<P> {
    async fn run(self, mut stopped: watch::Receiver<bool>) {
        // The lanes whose last try failed, and when they may be tried again.
        let mut resting: HashMap<Lane, Instant> = HashMap::new();
        loop {
            let draining = *stopped.borrow();
            let Pass { waiting, delivered } = self.pass(&mut resting).await;
            if draining && !waiting {
                return;
            }
            if delivered {
                // The next post of those lanes may be due already.
                continue;
            }
            let next = resting.values().min().copied();
            let pause = next.map_or(IDLE, |at| {
                at.saturating_duration_since(Instant::now()).min(IDLE)
            });
            tokio::select! {
                () = self.bell.0.notified() => {}
                () = tokio::time::sleep(pause) => {}
                changed = stopped.changed(), if !draining => {
                    if changed.is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// Claims and posts the oldest due post of each lane that is not resting. A post whose try failed
    /// stays claimed by this poster while its lane rests.
    async fn pass(&self, resting: &mut HashMap<Lane, Instant>) -> Pass {
        let now = Instant::now();
        resting.retain(|_, until| *until > now);
        let skipped: Vec<Lane> = resting.keys().copied().collect();
        let claimed_at = Instant::now();
        let posts = match self.core.claim_posts(BATCH, &skipped).await {
            Ok(posts) => posts,
            Err(error) => {
                tracing::error!(error = %cause_chain(&error), "could not read the outbox");
                return Pass {
                    waiting: true,
                    delivered: false,
                };
            }
        };
        let mut pass = Pass {
            waiting: !posts.is_empty() || !resting.is_empty(),
            delivered: false,
        };
        let deliver_for = Duration::from_millis((POST_CLAIM_MS - CLAIM_MARGIN_MS) as u64);
        for mut post in posts {
            if claimed_at.elapsed() > deliver_for {
                break;
            }
            let tried = self.postman.deliver(&mut post).await;
            match self.record(&post, tried).await {
                None => pass.delivered = true,
                Some(unanswered) => {
                    self.postman.counted(&post, Fate::Retried);
                    let pause = FIRST_PAUSE
                        .saturating_mul(1 << post.attempts.min(16))
                        .min(MAX_PAUSE);
                    if let Err(error) = self.core.post_attempt_failed(post.id, unanswered).await {
                        tracing::error!(error = %cause_chain(&error), "could not count a try");
                    }
                    resting.insert(post.to.lane(), Instant::now() + pause);
                }
            }
        }
        pass
    }

    /// Records a try's fate; `Some(unanswered)` when the post is to be tried again.
    async fn record(&self, post: &Post, tried: Delivered) -> Option<bool> {
        let id = post.id;
        let (recorded, fate) = match tried {
            Delivered::Later { unanswered } => return Some(unanswered),
            Delivered::Shown(message) => match self.core.post_delivered(id, message).await {
                Ok(()) => (Ok(()), Fate::Delivered),
                // The platform has it: the next try finds it, or its nonce keeps it from showing twice.
                Err(error) => (Err((error, true)), Fate::Delivered),
            },
            Delivered::Never(reason) => {
                let dropped = self.core.drop_post(id, reason).await;
                (dropped.map_err(|e| (e, false)), Fate::Dropped)
            }
            Delivered::DmRefused(user) => {
                tracing::info!(post = %id, %user, "a player's DMs refused a turn notification: turned off");
                let refused = self.core.dm_refused(id, user).await;
                (refused.map_err(|e| (e, false)), Fate::DmRefused)
            }
        };
        match recorded {
            Ok(()) => {
                self.postman.counted(post, fate);
                None
            }
            Err((error, unanswered)) => {
                tracing::error!(error = %cause_chain(&error), post = %id, ?fate, "could not record a post's fate");
                Some(unanswered)
            }
        }
    }
}
