//! One delivery path for every front end: the core answers a request and follows it up — the move's
//! animation, the held post's fate, a private word, the computer's turns — through a front end's
//! [`Answerer`], which only carries messages; and the outbox's poster ([`posting`]) claims, tries and tries
//! again through a front end's [`Postman`](posting::Postman).

pub mod posting;

use std::future::Future;

use namnam_model::MessageId;

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

    /// Shows the reply as the answer. The reply's [`pending_animation`](Reply::pending_animation) may be
    /// drawn first ([`Reply::render_animation`]); if it is still pending once shown, the core draws it and
    /// calls [`add_animation`](Self::add_animation).
    fn show(&self, reply: &mut Reply) -> impl Future<Output = Shown> + Send;

    /// Adds the move's animation, drawn now, to the answer shown already.
    fn add_animation(&self, reply: &Reply) -> impl Future<Output = ()> + Send;

    /// Whether more can still be shown as part of this answer (a follow-up).
    fn can_follow(&self) -> bool;

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
        if shown.yes() && reply.pending_animation.is_some() {
            reply.render_animation().await;
            to.add_animation(&reply).await;
        }
        let kept = match request.command {
            Command::Play(PlayCommand::Move { .. }) => Kept::Move,
            _ => Kept::Change,
        };
        self.settle(to, &reply, shown, Some(kept)).await;
        if let Some(aside) = reply.aside.take() {
            // A word for the one who asked only (a public answer cannot carry it).
            to.tell(aside).await;
        }
        self.computer_turns(to, reply.computer_turn, shown.yes())
            .await;
        reply
    }

    /// Records where a held post went: shown by the answer, or handed to the poster (and the asker told
    /// so, when `kept` and the answer still can).
    async fn settle<A: Answerer>(&self, to: &A, reply: &Reply, shown: Shown, kept: Option<Kept>) {
        let Some(post) = reply.post else {
            return;
        };
        let recorded = match shown {
            Shown::Yes(message) => self.post_delivered(post, message).await,
            Shown::No { maybe } => {
                let released = self.release_post(post, maybe).await;
                to.wake_poster();
                if let Some(kept) = kept.filter(|_| to.can_follow()) {
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
            let via = match answered && to.can_follow() {
                true => Via::Answer,
                false => Via::Poster,
            };
            match self.computer_turn(next, via).await {
                Ok(Some(mut reply)) => {
                    turn = reply.computer_turn;
                    if via == Via::Poster {
                        to.wake_poster();
                        continue;
                    }
                    reply.render_animation().await;
                    let shown = to.follow(&mut reply).await;
                    answered = shown.yes();
                    self.settle(to, &reply, shown, None).await;
                }
                // Nothing to play, or the clock's sweep got there first: its notice shows the move.
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(error = %cause_chain(&error), match_id = %next.match_id,
                        "the computer's move failed");
                    if answered && to.can_follow() {
                        to.follow(&mut Reply::public(apology())).await;
                    }
                }
            }
        }
    }
}
