//! The two kinds of failure. A [`UserError`] is the player's to fix: it is answered at once, privately, in
//! words a player understands, and changes nothing. An [`InternalError`] is ours: it is logged with its whole
//! cause chain and the player sees only an apology.

use std::fmt;

use super::message::{Arg, Text};
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
        expected: Wanted,
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
    /// The server has no daily puzzle of that day (none asked for, not posted yet, or from an older set).
    NoDailyPuzzle,
    /// The server has a daily puzzle, but today's is not posted yet (it was just turned on): the clock's
    /// next check posts it.
    DailyPuzzleComing,
    /// `puzzle answer` with no puzzle waiting for an answer.
    NoPuzzle,
    /// A button of a puzzle shown to someone else (or of none).
    PuzzleNotYours,
    /// A puzzle answered already: only the first answer counts.
    PuzzleAnswered,
    /// A puzzle shown before the set changed, and not in it any more.
    PuzzleGone,
    /// A house that is not a legal move in the puzzle; the legal ones.
    PuzzleIllegal {
        house: House,
        legal: Vec<House>,
    },
    /// Too many costly commands in a minute: try again at `until`.
    Busy {
        until: i64,
    },
}

/// What an option takes, as a refusal names it: each is a message `wanted-…` of the resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    House,
    OnOff,
    YesNo,
    AdminCommand,
    TournamentCommand,
    MatchNumberAsShown,
    Endgame,
    FirstMover,
    Target,
    MatchRounds,
    Clock,
    Level,
    ChallengeNumber,
    MatchNumber,
    MoveNumber,
    PageNumber,
    SeasonNumber,
    Language,
    TournamentNumber,
    Format,
    TournamentRounds,
    RoundDays,
    Start,
    Limit,
    ExistingPage,
    TournamentName,
    Web,
    Day,
    PuzzleCommand,
}

impl Wanted {
    /// Its message's id.
    pub fn message_id(self) -> &'static str {
        match self {
            Wanted::House => "wanted-house",
            Wanted::OnOff => "wanted-on-off",
            Wanted::YesNo => "wanted-yes-no",
            Wanted::AdminCommand => "wanted-admin-command",
            Wanted::TournamentCommand => "wanted-tournament-command",
            Wanted::MatchNumberAsShown => "wanted-match-number-as-shown",
            Wanted::Endgame => "wanted-endgame",
            Wanted::FirstMover => "wanted-first-mover",
            Wanted::Target => "wanted-target",
            Wanted::MatchRounds => "wanted-match-rounds",
            Wanted::Clock => "wanted-clock",
            Wanted::Level => "wanted-level",
            Wanted::ChallengeNumber => "wanted-challenge-number",
            Wanted::MatchNumber => "wanted-match-number",
            Wanted::MoveNumber => "wanted-move-number",
            Wanted::PageNumber => "wanted-page-number",
            Wanted::SeasonNumber => "wanted-season-number",
            Wanted::Language => "wanted-language",
            Wanted::TournamentNumber => "wanted-tournament-number",
            Wanted::Format => "wanted-format",
            Wanted::TournamentRounds => "wanted-tournament-rounds",
            Wanted::RoundDays => "wanted-round-days",
            Wanted::Start => "wanted-start",
            Wanted::Limit => "wanted-limit",
            Wanted::ExistingPage => "wanted-existing-page",
            Wanted::TournamentName => "wanted-tournament-name",
            Wanted::Web => "wanted-web",
            Wanted::Day => "wanted-day",
            Wanted::PuzzleCommand => "wanted-puzzle-command",
        }
    }
}

impl UserError {
    /// The refusal in the player's words: one message of the language resources (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        let id = |n: i64| A::number(n);
        match self {
            UserError::UnknownCommand(name) => Text::message(
                "error-unknown-command",
                [
                    ("name", A::quoted(name.as_str())),
                    ("help", A::command("help")),
                ],
            ),
            UserError::UnknownOption { command, option } => Text::message(
                "error-unknown-option",
                [
                    ("command", A::quoted(command.to_string())),
                    ("option", A::quoted(option.to_string())),
                    ("help", A::command("help")),
                ],
            ),
            UserError::MissingOption(option) => {
                Text::message("error-missing-option", [("option", A::words(*option))])
            }
            UserError::BadOption { option, expected } => Text::message(
                "error-bad-option",
                [
                    ("option", A::words(*option)),
                    (
                        "expected",
                        A::Text(Text::message(expected.message_id(), [])),
                    ),
                ],
            ),
            UserError::NoSuchHouse(house) => {
                Text::message("error-no-such-house", [("house", id(*house))])
            }
            UserError::UnknownPlayer(name) => {
                Text::message("error-unknown-player", [("name", A::player(name.as_str()))])
            }
            UserError::UnknownChannel(name) => Text::message(
                "error-unknown-channel",
                [("name", A::quoted(name.as_str()))],
            ),
            UserError::SelfChallenge => Text::message("error-self-challenge", []),
            UserError::ChallengeBot(name) => {
                Text::message("error-challenge-bot", [("name", A::player(name.as_str()))])
            }
            UserError::ChannelNotAllowed => Text::message("error-channel-not-allowed", []),
            UserError::ChallengeOpen {
                challenger,
                challenged,
            } => Text::message(
                "error-challenge-open",
                [
                    ("challenger", A::player(challenger.as_str())),
                    ("challenged", A::player(challenged.as_str())),
                ],
            ),
            UserError::MatchInChannel => Text::message("error-match-in-channel", []),
            UserError::PairInChannel(a, b) => Text::message(
                "error-pair-in-channel",
                [("a", A::player(a.as_str())), ("b", A::player(b.as_str()))],
            ),
            UserError::WhichMatch(matches) => {
                let listed = matches.iter().map(|(n, south, north)| {
                    Text::message(
                        "match-pair",
                        [
                            ("id", id(*n)),
                            ("south", A::player(south.as_str())),
                            ("north", A::player(north.as_str())),
                        ],
                    )
                });
                Text::message(
                    "error-which-match",
                    [("matches", A::Text(Text::list(listed, ", ")))],
                )
            }
            UserError::MatchElsewhere {
                id: n,
                channel,
                channel_name,
            } => Text::message(
                "error-match-elsewhere",
                [
                    ("id", id(*n)),
                    ("channel", A::channel(*channel, Some(channel_name))),
                ],
            ),
            UserError::MatchOver(n) => Text::message(
                "error-match-over",
                [
                    ("id", id(*n)),
                    ("replay", A::command_with("replay", &format!("match:{n}"))),
                ],
            ),
            UserError::NoSuchTournament(n) => {
                Text::message("error-no-such-tournament", [("id", id(*n))])
            }
            UserError::NoTournament => Text::message(
                "error-no-tournament",
                [("create", A::command_with("tournament create", "name:…"))],
            ),
            UserError::WhichTournament(list) => {
                let listed = list
                    .iter()
                    .map(|(n, name)| Text::from(format!("#{n} ")).quoted(name));
                Text::message(
                    "error-which-tournament",
                    [("tournaments", A::Text(Text::list(listed, ", ")))],
                )
            }
            UserError::TournamentEndless => Text::message("error-tournament-endless", []),
            UserError::RoundRobinRounds => Text::message("error-round-robin-rounds", []),
            UserError::StartInThePast => Text::message("error-start-in-the-past", []),
            UserError::TournamentStarted(name) => Text::message(
                "error-tournament-started",
                [("tournament", A::quoted(name))],
            ),
            UserError::TooFewPlayers(name, joined) => Text::message(
                "error-too-few-players",
                [
                    ("tournament", A::quoted(name)),
                    ("joined", id((*joined).into())),
                ],
            ),
            UserError::TournamentNotStarted(name) => Text::message(
                "error-tournament-not-started",
                [("tournament", A::quoted(name))],
            ),
            UserError::TournamentOver(name) => {
                Text::message("error-tournament-over", [("tournament", A::quoted(name))])
            }
            UserError::AlreadyJoined(name) => {
                Text::message("error-already-joined", [("tournament", A::quoted(name))])
            }
            UserError::TournamentFull(name, limit) => Text::message(
                "error-tournament-full",
                [
                    ("tournament", A::quoted(name)),
                    ("limit", id((*limit).into())),
                ],
            ),
            UserError::NotInTournament(name) => {
                Text::message("error-not-in-tournament", [("tournament", A::quoted(name))])
            }
            UserError::NotOrganiser(name) => {
                Text::message("error-not-organiser", [("name", A::player(name.as_str()))])
            }
            UserError::NoChallenge => Text::message("error-no-challenge", []),
            UserError::ChallengeExpired => Text::message("error-challenge-expired", []),
            UserError::NotChallenged(name) => {
                Text::message("error-not-challenged", [("name", A::player(name.as_str()))])
            }
            UserError::NotChallenger(name) => {
                Text::message("error-not-challenger", [("name", A::player(name.as_str()))])
            }
            UserError::OwnChallenge(name) => Text::message(
                "error-own-challenge",
                [
                    ("name", A::player(name.as_str())),
                    ("cancel", A::command("cancel")),
                ],
            ),
            UserError::NoMatch => Text::message("error-no-match", []),
            UserError::NotAPlayer(south, north) => Text::message(
                "error-not-a-player",
                [
                    ("south", A::player(south.as_str())),
                    ("north", A::player(north.as_str())),
                ],
            ),
            UserError::NotYourTurn(name) => {
                Text::message("error-not-your-turn", [("name", A::player(name.as_str()))])
            }
            UserError::Illegal { house, why, owner } => illegal_text(*house, *why, owner),
            UserError::Stale => Text::message("error-stale", [("board", A::command("board"))]),
            UserError::DrawAlreadyOffered(name) => Text::message(
                "error-draw-already-offered",
                [
                    ("name", A::player(name.as_str())),
                    ("draw", A::command("draw")),
                ],
            ),
            UserError::NothingToTakeBack => Text::message("error-nothing-to-take-back", []),
            UserError::TakebackNotYours(name) => Text::message(
                "error-takeback-not-yours",
                [("name", A::player(name.as_str()))],
            ),
            UserError::TakebackAcrossRounds(round) => Text::message(
                "error-takeback-across-rounds",
                [("round", id((*round).into()))],
            ),
            UserError::TakebackAlreadyAsked(name) => Text::message(
                "error-takeback-already-asked",
                [
                    ("name", A::player(name.as_str())),
                    ("takeback", A::command("takeback")),
                    ("withdraw", A::command_with("takeback", "decline:yes")),
                ],
            ),
            UserError::ChallengeTooSoon { name, until } => Text::message(
                "error-challenge-too-soon",
                [
                    ("name", A::player(name.as_str())),
                    ("when", A::time(*until)),
                ],
            ),
            UserError::TakebackOncePerMove(name) => Text::message(
                "error-takeback-once-per-move",
                [("name", A::player(name.as_str()))],
            ),
            UserError::NotAllowedAnyway(channel) => Text::message(
                "error-not-allowed-anyway",
                [
                    ("channel", A::channel(channel.0, None)),
                    ("settings", A::command("admin settings")),
                ],
            ),
            UserError::LastAllowedChannel(channel) => Text::message(
                "error-last-allowed-channel",
                [
                    ("channel", A::channel(channel.0, None)),
                    (
                        "all",
                        A::command_with("admin settings", "every-channel:yes"),
                    ),
                ],
            ),
            UserError::NoDailyPuzzle => Text::message("error-no-daily-puzzle", []),
            UserError::DailyPuzzleComing => Text::message("error-daily-puzzle-coming", []),
            UserError::Busy { until } => Text::message("error-busy", [("when", A::time(*until))]),
            UserError::NoTakebackRequest => Text::message("error-no-takeback-request", []),
            UserError::ComputerNoTakeback(name) => Text::message(
                "error-computer-no-takeback",
                [
                    ("name", A::player(name.as_str())),
                    ("resign", A::command("resign")),
                ],
            ),
            UserError::NotAdmin => {
                Text::message("error-not-admin", [("admin", A::command("admin"))])
            }
            UserError::NoStats => Text::message("error-no-stats", []),
            UserError::NoPuzzle => Text::message("error-no-puzzle", [("puzzle", puzzle_play())]),
            UserError::PuzzleNotYours => {
                Text::message("error-puzzle-not-yours", [("puzzle", puzzle_play())])
            }
            UserError::PuzzleAnswered => {
                Text::message("error-puzzle-answered", [("puzzle", puzzle_play())])
            }
            UserError::PuzzleGone => {
                Text::message("error-puzzle-gone", [("puzzle", puzzle_play())])
            }
            UserError::PuzzleIllegal { house, legal } => Text::message(
                "error-puzzle-illegal",
                [
                    ("house", A::number(house.label())),
                    (
                        "houses",
                        A::Text(Text::list(
                            legal
                                .iter()
                                .map(|h| Text::new().words(h.label().to_string())),
                            ", ",
                        )),
                    ),
                ],
            ),
            UserError::SeasonJustStarted(season) => Text::message(
                "error-season-just-started",
                [("season", id((*season).into()))],
            ),
            UserError::NoSuchSeason { asked, current } => Text::message(
                "error-no-such-season",
                [
                    ("asked", id((*asked).into())),
                    ("current", id((*current).into())),
                ],
            ),
            UserError::ComputerThinking(name) => Text::message(
                "error-computer-thinking",
                [("name", A::player(name.as_str()))],
            ),
            UserError::ComputerNoDraw(name) => Text::message(
                "error-computer-no-draw",
                [
                    ("name", A::player(name.as_str())),
                    ("resign", A::command("resign")),
                ],
            ),
            UserError::LevelForPeople => Text::message("error-level-for-people", []),
            UserError::NothingToRematch => Text::message("error-nothing-to-rematch", []),
            UserError::RematchActive(n) => Text::message("error-rematch-active", [("id", id(*n))]),
            UserError::RematchAborted(n) => Text::message(
                "error-rematch-aborted",
                [("id", id(*n)), ("challenge", A::command("challenge"))],
            ),
            UserError::NotActive(n) => Text::message("error-not-active", [("id", id(*n))]),
            UserError::NoSuchMatch(n) => Text::message("error-no-such-match", [("id", id(*n))]),
            UserError::LiveMatchOfOthers(n) => {
                Text::message("error-live-match-of-others", [("id", id(*n))])
            }
            UserError::AnalyseLive(n) => Text::message("error-analyse-live", [("id", id(*n))]),
            UserError::NothingToAnalyse(n) => {
                Text::message("error-nothing-to-analyse", [("id", id(*n))])
            }
            UserError::AnalysisQueued(n) => {
                Text::message("error-analysis-queued", [("id", id(*n))])
            }
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

/// `puzzle play`, as the refusals about puzzles name it.
pub(super) fn puzzle_play() -> Arg {
    Arg::command("puzzle play")
}

fn illegal_text(house: House, why: IllegalMove, owner: &str) -> Text {
    let house = ("house", Arg::number(house.label()));
    let owner = ("owner", Arg::player(owner));
    match why {
        IllegalMove::NotOwner => Text::message("illegal-not-owner", [house, owner]),
        IllegalMove::EmptyHouse => Text::message("illegal-empty-house", [house]),
        IllegalMove::Endless => Text::message("illegal-endless", [house]),
        IllegalMove::MustFeed => Text::message("illegal-must-feed", [house, owner]),
        IllegalMove::RoundOver => Text::message("illegal-round-over", []),
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
