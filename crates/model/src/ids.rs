//! Typed ids. A server's, a channel's and a user's ids are platform ids (Discord snowflakes, or ids the
//! console derives from names): `u64`. A match's, a challenge's, a tournament's and a post's are the
//! store's own row ids: `i64`. One type each, so that a channel's id is never passed where a user's is
//! meant. The store converts them to and from SQL (`to_sql`, `from_sql`); nothing else needs to.

use std::fmt;
use std::str::FromStr;

/// An id as the store keeps it: one SQL integer.
pub trait StoredId: Copy {
    fn to_sql(self) -> i64;
    fn from_sql(id: i64) -> Self;
}

macro_rules! platform_id {
    ($(#[$doc:meta])* $name:ident, $kind:literal) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl StoredId for $name {
            fn to_sql(self) -> i64 {
                self.to_sql()
            }

            fn from_sql(id: i64) -> $name {
                $name::from_sql(id)
            }
        }

        impl $name {
            /// A stable id for a name where no platform gives one (the console's players, servers and
            /// channels): FNV-1a of the kind and the lower-cased name, in 62 bits, never 0 or 1.
            pub fn of_name(name: &str) -> $name {
                $name(name_hash($kind, name))
            }

            /// The id as the store keeps it. Platform ids fit in 63 bits; a larger id keeps its bits and
            /// reads back unchanged through [`from_sql`](Self::from_sql).
            pub fn to_sql(self) -> i64 {
                self.0 as i64
            }

            pub fn from_sql(id: i64) -> $name {
                $name(id as u64)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }

    };
}

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl StoredId for $name {
            fn to_sql(self) -> i64 {
                self.0
            }

            fn from_sql(id: i64) -> $name {
                $name(id)
            }
        }

        impl $name {
            pub fn to_sql(self) -> i64 {
                self.0
            }

            pub fn from_sql(id: i64) -> $name {
                $name(id)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        /// Its number, as players see and type it.
        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }

    };
}

platform_id!(
    /// A server (a Discord guild; the console's one server).
    ServerId,
    "server"
);
platform_id!(
    /// A channel or a thread (a thread is a channel).
    ChannelId,
    "channel"
);
platform_id!(
    /// A person or a bot: a player, an organiser, an admin.
    UserId,
    "user"
);
platform_id!(
    /// A message the platform showed (what the bot edits later).
    MessageId,
    "message"
);
platform_id!(
    /// A command as the platform registered it.
    CommandId,
    "command"
);
platform_id!(
    /// The bot's application on the platform (whose commands are registered).
    ApplicationId,
    "application"
);

row_id!(
    /// A match: the number players type as `match:N`.
    MatchId
);
row_id!(
    /// A challenge, open or answered.
    ChallengeId
);
row_id!(
    /// A tournament: the number players type as `tournament:N`.
    TournamentId
);
row_id!(
    /// A post of the outbox (also its nonce's, so that Discord shows it once however often it is sent).
    PostId
);

fn name_hash(kind: &str, name: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in kind.bytes().chain(name.to_lowercase().bytes()) {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash >> 2).max(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_sql() {
        for id in [0, 1, 1_234_567_890_123_456_789, i64::MAX as u64, u64::MAX] {
            assert_eq!(UserId::from_sql(UserId(id).to_sql()), UserId(id));
        }
    }

    #[test]
    fn a_named_id_is_stable_and_never_0_or_1() {
        assert_eq!(UserId::of_name("Alice"), UserId::of_name("alice"));
        assert_ne!(UserId::of_name("alice"), UserId::of_name("bob"));
        // The kind is part of the hash: a channel named like a user has another id.
        assert_ne!(ChannelId::of_name("alice").0, UserId::of_name("alice").0);
        assert!(UserId::of_name("").0 >= 2);
    }
}
