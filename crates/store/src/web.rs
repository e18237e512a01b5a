//! A server's web page (`namnam web`): off until an admin turns it on, then served under a random token
//! stored with the server. The bot writes the token; the web server only reads it.

use super::{StoreResult, WriteTx};
use namnam_model::ServerId;
use sqlx::Any;

/// The token of `server`'s web page, when it has one.
pub async fn web_token<'e, E>(db: E, server: ServerId) -> StoreResult<Option<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let token: Option<Option<String>> =
        sqlx::query_scalar("SELECT web_token FROM servers WHERE id = $1")
            .bind(server.to_sql())
            .fetch_optional(db)
            .await?;
    Ok(token.flatten())
}

/// Gives `server` a web page under `token`, or takes its page away (`None`): the old link stops at once.
/// The server must have been recorded.
pub async fn set_web_token(
    tx: &mut WriteTx,
    server: ServerId,
    token: Option<&str>,
) -> StoreResult<()> {
    sqlx::query("UPDATE servers SET web_token = $2 WHERE id = $1")
        .bind(server.to_sql())
        .bind(token)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The server whose web page lives under `token`, with its name; `None` for a token no server has (never
/// had, or had before a new link or before its page was turned off).
pub async fn server_of_web_token<'e, E>(
    db: E,
    token: &str,
) -> StoreResult<Option<(ServerId, String)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM servers WHERE web_token = $1")
            .bind(token)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(id, name)| (ServerId::from_sql(id), name)))
}
