//! Helpers for the tests of several crates: a throwaway PostgreSQL cluster ([`postgres`]) and waiting for
//! something the bot does in the background ([`poll`]). Test-only; depends on nothing of ours.

pub mod poll;
pub mod postgres;

/// The one bound on a test's wait for something the bot does: generous enough that only a bug reaches it,
/// on a machine as busy as it gets. A test waits for the event itself and never for a time.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);
