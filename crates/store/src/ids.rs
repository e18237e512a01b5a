//! Discord-style ids: `u64` outside, `i64` in SQL. This is the one place that converts between them.

use std::fmt;

/// A server, channel or user id (a Discord snowflake, or a console id).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Snowflake(pub u64);

impl Snowflake {
    /// A stable id for a name where no platform gives one (the console's players, servers and channels):
    /// FNV-1a of `kind` and the lower-cased name, in 62 bits, never 0 or 1.
    pub fn of_name(kind: &str, name: &str) -> Snowflake {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in kind.bytes().chain(name.to_lowercase().bytes()) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        Snowflake((hash >> 2).max(2))
    }

    /// The id as SQLite stores it. Snowflakes fit in 63 bits; a larger id keeps its bits and reads back
    /// unchanged through [`from_sql`](Self::from_sql).
    pub fn to_sql(self) -> i64 {
        self.0 as i64
    }

    pub fn from_sql(id: i64) -> Snowflake {
        Snowflake(id as u64)
    }
}

impl fmt::Display for Snowflake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::Snowflake;

    #[test]
    fn ids_round_trip_through_sql() {
        for id in [0, 1, 1_234_567_890_123_456_789, i64::MAX as u64, u64::MAX] {
            assert_eq!(Snowflake::from_sql(Snowflake(id).to_sql()), Snowflake(id));
        }
    }
}
