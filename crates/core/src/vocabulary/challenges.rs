//! Challenges: one player asks another (or the computer) for a match, who accepts or declines; and a
//! finished match played again.

use super::input::{InputRefusal, Options, Wanted};
use super::terms::{TermsOf, TermsOptions};
use super::{Resolver, UserError, UserRef};
use crate::message::{Arg, Text};
use namnam_ai::Level;
use namnam_model::{ChallengeId, MatchId};

/// `challenge`, `challenge-menu`, `accept`, `decline`, `cancel`, `rematch`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeCommand {
    Challenge {
        opponent: UserRef,
        options: ChallengeOptions,
    },
    /// A challenge from the opponent's own menu (Discord's Apps → Challenge to Nam-nam; the console's
    /// `challenge-menu NAME`): the place's default terms, and a private word to the challenger on how to
    /// choose others.
    FromMenu {
        opponent: UserRef,
    },
    /// A challenge to anyone who sees it (`challenge` without an opponent): the first to accept plays.
    Open {
        options: ChallengeOptions,
    },
    Accept {
        challenge: Option<ChallengeId>,
    },
    Decline {
        challenge: Option<ChallengeId>,
    },
    Cancel {
        challenge: Option<ChallengeId>,
    },
    /// Play a finished match again, same terms: `None` is the user's last finished match in the channel.
    /// Against the computer, `level` plays it at another level.
    Rematch {
        match_id: Option<MatchId>,
        level: Option<Level>,
    },
}

/// The options of a challenge: its terms (what is not given takes the server's default), and the
/// computer's level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    pub terms: TermsOptions,
    /// The computer's level (a match against namnam only).
    pub level: Option<Level>,
}

impl ChallengeCommand {
    pub(super) fn parse(
        name: &str,
        words: &[&str],
        opts: &mut Options<'_>,
        resolver: &dyn Resolver,
    ) -> Result<ChallengeCommand, UserError> {
        let mut challenge = || opts.parse("challenge", |v| v.parse().ok(), Wanted::ChallengeNumber);
        Ok(match name {
            "accept" => ChallengeCommand::Accept {
                challenge: challenge()?,
            },
            "decline" => ChallengeCommand::Decline {
                challenge: challenge()?,
            },
            "cancel" => ChallengeCommand::Cancel {
                challenge: challenge()?,
            },
            "rematch" => ChallengeCommand::Rematch {
                match_id: opts.parse("match", |v| v.parse().ok(), Wanted::MatchNumber)?,
                level: opts.parse(
                    "level",
                    |v| v.parse().ok().and_then(|l| Level::new(l).ok()),
                    Wanted::Level,
                )?,
            },
            "challenge" if words.is_empty() && !opts.has("opponent") => ChallengeCommand::Open {
                options: ChallengeOptions::parse(opts)?,
            },
            _ => {
                // `challenge bob` as well as `challenge opponent:bob`, as `move 3` and `move house:3`.
                let opponent_name = opts.word_or(words.first(), "opponent")?;
                let opponent = resolver
                    .user(opponent_name)
                    .ok_or_else(|| InputRefusal::UnknownPlayer(opponent_name.to_owned()))?;
                match name {
                    // A menu has no options: the place's defaults.
                    "challenge-menu" => ChallengeCommand::FromMenu { opponent },
                    _ => ChallengeCommand::Challenge {
                        opponent,
                        options: ChallengeOptions::parse(opts)?,
                    },
                }
            }
        })
    }
}

impl ChallengeOptions {
    fn parse(opts: &mut Options<'_>) -> Result<ChallengeOptions, InputRefusal> {
        Ok(ChallengeOptions {
            terms: TermsOptions::parse(opts, TermsOf::Challenge)?,
            level: opts.parse(
                "level",
                |v| v.parse().ok().and_then(|l| Level::new(l).ok()),
                Wanted::Level,
            )?,
        })
    }
}

/// A challenge refused, or a rematch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeRefusal {
    SelfChallenge,
    ChallengeBot(String),
    ChannelNotAllowed,
    /// An open challenge in the channel already: to `challenged`, or to anyone (`None`).
    ChallengeOpen {
        challenger: String,
        challenged: Option<String>,
    },
    /// A match's thread is another match's already.
    MatchInChannel,
    /// These two players already have a live match in this channel.
    PairInChannel(String, String),
    NoChallenge,
    ChallengeExpired,
    NotChallenged(String),
    NotChallenger(String),
    /// Accepting one's own challenge: to that player, or to anyone (`None`).
    OwnChallenge(Option<String>),
    /// Declining a challenge open to anyone: it is accepted or left to expire.
    OpenNotDeclined,
    /// A challenge to this person was declined or withdrawn a moment ago: not again before `until`.
    ChallengeTooSoon {
        name: String,
        until: i64,
    },
    LevelForPeople,
    NothingToRematch,
    RematchActive(MatchId),
    RematchAborted(MatchId),
}

impl ChallengeRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        let named = |id: &str, name: &str| Text::message(id, [("name", A::player(name))]);
        match self {
            ChallengeRefusal::SelfChallenge => Text::message("error-self-challenge", []),
            ChallengeRefusal::ChallengeBot(name) => named("error-challenge-bot", name),
            ChallengeRefusal::ChannelNotAllowed => Text::message("error-channel-not-allowed", []),
            ChallengeRefusal::ChallengeOpen {
                challenger,
                challenged,
            } => match challenged {
                Some(challenged) => Text::message(
                    "error-challenge-open",
                    [
                        ("challenger", A::player(challenger.as_str())),
                        ("challenged", A::player(challenged.as_str())),
                    ],
                ),
                None => named("error-open-challenge-here", challenger),
            },
            ChallengeRefusal::MatchInChannel => Text::message("error-match-in-channel", []),
            ChallengeRefusal::PairInChannel(a, b) => Text::message(
                "error-pair-in-channel",
                [("a", A::player(a.as_str())), ("b", A::player(b.as_str()))],
            ),
            ChallengeRefusal::NoChallenge => Text::message("error-no-challenge", []),
            ChallengeRefusal::ChallengeExpired => Text::message("error-challenge-expired", []),
            ChallengeRefusal::NotChallenged(name) => named("error-not-challenged", name),
            ChallengeRefusal::NotChallenger(name) => named("error-not-challenger", name),
            ChallengeRefusal::OwnChallenge(Some(name)) => Text::message(
                "error-own-challenge",
                [
                    ("name", A::player(name.as_str())),
                    ("cancel", A::command("cancel")),
                ],
            ),
            ChallengeRefusal::OwnChallenge(None) => Text::message(
                "error-own-open-challenge",
                [("cancel", A::command("cancel"))],
            ),
            ChallengeRefusal::OpenNotDeclined => Text::message("error-open-not-declined", []),
            ChallengeRefusal::ChallengeTooSoon { name, until } => Text::message(
                "error-challenge-too-soon",
                [
                    ("name", A::player(name.as_str())),
                    ("when", A::time(*until)),
                ],
            ),
            ChallengeRefusal::LevelForPeople => Text::message("error-level-for-people", []),
            ChallengeRefusal::NothingToRematch => Text::message("error-nothing-to-rematch", []),
            ChallengeRefusal::RematchActive(n) => {
                Text::message("error-rematch-active", [("id", A::number(*n))])
            }
            ChallengeRefusal::RematchAborted(n) => Text::message(
                "error-rematch-aborted",
                [
                    ("id", A::number(*n)),
                    ("challenge", A::command("challenge")),
                ],
            ),
        }
    }
}
