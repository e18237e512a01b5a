//! What a button does, as an id a front end can carry and give back: the only place where button ids are
//! spelled and parsed.
//!
//! An id names the match (or challenge) it was made for, and a button that acts on one position (a move, a
//! takeback) also the match's turn it was drawn for, so that a press that comes late (the match moved on, a
//! move was taken back, the process restarted) is refused as out of date rather than acted on in another
//! position. The turn counts moves and takebacks and never goes back (`MatchRow::turns`).

use namnam_model::{ChallengeId, FirstMover, MatchId, Terms, TournamentId, UserId};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{
    ChallengeCommand, ChallengeDraft, Command, Expected, LessonCommand, MatchRef, PlayCommand,
    PuzzleCommand, RecordCommand, ReplayFrom, TournamentCommand,
};
use crate::stages::StageId;
use namnam_ai::Level;
use namnam_game::{House, MatchOptions};

/// Every id starts with this, so that a front end can tell its own buttons from others'.
pub const PREFIX: &str = "nn:";

/// The longest id Discord accepts for a button.
pub const MAX_LEN: usize = 100;

/// A button's action: what it does, and on which match or challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum ActionId {
    /// Sow `house` on the match's turn number `turn` (its moves and takebacks so far, plus one).
    Move {
        match_id: MatchId,
        turn: u32,
        house: House,
    },
    /// Offer a draw, or accept the opponent's offer.
    Draw { match_id: MatchId },
    /// Ask to take back one's last move, or accept the opponent's request, on turn `turn` (as a move button
    /// of the same board: stale once anyone moves or a move is taken back).
    Takeback { match_id: MatchId, turn: u32 },
    /// Decline the opponent's request to take back a move, or withdraw one's own.
    TakebackDecline { match_id: MatchId, turn: u32 },
    /// Ask to resign (the answer is a confirmation with its own button).
    Resign { match_id: MatchId },
    /// Resign, confirmed.
    ResignConfirmed { match_id: MatchId },
    /// Play a finished match again, on the same terms.
    Rematch { match_id: MatchId },
    /// The same terms again against the computer, at `level` (the next one up, after a win).
    RematchAt { match_id: MatchId, level: Level },
    /// Answer or withdraw a challenge.
    Challenge {
        challenge: ChallengeId,
        answer: ChallengeAnswer,
    },
    /// Ask for the computer's analysis of a finished match.
    Analyse { match_id: MatchId },
    /// Show a replay of the match at move `ply` (0: before the first move). `step` names the button, so
    /// that two buttons going to the same move still have ids of their own; `owner` is set on the buttons
    /// of a public replay: its owner steps it, anyone else gets a replay of their own.
    Replay {
        match_id: MatchId,
        ply: u32,
        step: ReplayStep,
        owner: Option<UserId>,
    },
    /// Join a tournament in sign-up.
    TournamentJoin { tournament: TournamentId },
    /// Leave a tournament before it starts.
    TournamentLeave { tournament: TournamentId },
    /// Open the server's daily puzzle of `day` (days since 1970-01-01, UTC), privately.
    DailyPuzzle { day: i64 },
    /// Play `house` in puzzle `attempt` (a puzzle shown to one player: its id in the database). Only that
    /// player's first answer counts; a press by anyone else, or after the answer, is refused.
    PuzzleAnswer { attempt: i64, house: House },
    /// Show the next puzzle (under an answer).
    PuzzleNext,
    /// Play `house` in lesson `stage`: a lesson is each player's own, so a press answers whoever pressed.
    LessonTry { stage: StageId, house: House },
    /// Show lesson `stage`.
    LessonOpen { stage: StageId },
    /// Start the path's last stage: a match against the computer at its beginner's level.
    LessonMatch,
    /// Show a private draft of a challenge (a member's menu) as `draft` says: each of the draft's term
    /// buttons carries it with that term changed, so that the bot keeps nothing between presses. Only its
    /// challenger may press it.
    ChallengeDraft { draft: ChallengeDraft },
    /// Send a private draft: the challenge, in public, as `challenge` with its terms makes it.
    ChallengeSend { draft: ChallengeDraft },
}

/// The buttons of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReplayStep {
    First,
    Back,
    Forward,
    Last,
    NextRound,
    /// Opens a new replay for whoever presses it (under a finished match or its analysis).
    Open,
}

impl ReplayStep {
    pub const ALL: [ReplayStep; 6] = [
        ReplayStep::First,
        ReplayStep::Back,
        ReplayStep::Forward,
        ReplayStep::Last,
        ReplayStep::NextRound,
        ReplayStep::Open,
    ];

    /// The word in the id.
    pub fn name(self) -> &'static str {
        match self {
            ReplayStep::First => "first",
            ReplayStep::Back => "back",
            ReplayStep::Forward => "next",
            ReplayStep::Last => "last",
            ReplayStep::NextRound => "round",
            ReplayStep::Open => "open",
        }
    }
}

/// What can be done with an open challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeAnswer {
    Accept,
    Decline,
    Cancel,
}

impl ChallengeAnswer {
    /// The command's name, which is also the word in the id.
    pub fn name(self) -> &'static str {
        match self {
            ChallengeAnswer::Accept => "accept",
            ChallengeAnswer::Decline => "decline",
            ChallengeAnswer::Cancel => "cancel",
        }
    }
}

impl ActionId {
    /// The request a press of this button makes.
    pub fn command(self) -> Command {
        let button = |match_id, turn| MatchRef::Button(Expected { match_id, turn });
        match self {
            ActionId::Move {
                match_id,
                turn,
                house,
            } => Command::Play(PlayCommand::Move {
                house,
                at: button(match_id, Some(turn)),
            }),
            ActionId::Draw { match_id } => Command::Play(PlayCommand::Draw {
                at: button(match_id, None),
            }),
            ActionId::Takeback { match_id, turn } => Command::Play(PlayCommand::Takeback {
                decline: false,
                at: button(match_id, Some(turn)),
            }),
            ActionId::TakebackDecline { match_id, turn } => Command::Play(PlayCommand::Takeback {
                decline: true,
                at: button(match_id, Some(turn)),
            }),
            ActionId::Resign { match_id } => Command::Play(PlayCommand::Resign {
                confirmed: false,
                at: button(match_id, None),
            }),
            ActionId::ResignConfirmed { match_id } => Command::Play(PlayCommand::Resign {
                confirmed: true,
                at: button(match_id, None),
            }),
            ActionId::Rematch { match_id } => Command::Challenges(ChallengeCommand::Rematch {
                match_id: Some(match_id),
                level: None,
            }),
            ActionId::RematchAt { match_id, level } => {
                Command::Challenges(ChallengeCommand::Rematch {
                    match_id: Some(match_id),
                    level: Some(level),
                })
            }
            ActionId::Challenge { challenge, answer } => answer_command(challenge, answer),
            ActionId::Analyse { match_id } => Command::Records(RecordCommand::Analyse { match_id }),
            ActionId::Replay {
                match_id,
                ply,
                step,
                owner,
            } => replay_command(match_id, ply, step, owner),
            ActionId::TournamentJoin { tournament } => {
                Command::Tournament(TournamentCommand::Join(Some(tournament)))
            }
            ActionId::TournamentLeave { tournament } => {
                Command::Tournament(TournamentCommand::Leave(Some(tournament)))
            }
            ActionId::DailyPuzzle { day } => {
                Command::Puzzle(PuzzleCommand::Daily { day: Some(day) })
            }
            ActionId::PuzzleAnswer { attempt, house } => Command::Puzzle(PuzzleCommand::Answer {
                house,
                attempt: Some(attempt),
            }),
            ActionId::PuzzleNext => Command::Puzzle(PuzzleCommand::Play),
            ActionId::LessonTry { stage, house } => Command::Lesson(LessonCommand::Try {
                stage: Some(stage),
                house,
            }),
            ActionId::LessonOpen { stage } => {
                Command::Lesson(LessonCommand::Show { stage: Some(stage) })
            }
            ActionId::LessonMatch => Command::Lesson(LessonCommand::Match),
            ActionId::ChallengeDraft { draft } => {
                Command::Challenges(ChallengeCommand::Draft { draft })
            }
            ActionId::ChallengeSend { draft } => {
                Command::Challenges(ChallengeCommand::SendDraft { draft })
            }
        }
    }

    /// Whether only the match's two players can use it (a move, a draw offer, a resignation, a rematch):
    /// a front end that lists what can be typed next leaves these out for anyone else.
    pub fn is_for_the_players(self) -> bool {
        matches!(
            self,
            ActionId::Move { .. }
                | ActionId::Draw { .. }
                | ActionId::Takeback { .. }
                | ActionId::TakebackDecline { .. }
                | ActionId::Resign { .. }
                | ActionId::ResignConfirmed { .. }
                | ActionId::Rematch { .. }
                | ActionId::RematchAt { .. }
        )
    }

    /// The same action as a player types it (for a front end without buttons), players named by their
    /// ids; see [`command_line_naming`](Self::command_line_naming).
    pub fn command_line(self) -> String {
        self.command_line_naming(&|id| id.0.to_string())
    }

    /// The same action as a player types it, a player it names (a draft's opponent) as `name_of` says.
    pub fn command_line_naming(self, name_of: &dyn Fn(UserId) -> String) -> String {
        match self {
            ActionId::Move { house, .. } => format!("move house:{house}"),
            ActionId::Draw { .. } => "draw".into(),
            ActionId::Takeback { .. } => "takeback".into(),
            ActionId::TakebackDecline { .. } => "takeback decline:yes".into(),
            ActionId::Resign { .. } => "resign".into(),
            ActionId::ResignConfirmed { .. } => "resign confirm:yes".into(),
            ActionId::Rematch { .. } => "rematch".into(),
            ActionId::RematchAt { level, .. } => format!("rematch level:{level}"),
            ActionId::Challenge { answer, .. } => answer.name().into(),
            ActionId::Analyse { match_id } => format!("analyse match:{match_id}"),
            ActionId::Replay { match_id, ply, .. } => format!("replay match:{match_id} move:{ply}"),
            ActionId::TournamentJoin { tournament } => {
                format!("tournament join tournament:{tournament}")
            }
            ActionId::TournamentLeave { tournament } => {
                format!("tournament leave tournament:{tournament}")
            }
            ActionId::DailyPuzzle { day } => format!("daily day:{day}"),
            ActionId::PuzzleAnswer { house, .. } => format!("puzzle answer house:{house}"),
            ActionId::PuzzleNext => "puzzle".into(),
            ActionId::LessonTry { stage, house } => {
                format!("learn stage:{} house:{house}", stage.number())
            }
            ActionId::LessonOpen { stage } => format!("learn stage:{}", stage.number()),
            ActionId::LessonMatch => "learn match".into(),
            ActionId::ChallengeDraft { draft } => {
                format!("challenge-menu {}", draft_line(draft, name_of))
            }
            ActionId::ChallengeSend { draft } => {
                format!("challenge {}", draft_line(draft, name_of))
            }
        }
    }
}

/// A draft's opponent and terms as typed after `challenge-menu` or `challenge`: `bob rounds:3 clock:1d
/// first:random` (no `rounds` when there is no round limit; the clock in one word, to the second).
fn draft_line(draft: ChallengeDraft, name_of: &dyn Fn(UserId) -> String) -> String {
    let rounds = draft
        .rounds
        .map_or_else(String::new, |r| format!(" rounds:{r}"));
    let clock = crate::clock::duration_word(draft.clock_secs);
    let (name, first) = (name_of(draft.opponent), draft.first.name());
    format!("{name}{rounds} clock:{clock} first:{first}")
}

/// A press of a challenge's Accept, Decline or Cancel.
fn answer_command(challenge: ChallengeId, answer: ChallengeAnswer) -> Command {
    let challenge = Some(challenge);
    Command::Challenges(match answer {
        ChallengeAnswer::Accept => ChallengeCommand::Accept { challenge },
        ChallengeAnswer::Decline => ChallengeCommand::Decline { challenge },
        ChallengeAnswer::Cancel => ChallengeCommand::Cancel { challenge },
    })
}

/// A press of a replay's button: its own replay stepped, or (Open) a new one for whoever pressed.
fn replay_command(match_id: MatchId, ply: u32, step: ReplayStep, owner: Option<UserId>) -> Command {
    Command::Records(RecordCommand::Replay {
        match_id,
        ply,
        from: match step {
            ReplayStep::Open => ReplayFrom::Open,
            _ => ReplayFrom::Button { owner },
        },
    })
}

/// `nn:<match>:<turn>:<house>`, `nn:<match>:draw`, `nn:<match>:takeback:<turn>`,
/// `nn:<match>:takeback-no:<turn>`, `nn:<match>:resign`, `nn:<match>:resign-yes`, `nn:<match>:rematch`,
/// `nn:<match>:analyse`, `nn:challenge:<id>:accept|decline|cancel`,
/// `nn:replay:<match>:<ply>:<step>[:<owner>]`, `nn:tournament:<id>:join|leave`,
/// `nn:puzzle:<attempt>:<house>`, `nn:puzzle:next`, `nn:daily:<day>`, `nn:learn:<stage>:<house>`,
/// `nn:learn:<stage>`, `nn:learn:match` (a stage by its key, which never changes: a button shown before
/// stages were added still opens its own), `nn:draft|send:<challenger>:<opponent>:<rounds|none>:<clock
/// seconds>:<first>` (at most 73 characters with 20-digit ids).
impl ActionId {
    /// The kind of button, without its ids: an operator's label.
    pub fn kind(&self) -> &'static str {
        match self {
            ActionId::Move { .. } => "move",
            ActionId::Draw { .. } => "draw",
            ActionId::Takeback { .. } => "takeback",
            ActionId::TakebackDecline { .. } => "takeback-no",
            ActionId::Resign { .. } => "resign",
            ActionId::ResignConfirmed { .. } => "resign-yes",
            ActionId::Rematch { .. } => "rematch",
            ActionId::RematchAt { .. } => "rematch-level",
            ActionId::Challenge { .. } => "challenge",
            ActionId::Analyse { .. } => "analyse",
            ActionId::Replay { .. } => "replay",
            ActionId::TournamentJoin { .. } => "tournament-join",
            ActionId::TournamentLeave { .. } => "tournament-leave",
            ActionId::DailyPuzzle { .. } => "daily-puzzle",
            ActionId::PuzzleAnswer { .. } => "puzzle-answer",
            ActionId::PuzzleNext => "puzzle-next",
            ActionId::LessonTry { .. } => "lesson-try",
            ActionId::LessonOpen { .. } => "lesson-open",
            ActionId::LessonMatch => "lesson-match",
            ActionId::ChallengeDraft { .. } => "challenge-draft",
            ActionId::ChallengeSend { .. } => "challenge-send",
        }
    }
}

impl fmt::Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionId::Move {
                match_id,
                turn,
                house,
            } => write!(f, "{PREFIX}{match_id}:{turn}:{}", house.label()),
            ActionId::Draw { match_id } => write!(f, "{PREFIX}{match_id}:draw"),
            ActionId::Takeback { match_id, turn } => {
                write!(f, "{PREFIX}{match_id}:takeback:{turn}")
            }
            ActionId::TakebackDecline { match_id, turn } => {
                write!(f, "{PREFIX}{match_id}:takeback-no:{turn}")
            }
            ActionId::Resign { match_id } => write!(f, "{PREFIX}{match_id}:resign"),
            ActionId::ResignConfirmed { match_id } => write!(f, "{PREFIX}{match_id}:resign-yes"),
            ActionId::Rematch { match_id } => write!(f, "{PREFIX}{match_id}:rematch"),
            ActionId::RematchAt { match_id, level } => {
                write!(f, "{PREFIX}{match_id}:rematch:{level}")
            }
            ActionId::Challenge { challenge, answer } => {
                write!(f, "{PREFIX}challenge:{challenge}:{}", answer.name())
            }
            ActionId::Analyse { match_id } => write!(f, "{PREFIX}{match_id}:analyse"),
            ActionId::Replay {
                match_id,
                ply,
                step,
                owner,
            } => {
                write!(f, "{PREFIX}replay:{match_id}:{ply}:{}", step.name())?;
                match owner {
                    Some(owner) => write!(f, ":{}", owner.0),
                    None => Ok(()),
                }
            }
            ActionId::TournamentJoin { tournament } => {
                write!(f, "{PREFIX}tournament:{tournament}:join")
            }
            ActionId::TournamentLeave { tournament } => {
                write!(f, "{PREFIX}tournament:{tournament}:leave")
            }
            ActionId::DailyPuzzle { day } => write!(f, "{PREFIX}daily:{day}"),
            ActionId::PuzzleAnswer { attempt, house } => {
                write!(f, "{PREFIX}puzzle:{attempt}:{}", house.label())
            }
            ActionId::PuzzleNext => write!(f, "{PREFIX}puzzle:next"),
            ActionId::LessonTry { stage, house } => {
                write!(f, "{PREFIX}learn:{}:{}", stage.key(), house.label())
            }
            ActionId::LessonOpen { stage } => write!(f, "{PREFIX}learn:{}", stage.key()),
            ActionId::LessonMatch => write!(f, "{PREFIX}learn:match"),
            ActionId::ChallengeDraft { draft } => write!(f, "{PREFIX}draft:{}", DraftParts(draft)),
            ActionId::ChallengeSend { draft } => write!(f, "{PREFIX}send:{}", DraftParts(draft)),
        }
    }
}

/// A draft as its ids spell it: `<challenger>:<opponent>:<rounds|none>:<clock seconds>:<first>`.
struct DraftParts<'a>(&'a ChallengeDraft);

impl fmt::Display for DraftParts<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        write!(f, "{}:{}:", d.challenger.0, d.opponent.0)?;
        match d.rounds {
            Some(rounds) => write!(f, "{rounds}:")?,
            None => write!(f, "none:")?,
        }
        write!(f, "{}:{}", d.clock_secs, d.first.name())
    }
}

/// An id that is not one of ours, or no longer means anything.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Namnam button id: {0:?}")]
pub struct UnknownAction(pub String);

impl FromStr for ActionId {
    type Err = UnknownAction;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        id.strip_prefix(PREFIX)
            .and_then(|rest| from_parts(&rest.split(':').collect::<Vec<_>>()))
            .ok_or_else(|| UnknownAction(id.to_owned()))
    }
}

/// The action an id's parts after the prefix spell, or `None`: the id is then unknown, whichever part is
/// wrong.
fn from_parts(parts: &[&str]) -> Option<ActionId> {
    Some(match parts {
        ["puzzle", "next"] => ActionId::PuzzleNext,
        ["learn", "match"] => ActionId::LessonMatch,
        ["learn", stage] => ActionId::LessonOpen {
            stage: StageId::from_key(stage)?,
        },
        ["learn", stage, house] => ActionId::LessonTry {
            stage: StageId::from_key(stage)?,
            house: house
                .parse()
                .ok()
                .filter(|l: &i64| l.to_string() == *house)
                .and_then(|l| House::from_label(l).ok())?,
        },
        ["puzzle", attempt, house] => puzzle_answer(attempt, house)?,
        ["draft", parts @ ..] => ActionId::ChallengeDraft {
            draft: draft(parts)?,
        },
        ["send", parts @ ..] => ActionId::ChallengeSend {
            draft: draft(parts)?,
        },
        ["replay", m, ply, step] => replay(m, ply, step, None)?,
        ["replay", m, ply, step, owner] => replay(m, ply, step, Some(owner))?,
        // One spelling per id: no sign, no leading zeros (a day is never 0 here).
        ["daily", d] if !d.starts_with(['+', '-', '0']) => {
            ActionId::DailyPuzzle { day: number(d)? }
        }
        ["tournament", t, "join"] => ActionId::TournamentJoin {
            tournament: TournamentId(number(t)?),
        },
        ["tournament", t, "leave"] => ActionId::TournamentLeave {
            tournament: TournamentId(number(t)?),
        },
        ["challenge", c, what] => ActionId::Challenge {
            challenge: ChallengeId(number(c)?),
            answer: match *what {
                "accept" => ChallengeAnswer::Accept,
                "decline" => ChallengeAnswer::Decline,
                "cancel" => ChallengeAnswer::Cancel,
                _ => return None,
            },
        },
        [m, what] => match_action(MatchId(number(m)?), what)?,
        [m, "takeback", t] => ActionId::Takeback {
            match_id: MatchId(number(m)?),
            turn: turn(t)?,
        },
        // One spelling per id: the level's digit alone.
        [m, "rematch", l] if l.len() == 1 => ActionId::RematchAt {
            match_id: MatchId(number(m)?),
            level: Level::new(number(l)?).ok()?,
        },
        [m, "takeback-no", t] => ActionId::TakebackDecline {
            match_id: MatchId(number(m)?),
            turn: turn(t)?,
        },
        [m, t, house] => ActionId::Move {
            match_id: MatchId(number(m)?),
            // Parsed as before takebacks (the ids already posted must keep their meaning).
            turn: t.parse().ok()?,
            house: House::from_label(house.parse().ok()?).ok()?,
        },
        _ => return None,
    })
}

fn number(part: &str) -> Option<i64> {
    part.parse().ok()
}

/// A takeback's turn. One spelling per id: no sign, no leading zeros.
fn turn(part: &str) -> Option<u32> {
    match part.starts_with('+') || (part.len() > 1 && part.starts_with('0')) {
        true => None,
        false => part.parse().ok(),
    }
}

/// `nn:puzzle:<attempt>:<house>`.
fn puzzle_answer(attempt: &str, house: &str) -> Option<ActionId> {
    // One spelling per id: no sign, no leading zeros (ids start at 1).
    if attempt.starts_with(['+', '-', '0']) {
        return None;
    }
    Some(ActionId::PuzzleAnswer {
        attempt: attempt.parse().ok()?,
        house: house
            .parse()
            .ok()
            .filter(|l: &i64| l.to_string() == house)
            .and_then(|l| House::from_label(l).ok())?,
    })
}

/// A draft's parts, each in its one spelling and within its range: an id forged with a huge number or a
/// term out of range is no id of ours, refused before it reaches a challenge.
fn draft(parts: &[&str]) -> Option<ChallengeDraft> {
    let [challenger, opponent, rounds, clock, first] = parts else {
        return None;
    };
    let user = |part: &str| canonical::<u64>(part).filter(|&id| id > 0).map(UserId);
    Some(ChallengeDraft {
        challenger: user(challenger)?,
        opponent: user(opponent)?,
        rounds: match *rounds {
            "none" => None,
            r => Some(canonical::<u8>(r).filter(|r| MatchOptions::ROUNDS_RANGE.contains(r))?),
        },
        clock_secs: canonical::<u32>(clock).filter(|s| Terms::CLOCK_RANGE.contains(s))?,
        first: FirstMover::of_name(first)?,
    })
}

/// A number in its one spelling: no sign, no leading zeros.
fn canonical<T: FromStr + ToString>(part: &str) -> Option<T> {
    part.parse().ok().filter(|n: &T| n.to_string() == part)
}

/// `nn:replay:<match>:<ply>:<step>[:<owner>]`.
fn replay(m: &str, ply: &str, step: &str, owner: Option<&str>) -> Option<ActionId> {
    Some(ActionId::Replay {
        match_id: MatchId(number(m)?),
        ply: ply.parse().ok()?,
        step: *ReplayStep::ALL.iter().find(|s| s.name() == step)?,
        owner: match owner {
            None => None,
            // One spelling per id: no sign, no leading zeros.
            Some(o) if o.starts_with(['+', '0']) => return None,
            Some(o) => Some(UserId(o.parse().ok()?)),
        },
    })
}

/// `nn:<match>:<what>`: a match's button that acts on no one position.
fn match_action(match_id: MatchId, what: &str) -> Option<ActionId> {
    Some(match what {
        "draw" => ActionId::Draw { match_id },
        "resign" => ActionId::Resign { match_id },
        "resign-yes" => ActionId::ResignConfirmed { match_id },
        "rematch" => ActionId::Rematch { match_id },
        "analyse" => ActionId::Analyse { match_id },
        _ => return None,
    })
}

impl From<ActionId> for String {
    fn from(id: ActionId) -> String {
        id.to_string()
    }
}

impl TryFrom<String> for ActionId {
    type Error = UnknownAction;

    fn try_from(id: String) -> Result<Self, Self::Error> {
        id.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_action() -> impl Strategy<Value = ActionId> {
        let id = any::<i64>();
        let answer = prop_oneof![
            Just(ChallengeAnswer::Accept),
            Just(ChallengeAnswer::Decline),
            Just(ChallengeAnswer::Cancel),
        ];
        prop_oneof![
            (id, any::<u32>(), 1i64..=12).prop_map(|(match_id, turn, label)| ActionId::Move {
                match_id: MatchId(match_id),
                turn,
                house: House::from_label(label).expect("1–12"),
            }),
            id.prop_map(|match_id| ActionId::Draw {
                match_id: MatchId(match_id)
            }),
            (id, any::<u32>()).prop_map(|(match_id, turn)| ActionId::Takeback {
                match_id: MatchId(match_id),
                turn
            }),
            (id, any::<u32>()).prop_map(|(match_id, turn)| ActionId::TakebackDecline {
                match_id: MatchId(match_id),
                turn
            }),
            id.prop_map(|match_id| ActionId::Resign {
                match_id: MatchId(match_id)
            }),
            id.prop_map(|match_id| ActionId::ResignConfirmed {
                match_id: MatchId(match_id)
            }),
            id.prop_map(|match_id| ActionId::Rematch {
                match_id: MatchId(match_id)
            }),
            (id, 1i64..=6).prop_map(|(match_id, level)| ActionId::RematchAt {
                match_id: MatchId(match_id),
                level: Level::new(level).expect("1–6")
            }),
            (id, answer).prop_map(|(challenge, answer)| ActionId::Challenge {
                challenge: ChallengeId(challenge),
                answer
            }),
            id.prop_map(|match_id| ActionId::Analyse {
                match_id: MatchId(match_id)
            }),
            (1i64..=i64::MAX, 1i64..=12).prop_map(|(attempt, label)| ActionId::PuzzleAnswer {
                attempt,
                house: House::from_label(label).expect("1–12"),
            }),
            Just(ActionId::PuzzleNext),
            (
                id,
                any::<u32>(),
                proptest::sample::select(ReplayStep::ALL.to_vec()),
                proptest::option::of(any::<u64>()),
            )
                .prop_map(|(match_id, ply, step, owner)| ActionId::Replay {
                    match_id: MatchId(match_id),
                    ply,
                    step,
                    owner: owner.map(UserId),
                }),
            (1i64..).prop_map(|day| ActionId::DailyPuzzle { day }),
            (1i64..=13, 1i64..=12).prop_map(|(stage, label)| ActionId::LessonTry {
                stage: StageId::from_number(stage).expect("a stage"),
                house: House::from_label(label).expect("1–12"),
            }),
            (1i64..=13).prop_map(|stage| ActionId::LessonOpen {
                stage: StageId::from_number(stage).expect("a stage"),
            }),
            Just(ActionId::LessonMatch),
            (any_draft(), any::<bool>()).prop_map(|(draft, send)| match send {
                false => ActionId::ChallengeDraft { draft },
                true => ActionId::ChallengeSend { draft },
            }),
        ]
    }

    fn any_draft() -> impl Strategy<Value = ChallengeDraft> {
        (
            1u64..,
            1u64..,
            proptest::option::of(1u8..=99),
            Terms::CLOCK_RANGE,
            proptest::sample::select(FirstMover::ALL.to_vec()),
        )
            .prop_map(
                |(challenger, opponent, rounds, clock_secs, first)| ChallengeDraft {
                    challenger: UserId(challenger),
                    opponent: UserId(opponent),
                    rounds,
                    clock_secs,
                    first,
                },
            )
    }

    proptest! {
        #[test]
        fn every_id_round_trips_and_fits_discords_limit(action in any_action()) {
            let id = action.to_string();
            prop_assert!(id.len() <= MAX_LEN, "{id} is {} bytes", id.len());
            prop_assert!(id.starts_with(PREFIX));
            prop_assert_eq!(id.parse::<ActionId>(), Ok(action));
            let json = serde_json::to_string(&action).unwrap();
            prop_assert_eq!(serde_json::from_str::<ActionId>(&json).unwrap(), action);
        }

        #[test]
        fn no_other_text_parses(text in "\\PC{0,40}") {
            // Whatever parses prints back as itself: there is one spelling per action.
            if let Ok(action) = text.parse::<ActionId>() {
                prop_assert_eq!(action.to_string(), text);
            }
        }
    }

    #[test]
    fn a_draft_is_typed_as_the_console_reads_it() {
        let draft = ChallengeDraft {
            challenger: UserId(7),
            opponent: UserId(8),
            rounds: Some(3),
            clock_secs: 90_061,
            first: FirstMover::Challenged,
        };
        let name = |id: UserId| format!("player{}", id.0);
        assert_eq!(
            ActionId::ChallengeDraft { draft }.command_line_naming(&name),
            "challenge-menu player8 rounds:3 clock:1d1h1m1s first:challenged"
        );
        let no_limit = ChallengeDraft {
            rounds: None,
            ..draft
        };
        assert_eq!(
            ActionId::ChallengeSend { draft: no_limit }.command_line_naming(&name),
            "challenge player8 clock:1d1h1m1s first:challenged"
        );
        // The clock typed back is the draft's, to the second.
        assert_eq!(crate::clock::parse_duration("1d1h1m1s"), Some(90_061));
    }

    #[test]
    fn ids_keep_their_spelling() {
        // Buttons already posted carry these ids: they must still parse after an upgrade.
        let house = House::from_label(7).unwrap();
        let cases = [
            (
                "nn:42:9:7",
                ActionId::Move {
                    match_id: MatchId(42),
                    turn: 9,
                    house,
                },
            ),
            (
                "nn:42:draw",
                ActionId::Draw {
                    match_id: MatchId(42),
                },
            ),
            (
                "nn:42:takeback:9",
                ActionId::Takeback {
                    match_id: MatchId(42),
                    turn: 9,
                },
            ),
            (
                "nn:42:takeback-no:9",
                ActionId::TakebackDecline {
                    match_id: MatchId(42),
                    turn: 9,
                },
            ),
            (
                "nn:42:resign",
                ActionId::Resign {
                    match_id: MatchId(42),
                },
            ),
            (
                "nn:42:resign-yes",
                ActionId::ResignConfirmed {
                    match_id: MatchId(42),
                },
            ),
            (
                "nn:42:rematch",
                ActionId::Rematch {
                    match_id: MatchId(42),
                },
            ),
            (
                "nn:42:analyse",
                ActionId::Analyse {
                    match_id: MatchId(42),
                },
            ),
            ("nn:daily:20425", ActionId::DailyPuzzle { day: 20425 }),
            (
                "nn:replay:42:17:next:99",
                ActionId::Replay {
                    match_id: MatchId(42),
                    ply: 17,
                    step: ReplayStep::Forward,
                    owner: Some(UserId(99)),
                },
            ),
            (
                "nn:replay:42:0:open",
                ActionId::Replay {
                    match_id: MatchId(42),
                    ply: 0,
                    step: ReplayStep::Open,
                    owner: None,
                },
            ),
            (
                "nn:puzzle:31:4",
                ActionId::PuzzleAnswer {
                    attempt: 31,
                    house: House::from_label(4).unwrap(),
                },
            ),
            ("nn:puzzle:next", ActionId::PuzzleNext),
            (
                "nn:challenge:5:decline",
                ActionId::Challenge {
                    challenge: ChallengeId(5),
                    answer: ChallengeAnswer::Decline,
                },
            ),
            (
                "nn:draft:7:8:3:3600:challenged",
                ActionId::ChallengeDraft {
                    draft: ChallengeDraft {
                        challenger: UserId(7),
                        opponent: UserId(8),
                        rounds: Some(3),
                        clock_secs: 3600,
                        first: FirstMover::Challenged,
                    },
                },
            ),
            (
                "nn:send:7:8:none:86400:random",
                ActionId::ChallengeSend {
                    draft: ChallengeDraft {
                        challenger: UserId(7),
                        opponent: UserId(8),
                        rounds: None,
                        clock_secs: 86_400,
                        first: FirstMover::Random,
                    },
                },
            ),
        ];
        for (text, action) in cases {
            assert_eq!(text.parse::<ActionId>(), Ok(action));
            assert_eq!(action.to_string(), text);
        }
        for bad in [
            "nn:42:9:13",
            "nn:42:9:0",
            "nn:x:draw",
            "xx:42:draw",
            "nn:42:dance",
            "nn:replay:42:3:sideways",
            "nn:replay:42:3:next:007",
            "nn:42:takeback",
            "nn:42:takeback:09",
            "nn:42:takeback:+9",
            "nn:42:takeback-no:x",
            "nn:puzzle:31:13",
            "nn:puzzle:31:04",
            "nn:puzzle:031:4",
            "nn:puzzle:-1:4",
            "nn:puzzle:x:4",
            "nn:puzzle:31",
            "nn:puzzle:later",
            // Drafts forged with numbers too big, terms out of range, or another spelling.
            "nn:draft:7:8:0:3600:random",
            "nn:draft:7:8:100:3600:random",
            "nn:draft:7:8:03:3600:random",
            "nn:draft:7:8:3:299:random",
            "nn:draft:7:8:3:604801:random",
            "nn:draft:7:8:3:99999999999999999999:random",
            "nn:draft:7:8:3:3600:whoever",
            "nn:draft:99999999999999999999999:8:3:3600:random",
            "nn:draft:0:8:3:3600:random",
            "nn:draft:+7:8:3:3600:random",
            "nn:send:7:08:3:3600:random",
            "nn:send:7:8:3:3600",
            "nn:send:7:8:3:3600:random:more",
            "",
        ] {
            assert!(bad.parse::<ActionId>().is_err(), "{bad}");
        }
    }
}
