//! A stored match as a [record](namnam_record): its row, its moves and its server's name, played again
//! through the engine so that the record's rounds, laps and captures are the engine's.

use super::{load_match, match_moves, MatchState, StoreError, StoreResult};
use namnam_game::{House, Match};
use namnam_model::{MatchId, Place};
use namnam_record::{Record, Timestamp};
use sqlx::AnyPool;
use std::time::Duration;

/// The record of match `match_id`, or `None` if there is no such match. Each move's clock is the time since
/// the move before it (since the match began, for the first). Stored moves that do not replay to the stored
/// match are reported as corrupt.
pub async fn load_record(db: &AnyPool, match_id: MatchId) -> StoreResult<Option<Record>> {
    let Some(row) = load_match(db, match_id).await? else {
        return Ok(None);
    };
    let moves = match_moves(db, match_id).await?;
    let server: Option<String> = match row.place {
        Place::ServerChannel { server, .. } => {
            let name: Option<String> = sqlx::query_scalar("SELECT name FROM servers WHERE id = $1")
                .bind(server.to_sql())
                .fetch_optional(db)
                .await?;
            name.filter(|name| !name.is_empty())
        }
        // A server the bot is not in (Discord gives no name for it), or a place outside any server (a DM,
        // a group DM): no server to name.
        Place::GuestChannel { .. } | Place::BotDm { .. } | Place::PrivateChannel { .. } => None,
    };
    // A channel Discord gives no name for (a DM between users, a group DM nobody named) is stored under
    // its id: that is no name to show.
    let channel =
        (row.channel_name != row.place.channel().to_string()).then(|| row.channel_name.clone());
    let corrupt = |what: String| StoreError::Corrupt(format!("match {match_id}: {what}"));

    let options = *row.game.options();
    let mut record = Record::new(row.names.south.clone(), row.names.north.clone(), options);
    record.server = server;
    record.channel = channel;
    record.match_number = Some(row.id.to_sql());
    record.date = Timestamp::from_unix_ms(row.created_at);
    record.clock = Some(Duration::from_secs(row.clock_secs.into()));

    let mut game = Match::new(options);
    let mut previous_at = row.created_at;
    for mv in &moves {
        let ply = mv.ply;
        if game.to_move() != Some(mv.player) || game.round() != mv.round {
            return Err(corrupt(format!(
                "move {ply} is {}'s in round {}, but the match has {:?} to move in round {}",
                mv.player,
                mv.round,
                game.to_move(),
                game.round()
            )));
        }
        let house =
            House::from_label(mv.house.into()).map_err(|e| corrupt(format!("move {ply}: {e}")))?;
        let played = game
            .play(house)
            .map_err(|e| corrupt(format!("move {ply}: {e}")))?;
        if played.record.events != mv.events {
            return Err(corrupt(format!(
                "move {ply}'s stored events are not the engine's"
            )));
        }
        // A clock set back between two moves would make a negative time: count it as none.
        let took = u64::try_from(mv.played_at - previous_at).unwrap_or(0);
        previous_at = mv.played_at;
        record.push_move(&played, Some(Duration::from_millis(took)));
    }
    if game.round() != row.game.round() || game.position() != row.game.position() {
        return Err(corrupt(
            "its moves do not lead to its stored position".into(),
        ));
    }
    record.set_outcome_from(&row.game, row.state == MatchState::Aborted);
    if row.state == MatchState::Finished && row.game.result().is_none() {
        return Err(corrupt("it is finished but has no result".into()));
    }
    Ok(Some(record))
}
