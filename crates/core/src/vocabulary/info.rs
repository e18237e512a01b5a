//! What a player looks up about the game and the players: `rules`, `help`, `leaderboard`, `stats`, and
//! whether they are told of their turn (`notify`).

use super::input::{yes_no, InputRefusal, Options, Wanted};
use super::{Resolver, UserError, UserRef};
use crate::message::{Arg, Text};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoCommand {
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
    /// Turn DMs on one's turn on or off; `None`: say which it is.
    Notify {
        on: Option<bool>,
    },
}

impl InfoCommand {
    pub(super) fn parse(
        name: &str,
        words: &[&str],
        opts: &mut Options<'_>,
        resolver: &dyn Resolver,
    ) -> Result<InfoCommand, UserError> {
        Ok(match name {
            "rules" => InfoCommand::Rules,
            "help" => InfoCommand::Help,
            "leaderboard" => InfoCommand::Leaderboard {
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
            "stats" => InfoCommand::Stats {
                player: match opts.take("player") {
                    None => None,
                    Some(p) => Some(
                        resolver
                            .user(p)
                            .ok_or_else(|| InputRefusal::UnknownPlayer(p.to_owned()))?,
                    ),
                },
            },
            _ => InfoCommand::Notify {
                on: match words.first().copied().or_else(|| opts.take("dms")) {
                    None => None,
                    Some(word) => Some(yes_no(&word.to_ascii_lowercase()).ok_or(
                        InputRefusal::BadOption {
                            option: "notify",
                            expected: Wanted::OnOff,
                        },
                    )?),
                },
            },
        })
    }
}

/// A leaderboard or statistics refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoRefusal {
    NoStats,
    NoSuchSeason { asked: u32, current: u32 },
}

impl InfoRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        match self {
            InfoRefusal::NoStats => Text::message("error-no-stats", []),
            InfoRefusal::NoSuchSeason { asked, current } => Text::message(
                "error-no-such-season",
                [
                    ("asked", Arg::number(*asked)),
                    ("current", Arg::number(*current)),
                ],
            ),
        }
    }
}
