//! Replies: plain data that a front end only translates (Discord messages with buttons and attachments, or
//! lines on a console).

use super::error::cause_chain;
use super::pictures::{PendingAnimation, Picture};
use crate::game::{Player, Position};
use crate::store::{Names, Snowflake};

/// A button: `id` is namespaced and carries what makes it safe to act on later (see
/// [`Command::from_action_id`](super::Command::from_action_id)); `command` is the same action typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub id: String,
    pub label: String,
    pub command: String,
}

/// The board as it stands, for front ends that draw it as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardState {
    pub match_id: i64,
    pub round: u32,
    pub position: Position,
    pub names: Names,
    /// The player to move; `None` when the match is over.
    pub to_move: Option<Player>,
}

/// The answer to one request (or a notice from the clock).
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub text: String,
    /// Shown only to the one who asked.
    pub private: bool,
    /// The board after the change.
    pub picture: Option<Picture>,
    /// The move as an animation (when it took two or more laps), once
    /// [`render_animation`](Self::render_animation) has drawn it.
    pub animation: Option<Picture>,
    /// The animation still to draw: a front end sends the reply with the board first, then this.
    pub pending_animation: Option<PendingAnimation>,
    pub board: Option<BoardState>,
    /// What the players can do next.
    pub actions: Vec<Action>,
    /// Who should be pinged (the player to move).
    pub notify: Vec<Snowflake>,
    /// The deadline of the player to move, milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// Set when the server wants a thread per match: the thread's name.
    pub open_thread: Option<String>,
    /// It is now Namnam's computer's turn: send this reply, then pass the turn to
    /// [`Core::computer_turn`](super::Core::computer_turn) and send the reply it returns.
    pub computer_turn: Option<ComputerTurn>,
}

/// The computer's turn in a match, to be played by [`Core::computer_turn`](super::Core::computer_turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerTurn {
    pub match_id: i64,
}

impl Reply {
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// Draws the pending animation into [`animation`](Self::animation). A failure is logged and leaves the
    /// reply without its GIF: the board picture already says everything.
    pub async fn render_animation(&mut self) {
        if let Some(pending) = self.pending_animation.take() {
            match pending.render().await {
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
    pub server: Snowflake,
    pub channel: Snowflake,
    pub reply: Reply,
}
