//! One delivery path for every front end: the core answers a request and follows it up — the move's
//! animation, the held post's fate, a private word, the computer's turns — through a front end's
//! [`Answerer`], which only carries messages; and the outbox's poster ([`posting`]) claims, tries and tries
//! again through a front end's [`Postman`](posting::Postman).

pub mod posting;

use std::future::Future;

use namnam_model::{MessageId, Place, PostId, Reach};

use super::error::{apology, cause_chain};
use super::message::Text;
use super::outbox::Via;
use super::reply::{ComputerTurn, Reply};
use super::vocabulary::{Command, PlayCommand, Request};
use super::Core;

/// How an attempt to show a reply ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Shown, as this message when the front end knows it.
    Yes(Option<MessageId>),
    /// Not shown; `maybe` when an attempt may have got through all the same (the platform did not answer).
    No { maybe: bool },
}

impl Shown {
    pub fn yes(self) -> bool {
        matches!(self, Shown::Yes(_))
    }
}

/// What was stored but could not be shown as the answer, for the front end to say privately that it was
/// kept (the poster shows it soon).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The asker's move.
    Move,
    /// Any other change.
    Change,
}

/// What an answer can still carry after its first message: on Discord, follow-ups through the
/// interaction's token until it expires (15 minutes), and where only a player installed the app, at most
/// 5 of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// Until when, in milliseconds since the Unix epoch; `None`: no end (a console).
    pub until_ms: Option<i64>,
    /// How many more; `None`: no limit.
    pub follow_ups: Option<u32>,
}

impl Capacity {
    /// No limit at all.
    pub const UNLIMITED: Capacity = Capacity {
        until_ms: None,
        follow_ups: None,
    };

    /// Nothing more can be sent.
    pub const SPENT: Capacity = Capacity {
        until_ms: None,
        follow_ups: Some(0),
    };

    /// Whether one more follow-up can be sent at `now_ms`.
    pub fn can_follow(self, now_ms: i64) -> bool {
        self.follow_ups != Some(0) && self.until_ms.map_or(true, |until| now_ms < until)
    }
}

/// How many posts that waited for an answer one answer shows at most: the rest wait for the next.
const AWAITING_AT_ONCE: u32 = 5;

/// How a front end answers one request: the transport, and nothing of the game. Each method is one kind
/// of message; the core decides which are sent and in what order ([`Core::answer`]).
pub trait Answerer: Sync {
    /// Waits for the core's reply. A front end whose first response has a deadline (Discord's 3 seconds)
    /// may send a placeholder meanwhile; the default just waits.
    fn wait_for<F>(&self, reply: F) -> impl Future<Output = Reply> + Send
    where
        F: Future<Output = Reply> + Send,
    {
        reply
    }

    /// Shows the reply as the answer. The reply's [`pending_animation`](super::reply::Board::pending_animation) may be
    /// drawn first ([`Reply::render_animation`]); if it is still pending once shown, the core draws it and
    /// calls [`add_animation`](Self::add_animation).
    fn show(&self, reply: &mut Reply) -> impl Future<Output = Shown> + Send;

    /// Adds the move's animation, drawn now, to the answer shown already.
    fn add_animation(&self, reply: &Reply) -> impl Future<Output = ()> + Send;

    /// What more can still be shown as part of this answer (follow-ups).
    fn capacity(&self) -> Capacity;

    /// For the answer to a press of a button: the outbox's post whose message was pressed, as that message
    /// itself names it, which proves that this post was shown (and nothing about any other, even one
    /// showing the same board). The default knows none.
    fn pressed_post(&self) -> Option<PostId> {
        None
    }

    /// Shows a reply after the answer (the computer's move), pictures drawn.
    fn follow(&self, reply: &mut Reply) -> impl Future<Output = Shown> + Send;

    /// A private word for the one who asked, if the answer can still carry one.
    fn tell(&self, text: Text) -> impl Future<Output = ()> + Send;

    /// Says privately that the change was kept and will be shown by the poster.
    fn kept(&self, what: Kept) -> impl Future<Output = ()> + Send;

    /// Something was handed to the outbox's poster: it should look now.
    fn wake_poster(&self);
}

impl Core {
    /// Answers `request` through `to`, and everything that follows from it: the move's animation, the
    /// held post marked delivered or handed to the poster, the asker's private word, the computer's
    /// answer. Returns the reply as answered (for the front end's counters and logs).
    pub async fn answer<A: Answerer>(&self, request: &Request, to: &A) -> Reply {
        let mut reply = to.wait_for(self.handle(request)).await;
        let shown = to.show(&mut reply).await;
        if shown.yes() && reply.board.pending_animation.is_some() {
            reply.render_animation().await;
            to.add_animation(&reply).await;
        }
        let kept = match request.command {
            Command::Play(PlayCommand::Move { .. }) => Kept::Move,
            _ => Kept::Change,
        };
        self.settle(to, reply.follows.post, shown, Some(kept)).await;
        if let Some(aside) = reply.take_aside() {
            // A word for the one who asked only (a public answer cannot carry it).
            to.tell(aside).await;
        }
        if request.place.reach() == Reach::AnswersOnly {
            self.show_awaiting(to, request.place, shown.yes()).await;
        }
        self.computer_turns(to, reply.follows.computer_turn, shown.yes())
            .await;
        reply
    }

    /// Whether the answer can carry one more follow-up now.
    fn can_follow<A: Answerer>(&self, to: &A) -> bool {
        to.capacity().can_follow(self.now_ms())
    }

    /// In a place where the bot may only answer, what waited there for an answer (the clock's notices,
    /// a move the answer before could not carry) follows this one (`answered`: it was shown), oldest
    /// first, as far as the answer can carry it; the rest waits for the next. A post that may have been
    /// shown already is shown again (the bot cannot look there), but not when this answers a press on its
    /// very message, which proves it was shown: even an answer that carries nothing settles that. Another
    /// message showing the same board (`/board`'s answer) proves nothing about the post's words.
    async fn show_awaiting<A: Answerer>(&self, to: &A, place: Place, answered: bool) {
        let room = to.capacity().follow_ups.unwrap_or(AWAITING_AT_ONCE);
        let carries = answered && self.can_follow(to);
        if !carries && to.pressed_post().is_none() {
            return;
        }
        let limit = match carries {
            true => room.min(AWAITING_AT_ONCE),
            false => AWAITING_AT_ONCE,
        };
        let posts = match self.take_awaiting(place, limit).await {
            Ok(posts) => posts,
            Err(error) => {
                tracing::error!(error = %cause_chain(&error), "could not read what waited for an answer");
                return;
            }
        };
        for mut post in posts {
            if post.maybe_shown && to.pressed_post() == Some(post.id) {
                // Someone pressed a button of its very message: the follow-up whose answer was lost was
                // shown.
                tracing::info!(post = %post.id, "a post that may have been shown was: its message was pressed");
                self.settle(to, Some(post.id), Shown::Yes(None), None).await;
                continue;
            }
            if !carries {
                // Back to wait for an answer that can carry it.
                self.settle(to, Some(post.id), Shown::No { maybe: false }, None)
                    .await;
                continue;
            }
            if post.maybe_shown {
                // An answer before may have shown it (its follow-up got no answer): here the bot cannot
                // read the channel to look, and a post lost is worse than a post shown twice.
                tracing::warn!(post = %post.id, channel = %place.channel(),
                    "a post that may have been shown follows this answer again: the bot may only answer here \
                     and cannot look, so it may show twice");
            }
            let shown = match self.draw_post(&mut post).await {
                Ok(()) if self.can_follow(to) => {
                    post.reply.render_animation().await;
                    to.follow(&mut post.reply).await
                }
                Ok(()) => Shown::No { maybe: false },
                Err(error) => {
                    tracing::error!(error = %cause_chain(&error), post = %post.id, "could not draw a post");
                    Shown::No { maybe: false }
                }
            };
            self.settle(to, Some(post.id), shown, None).await;
        }
    }

    /// Records where a held post went: shown by the answer, or handed to the poster (and the asker told
    /// so, when `kept` and the answer still can).
    async fn settle<A: Answerer>(
        &self,
        to: &A,
        post: Option<PostId>,
        shown: Shown,
        kept: Option<Kept>,
    ) {
        let Some(post) = post else {
            return;
        };
        let recorded = match shown {
            Shown::Yes(message) => self.post_delivered(post, message).await,
            Shown::No { maybe } => {
                let released = self.release_post(post, maybe).await;
                to.wake_poster();
                if let Some(kept) = kept.filter(|_| self.can_follow(to)) {
                    to.kept(kept).await;
                }
                released
            }
        };
        if let Err(error) = recorded {
            tracing::error!(error = %cause_chain(&error), %post, "could not record a post's delivery");
        }
    }

    /// Plays the computer's turns that follow a reply (two running when it starts a new round), shown
    /// where the human's move was: after the answer while it can follow (`answered`: the human's move was
    /// shown by it), else by the poster, after the human's move.
    async fn computer_turns<A: Answerer>(
        &self,
        to: &A,
        first: Option<ComputerTurn>,
        mut answered: bool,
    ) {
        let mut turn = first;
        while let Some(next) = turn.take() {
            let via = match answered && self.can_follow(to) {
                true => Via::Answer,
                false => Via::Poster,
            };
            match self.computer_turn(next, via).await {
                Ok(Some(mut reply)) => {
                    turn = reply.follows.computer_turn;
                    if via == Via::Poster {
                        to.wake_poster();
                        continue;
                    }
                    reply.render_animation().await;
                    let shown = to.follow(&mut reply).await;
                    answered = shown.yes();
                    self.settle(to, reply.follows.post, shown, None).await;
                }
                // Nothing to play, or the clock's sweep got there first: its notice shows the move.
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(error = %cause_chain(&error), match_id = %next.match_id,
                        "the computer's move failed");
                    if answered && self.can_follow(to) {
                        to.follow(&mut Reply::public(apology())).await;
                    }
                }
            }
        }
    }
}
