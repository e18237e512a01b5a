//! Reading a row's columns by name, with checked conversions: a value its type cannot hold (a negative
//! count, a level of 300) is reported as corrupt data, never cut down to something else.

use sqlx::any::AnyRow;
use sqlx::{Any, Decode, Row, Type};

use super::{StoreError, StoreResult};
use namnam_model::{Place, PlaceKind, StoredId, Terms};

pub(super) trait Columns {
    /// The column `name` as `T`.
    fn col<'r, T: Decode<'r, Any> + Type<Any>>(&'r self, name: &str) -> StoreResult<T>;

    /// An integer column, converted into `T` with a check.
    fn int<T: TryFrom<i64>>(&self, name: &str) -> StoreResult<T>;

    /// A nullable integer column, converted into `T` with a check.
    fn opt_int<T: TryFrom<i64>>(&self, name: &str) -> StoreResult<Option<T>>;

    /// A 0-or-1 column (the schema checks it) as a `bool`: integers, because sqlx's `Any` driver has no
    /// boolean that both backends store alike.
    fn flag(&self, name: &str) -> StoreResult<bool> {
        match self.int::<i64>(name)? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(StoreError::Corrupt(format!(
                "column {name} holds {other}, not 0 or 1"
            ))),
        }
    }

    /// A column holding an id: a platform's (a server, a channel, a user) or one of ours (a match …).
    fn id<T: StoredId>(&self, name: &str) -> StoreResult<T> {
        Ok(T::from_sql(self.int(name)?))
    }

    fn opt_id<T: StoredId>(&self, name: &str) -> StoreResult<Option<T>> {
        Ok(self.opt_int::<i64>(name)?.map(T::from_sql))
    }

    /// The `place`, `server_id` and `channel_id` columns: where a match or a challenge is played (see
    /// `migrations/sqlite/0023_places.sql`), checked; `what` names the row when they are not a place.
    fn place(&self, what: &str) -> StoreResult<Place> {
        let kind: String = self.col("place")?;
        let kind = PlaceKind::of_name(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("{what}: a place of kind {kind:?}")))?;
        Place::of_parts(kind, self.opt_id("server_id")?, self.id("channel_id")?)
            .map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
    }

    /// The `terms` column: a match's terms, one JSON object (see `migrations/sqlite/0022_terms.sql`),
    /// checked; `what` names the row when they are not terms.
    fn terms(&self, what: &str) -> StoreResult<Terms> {
        let json: String = self.col("terms")?;
        serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt(format!("{what}: its terms: {e}")))
    }
}

impl Columns for AnyRow {
    fn col<'r, T: Decode<'r, Any> + Type<Any>>(&'r self, name: &str) -> StoreResult<T> {
        Ok(self.try_get(name)?)
    }

    fn int<T: TryFrom<i64>>(&self, name: &str) -> StoreResult<T> {
        let value: i64 = self.try_get(name)?;
        checked(name, value)
    }

    fn opt_int<T: TryFrom<i64>>(&self, name: &str) -> StoreResult<Option<T>> {
        let value: Option<i64> = self.try_get(name)?;
        value.map(|v| checked(name, v)).transpose()
    }
}

/// A match's terms as the `terms` column keeps them (read back by [`Columns::terms`]).
pub(super) fn terms_json(terms: &Terms) -> StoreResult<String> {
    serde_json::to_string(terms).map_err(|e| StoreError::Corrupt(format!("terms as JSON: {e}")))
}

fn checked<T: TryFrom<i64>>(name: &str, value: i64) -> StoreResult<T> {
    T::try_from(value).map_err(|_| {
        StoreError::Corrupt(format!(
            "column {name} holds {value}, out of range for {}",
            std::any::type_name::<T>()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::any::AnyPoolOptions;

    #[tokio::test]
    async fn columns_are_read_by_name_and_checked() {
        sqlx::any::install_default_drivers();
        let db = AnyPoolOptions::new()
            .connect("sqlite::memory:")
            .await
            .unwrap();
        let row = sqlx::query("SELECT 7 AS seven, -1 AS minus, 300 AS big, NULL AS absent")
            .fetch_one(&db)
            .await
            .unwrap();
        assert_eq!(row.int::<u8>("seven").unwrap(), 7);
        assert!(matches!(
            row.int::<u32>("minus"),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(row.int::<u8>("big"), Err(StoreError::Corrupt(_))));
        assert_eq!(row.opt_int::<u8>("absent").unwrap(), None);
        assert!(row.flag("seven").is_err());
        assert!(matches!(
            row.int::<u8>("missing"),
            Err(StoreError::Database(_))
        ));
    }

    /// The store is the edge where terms become JSON and back: what it reads is checked, and a row whose
    /// terms are out of range (or not terms at all) is refused, naming the row.
    #[tokio::test]
    async fn terms_are_read_back_checked_naming_their_row() {
        sqlx::any::install_default_drivers();
        let db = AnyPoolOptions::new()
            .connect("sqlite::memory:")
            .await
            .unwrap();
        let terms = Terms {
            rules: namnam_game::Rules {
                endgame: namnam_game::Endgame::Capturer,
                chain: true,
            },
            target: None,
            round_limit: Some(5),
            clock_secs: 600,
            first: namnam_model::FirstMover::Random,
        };
        let stored = terms_json(&terms).unwrap();
        let read = |json: String| {
            let db = db.clone();
            async move {
                let row = sqlx::query("SELECT $1 AS terms")
                    .bind(json)
                    .fetch_one(&db)
                    .await
                    .unwrap();
                row.terms("challenge 7")
            }
        };
        assert_eq!(read(stored.clone()).await.unwrap(), terms);
        for bad in [stored.replace("600", "5"), "not json".to_owned()] {
            match read(bad).await {
                Err(StoreError::Corrupt(why)) => assert!(why.starts_with("challenge 7"), "{why}"),
                other => panic!("read as {other:?}"),
            }
        }
    }
}
