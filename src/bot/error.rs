//! The two kinds of failure. A [`UserError`] is the player's to fix: it is answered at once, privately, in
//! words a player understands, and changes nothing. An [`InternalError`] is ours: it is logged with its whole
//! cause chain and the player sees only an apology.

use crate::game::{House, IllegalMove};
use crate::store::StoreError;

/// A refusal, phrased for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UserError {
    #[error("I don't know the command `{0}`. Try `help`.")]
    UnknownCommand(String),
    #[error("`{command}` has no option `{option}`. Try `help`.")]
    UnknownOption { command: String, option: String },
    #[error("Please give the option `{0}`.")]
    MissingOption(&'static str),
    #[error("`{option}` must be {expected}.")]
    BadOption {
        option: &'static str,
        expected: &'static str,
    },
    #[error("There is no house {0}: houses are numbered 1 to 12.")]
    NoSuchHouse(i64),
    #[error("I don't know a player called {0}.")]
    UnknownPlayer(String),
    #[error("I don't know a channel called {0}.")]
    UnknownChannel(String),
    #[error("You cannot challenge yourself.")]
    SelfChallenge,
    #[error("{0} is a bot: bots cannot be challenged.")]
    ChallengeBot(String),
    #[error("Matches cannot be played in this channel.")]
    ChannelNotAllowed,
    #[error("There is already an open challenge in this channel ({challenger} to {challenged}).")]
    ChallengeOpen {
        challenger: String,
        challenged: String,
    },
    #[error("A match is already being played in this channel: one match per channel.")]
    MatchInChannel,
    #[error("There is no open challenge in this channel.")]
    NoChallenge,
    #[error("That challenge has expired.")]
    ChallengeExpired,
    #[error("That challenge is for {0}.")]
    NotChallenged(String),
    #[error("Only {0} can cancel this challenge.")]
    NotChallenger(String),
    #[error("You cannot accept your own challenge: {0} must answer it (or you can `cancel` it).")]
    OwnChallenge(String),
    #[error("There is no match in this channel.")]
    NoMatch,
    #[error("Only {0} and {1} play this match.")]
    NotAPlayer(String, String),
    #[error("It is {0}'s turn.")]
    NotYourTurn(String),
    #[error("{}", illegal_text(*.house, *.why, .owner))]
    Illegal {
        house: House,
        why: IllegalMove,
        owner: String,
    },
    #[error("That is out of date: the match has moved on. `board` shows it as it is now.")]
    Stale,
    #[error("You have already offered a draw; {0} can accept it with `draw`.")]
    DrawAlreadyOffered(String),
    #[error("Only members who may manage the server can use `admin`.")]
    NotAdmin,
    #[error("You have not played a rated match here yet.")]
    NoStats,
    #[error("{0} is thinking… Your turn comes as soon as it has moved.")]
    ComputerThinking(String),
    #[error("{0} does not agree to draws: play on, or `resign`.")]
    ComputerNoDraw(String),
    #[error("`level` is for a match against namnam, the computer.")]
    LevelForPeople,
    #[error("You have no finished match in this channel to play again.")]
    NothingToRematch,
    #[error("Match #{0} is still being played: a rematch can follow once it is over.")]
    RematchActive(i64),
    #[error("Match #{0} was stopped by an admin: start a new one with `challenge`.")]
    RematchAborted(i64),
    #[error("Match #{0} is not being played: only a match in progress can move to a thread.")]
    NotActive(i64),
}

impl UserError {
    /// The people's names in the message.
    pub fn names(&self) -> Vec<&str> {
        match self {
            UserError::UnknownPlayer(name)
            | UserError::ChallengeBot(name)
            | UserError::NotChallenged(name)
            | UserError::NotChallenger(name)
            | UserError::OwnChallenge(name)
            | UserError::NotYourTurn(name)
            | UserError::DrawAlreadyOffered(name)
            | UserError::ComputerThinking(name)
            | UserError::ComputerNoDraw(name)
            | UserError::Illegal { owner: name, .. } => vec![name],
            UserError::ChallengeOpen {
                challenger,
                challenged,
            } => vec![challenger, challenged],
            UserError::NotAPlayer(south, north) => vec![south, north],
            _ => Vec::new(),
        }
    }
}

fn illegal_text(house: House, why: IllegalMove, owner: &str) -> String {
    match why {
        IllegalMove::NotOwner => format!("House {house} belongs to {owner}: play one of your own houses."),
        IllegalMove::EmptyHouse => format!("House {house} is empty."),
        IllegalMove::Endless => {
            format!("House {house} would sow round for ever (an endless move), so it is not allowed.")
        }
        IllegalMove::MustFeed => format!(
            "{owner} has no seeds: you must play a move that gives them some, and house {house} does not."
        ),
        IllegalMove::RoundOver => "The round is over.".into(),
    }
}

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
pub const APOLOGY: &str =
    "Sorry, something went wrong on my side. Nothing you did was lost; please try again \
     in a moment (`board` shows the match as it is).";

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
