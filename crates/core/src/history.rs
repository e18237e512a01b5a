//! A stored match replayed from its moves: to show it at any ply, or to take a move back.

use super::error::InternalError;
use namnam_game::{House, Match, MatchEnd, MatchMove, Player};
use namnam_store::{MatchRow, MoveRow};

/// The match after its first `ply` moves, and the last of them (`ply` at most the moves' count). Public
/// for the web pages, which step a finished match as the replay does.
pub fn replay_to(
    row: &MatchRow,
    moves: &[MoveRow],
    ply: u32,
) -> Result<(Match, Option<MatchMove>), InternalError> {
    let mut game = Match::new(*row.game.options());
    let mut last = None;
    for mv in &moves[..ply as usize] {
        let house = stored_house(row, mv)?;
        last = Some(game.play(house).map_err(|e| {
            InternalError::Inconsistent(format!("match {}, move {}: {e}", row.id, mv.ply))
        })?);
    }
    // After the last move, a match that ended otherwise than on the board (a resignation, a timeout, a
    // draw agreed) shows that end.
    if ply as usize == moves.len() && !game.is_over() {
        if let Some(result) = row.game.result() {
            let loser = result.winner.map(Player::other);
            let ended = match (result.reason, loser) {
                (MatchEnd::Resignation, Some(loser)) => game.resign(loser),
                (MatchEnd::Timeout, Some(loser)) => game.time_out(loser),
                (MatchEnd::Agreement, _) => game.agree_draw(),
                (MatchEnd::Adjudicated, _) => game.adjudicate(),
                _ => Ok(result),
            };
            ended.map_err(|e| InternalError::Inconsistent(format!("match {}: {e}", row.id)))?;
        }
    }
    Ok((game, last))
}

pub(super) fn stored_house(row: &MatchRow, mv: &MoveRow) -> Result<House, InternalError> {
    House::from_label(i64::from(mv.house)).map_err(|_| {
        InternalError::Inconsistent(format!(
            "match {}: move {} house {}",
            row.id, mv.ply, mv.house
        ))
    })
}
