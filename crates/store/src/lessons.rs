//! Lessons: each player's stages passed, one row per stage, written the first time it is passed.

use super::{StoreResult, WriteTx};
use namnam_model::UserId;
use sqlx::{Any, Row};

/// The keys of the stages `player` has passed, in the order they were passed.
pub async fn lessons_passed<'e, E>(db: E, player: UserId) -> StoreResult<Vec<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT stage FROM lessons_passed WHERE player_id = $1 ORDER BY passed_at, stage",
    )
    .bind(player.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| row.try_get::<String, _>("stage").map_err(Into::into))
        .collect()
}

/// Records that `player` passed `stage` at `now_ms`; `false` when they had passed it already (the
/// first time stays).
pub async fn pass_lesson(
    tx: &mut WriteTx,
    player: UserId,
    stage: &str,
    now_ms: i64,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "INSERT INTO lessons_passed (player_id, stage, passed_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING",
    )
    .bind(player.to_sql())
    .bind(stage)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
