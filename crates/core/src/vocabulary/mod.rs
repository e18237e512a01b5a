//! The core's vocabulary: who asks what, where. Every front end speaks the same words, a command name and
//! `name:value` options, parsed here into a [`Command`] so that "house 13" is refused before anything is
//! read; a refusal is a [`UserError`], in the player's words.
//!
//! Each feature has its own module here, with its command, its parser, its refusals and their words
//! (`matches`, `play`, `challenges`, `records`, `info`, `admin`, `tournaments`, `puzzles`); `input` holds
//! what every command shares (options, the refusals of what was typed), `actions` the ids of buttons.
//! [`Command`] and [`UserError`] are sums of the features' own.

pub mod actions;
pub mod admin;
pub mod challenges;
pub mod info;
pub mod input;
pub mod lessons;
pub mod matches;
pub mod play;
pub mod puzzles;
pub mod records;
pub mod terms;
pub mod tournaments;

pub use namnam_model::Place;
use namnam_model::{ChannelId, PlayerKind, ServerId, UserId};
use std::fmt;

use super::message::{Language, Text};

pub use admin::{
    AdminCommand, AdminRefusal, LanguageChoice, SeasonChange, SettingsChange, WebChange,
};
pub use challenges::{ChallengeCommand, ChallengeDraft, ChallengeOptions, ChallengeRefusal};
pub use info::{InfoCommand, InfoRefusal};
pub use input::{InputRefusal, Wanted, CLOCK_RANGE};
pub use lessons::LessonCommand;
pub use matches::{Expected, MatchCommand, MatchRef, MatchRefusal};
pub use play::{PlayCommand, PlayRefusal};
pub use puzzles::{PuzzleCommand, PuzzleRefusal};
pub use records::{RecordCommand, RecordRefusal, ReplayFrom};
pub use terms::{TermsDefaults, TermsOf, TermsOptions};
pub use tournaments::{StartAt, TournamentCommand, TournamentRefusal, TournamentSpec};

/// A user as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    pub id: UserId,
    /// Their name where they are now: in a server, their nickname there (else their account's name). Only
    /// that server shows it.
    pub name: String,
    /// Their account's own display name, what a place outside any server shows; `None` when the front end
    /// does not know it (a player named from a stored match): the stored one stays.
    pub account_name: Option<String>,
    pub kind: PlayerKind,
}

impl UserRef {
    /// A person whose name is the same everywhere (the console's players).
    pub fn human(id: UserId, name: impl Into<String>) -> UserRef {
        let name = name.into();
        UserRef {
            id,
            account_name: Some(name.clone()),
            name,
            kind: PlayerKind::Human,
        }
    }

    /// A member of a server: `name` there (their nickname, else `account_name`), and their account's name.
    pub fn member(
        id: UserId,
        name: impl Into<String>,
        account_name: impl Into<String>,
        kind: PlayerKind,
    ) -> UserRef {
        UserRef {
            id,
            name: name.into(),
            account_name: Some(account_name.into()),
            kind,
        }
    }

    /// Records the user as they are where `req` was asked: their account (its name and kind), and in a
    /// server, the server and their name there.
    pub(crate) async fn note_in(
        &self,
        tx: &mut namnam_store::WriteTx,
        req: &Request,
        now: i64,
    ) -> namnam_store::StoreResult<()> {
        use namnam_store as store;
        let server = req.place.server();
        if let Some(server) = server {
            store::ensure_server(tx, server, req.server_name(), now).await?;
        }
        match &self.account_name {
            Some(account) => store::upsert_player(tx, self.id, account, self.kind, now).await?,
            None => store::ensure_player(tx, self.id, &self.name, self.kind, now).await?,
        }
        match server {
            Some(server) => store::note_server_name(tx, server, self.id, &self.name, now).await,
            None => Ok(()),
        }
    }

    /// Namnam's own computer opponent as the console knows it: the name `namnam`, a fixed id. A front end
    /// with an account of its own (Discord: the bot user) gives that account's id with
    /// [`PlayerKind::Engine`] instead; the core recognises the computer by its kind.
    pub fn computer() -> UserRef {
        UserRef {
            id: COMPUTER_ID,
            name: COMPUTER_NAME.into(),
            account_name: Some(COMPUTER_NAME.into()),
            kind: PlayerKind::Engine,
        }
    }
}

/// The console's id for Namnam's computer (console ids of people are never below 2).
pub const COMPUTER_ID: UserId = UserId(1);
/// The name that challenges the computer in the console.
pub const COMPUTER_NAME: &str = "namnam";

/// The names people see for a request's place (a thread is a channel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceNames {
    /// The server's, when the place is a server's channel.
    pub server: Option<String>,
    pub channel: String,
}

/// One request to the core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Where it was asked: a channel, and what kind of place it is (what the bot may do there).
    pub place: Place,
    pub names: PlaceNames,
    pub user: UserRef,
    /// May this user manage the server (and so use `admin`)?
    pub can_manage: bool,
    /// The asker's language (Discord: the interaction's `locale`): private answers are in it, and their DMs.
    pub language: Language,
    /// The language Discord reports for the server (the interaction's `guild_locale`), if it reports one:
    /// what everyone sees is in it when the server follows Discord's.
    pub server_locale: Option<Language>,
    pub command: Command,
}

impl Request {
    /// The server asked in, for what belongs to a server the bot is a member of (its leaderboard,
    /// settings, seasons, tournaments, daily puzzle); refused elsewhere.
    pub fn server(&self) -> Result<ServerId, InputRefusal> {
        match self.place {
            Place::ServerChannel { server, .. } => Ok(server),
            _ => Err(InputRefusal::ServerOnly),
        }
    }

    /// The server's name, for a server's first request.
    pub fn server_name(&self) -> &str {
        self.names.server.as_deref().unwrap_or_default()
    }
}

/// Turns the names a front end sees (`bob`, `#games`) into ids.
pub trait Resolver {
    fn user(&self, name: &str) -> Option<UserRef>;
    fn channel(&self, name: &str) -> Option<ChannelId>;
}

/// The command names, for help texts and front ends.
pub const COMMANDS: [&str; 26] = [
    "challenge",
    "challenge-menu",
    "accept",
    "decline",
    "cancel",
    "move",
    "board",
    "resign",
    "draw",
    "takeback",
    "matches",
    "history",
    "rules",
    "help",
    "leaderboard",
    "stats",
    "admin",
    "rematch",
    "export",
    "replay",
    "analyse",
    "notify",
    "tournament",
    "daily",
    "puzzle",
    "learn",
];

/// A command, by feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Challenges(ChallengeCommand),
    Matches(MatchCommand),
    Play(PlayCommand),
    Records(RecordCommand),
    Info(InfoCommand),
    Admin(AdminCommand),
    Tournament(TournamentCommand),
    Puzzle(PuzzleCommand),
    Lesson(LessonCommand),
}

impl Command {
    /// Whether the command costs far more than a move (a picture, a chart, a replay, an analysis, a
    /// record), and so counts against its asker's budget. A replay's own buttons step the message already
    /// shown, and are not counted.
    pub fn is_costly(&self) -> bool {
        match self {
            Command::Matches(MatchCommand::Board { .. } | MatchCommand::History { .. }) => true,
            Command::Info(InfoCommand::Leaderboard { .. } | InfoCommand::Stats { .. }) => true,
            Command::Records(RecordCommand::Replay { from, .. }) => {
                !matches!(from, ReplayFrom::Button { .. })
            }
            Command::Records(_) => true,
            Command::Tournament(TournamentCommand::Standings(_)) => true,
            Command::Puzzle(PuzzleCommand::Play) => true,
            _ => false,
        }
    }

    /// Parses a command with its options. `words` are options given without a name (`admin abort`).
    pub fn parse(
        name: &str,
        words: &[&str],
        options: &[(&str, &str)],
        resolver: &dyn Resolver,
    ) -> Result<Command, UserError> {
        let mut opts = input::Options::new(name, options);
        let opts = &mut opts;
        let name = name.to_ascii_lowercase();
        let command = match name.as_str() {
            "challenge" | "challenge-menu" | "accept" | "decline" | "cancel" | "rematch" => {
                Command::Challenges(ChallengeCommand::parse(&name, words, opts, resolver)?)
            }
            "board" | "matches" | "history" => Command::Matches(MatchCommand::parse(&name, opts)?),
            "move" | "resign" | "draw" | "takeback" => {
                Command::Play(PlayCommand::parse(&name, words, opts)?)
            }
            "export" | "replay" | "analyse" | "analyze" => {
                Command::Records(RecordCommand::parse(&name, opts)?)
            }
            "rules" | "help" | "leaderboard" | "stats" | "notify" => {
                Command::Info(InfoCommand::parse(&name, words, opts, resolver)?)
            }
            "admin" => Command::Admin(AdminCommand::parse(words, opts, resolver)?),
            "tournament" => Command::Tournament(TournamentCommand::parse(words, opts)?),
            "puzzle" | "daily" => Command::Puzzle(PuzzleCommand::parse(&name, words, opts)?),
            "learn" => Command::Lesson(LessonCommand::parse(words, opts)?),
            _ => return Err(InputRefusal::UnknownCommand(name).into()),
        };
        std::mem::replace(opts, input::Options::new("", &[])).finish()?;
        Ok(command)
    }
}

/// A setting that may be kept, set or cleared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Change<T> {
    #[default]
    Keep,
    Set(T),
    Clear,
}

impl<T> Change<T> {
    /// `Some(value)` sets, `None` clears.
    pub fn of_option(value: Option<T>) -> Change<T> {
        value.map_or(Change::Clear, Change::Set)
    }

    /// What the setting becomes, from what it was.
    pub fn applied_to(self, was: Option<T>) -> Option<T> {
        match self {
            Change::Keep => was,
            Change::Set(value) => Some(value),
            Change::Clear => None,
        }
    }

    pub fn is_keep(&self) -> bool {
        matches!(self, Change::Keep)
    }
}

/// A refusal, phrased for the player, by feature. Its words are a [`Text`], so that front ends can show the
/// commands and names in it their own way; `Display` gives them as plain text (for logs and the console).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserError {
    Input(InputRefusal),
    Challenge(ChallengeRefusal),
    Match(MatchRefusal),
    Play(PlayRefusal),
    Record(RecordRefusal),
    Info(InfoRefusal),
    Admin(AdminRefusal),
    Tournament(TournamentRefusal),
    Puzzle(PuzzleRefusal),
}

impl UserError {
    /// The refusal in the player's words: one message of the language resources (`errors.ftl`).
    pub fn text(&self) -> Text {
        self.refusal_text()
    }
}

/// For each feature's refusal: its words through [`UserError::text`], and a `From` into [`UserError`].
macro_rules! user_error {
    ($($variant:ident($refusal:ty)),* $(,)?) => {
        impl UserError {
            fn refusal_text(&self) -> Text {
                match self {
                    $(UserError::$variant(refusal) => refusal.text(),)*
                }
            }
        }

        $(impl From<$refusal> for UserError {
            fn from(refusal: $refusal) -> UserError {
                UserError::$variant(refusal)
            }
        })*
    };
}

user_error!(
    Input(InputRefusal),
    Challenge(ChallengeRefusal),
    Match(MatchRefusal),
    Play(PlayRefusal),
    Record(RecordRefusal),
    Info(InfoRefusal),
    Admin(AdminRefusal),
    Tournament(TournamentRefusal),
    Puzzle(PuzzleRefusal),
);

// Not derived with thiserror: the words live in `text`, which front ends render; this is their plain form.
impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().plain())
    }
}

impl std::error::Error for UserError {}
