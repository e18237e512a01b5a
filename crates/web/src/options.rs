//! How the web server runs: what `namnam web`'s options set.

use std::net::IpAddr;

/// How many requests one client may make: `burst` at once, then one every `60 / per_minute` seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub per_minute: u32,
    pub burst: u32,
}

impl Default for Budget {
    fn default() -> Self {
        // A page with its pictures, stylesheet and script is about five requests: a dozen pages at once,
        // then one page every five seconds or so.
        Budget {
            per_minute: 60,
            burst: 60,
        }
    }
}

/// How the web server runs.
#[derive(Clone, Debug, Default)]
pub struct WebOptions {
    /// The reverse proxy in front, whose `X-Forwarded-For` names the client; from any other address the
    /// header is ignored (a client could write anything in it).
    pub trusted_proxy: Option<IpAddr>,
    /// Each client's request budget.
    pub budget: Budget,
    /// The bytes of pictures kept in memory.
    pub cache_bytes: usize,
}

/// The default picture cache: 64 MiB, some thousands of boards.
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;
