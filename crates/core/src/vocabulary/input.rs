//! What every command shares: its options, taken one by one and each checked as it is taken, and the
//! refusals of what was typed (an unknown command or option, a value that is not what the option takes).

use super::Resolver;
use crate::clock::parse_duration;
use crate::message::{Arg, Text};
use namnam_game::{Endgame, House, MatchOptions};
use namnam_model::{ChannelId, MatchId};

/// A refusal of what was typed, before anything is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputRefusal {
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
    /// Too many costly commands in a minute: try again at `until`.
    Busy {
        until: i64,
    },
    /// What belongs to a server (its leaderboard, settings, seasons, tournaments), asked outside one.
    ServerOnly,
}

impl InputRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        match self {
            InputRefusal::UnknownCommand(name) => Text::message(
                "error-unknown-command",
                [
                    ("name", A::quoted(name.as_str())),
                    ("help", A::command("help")),
                ],
            ),
            InputRefusal::UnknownOption { command, option } => Text::message(
                "error-unknown-option",
                [
                    ("command", A::quoted(command.to_string())),
                    ("option", A::quoted(option.to_string())),
                    ("help", A::command("help")),
                ],
            ),
            InputRefusal::MissingOption(option) => {
                Text::message("error-missing-option", [("option", A::words(*option))])
            }
            InputRefusal::BadOption { option, expected } => Text::message(
                "error-bad-option",
                [
                    ("option", A::words(*option)),
                    (
                        "expected",
                        A::Text(Text::message(expected.message_id(), [])),
                    ),
                ],
            ),
            InputRefusal::NoSuchHouse(house) => {
                Text::message("error-no-such-house", [("house", A::number(*house))])
            }
            InputRefusal::UnknownPlayer(name) => {
                Text::message("error-unknown-player", [("name", A::player(name.as_str()))])
            }
            InputRefusal::UnknownChannel(name) => Text::message(
                "error-unknown-channel",
                [("name", A::quoted(name.as_str()))],
            ),
            InputRefusal::Busy { until } => {
                Text::message("error-busy", [("when", A::time(*until))])
            }
            InputRefusal::ServerOnly => Text::message("error-server-only", []),
        }
    }
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
    Stage,
}

impl Wanted {
    /// Its message's id.
    pub fn message_id(self) -> &'static str {
        match self {
            Wanted::House => "wanted-house",
            Wanted::Stage => "wanted-stage",
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

/// The options of one command, each taken at most once; whatever is left is an unknown option.
pub(super) struct Options<'a> {
    command: String,
    given: Vec<(&'a str, &'a str)>,
}

impl<'a> Options<'a> {
    pub fn new(command: &str, given: &[(&'a str, &'a str)]) -> Self {
        Options {
            command: command.to_owned(),
            given: given.to_vec(),
        }
    }

    pub fn take(&mut self, name: &str) -> Option<&'a str> {
        let at = self
            .given
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
        Some(self.given.remove(at).1.trim())
    }

    /// Whether the option `name` was given (and not taken yet).
    pub fn has(&self, name: &str) -> bool {
        self.given.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    pub fn required(&mut self, name: &'static str) -> Result<&'a str, InputRefusal> {
        self.take(name).ok_or(InputRefusal::MissingOption(name))
    }

    /// The first word given without a name (`move 3`), else the option `name` (`move house:3`).
    pub fn word_or<'w>(
        &mut self,
        word: Option<&&'w str>,
        name: &'static str,
    ) -> Result<&'w str, InputRefusal>
    where
        'a: 'w,
    {
        word.copied().map_or_else(|| self.required(name), Ok)
    }

    pub fn parse<T>(
        &mut self,
        name: &'static str,
        f: impl Fn(&str) -> Option<T>,
        expected: Wanted,
    ) -> Result<Option<T>, InputRefusal> {
        match self.take(name) {
            None => Ok(None),
            Some(v) => f(&v.to_ascii_lowercase())
                .map(Some)
                .ok_or(InputRefusal::BadOption {
                    option: name,
                    expected,
                }),
        }
    }

    pub fn finish(self) -> Result<(), InputRefusal> {
        match self.given.first() {
            None => Ok(()),
            Some((name, _)) => Err(InputRefusal::UnknownOption {
                command: self.command,
                option: (*name).to_owned(),
            }),
        }
    }

    /// The required `match:N` (as the bot shows it, `Match #N`; a leading `#` is allowed).
    pub fn match_number(&mut self) -> Result<MatchId, InputRefusal> {
        let given = self.required("match")?;
        parse_match_number(given)
    }

    /// An optional `match:N`.
    pub fn optional_match_number(&mut self) -> Result<Option<MatchId>, InputRefusal> {
        self.take("match").map(parse_match_number).transpose()
    }

    /// A yes-or-no option, `false` when not given.
    pub fn flag(&mut self, name: &'static str) -> Result<bool, InputRefusal> {
        Ok(self.parse(name, yes_no, Wanted::YesNo)?.unwrap_or(false))
    }
}

/// A bad value of `option`.
pub(super) fn bad(option: &'static str, expected: Wanted) -> InputRefusal {
    InputRefusal::BadOption { option, expected }
}

/// A house as typed: a number, 1–12.
pub(super) fn parse_house(typed: &str) -> Result<House, InputRefusal> {
    let label: i64 = typed
        .trim()
        .parse()
        .map_err(|_| bad("house", Wanted::House))?;
    House::from_label(label).map_err(|_| InputRefusal::NoSuchHouse(label))
}

fn parse_match_number(given: &str) -> Result<MatchId, InputRefusal> {
    given
        .trim_start_matches('#')
        .parse()
        .ok()
        .filter(|&id: &i64| id > 0)
        .map(MatchId)
        .ok_or(bad("match", Wanted::MatchNumberAsShown))
}

pub(super) fn parse_endgame(v: &str) -> Option<Endgame> {
    match v {
        "capturer" => Some(Endgame::Capturer),
        "starter" => Some(Endgame::Starter),
        _ => None,
    }
}

pub(super) fn yes_no(v: &str) -> Option<bool> {
    match v {
        "yes" | "y" | "true" | "on" => Some(true),
        "no" | "n" | "false" | "off" => Some(false),
        _ => None,
    }
}

/// A match's number of rounds.
pub(super) fn parse_rounds(v: &str) -> Option<u8> {
    v.parse()
        .ok()
        .filter(|r| MatchOptions::ROUNDS_RANGE.contains(r))
}

pub(super) fn parse_target(v: &str) -> Option<Option<u8>> {
    if v == "none" {
        return Some(None);
    }
    v.parse()
        .ok()
        .filter(|t| MatchOptions::TARGET_RANGE.contains(t))
        .map(Some)
}

/// The shortest and longest move clocks.
pub const CLOCK_RANGE: std::ops::RangeInclusive<u32> = namnam_model::Terms::CLOCK_RANGE;

pub(super) fn parse_clock(v: &str) -> Option<u32> {
    parse_duration(v).filter(|s| CLOCK_RANGE.contains(s))
}

pub(super) fn parse_channel(
    name: &str,
    resolver: &dyn Resolver,
) -> Result<ChannelId, InputRefusal> {
    resolver
        .channel(name)
        .ok_or_else(|| InputRefusal::UnknownChannel(name.to_owned()))
}
