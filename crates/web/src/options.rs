//! How the web server runs: what `namnam web`'s options set.

use std::net::IpAddr;
use std::time::Duration;

/// How many requests one client may make: `burst` at once, then one every `60 / per_minute` seconds (an
/// IPv6 client's /56 shares 4 times this and its /48 16 times, `guard::WIDER`).
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

/// How long a connection may take and how many may be open: what keeps slow or idle clients from holding
/// the server (`serve`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// From the moment the server waits for a request (a new connection, or the end of the previous answer
    /// on a kept-alive one) to the end of the request's head; past it the connection is closed. A
    /// kept-alive connection waiting for its next request is closed after this long too.
    pub header_timeout: Duration,
    /// A connection on which no byte moves either way for this long, while no request on it is being
    /// answered, is closed: a kept-alive connection between requests, a client that stopped reading its
    /// answer, a request's body that stopped coming.
    pub idle_timeout: Duration,
    /// Connections open at once; past it a new one is closed at once. Never more than the process' limit
    /// of open files leaves room for (less [`FILES_KEPT`]).
    pub max: usize,
    /// Connections open at once from one address (one /64 for IPv6; an IPv6 /56 may hold 4 times this
    /// and a /48 16 times, each at most a quarter of [`max`](Self::max)); past it a new one from there is
    /// closed at once. Not counted for the trusted proxy: behind it, a client's budget is the budget of
    /// requests.
    pub max_per_address: usize,
}

impl Default for Connections {
    fn default() -> Self {
        Connections {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max: 1024,
            // A browser opens six to a site; a few readers behind one address.
            max_per_address: 16,
        }
    }
}

/// Open files kept for other things than connections (the database, the log, the runtime): the
/// connections' bound stays this far under the process' limit.
pub const FILES_KEPT: usize = 32;

/// How the web server runs.
#[derive(Clone, Debug)]
pub struct WebOptions {
    /// The reverse proxy in front, whose `X-Forwarded-For` names the client; from any other address the
    /// header is ignored (a client could write anything in it).
    pub trusted_proxy: Option<IpAddr>,
    /// Each client's request budget.
    pub budget: Budget,
    /// The bytes of pictures kept in memory.
    pub cache_bytes: usize,
    /// The connections' timeouts and bounds.
    pub connections: Connections,
}

impl Default for WebOptions {
    fn default() -> Self {
        WebOptions {
            trusted_proxy: None,
            budget: Budget::default(),
            cache_bytes: DEFAULT_CACHE_BYTES,
            connections: Connections::default(),
        }
    }
}

/// The default picture cache: 64 MiB, some thousands of boards.
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;
