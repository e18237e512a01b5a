//! Discord's ids: when the thing with an id was made.

/// When Discord made the thing with this id, in milliseconds since the Unix epoch: a snowflake's top 42
/// bits count milliseconds since Discord's epoch, the first second of 2015.
pub(crate) fn snowflake_ms(id: u64) -> i64 {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    (id >> 22) as i64 + DISCORD_EPOCH_MS
}
