//! Challenges: one player asks another (or the computer) for a match, who accepts or declines; and a
//! finished match played again.

use super::input::{parse_clock, parse_rounds, InputRefusal, Options, Wanted};
use super::terms::{parse_first, TermsOf, TermsOptions};
use super::{Resolver, UserError, UserRef};
use crate::message::{Arg, Text};
use namnam_ai::Level;
use namnam_model::{ChallengeId, FirstMover, MatchId, UserId};

/// `challenge`, `challenge-menu`, `accept`, `decline`, `cancel`, `rematch`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeCommand {
    Challenge {
        opponent: UserRef,
        options: ChallengeOptions,
    },
    /// A challenge from the opponent's own menu (Discord's Apps → Challenge to Nam-nam; the console's
    /// `challenge-menu NAME`): a private draft on the place's default terms (`terms` given: those, the
    /// console's way of pressing a draft's button), with buttons to change them, then to send it. Against
    /// the computer the match starts at once, as `challenge` does.
    FromMenu {
        opponent: UserRef,
        terms: TermsOptions,
    },
    /// A draft's button: the draft again, as its id carries it (a term changed).
    Draft {
        draft: ChallengeDraft,
    },
    /// A draft's Send: the challenge, as `challenge` with the draft's terms would make it.
    SendDraft {
        draft: ChallengeDraft,
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

/// A challenge drafted privately from a member's menu, all of it carried by its buttons' ids (the bot keeps
/// no draft): who drafts it, to whom, and the terms a player chooses there; the place's defaults give the
/// rest when it is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeDraft {
    pub challenger: UserId,
    pub opponent: UserId,
    /// The round limit; `None`: none.
    pub rounds: Option<u8>,
    pub clock_secs: u32,
    pub first: FirstMover,
}

// By hand: an action id is hashed, and the model's `FirstMover` is not.
impl std::hash::Hash for ChallengeDraft {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.challenger, self.opponent, self.rounds, self.clock_secs).hash(state);
        self.first.name().hash(state);
    }
}

impl ChallengeDraft {
    /// The draft's terms as a challenge's options: what it leaves out is the place's default.
    pub fn options(&self) -> ChallengeOptions {
        ChallengeOptions {
            terms: TermsOptions {
                first: Some(self.first),
                round_limit: self.rounds,
                clock_secs: Some(self.clock_secs),
                ..TermsOptions::default()
            },
            level: None,
        }
    }
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
                    // Discord's menu has no options; the console's takes a draft's terms.
                    "challenge-menu" => ChallengeCommand::FromMenu {
                        opponent,
                        terms: draft_terms(opts)?,
                    },
                    _ => ChallengeCommand::Challenge {
                        opponent,
                        options: ChallengeOptions::parse(opts)?,
                    },
                }
            }
        })
    }
}

/// The terms a draft chooses, as the console types them: `rounds`, `clock`, `first`; no other option.
fn draft_terms(opts: &mut Options<'_>) -> Result<TermsOptions, InputRefusal> {
    Ok(TermsOptions {
        round_limit: opts.parse("rounds", parse_rounds, Wanted::MatchRounds)?,
        clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
        first: opts.parse("first", parse_first, Wanted::FirstMover)?,
        ..TermsOptions::default()
    })
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
    /// A challenge to this person was declined, withdrawn or left to expire a moment ago, in any place:
    /// not again before `until`.
    ChallengeTooSoon {
        name: String,
        until: i64,
    },
    /// A challenge between these two is open already, in some place: one at a time, until `until`.
    PairChallenged {
        name: String,
        until: i64,
    },
    /// The challenger has as many challenges open as anyone may, across all places: the first of them
    /// closes by `until` at the latest.
    TooManyChallenges {
        open: usize,
        until: i64,
    },
    LevelForPeople,
    NothingToRematch,
    RematchActive(MatchId),
    RematchAborted(MatchId),
    /// A draft's button pressed by someone other than the one who drafted it.
    NotYourDraft,
    /// A challenge to a person (or to anyone) in the bot's DM, where nobody else can answer it.
    OnlyUsHere,
}

impl ChallengeRefusal {
    /// The words of the bounds on how often one person can be pinged (see `challenges::not_again_so_soon`).
    fn ping_bound_text(&self) -> Text {
        use Arg as A;
        match self {
            ChallengeRefusal::PairChallenged { name, until } => Text::message(
                "error-pair-challenged",
                [
                    ("name", A::player(name.as_str())),
                    ("when", A::time(*until)),
                ],
            ),
            ChallengeRefusal::TooManyChallenges { open, until } => Text::message(
                "error-too-many-challenges",
                [
                    ("count", A::number(*open as i64)),
                    ("when", A::time(*until)),
                    ("cancel", A::command("cancel")),
                ],
            ),
            _ => unreachable!("only the ping bounds' refusals have these words"),
        }
    }

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
            ChallengeRefusal::PairChallenged { .. }
            | ChallengeRefusal::TooManyChallenges { .. } => self.ping_bound_text(),
            ChallengeRefusal::LevelForPeople => Text::message("error-level-for-people", []),
            ChallengeRefusal::OnlyUsHere => Text::message(
                "error-only-us-here",
                [("challenge", A::command("challenge"))],
            ),
            ChallengeRefusal::NothingToRematch => Text::message("error-nothing-to-rematch", []),
            ChallengeRefusal::RematchActive(n) => {
                Text::message("error-rematch-active", [("id", A::number(*n))])
            }
            ChallengeRefusal::NotYourDraft => Text::message("error-not-your-draft", []),
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
