//! Tournaments: `tournament create|join|leave|start|standings|pairings|withdraw|cancel`.

use super::input::{bad, Options, Wanted};
use super::terms::{TermsOf, TermsOptions};
use super::UserError;
use crate::clock::parse_duration;
use crate::message::{Arg, CommandLine, Text};
use namnam_model::{Format, TournamentId};

/// `tournament …`: what to do, and to which tournament (`None`: the one meant here, see
/// `Core::tournament_here`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    Create(TournamentSpec),
    Join(Option<TournamentId>),
    Leave(Option<TournamentId>),
    Start(Option<TournamentId>),
    Standings(Option<TournamentId>),
    Pairings(Option<TournamentId>),
    Withdraw(Option<TournamentId>),
    Cancel(Option<TournamentId>),
}

/// What `tournament create` asks for; `None`: the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    pub name: String,
    pub format: Format,
    /// Swiss: the rounds to play (default: enough to find a winner, see `swiss_rounds`).
    pub rounds: Option<u32>,
    /// The terms of every match (without a target, a round limit is needed).
    pub terms: TermsOptions,
    pub round_days: Option<u32>,
    pub start: Option<StartAt>,
    pub limit: Option<u32>,
}

/// When a tournament starts by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAt {
    /// This long after it is created (`in 2d`).
    In { secs: u32 },
    /// At this moment (a UTC time), in milliseconds since the Unix epoch.
    At { ms: i64 },
}

impl StartAt {
    /// `in 2d`, `in 3h`, or a UTC time: `2026-12-24 18:00`, `2026-12-24T18:00`.
    pub fn parse(v: &str) -> Option<StartAt> {
        let v = v.trim();
        if let Some(span) = v.strip_prefix("in ").or_else(|| v.strip_prefix("in")) {
            return parse_duration(span.trim()).map(|secs| StartAt::In { secs });
        }
        let format =
            time::format_description::parse_borrowed::<1>("[year]-[month]-[day] [hour]:[minute]")
                .expect("a valid format description");
        let v = v
            .trim_end_matches(['U', 'T', 'C', 'u', 't', 'c'])
            .trim_end()
            .replacen(['T', 't'], " ", 1);
        let at = time::PrimitiveDateTime::parse(&v, &format).ok()?;
        Some(StartAt::At {
            ms: at.assume_utc().unix_timestamp() * 1000,
        })
    }
}

impl TournamentCommand {
    pub(super) fn parse(
        words: &[&str],
        opts: &mut Options<'_>,
    ) -> Result<TournamentCommand, UserError> {
        let sub = words.first().copied().or_else(|| opts.take("action"));
        let sub = sub.map(str::to_ascii_lowercase);
        let mut id = || {
            opts.parse(
                "tournament",
                |v| {
                    v.trim_start_matches('#')
                        .parse()
                        .ok()
                        .filter(|&id: &i64| id > 0)
                        .map(TournamentId)
                },
                Wanted::TournamentNumber,
            )
        };
        Ok(match sub.as_deref() {
            Some("join") => TournamentCommand::Join(id()?),
            Some("leave") => TournamentCommand::Leave(id()?),
            Some("start") => TournamentCommand::Start(id()?),
            Some("standings") => TournamentCommand::Standings(id()?),
            Some("pairings") => TournamentCommand::Pairings(id()?),
            Some("withdraw") => TournamentCommand::Withdraw(id()?),
            Some("cancel") => TournamentCommand::Cancel(id()?),
            Some("create") => {
                let name = match words.get(1..) {
                    Some(rest) if !rest.is_empty() => rest.join(" "),
                    _ => opts.required("name")?.to_owned(),
                };
                TournamentCommand::Create(TournamentSpec::parse(name, opts)?)
            }
            _ => return Err(bad("tournament", Wanted::TournamentCommand).into()),
        })
    }
}

impl TournamentSpec {
    fn parse(name: String, opts: &mut Options<'_>) -> Result<TournamentSpec, UserError> {
        let format = |v: &str| match v {
            "swiss" => Some(Format::Swiss),
            "round-robin" | "round_robin" | "roundrobin" | "rr" => Some(Format::RoundRobin),
            _ => None,
        };
        Ok(TournamentSpec {
            name,
            format: opts
                .parse("format", format, Wanted::Format)?
                .unwrap_or(Format::Swiss),
            rounds: opts.parse(
                "rounds",
                |v| v.parse().ok().filter(|r| (1..=32).contains(r)),
                Wanted::TournamentRounds,
            )?,
            terms: TermsOptions::parse(opts, TermsOf::Tournament)?,
            round_days: opts.parse(
                "round_days",
                |v| v.parse().ok().filter(|d| (1..=60).contains(d)),
                Wanted::RoundDays,
            )?,
            start: opts.parse("start", StartAt::parse, Wanted::Start)?,
            limit: opts.parse(
                "limit",
                |v| v.parse().ok().filter(|l| (2..=128).contains(l)),
                Wanted::Limit,
            )?,
        })
    }
}

/// A tournament's command refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    NoSuchTournament(TournamentId),
    NoTournament,
    /// Several tournaments could be meant: their numbers and names.
    WhichTournament(Vec<(TournamentId, String)>),
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
}

impl TournamentRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        let of = |id: &str, name: &str| Text::message(id, [("tournament", A::quoted(name))]);
        let counted = |id: &str, name: &str, key: &str, n: u32| {
            Text::message(id, [("tournament", A::quoted(name)), (key, A::number(n))])
        };
        match self {
            TournamentRefusal::NoSuchTournament(n) => {
                Text::message("error-no-such-tournament", [("id", A::number(*n))])
            }
            TournamentRefusal::NoTournament => Text::message(
                "error-no-tournament",
                [(
                    "create",
                    A::command_line(CommandLine::sub("tournament", "create").with("name", "…")),
                )],
            ),
            TournamentRefusal::WhichTournament(list) => {
                let listed = list
                    .iter()
                    .map(|(n, name)| Text::from(format!("#{n} ")).quoted(name));
                Text::message(
                    "error-which-tournament",
                    [("tournaments", A::Text(Text::list(listed, ", ")))],
                )
            }
            TournamentRefusal::TournamentEndless => Text::message("error-tournament-endless", []),
            TournamentRefusal::RoundRobinRounds => Text::message("error-round-robin-rounds", []),
            TournamentRefusal::StartInThePast => Text::message("error-start-in-the-past", []),
            TournamentRefusal::TournamentStarted(name) => of("error-tournament-started", name),
            TournamentRefusal::TooFewPlayers(name, joined) => {
                counted("error-too-few-players", name, "joined", *joined)
            }
            TournamentRefusal::TournamentNotStarted(name) => {
                of("error-tournament-not-started", name)
            }
            TournamentRefusal::TournamentOver(name) => of("error-tournament-over", name),
            TournamentRefusal::AlreadyJoined(name) => of("error-already-joined", name),
            TournamentRefusal::TournamentFull(name, limit) => {
                counted("error-tournament-full", name, "limit", *limit)
            }
            TournamentRefusal::NotInTournament(name) => of("error-not-in-tournament", name),
            TournamentRefusal::NotOrganiser(name) => {
                Text::message("error-not-organiser", [("name", A::player(name.as_str()))])
            }
        }
    }
}
