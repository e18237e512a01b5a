//! What every request goes through before its page and every response after it: only GET and HEAD; a
//! budget of requests per client (by the connection's address, or by `X-Forwarded-For` when the connection
//! comes from the trusted proxy; an IPv6 client by its /64, and by its /56 and /48 too, each a budget
//! shared by its /64s), a forwarded address that does not read refused; the security headers; and one
//! log line, with the server's token hidden (it is the only key to the server's pages).

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::options::Budget;
use super::respond::{error_page, plain_error};

/// How often the budget forgets clients that have not been seen for a while (its memory stays bounded).
const FORGET_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// The Content-Security-Policy of every response: the pages' own stylesheet, script and pictures, nothing
/// else, no inline code, no forms, no frames.
pub const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The per-client budget and whom to believe about a client's address.
pub(crate) struct Guard {
    /// Keyed by [`key_of`] the client's address.
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    /// An IPv6 client's wider networks' budgets, in the order of [`WIDER`], keyed by [`network_keys`].
    wider: Vec<DefaultKeyedRateLimiter<IpAddr>>,
    clock: DefaultClock,
    trusted_proxy: Option<IpAddr>,
    /// When the budget last forgot idle clients.
    forgotten: Mutex<Instant>,
    requests: AtomicU64,
    /// Every answer is counted there.
    pub(crate) metrics: Arc<super::metrics::Metrics>,
}

impl Guard {
    pub(crate) fn new(
        budget: Budget,
        trusted_proxy: Option<IpAddr>,
        metrics: Arc<super::metrics::Metrics>,
    ) -> Guard {
        let per_minute = NonZeroU32::new(budget.per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(budget.burst.max(1)).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute).allow_burst(burst);
        let wider = WIDER
            .iter()
            .map(|&(_, share)| {
                let times = |n: NonZeroU32| {
                    n.saturating_mul(NonZeroU32::new(share).unwrap_or(NonZeroU32::MIN))
                };
                RateLimiter::keyed(Quota::per_minute(times(per_minute)).allow_burst(times(burst)))
            })
            .collect();
        Guard {
            limiter: RateLimiter::keyed(quota),
            wider,
            clock: DefaultClock::default(),
            // A dual-stack listener sees an IPv4 proxy as `::ffff:a.b.c.d`.
            trusted_proxy: trusted_proxy.map(|p| p.to_canonical()),
            forgotten: Mutex::new(Instant::now()),
            requests: AtomicU64::new(0),
            metrics,
        }
    }

    /// The client a request is from: the connection's address, unless that is the trusted proxy, which
    /// appends the address it saw to `X-Forwarded-For` (the header's last entry; what comes before it was
    /// written by the client). A request from the proxy without the header is the proxy's own (its
    /// health checks); one whose last entry is not an address (`7.7.7.7, garbage`, `5.5.5.5:1234`) is
    /// [`Unreadable`], never counted as the proxy's: all such clients would share one budget.
    pub(crate) fn client(
        &self,
        peer: Option<IpAddr>,
        headers: &HeaderMap,
    ) -> Result<Option<IpAddr>, Unreadable> {
        let Some(peer) = peer.map(|p| p.to_canonical()) else {
            return Ok(None);
        };
        if Some(peer) != self.trusted_proxy {
            return Ok(Some(peer));
        }
        let Some(last) = headers.get_all("x-forwarded-for").iter().next_back() else {
            return Ok(Some(peer));
        };
        let last = last.to_str().map_err(|_| Unreadable)?;
        let entry = last.rsplit(',').next().unwrap_or_default().trim();
        entry.parse().map(Some).map_err(|_| Unreadable)
    }

    /// `None` when `client` may go on; else how many seconds to wait. The client's own budget is
    /// checked first, then its wider networks' (an IPv6 client's /56, then /48), each request taken from
    /// each budget it passes: a /64 past its own budget takes nothing from its neighbours' shared one, so
    /// that one /64 alone cannot spend its /56's. (A request refused by its /48 has spent its /64's and
    /// /56's: those are the asker's own, and a refused request still came.)
    fn over_budget(&self, client: IpAddr) -> Option<u64> {
        let wider = network_keys(client)
            .into_iter()
            .zip(&self.wider)
            .map(|(key, limiter)| (limiter, key));
        for (limiter, key) in std::iter::once((&self.limiter, key_of(client))).chain(wider) {
            if let Err(not_until) = limiter.check_key(&key) {
                let wait = not_until.wait_time_from(self.clock.now());
                return Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1));
            }
        }
        None
    }

    /// Forgets the clients whose budget is full again, once a while (checked every hundred requests), so
    /// that the budget's memory stays bounded by the clients of the last minutes.
    fn forget_idle(&self) {
        if self.requests.fetch_add(1, Ordering::Relaxed) % 100 != 0 {
            return;
        }
        let mut forgotten = self.forgotten.lock().unwrap_or_else(|e| e.into_inner());
        if forgotten.elapsed() >= FORGET_EVERY {
            *forgotten = Instant::now();
            for limiter in std::iter::once(&self.limiter).chain(&self.wider) {
                limiter.retain_recent();
                limiter.shrink_to_fit();
            }
        }
    }
}

/// A trusted proxy's `X-Forwarded-For` whose last entry is not an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unreadable;

/// What a client is counted under, for its budget of requests and of connections: an IPv4 address whole
/// (an IPv4-mapped IPv6 one as the IPv4 address it is), an IPv6 address by its /64, the least a
/// subscriber is given, within which they choose their addresses freely (and by its wider networks too,
/// [`network_keys`]).
pub(crate) fn key_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(prefix(v6, 64)),
        },
    }
}

/// The wider networks an IPv6 client is counted in too, with the prefix's length and its share, in /64s:
/// a /56, the prefix most subscribers are given (256 /64s, one household), shares 4 /64s' budget and
/// connections; a /48, a site's prefix and what a free tunnel broker hands anyone, 16. Counted by /64
/// alone, one subscriber could take as much as 256 clients (a /48, 65 536), and 64 of a /56's /64s filled
/// `--max-connections 1024` (issue 63). A household uses a few /64s at most, so 4 leaves it room.
pub(crate) const WIDER: [(u8, u32); 2] = [(56, 4), (48, 16)];

/// `ip`'s first `bits` bits, the rest zero.
fn prefix(ip: Ipv6Addr, bits: u8) -> Ipv6Addr {
    let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
    Ipv6Addr::from(u128::from(ip) & mask)
}

/// The wider networks ([`WIDER`], in order) an address is counted in besides [`key_of`]: an IPv6
/// address's /56 and /48 (as their first address); none for an IPv4 one (nor an IPv4-mapped one).
pub(crate) fn network_keys(ip: IpAddr) -> Vec<IpAddr> {
    match ip {
        IpAddr::V6(v6) if v6.to_ipv4_mapped().is_none() => WIDER
            .iter()
            .map(|&(bits, _)| IpAddr::V6(prefix(v6, bits)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The longest path served: every page's is far shorter.
const LONGEST_PATH: usize = 512;

/// Whether `path` could be one of the pages' addresses at all: short, and written with no escapes (`%`):
/// every address is plain letters, digits and punctuation, so an escaped one (`%35` for `5`, `%ff`, bytes
/// that are not UTF-8) would be a second address for one thing, or none. The others get the one 404.
fn plain_path(path: &str) -> bool {
    path.len() <= LONGEST_PATH && !path.contains('%')
}

/// `path` with the token of a server's page hidden: `/s/…/matches/12`.
pub fn redacted_path(path: &str) -> String {
    match path.strip_prefix("/s/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, tail)) => format!("/s/…/{tail}"),
            None => "/s/…".to_owned(),
        },
        None => path.to_owned(),
    }
}

/// The middleware around every route.
pub(crate) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = redacted_path(request.uri().path());
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let client = guard.client(peer, request.headers());
    guard.forget_idle();
    let mut response = if client.is_err() {
        error_page(
            StatusCode::BAD_REQUEST,
            "web-bad-request-title",
            "web-bad-request",
        )
    } else if method != Method::GET && method != Method::HEAD {
        let mut refused = plain_error(StatusCode::METHOD_NOT_ALLOWED, "web-method").into_response();
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        refused
    } else if let Some(wait) = client.ok().flatten().and_then(|c| guard.over_budget(c)) {
        let mut refused = error_page(
            StatusCode::TOO_MANY_REQUESTS,
            "web-too-many-title",
            "web-too-many",
        );
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        refused
    } else if !plain_path(request.uri().path()) {
        error_page(
            StatusCode::NOT_FOUND,
            "web-not-found-title",
            "web-not-found",
        )
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // The token is in every address: a page must never tell another site where it was.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    let status = response.status().as_u16();
    guard
        .metrics
        .answered(&path, status, started.elapsed().as_secs_f64());
    tracing::info!(
        %method,
        path,
        status,
        client = match client {
            Ok(Some(c)) => c.to_string(),
            Ok(None) => String::new(),
            Err(Unreadable) => "unreadable X-Forwarded-For".to_owned(),
        },
        ms = started.elapsed().as_millis() as u64,
        "request"
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_reaches_the_log() {
        let token = "ab".repeat(32);
        assert_eq!(
            redacted_path(&format!("/s/{token}/matches/3")),
            "/s/…/matches/3"
        );
        assert_eq!(redacted_path(&format!("/s/{token}")), "/s/…");
        assert_eq!(redacted_path("/healthz"), "/healthz");
    }

    #[test]
    fn forwarded_for_counts_only_from_the_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let guard = Guard::new(Budget::default(), Some(proxy), Default::default());
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("1.1.1.1, 203.0.113.9"),
        );
        let other: IpAddr = "192.0.2.5".parse().unwrap();
        assert_eq!(guard.client(Some(other), &headers), Ok(Some(other)));
        assert_eq!(
            guard.client(Some(proxy), &headers),
            Ok(Some("203.0.113.9".parse().unwrap()))
        );
        assert_eq!(
            guard.client(Some(proxy), &HeaderMap::new()),
            Ok(Some(proxy))
        );
        // The proxy seen through a dual-stack listener.
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(
            guard.client(Some(mapped), &headers),
            Ok(Some("203.0.113.9".parse().unwrap()))
        );
    }

    #[test]
    fn a_forwarded_address_that_does_not_read_is_refused_not_the_proxys() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let guard = Guard::new(Budget::default(), Some(proxy), Default::default());
        let forwarded = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert("x-forwarded-for", HeaderValue::from_static(value));
            guard.client(Some(proxy), &headers)
        };
        for bad in [
            "7.7.7.7, garbage",
            "5.5.5.5:1234",
            "",
            "1.1.1.1, ",
            "[2001:db8::1]",
        ] {
            assert_eq!(forwarded(bad), Err(Unreadable), "{bad:?}");
        }
        assert_eq!(
            forwarded("garbage, 2001:db8::1"),
            Ok(Some("2001:db8::1".parse().unwrap()))
        );
        // From anyone else, the header is not read at all.
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_static("garbage"));
        let other: IpAddr = "192.0.2.5".parse().unwrap();
        assert_eq!(guard.client(Some(other), &headers), Ok(Some(other)));
    }

    #[test]
    fn an_ipv6_client_is_budgeted_by_its_64_and_a_mapped_ipv4_one_as_ipv4() {
        let guard = Guard::new(
            Budget {
                per_minute: 5,
                burst: 5,
            },
            None,
            Default::default(),
        );
        // Eight addresses of one /64: the sixth is refused.
        let passed = (1..=8)
            .map(|i| format!("2001:db8:1:2::{i:x}").parse::<IpAddr>().unwrap())
            .filter(|ip| guard.over_budget(*ip).is_none())
            .count();
        assert_eq!(passed, 5);
        // Another /64 has a budget of its own.
        assert!(guard
            .over_budget("2001:db8:1:3::1".parse().unwrap())
            .is_none());
        // An IPv4 address counts whole, in either form.
        for _ in 0..5 {
            assert!(guard.over_budget("192.0.2.7".parse().unwrap()).is_none());
        }
        assert!(guard
            .over_budget("::ffff:192.0.2.7".parse().unwrap())
            .is_some());
        assert!(guard.over_budget("192.0.2.8".parse().unwrap()).is_none());
        assert_eq!(
            key_of("2001:db8:1:2:aaaa:bbbb:cccc:dddd".parse().unwrap()),
            "2001:db8:1:2::".parse::<IpAddr>().unwrap()
        );
    }

    /// Issue 63: the request budget of a /56 was 256 times a /64's (each /64 a client of its own). Now a
    /// /56 shares 4 /64s' budget and a /48 16, and a /64 past its own budget spends nothing of theirs.
    #[test]
    fn an_ipv6_56_and_48_share_a_budget() {
        let guard = Guard::new(
            Budget {
                per_minute: 5,
                burst: 5,
            },
            None,
            Default::default(),
        );
        let ip = |s: String| s.parse::<IpAddr>().unwrap();
        // One /64 asks a hundred times: five pass, and its neighbours in the /56 lose nothing by it.
        let alone = (0..100)
            .filter(|_| guard.over_budget(ip("2001:db8:0:ab00::1".into())).is_none())
            .count();
        assert_eq!(alone, 5);
        // 64 /64s of that /56, five requests each: the /56's 20, of which the first /64 took 5.
        let passed = (0..64)
            .flat_map(|n| (0..5).map(move |_| n))
            .filter(|n| {
                guard
                    .over_budget(ip(format!("2001:db8:0:ab{n:02x}::1")))
                    .is_none()
            })
            .count();
        assert_eq!(passed, 15, "the /56's 4 × 5, less the first /64's 5");
        // The other /56s of the /48 share its 16 × 5 = 80: 60 more, over three more /56s and beyond.
        let more = (1..16u16)
            .flat_map(|n56| (0..4u16).map(move |n64| (n56 << 8) | n64))
            .flat_map(|n| (0..5).map(move |_| n))
            .filter(|n| {
                guard
                    .over_budget(ip(format!("2001:db8:0:{n:x}::1")))
                    .is_none()
            })
            .count();
        assert_eq!(more, 60, "the /48's 80, less the first /56's 20");
        // Another /48 has its own, and IPv4 clients are counted as before.
        assert!(guard.over_budget(ip("2001:db8:1:1::1".into())).is_none());
        assert!(guard.over_budget(ip("192.0.2.9".into())).is_none());
        assert_eq!(
            network_keys(ip("2001:db8:0:abcd:1::1".into())),
            vec![ip("2001:db8:0:ab00::".into()), ip("2001:db8::".into())]
        );
        assert!(network_keys(ip("::ffff:192.0.2.9".into())).is_empty());
    }
}
