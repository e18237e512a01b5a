//! The buttons that features show under each other's messages: a finished match offers a rematch, its
//! analysis and its replay; a move may be taken back.

use super::message::{Arg, Text};
use super::reply::Action;
use super::vocabulary::actions::{ActionId, ReplayStep};
use namnam_ai::Level;
use namnam_model::MatchId;
use namnam_store::MatchRow;

/// The button under a finished match.
pub(super) fn rematch_action(match_id: MatchId) -> Action {
    Action::new(
        ActionId::Rematch { match_id },
        Text::message("button-rematch", []),
    )
}

/// The button under a match its player won against the computer: the same terms, one level up.
pub(super) fn next_level_action(match_id: MatchId, level: Level) -> Action {
    Action::new(
        ActionId::RematchAt { match_id, level },
        Text::message(
            "button-next-level",
            [("level", Arg::number(level.number()))],
        ),
    )
}

/// A button that opens a replay of the match for whoever presses it.
pub(super) fn replay_action(match_id: MatchId) -> Action {
    Action::new(
        ActionId::Replay {
            match_id,
            ply: 0,
            step: ReplayStep::Open,
            owner: None,
        },
        Text::message("button-replay", []),
    )
}

/// The button under a finished match that asks for its analysis.
pub(super) fn analyse_action(match_id: MatchId) -> Action {
    Action::new(
        ActionId::Analyse { match_id },
        Text::message("button-analyse", []),
    )
}

/// The button that asks to take back the last move (or accepts the request): good on this turn only, like
/// the house buttons beside it.
pub(super) fn takeback_action(row: &MatchRow, label: Text) -> Action {
    Action::new(
        ActionId::Takeback {
            match_id: row.id,
            turn: row.turns + 1,
        },
        label,
    )
}
