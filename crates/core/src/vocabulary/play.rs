//! Playing a match: `move`, `resign`, `draw` and `takeback`, each on the match a [`MatchRef`] means.

use super::input::{parse_house, Options};
use super::matches::MatchRef;
use super::UserError;
use crate::message::{Arg, CommandLine, Text};
use namnam_game::{House, IllegalMove};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    Move {
        house: House,
        at: MatchRef,
    },
    Resign {
        confirmed: bool,
        at: MatchRef,
    },
    Draw {
        at: MatchRef,
    },
    /// Ask to take back one's last move, or accept the opponent's request; `decline`: decline it, or
    /// withdraw one's own.
    Takeback {
        decline: bool,
        at: MatchRef,
    },
}

impl PlayCommand {
    pub(super) fn parse(
        name: &str,
        words: &[&str],
        opts: &mut Options<'_>,
    ) -> Result<PlayCommand, UserError> {
        Ok(match name {
            "move" => {
                let house = parse_house(opts.word_or(words.first(), "house")?)?;
                PlayCommand::Move {
                    house,
                    at: MatchRef::typed(opts.optional_match_number()?),
                }
            }
            "resign" => PlayCommand::Resign {
                confirmed: opts.flag("confirm")?,
                at: MatchRef::typed(opts.optional_match_number()?),
            },
            "draw" => PlayCommand::Draw {
                at: MatchRef::typed(opts.optional_match_number()?),
            },
            _ => PlayCommand::Takeback {
                decline: opts.flag("decline")?,
                at: MatchRef::typed(opts.optional_match_number()?),
            },
        })
    }
}

/// A move, an offer or a takeback refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayRefusal {
    NotYourTurn(String),
    Illegal {
        house: House,
        why: IllegalMove,
        owner: String,
    },
    DrawAlreadyOffered(String),
    ComputerThinking(String),
    ComputerNoDraw(String),
    NothingToTakeBack,
    /// The last move is the named opponent's: only they may ask to take it back.
    TakebackNotYours(String),
    /// The last move ended this round.
    TakebackAcrossRounds(u32),
    TakebackAlreadyAsked(String),
    NoTakebackRequest,
    ComputerNoTakeback(String),
    /// A takeback of this move was asked already (and withdrawn or declined).
    TakebackOncePerMove(String),
}

impl PlayRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        let named = |id: &str, name: &str| Text::message(id, [("name", A::player(name))]);
        let with = |id: &str, name: &str, command: &'static str, then: &'static str| {
            Text::message(id, [("name", A::player(name)), (command, A::command(then))])
        };
        match self {
            PlayRefusal::NotYourTurn(name) => named("error-not-your-turn", name),
            PlayRefusal::Illegal { house, why, owner } => illegal_text(*house, *why, owner),
            PlayRefusal::DrawAlreadyOffered(name) => {
                with("error-draw-already-offered", name, "draw", "draw")
            }
            PlayRefusal::ComputerThinking(name) => named("error-computer-thinking", name),
            PlayRefusal::ComputerNoDraw(name) => {
                with("error-computer-no-draw", name, "resign", "resign")
            }
            PlayRefusal::NothingToTakeBack => Text::message("error-nothing-to-take-back", []),
            PlayRefusal::TakebackNotYours(name) => named("error-takeback-not-yours", name),
            PlayRefusal::TakebackAcrossRounds(round) => Text::message(
                "error-takeback-across-rounds",
                [("round", A::number(*round))],
            ),
            PlayRefusal::TakebackAlreadyAsked(name) => Text::message(
                "error-takeback-already-asked",
                [
                    ("name", A::player(name.as_str())),
                    ("takeback", A::command("takeback")),
                    (
                        "withdraw",
                        A::command_line(CommandLine::new("takeback").with("decline", "yes")),
                    ),
                ],
            ),
            PlayRefusal::NoTakebackRequest => Text::message("error-no-takeback-request", []),
            PlayRefusal::ComputerNoTakeback(name) => {
                with("error-computer-no-takeback", name, "resign", "resign")
            }
            PlayRefusal::TakebackOncePerMove(name) => named("error-takeback-once-per-move", name),
        }
    }
}

pub(crate) fn illegal_text(house: House, why: IllegalMove, owner: &str) -> Text {
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
