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

/// The answer to one request (or a notice from the clock), as a few typed parts: its words, who sees them,
/// what it shows, what can be done next, and what follows it.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub text: Text,
    /// The language its words are shown in: the asker's for a private reply.
    pub language: Language,
    /// Who sees it.
    pub audience: Audience,
    /// What it shows besides its words: a board, a position or standings, and their pictures.
    pub board: Board,
    /// What can be done next.
    pub buttons: Buttons,
    /// What follows it.
    pub follows: Follows,
    /// A file to attach.
    pub file: Option<Document>,
    /// Whether the request was done, refused or failed (an operator's counters tell them apart).
    pub outcome: Outcome,
}

/// Who sees a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everyone where it is shown. `notify` are pinged (the player to move); `aside` is a private word for
    /// the one who asked, beside it.
    Everyone {
        notify: Vec<UserId>,
        aside: Option<Text>,
    },
    /// Only the one who asked (a private reply carries its asides in its text).
    Asker,
}

impl Default for Audience {
    fn default() -> Self {
        Audience::Everyone {
            notify: Vec::new(),
            aside: None,
        }
    }
}

/// What a reply shows besides its words, and the pictures of it.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// A match's board after the change, for front ends that draw it as text, with whom its buttons are
    /// for.
    pub state: Option<BoardState>,
    /// A position outside any match (a puzzle's), for a front end that draws boards as text.
    pub position: Option<Position>,
    /// What the pictures show, kept so that they can be drawn again for a stored post.
    pub scene: Option<Scene>,
    /// A tournament's standings, drawn as the reply's picture.
    pub standings: Option<StandingsTable>,
    /// The deadline of the player to move, milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// The board (or standings) as a picture.
    pub picture: Option<Picture>,
    /// The move as an animation (when it took two or more laps), once
    /// [`Reply::render_animation`] has drawn it.
    pub animation: Option<Picture>,
    /// Animations after [`animation`](Self::animation), drawn already (a puzzle's answer: the player's own
    /// move after the best one).
    pub more_animations: Vec<Picture>,
    /// The animation still to draw: a front end sends the reply with the board first, then this.
    pub pending_animation: Option<PendingAnimation>,
}

/// What can be done after a reply.
#[derive(Clone, Debug, Default)]
pub struct Buttons {
    /// What the players can do next.
    pub actions: Vec<Action>,
    /// Web pages to open (the server's page on `namnam web`, when it has one).
    pub links: Vec<Link>,
    /// What becomes of the message whose button was pressed.
    pub pressed: Pressed,
}

/// What a reply does to the message whose button was pressed, for a front end that keeps such messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pressed {
    /// It stays as it is (a draw offer, a takeback request, a board shown again).
    #[default]
    Kept,
    /// The reply takes its place (a replay steps in place); a front end without such messages shows it as
    /// a new one.
    Replaced,
    /// Its buttons are of no more use (a new board, an answered challenge): they are taken off.
    Retired,
}

/// What follows a reply.
#[derive(Clone, Debug, Default)]
pub struct Follows {
    /// It is now Namnam's computer's turn: [`Core::answer`](super::Core::answer) plays it after showing
    /// this reply.
    pub computer_turn: Option<ComputerTurn>,
    /// Set when the server wants a thread per match: the thread's name.
    pub open_thread: Option<String>,
    /// DMs to send, for a front end without an outbox (with one, they are stored there and this is empty).
    pub direct: Vec<DirectMessage>,
    /// More public messages the change made elsewhere (a tournament's next round), for a front end
    /// without an outbox (with one, they are stored there and this is empty).
    pub also: Vec<Notice>,
    /// This reply is also stored in the outbox, held for the front end answering the request: it is
    /// marked delivered once the reply is shown, or released so that the poster shows it.
    pub post: Option<PostId>,
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
            audience: Audience::Asker,
            ..Reply::default()
        }
    }

    /// Shown only to the one who asked.
    pub fn is_private(&self) -> bool {
        self.audience == Audience::Asker
    }

    /// Makes it private: it pings nobody, and carries no aside.
    pub fn make_private(&mut self) {
        self.audience = Audience::Asker;
    }

    /// Who is pinged (the player to move).
    pub fn notify(&self) -> &[UserId] {
        match &self.audience {
            Audience::Everyone { notify, .. } => notify,
            Audience::Asker => &[],
        }
    }

    /// Pings `users` with it; a private reply pings nobody.
    pub fn ping(&mut self, users: Vec<UserId>) {
        if let Audience::Everyone { notify, .. } = &mut self.audience {
            *notify = users;
        }
    }

    /// Adds a private word for the one who asked beside a public reply; a private reply takes it into
    /// its text.
    pub fn add_aside(&mut self, word: Text) {
        match &mut self.audience {
            Audience::Everyone { aside, .. } => *aside = Some(word),
            Audience::Asker => {
                self.text = Text::lines([std::mem::take(&mut self.text), word]);
            }
        }
    }

    /// The private word beside a public reply, taken out to be sent on its own.
    pub fn take_aside(&mut self) -> Option<Text> {
        match &mut self.audience {
            Audience::Everyone { aside, .. } => aside.take(),
            Audience::Asker => None,
        }
    }

    /// Draws the pending animation into [`animation`](Board::animation), in the reply's language. A failure
    /// is logged and leaves the reply without its GIF: the board picture already says everything.
    pub async fn render_animation(&mut self) {
        if let Some(pending) = self.board.pending_animation.take() {
            match pending.render(self.language).await {
                Ok(gif) => self.board.animation = Some(gif),
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
            notify: reply.notify().iter().map(|id| id.0).collect(),
            deadline_ms: reply.board.deadline_ms,
            actions: reply.buttons.actions.clone(),
            board: reply.board.state.clone(),
            scene: reply.board.scene.clone(),
            standings: reply.board.standings.clone(),
            open_thread: reply.follows.open_thread.clone(),
            language: Some(reply.language.code().to_owned()),
            links: reply.buttons.links.clone(),
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
            audience: Audience::Everyone {
                notify: self.notify.into_iter().map(UserId).collect(),
                aside: None,
            },
            board: Board {
                state: self.board,
                scene: self.scene,
                standings: self.standings,
                deadline_ms: self.deadline_ms,
                ..Board::default()
            },
            buttons: Buttons {
                actions: self.actions,
                links: self.links,
                pressed: Pressed::Kept,
            },
            follows: Follows {
                open_thread: self.open_thread,
                ..Follows::default()
            },
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
