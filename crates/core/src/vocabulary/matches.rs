//! Matches as they are looked at: `board`, `matches`, `history`, and which match a command means.

use super::input::Options;
use super::UserError;
use crate::message::{Arg, CommandLine, Text};
use namnam_model::MatchId;

/// `board`, `matches`, `history`: `match_id` is the `match:N` typed, needed only when the player has more
/// than one match in the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    Board {
        match_id: Option<MatchId>,
    },
    /// The live matches of the server.
    List,
    History {
        match_id: Option<MatchId>,
    },
}

impl MatchCommand {
    pub(super) fn parse(name: &str, opts: &mut Options<'_>) -> Result<MatchCommand, UserError> {
        Ok(match name {
            "board" => MatchCommand::Board {
                match_id: opts.optional_match_number()?,
            },
            "history" => MatchCommand::History {
                match_id: opts.optional_match_number()?,
            },
            _ => MatchCommand::List,
        })
    }
}

/// Which match a command on a match means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchRef {
    /// The player's match in the request's channel.
    #[default]
    Here,
    /// The `match:N` typed.
    Numbered(MatchId),
    /// The one its button was drawn for, while it is still where it was.
    Button(Expected),
}

impl MatchRef {
    /// `match:N` when typed, else the match here.
    pub fn typed(number: Option<MatchId>) -> MatchRef {
        number.map_or(MatchRef::Here, MatchRef::Numbered)
    }
}

/// What a button was made for: acting on it later is refused unless the match is still where it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    pub match_id: MatchId,
    /// The match's turn the button was drawn for (moves, takebacks: see `MatchRow::turns`), or `None` for
    /// buttons valid all match long.
    pub turn: Option<u32>,
}

/// The match a command means cannot be found, or is not the asker's to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchRefusal {
    /// Several matches here could be meant: say which (`match:N`). Each: its number and players.
    WhichMatch(Vec<(MatchId, String, String)>),
    /// `match:N` names a match that is played in another channel.
    MatchElsewhere {
        id: MatchId,
        channel: u64,
        channel_name: String,
    },
    /// `match:N` names a match that is over.
    MatchOver(MatchId),
    NoMatch,
    NotAPlayer(String, String),
    /// A button drawn for a position the match has left.
    Stale,
    NotActive(MatchId),
    /// `match:N` names no match the asker may see: none by that number, or one private to other people
    /// (the same words, so that numbers tell nothing). `in_server`: asked in a server that invited the bot,
    /// whose own matches are all there is to find.
    NoSuchMatch {
        id: MatchId,
        in_server: bool,
    },
}

impl MatchRefusal {
    /// The refusal of a match number that names nothing `req`'s asker may see, worded for where they asked.
    pub fn no_such_match(id: MatchId, req: &super::Request) -> MatchRefusal {
        MatchRefusal::NoSuchMatch {
            id,
            in_server: matches!(req.place, namnam_model::Place::ServerChannel { .. }),
        }
    }

    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        match self {
            MatchRefusal::WhichMatch(matches) => {
                let listed = matches.iter().map(|(n, south, north)| {
                    Text::message(
                        "match-pair",
                        [
                            ("id", A::number(*n)),
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
            MatchRefusal::MatchElsewhere {
                id,
                channel,
                channel_name,
            } => Text::message(
                "error-match-elsewhere",
                [
                    ("id", A::number(*id)),
                    ("channel", A::channel(*channel, Some(channel_name))),
                ],
            ),
            MatchRefusal::MatchOver(n) => Text::message(
                "error-match-over",
                [
                    ("id", A::number(*n)),
                    (
                        "replay",
                        A::command_line(CommandLine::new("replay").with("match", n)),
                    ),
                ],
            ),
            MatchRefusal::NoMatch => Text::message("error-no-match", []),
            MatchRefusal::NotAPlayer(south, north) => Text::message(
                "error-not-a-player",
                [
                    ("south", A::player(south.as_str())),
                    ("north", A::player(north.as_str())),
                ],
            ),
            MatchRefusal::Stale => Text::message("error-stale", [("board", A::command("board"))]),
            MatchRefusal::NotActive(n) => {
                Text::message("error-not-active", [("id", A::number(*n))])
            }
            MatchRefusal::NoSuchMatch { id, in_server } => Text::message(
                match in_server {
                    true => "error-no-such-match",
                    // Never "in this server" in a DM: and in a guest server, another channel's match
                    // may be there for its players.
                    false => "error-no-such-match-here",
                },
                [("id", A::number(*id))],
            ),
        }
    }
}
