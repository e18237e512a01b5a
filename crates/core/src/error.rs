//! The two kinds of failure. A [`UserError`] (by feature, in [`crate::vocabulary`]) is the player's to fix: it is answered at once, privately, in
//! words a player understands, and changes nothing. An [`InternalError`] is ours: it is logged with its whole
//! cause chain and the player sees only an apology.

use super::message::Text;
use super::vocabulary::UserError;
use namnam_store::StoreError;

/// A failure that is not the player's fault.
#[derive(Debug, thiserror::Error)]
pub enum InternalError {
    #[error("storage failed")]
    Store(#[from] StoreError),
    #[error("a background task failed")]
    Task(#[from] tokio::task::JoinError),
    #[error("the stored match disagrees with the rules: {0}")]
    Inconsistent(String),
}

/// Either kind of failure.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    #[error(transparent)]
    User(#[from] UserError),
    #[error(transparent)]
    Internal(#[from] InternalError),
}

impl From<StoreError> for CoreError {
    fn from(e: StoreError) -> Self {
        CoreError::Internal(InternalError::Store(e))
    }
}

/// What a player sees when something went wrong on our side.
pub fn apology() -> Text {
    Text::message(
        "apology",
        [("board", super::message::Arg::command("board"))],
    )
}

/// The error and every cause under it, for the log.
pub fn cause_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// A feature's refusal is a [`CoreError`] as it is: `Err(PlayRefusal::NotYourTurn(..))?` in a feature.
macro_rules! refusals_are_core_errors {
    ($($refusal:ident),* $(,)?) => {
        $(impl From<super::vocabulary::$refusal> for CoreError {
            fn from(refusal: super::vocabulary::$refusal) -> CoreError {
                CoreError::User(refusal.into())
            }
        })*
    };
}

refusals_are_core_errors!(
    InputRefusal,
    ChallengeRefusal,
    MatchRefusal,
    PlayRefusal,
    RecordRefusal,
    InfoRefusal,
    AdminRefusal,
    TournamentRefusal,
    PuzzleRefusal,
);
