//! Requests: who asks what, where. Every front end speaks the same vocabulary: a command name and
//! `name:value` options, parsed here into a [`Command`] so that "house 13" is refused before anything is read.

use super::clock::parse_duration;
use super::error::{UserError, Wanted};
use super::message::Language;
use namnam_ai::Level;
use namnam_game::{Endgame, House, MatchOptions};
use namnam_store::Format;
use namnam_store::{FirstMover, PlayerKind, Snowflake};

/// A user as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    pub id: Snowflake,
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
    pub fn human(id: Snowflake, name: impl Into<String>) -> UserRef {
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
        id: Snowflake,
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

    /// Records the user as they are in `place`: the server, their account (its name and kind) and their
    /// name in that server.
    pub(crate) async fn note_in(
        &self,
        tx: &mut namnam_store::WriteTx,
        place: &Place,
        now: i64,
    ) -> namnam_store::StoreResult<()> {
        use namnam_store as store;
        store::ensure_server(tx, place.server, &place.server_name, now).await?;
        match &self.account_name {
            Some(account) => store::upsert_player(tx, self.id, account, self.kind, now).await?,
            None => store::ensure_player(tx, self.id, &self.name, self.kind, now).await?,
        }
        store::note_server_name(tx, place.server, self.id, &self.name, now).await
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
pub const COMPUTER_ID: Snowflake = Snowflake(1);
/// The name that challenges the computer in the console.
pub const COMPUTER_NAME: &str = "namnam";

/// Where a request comes from. A thread is a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub server: Snowflake,
    pub server_name: String,
    pub channel: Snowflake,
    pub channel_name: String,
}

/// One request to the core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub place: Place,
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

/// The options of a challenge; `None` takes the server's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    pub endgame: Option<Endgame>,
    pub chain: Option<bool>,
    pub first: Option<FirstMover>,
    /// `Some(None)`: explicitly no target.
    pub target: Option<Option<u8>>,
    pub rounds: Option<u8>,
    pub clock_secs: Option<u32>,
    /// The computer's level (a match against namnam only).
    pub level: Option<Level>,
}

/// What a button was made for: acting on it later is refused unless the match is still where it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    pub match_id: i64,
    /// The match's turn the button was drawn for (moves, takebacks: see `MatchRow::turns`), or `None` for
    /// buttons valid all match long.
    pub turn: Option<u32>,
}

/// Changes to a server's settings; `None` leaves a setting as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// Empty: every channel.
    pub channels: Option<Vec<Snowflake>>,
    /// One channel more where matches may be played (applied after `channels`).
    pub allow: Option<Snowflake>,
    /// One channel fewer where matches may be played.
    pub disallow: Option<Snowflake>,
    pub clock_secs: Option<u32>,
    pub target: Option<Option<u8>>,
    pub thread_per_match: Option<bool>,
    /// The language of what everyone sees in the server.
    pub language: Option<LanguageChoice>,
    /// The server's web page: on, a new link (the old one stops), or off.
    pub web: Option<WebChange>,
    /// The channel of the daily puzzle, or `Some(None)` for none.
    pub daily_puzzle: Option<Option<Snowflake>>,
}

/// What an admin does with the server's web page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebChange {
    /// On (a page under a new link, or the same link when it is on already).
    On,
    /// A new link: the old one stops at once.
    NewLink,
    /// Off: every page of the server is gone (404).
    Off,
}

/// A server's choice of language for what everyone sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageChoice {
    /// Always this one.
    Fixed(Language),
    /// The one Discord reports for the server (a Community server's setting; English for the others).
    AsDiscordSays,
}

impl LanguageChoice {
    /// `en`, `fr`, or `discord`, as the console and the settings write it.
    pub fn of_code(code: &str) -> Option<LanguageChoice> {
        match code {
            "discord" => Some(LanguageChoice::AsDiscordSays),
            code => Language::of_code(code).map(LanguageChoice::Fixed),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminCommand {
    /// Stop the match in this channel (`match:N` when it has several), unrated.
    Abort { match_id: Option<i64> },
    /// Show (when empty) or change the server's settings.
    Settings(SettingsChange),
    /// End the season and start the next (unless `start` is false), and set how seasons go.
    Season(SeasonChange),
}

/// `admin season`: a new season now, where its news goes, whether seasons change monthly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonChange {
    /// Start a new season now (`start:no` changes only the options).
    pub start: bool,
    /// The channel where season news is posted.
    pub news: Option<Snowflake>,
    /// A new season on the first of each month (UTC).
    pub monthly: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Challenge {
        opponent: UserRef,
        options: ChallengeOptions,
    },
    Accept {
        challenge: Option<i64>,
    },
    Decline {
        challenge: Option<i64>,
    },
    Cancel {
        challenge: Option<i64>,
    },
    /// `match_id`, in this and the other commands on a match: the `match:N` typed, needed only when the
    /// player has more than one match in the channel (`expected`, a button's, names its match anyway).
    Move {
        house: House,
        match_id: Option<i64>,
        expected: Option<Expected>,
    },
    Board {
        match_id: Option<i64>,
    },
    Resign {
        confirmed: bool,
        match_id: Option<i64>,
        expected: Option<Expected>,
    },
    Draw {
        match_id: Option<i64>,
        expected: Option<Expected>,
    },
    /// Ask to take back one's last move, or accept the opponent's request; `decline`: decline it, or
    /// withdraw one's own.
    Takeback {
        decline: bool,
        match_id: Option<i64>,
        expected: Option<Expected>,
    },
    Matches,
    History {
        match_id: Option<i64>,
    },
    Rules,
    Help,
    Leaderboard {
        page: u32,
        /// An ended season's final standings; `None`: the current season.
        season: Option<u32>,
    },
    Stats {
        player: Option<UserRef>,
    },
    Admin(AdminCommand),
    /// Play a finished match again, same terms: `None` is the user's last finished match in the channel.
    Rematch {
        match_id: Option<i64>,
    },
    /// The record of a match of this server, as a file.
    Export {
        match_id: i64,
    },
    /// A match shown as it stood after move `ply` (0: before the first move).
    Replay {
        match_id: i64,
        ply: u32,
        from: ReplayFrom,
    },
    /// The computer's analysis of a finished match: queued, then posted where it was asked for.
    Analyse {
        match_id: i64,
    },
    /// Turn DMs on one's turn on or off; `None`: say which it is.
    Notify {
        on: Option<bool>,
    },
    Tournament(TournamentCommand),
    /// The server's daily puzzle of `day` (days since 1970-01-01, UTC; today's when `None`), privately.
    Daily {
        day: Option<i64>,
    },
    /// Puzzles: one shown, answered, or the player's puzzle record.
    Puzzle(PuzzleCommand),
}

/// `puzzle`, `puzzle answer house:N`, `puzzle stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// The player's current puzzle (the one waiting for an answer), else the next one.
    Play,
    /// Play `house` in a puzzle: the one a button names (`attempt`, a puzzle shown), else the player's current
    /// one.
    Answer {
        house: House,
        attempt: Option<i64>,
    },
    Stats,
}

impl Command {
    /// Whether the command costs far more than a move (a picture, a chart, a replay, an analysis, a
    /// record), and so counts against its asker's budget. A replay's own buttons step the message already
    /// shown, and are not counted.
    pub fn is_costly(&self) -> bool {
        match self {
            Command::Board { .. }
            | Command::Leaderboard { .. }
            | Command::Stats { .. }
            | Command::Export { .. }
            | Command::Analyse { .. }
            | Command::History { .. } => true,
            Command::Replay { from, .. } => !matches!(from, ReplayFrom::Button { .. }),
            Command::Tournament(TournamentCommand::Standings(_)) => true,
            Command::Puzzle(PuzzleCommand::Play) => true,
            _ => false,
        }
    }
}

/// What asked for a replay, which says where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayFrom {
    /// The command: a new message, seen by everyone when `public`.
    Command { public: bool },
    /// A replay's own button: that replay steps, in place. `owner` is the one who asked for a public
    /// replay; anyone else pressing it gets a private replay of their own.
    Button { owner: Option<Snowflake> },
    /// A button that opens a new private replay for whoever presses it.
    Open,
}

/// Turns the names a front end sees (`bob`, `#games`) into ids.
pub trait Resolver {
    fn user(&self, name: &str) -> Option<UserRef>;
    fn channel(&self, name: &str) -> Option<Snowflake>;
}

/// The command names, for help texts and front ends.
pub const COMMANDS: [&str; 24] = [
    "challenge",
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
];

impl Command {
    /// Parses a command with its options. `words` are options given without a name (`admin abort`).
    pub fn parse(
        name: &str,
        words: &[&str],
        options: &[(&str, &str)],
        resolver: &dyn Resolver,
    ) -> Result<Command, UserError> {
        let mut opts = Options::new(name, options);
        let command = match name.to_ascii_lowercase().as_str() {
            "challenge" => {
                // `challenge bob` as well as `challenge opponent:bob`, as `move 3` and `move house:3`.
                let opponent_name = words
                    .first()
                    .copied()
                    .map_or_else(|| opts.required("opponent"), Ok)?;
                let opponent = resolver
                    .user(opponent_name)
                    .ok_or_else(|| UserError::UnknownPlayer(opponent_name.to_owned()))?;
                let options = ChallengeOptions {
                    endgame: opts.parse("endgame", parse_endgame, Wanted::Endgame)?,
                    chain: opts.parse("chain", yes_no, Wanted::YesNo)?,
                    first: opts.parse(
                        "first",
                        |v| match v {
                            "challenger" | "me" => Some(FirstMover::Challenger),
                            "challenged" | "opponent" => Some(FirstMover::Challenged),
                            "random" => Some(FirstMover::Random),
                            _ => None,
                        },
                        Wanted::FirstMover,
                    )?,
                    target: opts.parse("target", parse_target, Wanted::Target)?,
                    rounds: opts.parse("rounds", parse_rounds, Wanted::MatchRounds)?,
                    clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
                    level: opts.parse(
                        "level",
                        |v| v.parse().ok().and_then(|l| Level::new(l).ok()),
                        Wanted::Level,
                    )?,
                };
                Command::Challenge { opponent, options }
            }
            "accept" => Command::Accept {
                challenge: opts.parse("challenge", |v| v.parse().ok(), Wanted::ChallengeNumber)?,
            },
            "decline" => Command::Decline {
                challenge: opts.parse("challenge", |v| v.parse().ok(), Wanted::ChallengeNumber)?,
            },
            "cancel" => Command::Cancel {
                challenge: opts.parse("challenge", |v| v.parse().ok(), Wanted::ChallengeNumber)?,
            },
            "move" => {
                let house = words
                    .first()
                    .copied()
                    .map_or_else(|| opts.required("house"), Ok)?;
                let house = parse_house(house)?;
                Command::Move {
                    house,
                    match_id: optional_match_number(&mut opts)?,
                    expected: None,
                }
            }
            "board" => Command::Board {
                match_id: optional_match_number(&mut opts)?,
            },
            "resign" => Command::Resign {
                confirmed: opts
                    .parse("confirm", yes_no, Wanted::YesNo)?
                    .unwrap_or(false),
                match_id: optional_match_number(&mut opts)?,
                expected: None,
            },
            "draw" => Command::Draw {
                match_id: optional_match_number(&mut opts)?,
                expected: None,
            },
            "takeback" => Command::Takeback {
                decline: opts
                    .parse("decline", yes_no, Wanted::YesNo)?
                    .unwrap_or(false),
                match_id: optional_match_number(&mut opts)?,
                expected: None,
            },
            "rematch" => Command::Rematch {
                match_id: opts.parse("match", |v| v.parse().ok(), Wanted::MatchNumber)?,
            },
            "export" => Command::Export {
                match_id: match_number(&mut opts)?,
            },
            "replay" => Command::Replay {
                match_id: match_number(&mut opts)?,
                ply: opts
                    .parse("move", |v| v.parse().ok(), Wanted::MoveNumber)?
                    .unwrap_or(0),
                from: ReplayFrom::Command {
                    public: opts
                        .parse("public", yes_no, Wanted::YesNo)?
                        .unwrap_or(false),
                },
            },
            "analyse" | "analyze" => Command::Analyse {
                match_id: match_number(&mut opts)?,
            },
            "notify" => Command::Notify {
                on: match words.first().copied().or_else(|| opts.take("dms")) {
                    None => None,
                    Some(word) => Some(yes_no(&word.to_ascii_lowercase()).ok_or(
                        UserError::BadOption {
                            option: "notify",
                            expected: Wanted::OnOff,
                        },
                    )?),
                },
            },
            "tournament" => Command::Tournament(parse_tournament(words, &mut opts)?),
            "daily" => Command::Daily {
                day: opts.parse(
                    "day",
                    |v| v.parse::<i64>().ok().filter(|&d| d > 0),
                    Wanted::Day,
                )?,
            },
            "puzzle" => Command::Puzzle(parse_puzzle(words, &mut opts)?),
            "matches" => Command::Matches,
            "history" => Command::History {
                match_id: optional_match_number(&mut opts)?,
            },
            "rules" => Command::Rules,
            "help" => Command::Help,
            "leaderboard" => Command::Leaderboard {
                page: opts
                    .parse(
                        "page",
                        |v| v.parse().ok().filter(|&p| p >= 1),
                        Wanted::PageNumber,
                    )?
                    .unwrap_or(1),
                season: opts.parse(
                    "season",
                    |v| v.parse().ok().filter(|&s| s >= 1),
                    Wanted::SeasonNumber,
                )?,
            },
            "stats" => Command::Stats {
                player: match opts.take("player") {
                    None => None,
                    Some(p) => Some(
                        resolver
                            .user(p)
                            .ok_or_else(|| UserError::UnknownPlayer(p.to_owned()))?,
                    ),
                },
            },
            "admin" => {
                let sub = words.first().copied().or_else(|| opts.take("action"));
                match sub {
                    Some("abort") => Command::Admin(AdminCommand::Abort {
                        match_id: optional_match_number(&mut opts)?,
                    }),
                    Some("settings") => Command::Admin(AdminCommand::Settings(SettingsChange {
                        channels: match (opts.take("channels"), opts.take("every-channel")) {
                            (Some(list), _) => Some(parse_channels(list, resolver)?),
                            // As Discord's command says it.
                            (None, Some(every)) => match yes_no(every) {
                                Some(true) => Some(Vec::new()),
                                Some(false) => None,
                                None => {
                                    return Err(UserError::BadOption {
                                        option: "every-channel",
                                        expected: Wanted::YesNo,
                                    })
                                }
                            },
                            (None, None) => None,
                        },
                        allow: opts
                            .take("allow")
                            .map(|c| parse_channel(c, resolver))
                            .transpose()?,
                        disallow: opts
                            .take("disallow")
                            .map(|c| parse_channel(c, resolver))
                            .transpose()?,
                        clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
                        target: opts.parse("target", parse_target, Wanted::Target)?,
                        thread_per_match: opts.parse("thread", yes_no, Wanted::YesNo)?,
                        language: opts.parse(
                            "language",
                            LanguageChoice::of_code,
                            Wanted::Language,
                        )?,
                        web: opts.parse(
                            "web",
                            |v| match v {
                                "yes" | "on" => Some(WebChange::On),
                                "new-link" | "new_link" => Some(WebChange::NewLink),
                                "no" | "off" => Some(WebChange::Off),
                                _ => None,
                            },
                            Wanted::Web,
                        )?,
                        daily_puzzle: match opts.take("daily-puzzle") {
                            None => None,
                            Some("off" | "no" | "none") => Some(None),
                            Some(c) => Some(Some(parse_channel(c, resolver)?)),
                        },
                    })),
                    Some("season") => Command::Admin(AdminCommand::Season(SeasonChange {
                        start: opts.parse("start", yes_no, Wanted::YesNo)?.unwrap_or(true),
                        news: match opts.take("news") {
                            None => None,
                            Some(c) => Some(
                                resolver
                                    .channel(c)
                                    .ok_or_else(|| UserError::UnknownChannel(c.to_owned()))?,
                            ),
                        },
                        monthly: opts.parse("monthly", yes_no, Wanted::YesNo)?,
                    })),
                    _ => {
                        return Err(UserError::BadOption {
                            option: "admin",
                            expected: Wanted::AdminCommand,
                        })
                    }
                }
            }
            _ => return Err(UserError::UnknownCommand(name.to_owned())),
        };
        opts.finish()?;
        Ok(command)
    }
}

/// A house as typed: a number, 1–12.
fn parse_house(typed: &str) -> Result<House, UserError> {
    let label: i64 = typed.trim().parse().map_err(|_| UserError::BadOption {
        option: "house",
        expected: Wanted::House,
    })?;
    House::from_label(label).map_err(|_| UserError::NoSuchHouse(label))
}

/// `puzzle [play]`, `puzzle answer house:N` (or `puzzle answer N`), `puzzle stats`.
fn parse_puzzle(words: &[&str], opts: &mut Options<'_>) -> Result<PuzzleCommand, UserError> {
    let sub = words.first().copied().or_else(|| opts.take("action"));
    Ok(match sub.map(str::to_ascii_lowercase).as_deref() {
        None | Some("play") => PuzzleCommand::Play,
        Some("stats") => PuzzleCommand::Stats,
        Some("answer") => {
            let house = words
                .get(1)
                .copied()
                .map_or_else(|| opts.required("house"), Ok)?;
            PuzzleCommand::Answer {
                house: parse_house(house)?,
                attempt: None,
            }
        }
        Some(_) => {
            return Err(UserError::BadOption {
                option: "puzzle",
                expected: Wanted::PuzzleCommand,
            })
        }
    })
}

/// `tournament create|join|leave|start|standings|pairings|withdraw|cancel` with its options.
fn parse_tournament(
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
            TournamentCommand::Create(TournamentSpec {
                name,
                format: opts
                    .parse(
                        "format",
                        |v| match v {
                            "swiss" => Some(Format::Swiss),
                            "round-robin" | "round_robin" | "roundrobin" | "rr" => {
                                Some(Format::RoundRobin)
                            }
                            _ => None,
                        },
                        Wanted::Format,
                    )?
                    .unwrap_or(Format::Swiss),
                rounds: opts.parse(
                    "rounds",
                    |v| v.parse().ok().filter(|r| (1..=32).contains(r)),
                    Wanted::TournamentRounds,
                )?,
                endgame: opts.parse("endgame", parse_endgame, Wanted::Endgame)?,
                chain: opts.parse("chain", yes_no, Wanted::YesNo)?,
                target: opts.parse("target", parse_target, Wanted::Target)?,
                match_rounds: opts.parse("match_rounds", parse_rounds, Wanted::MatchRounds)?,
                clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
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
        _ => {
            return Err(UserError::BadOption {
                option: "tournament",
                expected: Wanted::TournamentCommand,
            })
        }
    })
}

/// The required `match:N` (as the bot shows it, `Match #N`; a leading `#` is allowed).
fn match_number(opts: &mut Options<'_>) -> Result<i64, UserError> {
    let given = opts.required("match")?;
    parse_match_number(given)
}

/// An optional `match:N`.
fn optional_match_number(opts: &mut Options<'_>) -> Result<Option<i64>, UserError> {
    opts.take("match").map(parse_match_number).transpose()
}

fn parse_match_number(given: &str) -> Result<i64, UserError> {
    given
        .trim_start_matches('#')
        .parse()
        .ok()
        .filter(|&id: &i64| id > 0)
        .ok_or(UserError::BadOption {
            option: "match",
            expected: Wanted::MatchNumberAsShown,
        })
}

fn parse_endgame(v: &str) -> Option<Endgame> {
    match v {
        "capturer" => Some(Endgame::Capturer),
        "starter" => Some(Endgame::Starter),
        _ => None,
    }
}

fn yes_no(v: &str) -> Option<bool> {
    match v {
        "yes" | "y" | "true" | "on" => Some(true),
        "no" | "n" | "false" | "off" => Some(false),
        _ => None,
    }
}

/// A match's number of rounds.
fn parse_rounds(v: &str) -> Option<u8> {
    v.parse()
        .ok()
        .filter(|r| MatchOptions::ROUNDS_RANGE.contains(r))
}

fn parse_target(v: &str) -> Option<Option<u8>> {
    if v == "none" {
        return Some(None);
    }
    v.parse()
        .ok()
        .filter(|t| MatchOptions::TARGET_RANGE.contains(t))
        .map(Some)
}

/// The shortest and longest move clocks.
pub const CLOCK_RANGE: std::ops::RangeInclusive<u32> = 5 * 60..=7 * 86_400;

fn parse_clock(v: &str) -> Option<u32> {
    parse_duration(v).filter(|s| CLOCK_RANGE.contains(s))
}

fn parse_channels(list: &str, resolver: &dyn Resolver) -> Result<Vec<Snowflake>, UserError> {
    if list == "all" || list == "any" {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| parse_channel(c, resolver))
        .collect()
}

fn parse_channel(name: &str, resolver: &dyn Resolver) -> Result<Snowflake, UserError> {
    resolver
        .channel(name)
        .ok_or_else(|| UserError::UnknownChannel(name.to_owned()))
}

/// The options of one command, each taken at most once; whatever is left is an unknown option.
struct Options<'a> {
    command: String,
    given: Vec<(&'a str, &'a str)>,
}

impl<'a> Options<'a> {
    fn new(command: &str, given: &[(&'a str, &'a str)]) -> Self {
        Options {
            command: command.to_owned(),
            given: given.to_vec(),
        }
    }

    fn take(&mut self, name: &str) -> Option<&'a str> {
        let at = self
            .given
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
        Some(self.given.remove(at).1.trim())
    }

    fn required(&mut self, name: &'static str) -> Result<&'a str, UserError> {
        self.take(name).ok_or(UserError::MissingOption(name))
    }

    fn parse<T>(
        &mut self,
        name: &'static str,
        f: impl Fn(&str) -> Option<T>,
        expected: Wanted,
    ) -> Result<Option<T>, UserError> {
        match self.take(name) {
            None => Ok(None),
            Some(v) => f(&v.to_ascii_lowercase())
                .map(Some)
                .ok_or(UserError::BadOption {
                    option: name,
                    expected,
                }),
        }
    }

    fn finish(self) -> Result<(), UserError> {
        match self.given.first() {
            None => Ok(()),
            Some((name, _)) => Err(UserError::UnknownOption {
                command: self.command,
                option: (*name).to_owned(),
            }),
        }
    }
}

/// `tournament …`: what to do, and to which tournament (`None`: the one meant here, see
/// `Core::tournament_here`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    Create(TournamentSpec),
    Join(Option<i64>),
    Leave(Option<i64>),
    Start(Option<i64>),
    Standings(Option<i64>),
    Pairings(Option<i64>),
    Withdraw(Option<i64>),
    Cancel(Option<i64>),
}

/// What `tournament create` asks for; `None`: the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    pub name: String,
    pub format: Format,
    /// Swiss: the rounds to play (default: enough to find a winner, see `swiss_rounds`).
    pub rounds: Option<u32>,
    pub endgame: Option<Endgame>,
    pub chain: Option<bool>,
    /// `Some(None)`: explicitly no target (then a round limit is needed).
    pub target: Option<Option<u8>>,
    /// The round limit of every match.
    pub match_rounds: Option<u8>,
    pub clock_secs: Option<u32>,
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
