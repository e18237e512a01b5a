//! The two kinds of failure. A [`UserError`] is the player's to fix: it is answered at once, privately, in
//! words a player understands, and changes nothing. An [`InternalError`] is ours: it is logged with its whole
//! cause chain and the player sees only an apology.

use std::fmt;

use super::message::Text;
use namnam_game::{House, IllegalMove};
use namnam_store::{Snowflake, StoreError};

/// A refusal, phrased for the player. Its words are a [`Text`], so that front ends can show the commands and
/// names in it their own way; `Display` gives them as plain text (for logs and the console).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserError {
    UnknownCommand(String),
    UnknownOption {
        command: String,
        option: String,
    },
    MissingOption(&'static str),
    BadOption {
        option: &'static str,
        expected: &'static str,
    },
    NoSuchHouse(i64),
    UnknownPlayer(String),
    UnknownChannel(String),
    SelfChallenge,
    ChallengeBot(String),
    ChannelNotAllowed,
    ChallengeOpen {
        challenger: String,
        challenged: String,
    },
    /// A match's thread is another match's already.
    MatchInChannel,
    /// These two players already have a live match in this channel.
    PairInChannel(String, String),
    /// Several matches here could be meant: say which (`match:N`). Each: its number and players.
    WhichMatch(Vec<(i64, String, String)>),
    /// `match:N` names a match that is played in another channel.
    MatchElsewhere {
        id: i64,
        channel: u64,
        channel_name: String,
    },
    /// `match:N` names a match that is over.
    MatchOver(i64),
    NoSuchTournament(i64),
    NoTournament,
    /// Several tournaments could be meant: their numbers and names.
    WhichTournament(Vec<(i64, String)>),
    /// A tournament's matches need a target or a round limit.
    TournamentEndless,
    RoundRobinRounds,
    StartInThePast,
    TournamentStarted(String),
    /// A tournament started by hand with fewer than two players: its name and how many joined.
    TooFewPlayers(String, u32),
    TournamentNotStarted(String),
    TournamentOver(String),
    AlreadyJoined(String),
    TournamentFull(String, u32),
    NotInTournament(String),
    /// Only the organiser (named) or an admin may do that.
    NotOrganiser(String),
    NoChallenge,
    ChallengeExpired,
    NotChallenged(String),
    NotChallenger(String),
    OwnChallenge(String),
    NoMatch,
    NotAPlayer(String, String),
    NotYourTurn(String),
    Illegal {
        house: House,
        why: IllegalMove,
        owner: String,
    },
    Stale,
    DrawAlreadyOffered(String),
    NothingToTakeBack,
    /// The last move is the named opponent's: only they may ask to take it back.
    TakebackNotYours(String),
    /// The last move ended this round.
    TakebackAcrossRounds(u32),
    TakebackAlreadyAsked(String),
    NoTakebackRequest,
    ComputerNoTakeback(String),
    NotAdmin,
    NoStats,
    NoSuchSeason {
        asked: u32,
        current: u32,
    },
    /// `admin season` again within a minute of the last: the season it would end has just begun.
    SeasonJustStarted(u32),
    ComputerThinking(String),
    ComputerNoDraw(String),
    LevelForPeople,
    NothingToRematch,
    RematchActive(i64),
    RematchAborted(i64),
    NotActive(i64),
    NoSuchMatch(i64),
    LiveMatchOfOthers(i64),
    AnalyseLive(i64),
    NothingToAnalyse(i64),
    AnalysisQueued(i64),
    /// A challenge to this person was declined or withdrawn a moment ago: not again before `until`.
    ChallengeTooSoon {
        name: String,
        until: i64,
    },
    /// A takeback of this move was asked already (and withdrawn or declined).
    TakebackOncePerMove(String),
    /// `admin settings disallow:` names a channel that is not on the list.
    NotAllowedAnyway(Snowflake),
    /// `admin settings disallow:` names the only channel on the list.
    LastAllowedChannel(Snowflake),
    /// Too many costly commands in a minute: try again at `until`.
    Busy {
        until: i64,
    },
}

impl UserError {
    /// The refusal in the player's words.
    pub fn text(&self) -> Text {
        let words = |w: &str| Text::from(w);
        let player = |name: &str| Text::new().player(name);
        match self {
            UserError::UnknownCommand(name) => words("I don't know the command ")
                .quoted(name.as_str())
                .words(". Try ")
                .command("help")
                .words("."),
            UserError::UnknownOption { command, option } => {
                words("The command ")
                    .quoted(command.to_string())
                    .words(" has no option ")
                    .quoted(option.to_string())
                    .words(". Try ")
                    .command("help")
                    .words(".")
            }
            UserError::MissingOption(option) => {
                Text::from(format!("Please give the option `{option}`."))
            }
            UserError::BadOption { option, expected } => {
                Text::from(format!("`{option}` must be {expected}."))
            }
            UserError::NoSuchHouse(house) => Text::from(format!(
                "There is no house {house}: houses are numbered 1 to 12."
            )),
            UserError::UnknownPlayer(name) => words("I don't know a player called ")
                .player(name)
                .words("."),
            UserError::UnknownChannel(name) => {
                words("I don't know a channel called ")
                    .quoted(name.as_str())
                    .words(".")
            }
            UserError::SelfChallenge => words("You cannot challenge yourself."),
            UserError::ChallengeBot(name) => {
                player(name).words(" is a bot: bots cannot be challenged.")
            }
            UserError::ChannelNotAllowed => words("Matches cannot be played in this channel."),
            UserError::ChallengeOpen {
                challenger,
                challenged,
            } => words("There is already an open challenge in this channel (")
                .player(challenger)
                .words(" to ")
                .player(challenged)
                .words(")."),
            UserError::MatchInChannel => {
                words("That thread already has a match of its own: a thread holds one match.")
            }
            UserError::PairInChannel(a, b) => player(a)
                .words(" and ")
                .player(b)
                .words(" already have a match in this channel: finish it first."),
            UserError::WhichMatch(matches) => {
                let mut text = words("Which match? There are several here: add `match:N` to the command, N one of ");
                for (i, (id, south, north)) in matches.iter().enumerate() {
                    if i > 0 {
                        text = text.words(", ");
                    }
                    text = text
                        .words(format!("#{id} "))
                        .player(south)
                        .words(" vs ")
                        .player(north);
                }
                text.words(".")
            }
            UserError::MatchElsewhere {
                id,
                channel,
                channel_name,
            } => Text::from(format!("Match #{id} is played in "))
                .channel(*channel, Some(channel_name))
                .words(": its commands work there."),
            UserError::MatchOver(id) => Text::from(format!(
                "Match #{id} is over: see it with "
            ))
            .command_with("replay", &format!("match:{id}"))
            .words("."),
            UserError::NoSuchTournament(id) => {
                Text::from(format!("There is no tournament #{id} in this server."))
            }
            UserError::NoTournament => words("There is no tournament in this server yet. Start one with ")
                .command_with("tournament create", "name:…")
                .words("."),
            UserError::WhichTournament(list) => {
                let listed = list
                    .iter()
                    .map(|(id, name)| Text::from(format!("#{id} ")).quoted(name));
                words("Which tournament? Add `tournament:N` to the command, N one of: ")
                    .then(Text::list(listed, ", "))
                    .words(".")
            }
            UserError::TournamentEndless => words(
                "A tournament's matches must end: give them a target of houses or a round limit \
                 (`match_rounds`).",
            ),
            UserError::RoundRobinRounds => words(
                "A round robin plays as many rounds as it needs (everyone meets everyone once): \
                 `rounds` is for Swiss tournaments.",
            ),
            UserError::StartInThePast => {
                words("That start time has passed: give a time to come, like `in 2d`.")
            }
            UserError::TournamentStarted(name) => Text::new()
                .quoted_bold(name)
                .words(" has started already: joining and leaving are closed."),
            UserError::TooFewPlayers(name, joined) => Text::new().quoted_bold(name).words(format!(
                " needs at least two players to start ({joined} so far): its sign-up goes on."
            )),
            UserError::TournamentNotStarted(name) => {
                Text::new().quoted_bold(name).words(" has not started yet.")
            }
            UserError::TournamentOver(name) => Text::new().quoted_bold(name).words(" is over."),
            UserError::AlreadyJoined(name) => {
                words("You are in ").quoted_bold(name).words(" already.")
            }
            UserError::TournamentFull(name, limit) => Text::new()
                .quoted_bold(name)
                .words(format!(" is full: it takes {limit} players.")),
            UserError::NotInTournament(name) => {
                words("You are not playing in ").quoted_bold(name).words(".")
            }
            UserError::NotOrganiser(name) => words("Only its organiser, ")
                .player(name)
                .words(", or a server admin can do that."),
            UserError::NoChallenge => words("There is no open challenge in this channel."),
            UserError::ChallengeExpired => words("That challenge has expired."),
            UserError::NotChallenged(name) => {
                words("That challenge is for ").player(name).words(".")
            }
            UserError::NotChallenger(name) => words("Only ")
                .player(name)
                .words(" can cancel this challenge."),
            UserError::OwnChallenge(name) => words("You cannot accept your own challenge: ")
                .player(name)
                .words(" must answer it (or you can ")
                .command("cancel")
                .words(" it)."),
            UserError::NoMatch => words("There is no match in this channel."),
            UserError::NotAPlayer(south, north) => words("Only ")
                .player(south)
                .words(" and ")
                .player(north)
                .words(" play this match."),
            UserError::NotYourTurn(name) => words("It is ").player(name).words("'s turn."),
            UserError::Illegal { house, why, owner } => illegal_text(*house, *why, owner),
            UserError::Stale => words("That is out of date: the match has moved on. ")
                .command("board")
                .words(" shows it as it is now."),
            UserError::DrawAlreadyOffered(name) => words("You have already offered a draw; ")
                .player(name)
                .words(" can accept it with ")
                .command("draw")
                .words("."),
            UserError::NothingToTakeBack => {
                words("There is no move in this match to take back.")
            }
            UserError::TakebackNotYours(name) => words("The last move is ")
                .player(name)
                .words("'s, and ")
                .player(name)
                .words(" has not asked to take it back: only your own last move can be taken back, before your opponent moves."),
            UserError::TakebackAcrossRounds(round) => Text::from(format!(
                "The last move ended round {round}: a move that ended a round cannot be taken back."
            )),
            UserError::TakebackAlreadyAsked(name) => words("You have already asked to take back your move; ")
                .player(name)
                .words(" can accept it with ")
                .command("takeback")
                .words(", and you can withdraw it with ")
                .command_with("takeback", "decline:yes")
                .words("."),
            UserError::ChallengeTooSoon { name, until } => {
                words("Your last challenge to ")
                    .player(name)
                    .words(" was declined or withdrawn a moment ago: you can challenge them again ")
                    .time(*until)
                    .words(".")
            }
            UserError::TakebackOncePerMove(name) => {
                words("You have asked to take back this move already, and one request per move is all: ")
                    .player(name)
                    .words(" is not asked again. Play on.")
            }
            UserError::NotAllowedAnyway(channel) => words("Matches are not allowed in ")
                .channel(channel.0, None)
                .words(" anyway: the channels allowed are those listed in ")
                .command("admin settings")
                .words("."),
            UserError::LastAllowedChannel(channel) => Text::new()
                .channel(channel.0, None)
                .words(" is the only channel where matches are allowed; with none left, they would be allowed everywhere. Allow another first, or use ")
                .command_with("admin settings", "channels:all")
                .words("."),
            UserError::Busy { until } => words(
                "That is a lot of pictures, replays and analyses in a minute: you can ask again ",
            )
            .time(*until)
            .words("."),
            UserError::NoTakebackRequest => {
                words("Nobody has asked to take back a move in this match.")
            }
            UserError::ComputerNoTakeback(name) => player(name)
                .words(" moves at once, so there is no taking back a move against it: play on, or ")
                .command("resign")
                .words("."),
            UserError::NotAdmin => words("Only members who may manage the server can use ")
                .command("admin")
                .words("."),
            UserError::NoStats => words("You have not played a rated match here in this season yet."),
            UserError::SeasonJustStarted(season) => Text::from(format!(
                "Season {season} began less than a minute ago: it is not ended again so soon."
            )),
            UserError::NoSuchSeason { asked, current } => Text::from(format!(
                "There is no season {asked} yet: this server is in season {current}."
            )),
            UserError::ComputerThinking(name) => {
                player(name).words(" is thinking… Your turn comes as soon as it has moved.")
            }
            UserError::ComputerNoDraw(name) => player(name)
                .words(" does not agree to draws: play on, or ")
                .command("resign")
                .words("."),
            UserError::LevelForPeople => {
                words("`level` is for a match against namnam, the computer.")
            }
            UserError::NothingToRematch => {
                words("You have no finished match in this channel to play again.")
            }
            UserError::RematchActive(id) => Text::from(format!(
                "Match #{id} is still being played: a rematch can follow once it is over."
            )),
            UserError::RematchAborted(id) => Text::from(format!(
                "Match #{id} was stopped by an admin: start a new one with "
            ))
            .command("challenge")
            .words("."),
            UserError::NotActive(id) => Text::from(format!(
                "Match #{id} is not being played: only a match in progress can move to a thread."
            )),
            UserError::NoSuchMatch(id) => Text::from(format!(
                "There is no match #{id} in this server: a match's number is on its boards (Match #12)."
            )),
            UserError::LiveMatchOfOthers(id) => Text::from(format!(
                "Match #{id} is still being played: until it ends, only its players can look back at it."
            )),
            UserError::AnalyseLive(id) => Text::from(format!(
                "Match #{id} is still being played: the computer looks at a match once it is over, so that \
                 its opinion helps neither player in the middle of it."
            )),
            UserError::NothingToAnalyse(id) => {
                Text::from(format!("Match #{id} has no moves to analyse."))
            }
            UserError::AnalysisQueued(id) => Text::from(format!(
                "The computer is already looking at match #{id}: its verdict will be posted where it \
                 was asked for."
            )),
        }
    }
}

// Not derived with thiserror: the words live in `text`, which front ends render; this is their plain form.
impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().plain())
    }
}

impl std::error::Error for UserError {}

fn illegal_text(house: House, why: IllegalMove, owner: &str) -> Text {
    let words = |w: String| Text::from(w);
    match why {
        IllegalMove::NotOwner => Text::from(format!("House {house} belongs to "))
            .player(owner)
            .words(": play one of your own houses."),
        IllegalMove::EmptyHouse => Text::from(format!("House {house} is empty.")),
        IllegalMove::Endless => Text::from(format!(
            "House {house} would sow round for ever (an endless move), so it is not allowed."
        )),
        IllegalMove::MustFeed => Text::new().player(owner).words(format!(
            " has no seeds: you must play a move that gives them some, and house {house} does not."
        )),
        IllegalMove::RoundOver => words("The round is over.".into()),
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
pub fn apology() -> Text {
    Text::from(
        "Sorry, something went wrong on my side. Nothing you did was lost; please try again in a moment (",
    )
    .command("board")
    .words(" shows the match as it is).")
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
