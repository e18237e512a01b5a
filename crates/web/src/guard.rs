//! What every request goes through before its page and every response after it: only GET and HEAD; a
//! budget of requests per client (by the connection's address, or by `X-Forwarded-For` when the connection
//! comes from the trusted proxy); the security headers; and one log line, with the server's token hidden
//! (it is the only key to the server's pages).

use std::net::{IpAddr, SocketAddr};
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
    limiter: DefaultKeyedRateLimiter<IpAddr>,
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
        Guard {
            limiter: RateLimiter::keyed(quota),
            clock: DefaultClock::default(),
            trusted_proxy,
            forgotten: Mutex::new(Instant::now()),
            requests: AtomicU64::new(0),
            metrics,
        }
    }

    /// The client a request is from: the connection's address, unless that is the trusted proxy, which
    /// appends the address it saw to `X-Forwarded-For` (the header's last entry; what comes before it was
    /// written by the client).
    pub(crate) fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = peer?;
        if Some(peer) != self.trusted_proxy {
            return Some(peer);
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .last()
            .and_then(|last| last.trim().parse().ok());
        Some(forwarded.unwrap_or(peer))
    }

    /// `None` when `client` may go on; else how many seconds to wait.
    fn over_budget(&self, client: IpAddr) -> Option<u64> {
        match self.limiter.check_key(&client) {
            Ok(()) => None,
            Err(not_until) => {
                let wait = not_until.wait_time_from(self.clock.now());
                Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).map(|s| s.max(1))
            }
        }
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
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
    }
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
    let mut response = if method != Method::GET && method != Method::HEAD {
        let mut refused = plain_error(StatusCode::METHOD_NOT_ALLOWED, "web-method").into_response();
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        refused
    } else if let Some(wait) = client.and_then(|c| guard.over_budget(c)) {
        let mut refused = error_page(
            StatusCode::TOO_MANY_REQUESTS,
            "web-too-many-title",
            "web-too-many",
        );
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        refused
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
        client = client.map(|c| c.to_string()).unwrap_or_default(),
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
        assert_eq!(guard.client(Some(other), &headers), Some(other));
        assert_eq!(
            guard.client(Some(proxy), &headers),
            Some("203.0.113.9".parse().unwrap())
        );
        assert_eq!(guard.client(Some(proxy), &HeaderMap::new()), Some(proxy));
    }
}
