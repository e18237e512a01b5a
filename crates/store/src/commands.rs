//! The slash commands as last registered with the chat platform, per scope: the request's fingerprint and
//! the id given to each command (for clickable mentions in replies).

use namnam_model::{ApplicationId, CommandId};
use std::collections::BTreeMap;

use super::{StoreResult, WriteTx};
use sqlx::{AnyPool, Row};

/// One registration: where (`global`, `guild <id>`), for which application, what was sent, and the ids of
/// the commands by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    pub scope: String,
    pub application: ApplicationId,
    pub fingerprint: String,
    pub commands: BTreeMap<String, CommandId>,
}

/// Every registration on record.
pub async fn registrations(db: &AnyPool) -> StoreResult<Vec<Registration>> {
    let rows = sqlx::query(
        "SELECT scope, application_id, fingerprint FROM command_registrations ORDER BY scope",
    )
    .fetch_all(db)
    .await?;
    let mut found = Vec::with_capacity(rows.len());
    for row in rows {
        let scope: String = row.try_get("scope")?;
        let commands = sqlx::query(
            "SELECT name, command_id FROM registered_commands WHERE scope = $1 ORDER BY name",
        )
        .bind(&scope)
        .fetch_all(db)
        .await?
        .iter()
        .map(|c| -> StoreResult<(String, CommandId)> {
            Ok((
                c.try_get("name")?,
                CommandId::from_sql(c.try_get("command_id")?),
            ))
        })
        .collect::<StoreResult<_>>()?;
        found.push(Registration {
            scope,
            application: ApplicationId::from_sql(row.try_get("application_id")?),
            fingerprint: row.try_get("fingerprint")?,
            commands,
        });
    }
    Ok(found)
}

/// Records a registration, replacing what its scope held.
pub async fn save_registration(
    tx: &mut WriteTx,
    registration: &Registration,
    now_ms: i64,
) -> StoreResult<()> {
    forget_registration(tx, &registration.scope).await?;
    sqlx::query(
        "INSERT INTO command_registrations (scope, application_id, fingerprint, registered_at)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(&registration.scope)
    .bind(registration.application.to_sql())
    .bind(&registration.fingerprint)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    for (name, id) in &registration.commands {
        sqlx::query(
            "INSERT INTO registered_commands (scope, name, command_id) VALUES ($1, $2, $3)",
        )
        .bind(&registration.scope)
        .bind(name)
        .bind(id.to_sql())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Forgets the registration of a scope (its commands were removed there).
pub async fn forget_registration(tx: &mut WriteTx, scope: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM registered_commands WHERE scope = $1")
        .bind(scope)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM command_registrations WHERE scope = $1")
        .bind(scope)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
