//! A match's record: exported as a file, replayed move by move, analysed by the computer.

use super::input::{yes_no, Options, Wanted};
use super::UserError;
use crate::message::{Arg, Text};
use namnam_model::{MatchId, UserId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordCommand {
    /// The record of a match of this server, as a file.
    Export { match_id: MatchId },
    /// A match shown as it stood after move `ply` (0: before the first move).
    Replay {
        match_id: MatchId,
        ply: u32,
        from: ReplayFrom,
    },
    /// The computer's analysis of a finished match: queued, then posted where it was asked for.
    Analyse { match_id: MatchId },
}

/// What asked for a replay, which says where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayFrom {
    /// The command: a new message, seen by everyone when `public`.
    Command { public: bool },
    /// A replay's own button: that replay steps, in place. `owner` is the one who asked for a public
    /// replay; anyone else pressing it gets a private replay of their own.
    Button { owner: Option<UserId> },
    /// A button that opens a new private replay for whoever presses it.
    Open,
}

impl RecordCommand {
    pub(super) fn parse(name: &str, opts: &mut Options<'_>) -> Result<RecordCommand, UserError> {
        Ok(match name {
            "export" => RecordCommand::Export {
                match_id: opts.match_number()?,
            },
            "replay" => RecordCommand::Replay {
                match_id: opts.match_number()?,
                ply: opts
                    .parse("move", |v| v.parse().ok(), Wanted::MoveNumber)?
                    .unwrap_or(0),
                from: ReplayFrom::Command {
                    public: opts
                        .parse("public", yes_no, Wanted::YesNo)?
                        .unwrap_or(false),
                },
            },
            _ => RecordCommand::Analyse {
                match_id: opts.match_number()?,
            },
        })
    }
}

/// A record or an analysis refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRefusal {
    LiveMatchOfOthers(MatchId),
    AnalyseLive(MatchId),
    NothingToAnalyse(MatchId),
    AnalysisQueued(MatchId),
    /// The asker has as many analyses waiting as one person may: the next once one is done.
    YourAnalysesWaiting(u64),
    /// The queue of analyses is full, for everyone: ask again in a few minutes.
    AnalysesFull(u64),
}

impl RecordRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        let (id, n) = match self {
            RecordRefusal::YourAnalysesWaiting(waiting) => {
                return Text::message(
                    "error-your-analyses-waiting",
                    [("count", Arg::number(*waiting as i64))],
                )
            }
            RecordRefusal::AnalysesFull(waiting) => {
                return Text::message(
                    "error-analyses-full",
                    [("count", Arg::number(*waiting as i64))],
                )
            }
            RecordRefusal::LiveMatchOfOthers(n) => ("error-live-match-of-others", n),
            RecordRefusal::AnalyseLive(n) => ("error-analyse-live", n),
            RecordRefusal::NothingToAnalyse(n) => ("error-nothing-to-analyse", n),
            RecordRefusal::AnalysisQueued(n) => ("error-analysis-queued", n),
        };
        Text::message(id, [("id", Arg::number(*n))])
    }
}
