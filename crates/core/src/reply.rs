//! Replies: plain data that a front end only translates (Discord messages with buttons and attachments, or
//! lines on a console).

use namnam_model::{MatchId, Names, Place, PostId, UserId};
use serde::{Deserialize, Serialize};

use super::error::cause_chain;
use super::message::Language;
use super::message::Text;
use super::pictures::{PendingAnimation, Picture};
use super::vocabulary::actions::ActionId;
use namnam_game::{ByPlayer, Match, MatchMove, Player, Position};
use namnam_render::StandingsTable;

/// A button: its id says what it does and carries what makes it safe to act on later (see [`ActionId`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub id: ActionId,
    /// Its words, in the reply's language (a stored post from before languages holds a plain string).
    pub label: Text,
    /// Shown but not pressable (a replay's ◀ at its first move).
    #[serde(default)]
    pub disabled: bool,
}

impl Action {
    pub fn new(id: ActionId, label: Text) -> Action {
        Action {
            id,
            label,
            disabled: false,
        }
    }
}

/// A button that opens a web page (a server's page on `namnam web`), rather than acting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub label: Text,
    pub url: String,
}

/// A file attached to a reply (a match's record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What the file is, for screen readers.
    pub description: String,
}

/// The board as it stands, for front ends that draw it as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardState {
    pub match_id: MatchId,
    /// The match's version this board shows (each change that shows a board makes a new one).
    pub version: i64,
    pub round: u32,
    pub position: Position,
    pub names: Names,
    /// The players' ids, South first: whom the board's buttons are for (a board stored before they were
    /// kept reads back with none).
    #[serde(default)]
    pub players: ByPlayer<UserId>,
    /// The player to move; `None` when the match is over.
    pub to_move: Option<Player>,
}

/// The answer to one request (or a notice from the clock).
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub text: Text,
    /// The language its words are shown in: the asker's for a private reply.
    pub language: Language,
    /// Shown only to the one who asked.
    pub private: bool,
    /// The board after the change.
    pub picture: Option<Picture>,
    /// The move as an animation (when it took two or more laps), once
    /// [`render_animation`](Self::render_animation) has drawn it.
    pub animation: Option<Picture>,
    /// Animations after [`animation`](Self::animation), drawn already (a puzzle's answer: the player's own
    /// move after the best one).
    pub more_animations: Vec<Picture>,
    /// The animation still to draw: a front end sends the reply with the board first, then this.
    pub pending_animation: Option<PendingAnimation>,
    pub board: Option<BoardState>,
    /// A position outside any match (a puzzle's), for a front end that draws boards as text.
    pub position: Option<Position>,
    /// What the players can do next.
    pub actions: Vec<Action>,
    /// Web pages to open (the server's page on `namnam web`, when it has one).
    pub links: Vec<Link>,
    /// Who should be pinged (the player to move).
    pub notify: Vec<UserId>,
    /// The deadline of the player to move, milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// Set when the server wants a thread per match: the thread's name.
    pub open_thread: Option<String>,
    /// It is now Namnam's computer's turn: send this reply, then pass the turn to
    /// [`Core::computer_turn`](super::Core::computer_turn) and send the reply it returns.
    pub computer_turn: Option<ComputerTurn>,
    /// What the pictures show, kept so that they can be drawn again for a stored post.
    pub scene: Option<Scene>,
    /// A file to attach.
    pub file: Option<Document>,
    /// The reply takes the place of the message whose button was pressed (a replay steps in place); a
    /// front end without such messages shows it as a new one.
    pub update_pressed: bool,
    /// The reply makes the pressed message's buttons useless (a new board, an answered challenge): a
    /// front end that keeps that message takes its buttons off.
    pub retires_pressed: bool,
    /// DMs to send, for a front end without an outbox (with one, they are stored there and this is empty).
    pub direct: Vec<DirectMessage>,
    /// A private word for the one who asked, beside a public reply (a private reply carries it in its text).
    pub aside: Option<Text>,
    /// A tournament's standings, drawn as the reply's picture.
    pub standings: Option<StandingsTable>,
    /// More public messages the change made elsewhere (a tournament's next round), for a front end
    /// without an outbox (with one, they are stored there and this is empty).
    pub also: Vec<Notice>,
    /// This reply is also stored in the outbox, held for the front end answering the interaction: it
    /// reports [`Core::post_delivered`](super::Core::post_delivered) once the reply is shown, or
    /// [`Core::release_post`](super::Core::release_post) so that the poster shows it.
    pub post: Option<PostId>,
    /// Whether the request was done, refused or failed (an operator's counters tell them apart).
    pub outcome: Outcome,
}

/// How a request ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Outcome {
    #[default]
    Done,
    /// Refused, with the reason in the reply: the player's to change.
    Refused,
    /// An internal error, logged: the bot's to fix.
    Failed,
}

/// A message to one player's DMs (a turn notification).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectMessage {
    pub user: UserId,
    pub name: String,
    pub text: Text,
}

/// What a reply's pictures show: a match after a change (the move just played, if any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    pub game: Match,
    pub names: Names,
    pub played: Option<MatchMove>,
}

/// The computer's turn in a match, to be played by [`Core::computer_turn`](super::Core::computer_turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerTurn {
    pub match_id: MatchId,
}

impl Reply {
    pub fn public(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// Draws the pending animation into [`animation`](Self::animation), in the reply's language. A failure
    /// is logged and leaves the reply without its GIF: the board picture already says everything.
    pub async fn render_animation(&mut self) {
        if let Some(pending) = self.pending_animation.take() {
            match pending.render(self.language).await {
                Ok(gif) => self.animation = Some(gif),
                Err(e) => {
                    tracing::error!(error = %cause_chain(&e), "drawing a move's animation failed")
                }
            }
        }
    }
}

/// A message the core sends by itself, from the clock: reminders, timeouts, expired challenges.
#[derive(Clone, Debug)]
pub struct Notice {
    /// Where it is shown: a match's or a challenge's place, a server's channel.
    pub place: Place,
    pub reply: Reply,
}

/// A stored public message as the outbox keeps it: the reply without its pictures, which are drawn again
/// from the scene.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct PostBody {
    pub text: Text,
    pub notify: Vec<u64>,
    pub deadline_ms: Option<i64>,
    pub actions: Vec<Action>,
    pub board: Option<BoardState>,
    pub scene: Option<Scene>,
    #[serde(default)]
    pub standings: Option<StandingsTable>,
    /// The post starts a thread of this name, and its match moves there (a tournament's pairing).
    #[serde(default)]
    pub open_thread: Option<String>,
    /// The language's code (`en`, `fr`); English when a post stored before languages has none.
    #[serde(default)]
    pub language: Option<String>,
    #[serde(default)]
    pub links: Vec<Link>,
}

impl PostBody {
    pub fn of(reply: &Reply) -> PostBody {
        PostBody {
            text: reply.text.clone(),
            notify: reply.notify.iter().map(|id| id.0).collect(),
            deadline_ms: reply.deadline_ms,
            actions: reply.actions.clone(),
            board: reply.board.clone(),
            scene: reply.scene.clone(),
            standings: reply.standings.clone(),
            open_thread: reply.open_thread.clone(),
            language: Some(reply.language.code().to_owned()),
            links: reply.links.clone(),
        }
    }

    /// The reply again, still without pictures.
    pub fn into_reply(self) -> Reply {
        Reply {
            text: self.text,
            language: self
                .language
                .as_deref()
                .and_then(Language::of_code)
                .unwrap_or_default(),
            notify: self.notify.into_iter().map(UserId).collect(),
            deadline_ms: self.deadline_ms,
            actions: self.actions,
            board: self.board,
            scene: self.scene,
            standings: self.standings,
            open_thread: self.open_thread,
            links: self.links,
            ..Reply::default()
        }
    }
}

/// A player's rating before and after a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}
