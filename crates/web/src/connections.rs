//! The accept loop: HTTP/1.1 on hyper, with what axum's own `serve` has no settings for — a timeout for a
//! request's head, one for a connection on which nothing moves, a bound on the connections open at once
//! and one on those from one address (one /64 for IPv6, and bounds on an IPv6 client's /56 and /48; the
//! trusted proxy not counted) — so that slow or idle clients cannot hold the server. A connection past a
//! bound is closed at once, and said so in the log at most once every [`LOG_EVERY`] for each bound. As
//! axum's loop, an accept error other than a connection's own (too many open files, `EMFILE`) is logged
//! and waited out for a second; on shutdown no new connection is taken, the open ones finish their
//! request and close, and `serve` returns once they have.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::Instant;

use super::guard::{key_of, network_keys, WIDER};
use super::options::{Connections, FILES_KEPT};

/// The least time between two log lines about one bound.
pub(crate) const LOG_EVERY: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` with `limits` until `shutdown` resolves; `trusted_proxy`'s connections
/// are not counted per address.
pub(crate) async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: Connections,
    trusted_proxy: Option<IpAddr>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let max = bounded_by_open_files(limits.max);
    let open = Arc::new(Open::new(max, limits.max_per_address, trusted_proxy));
    // Dropped when it is time to stop: each connection watches for it.
    let (stop_tx, stop_rx) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_connection_error(&e) => continue,
                Err(e) => {
                    // From hyper 0.14 and axum: most likely the process has as many files open as it
                    // may (EMFILE); some will close. Wait a second rather than spin.
                    tracing::error!(error = %e, "accept error");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        _ = &mut shutdown => break,
                    }
                }
            },
            _ = &mut shutdown => break,
        };
        let Some(slot) = open.take(peer.ip()) else {
            // Dropping the stream closes it.
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = Answering {
            router: TowerToHyperService::new(router.clone()),
            peer,
            activity: slot.activity.clone(),
        };
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let activity = slot.activity.clone();
            let io = TokioIo::new(Watched {
                stream,
                activity: activity.clone(),
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .keep_alive(true);
            let mut connection = pin!(builder.serve_connection(io, service));
            let mut idle = pin!(activity.idle_for(limits.idle_timeout));
            let mut stopping = false;
            loop {
                tokio::select! {
                    served = connection.as_mut() => {
                        if let Err(e) = served {
                            tracing::debug!(error = %e, "a connection ended");
                        }
                        break;
                    }
                    () = &mut idle => {
                        tracing::debug!("closed an idle connection");
                        break;
                    }
                    _ = stop.changed(), if !stopping => {
                        stopping = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(slot);
        });
    }
    drop(listener);
    drop(stop_tx);
    open.all_closed().await;
    Ok(())
}

/// Whether an accept error is the connection's own (it went away before it was taken): nothing to wait.
fn is_connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}

/// `max`, or less when the process may not open that many files and still keep [`FILES_KEPT`] for the
/// rest.
fn bounded_by_open_files(max: usize) -> usize {
    let Some(files) = open_files_limit() else {
        return max.max(1);
    };
    let room = files.saturating_sub(FILES_KEPT).max(1);
    if room < max {
        tracing::info!(
            connections = room,
            open_files = files,
            "fewer connections at once than asked: the limit of open files leaves room for no more"
        );
    }
    max.min(room).max(1)
}

/// The process' limit of open files (its soft limit), where the system says.
fn open_files_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        if limit.rlim_cur == libc::RLIM_INFINITY {
            return None;
        }
        usize::try_from(limit.rlim_cur).ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The connections open now, in all and by address, and the log of refusals.
pub(crate) struct Open {
    max: usize,
    max_per_address: usize,
    /// The bound of each of [`WIDER`]'s networks, in its order ([`Open::network_bound`]).
    max_per_network: Vec<usize>,
    trusted_proxy: Option<IpAddr>,
    counts: Mutex<Counts>,
    /// Told each time a connection closes.
    closed: tokio::sync::Notify,
    refused_in_all: Throttled,
    refused_per_address: Throttled,
    refused_per_network: Throttled,
}

#[derive(Default)]
struct Counts {
    all: usize,
    by_address: HashMap<IpAddr, usize>,
    /// By a wider network's first address and its prefix's length (a /56 and its /48 may share the first).
    by_network: HashMap<(IpAddr, u8), usize>,
}

/// Counts one connection fewer under `key` in `counts`, forgetting a key at nought.
fn release<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = counts.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            counts.remove(key);
        }
    }
}

impl Open {
    pub(crate) fn new(max: usize, max_per_address: usize, trusted_proxy: Option<IpAddr>) -> Open {
        Open {
            max,
            max_per_address,
            max_per_network: WIDER
                .iter()
                .map(|&(_, share)| Open::network_bound(max, max_per_address, share))
                .collect(),
            trusted_proxy: trusted_proxy.map(|p| p.to_canonical()),
            counts: Mutex::new(Counts::default()),
            closed: tokio::sync::Notify::new(),
            refused_in_all: Throttled::default(),
            refused_per_address: Throttled::default(),
            refused_per_network: Throttled::default(),
        }
    }

    /// The connections one wider network of `share` /64s ([`WIDER`]) may hold: `share` times an
    /// address's, but never more than a quarter of all (at least an address's), so that one network
    /// leaves three quarters to everyone else whatever the bounds are set to. By default (1024, 16): a
    /// /56 64, a /48 256.
    pub(crate) fn network_bound(max: usize, max_per_address: usize, share: u32) -> usize {
        max_per_address
            .saturating_mul(share as usize)
            .min(max / 4)
            .max(max_per_address)
    }

    /// A place for a connection from `peer`, or `None` (and maybe a log line) when a bound is reached.
    pub(crate) fn take(self: &Arc<Open>, peer: IpAddr) -> Option<Slot> {
        let counted = (Some(peer.to_canonical()) != self.trusted_proxy).then(|| key_of(peer));
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.all >= self.max {
            drop(counts);
            if let Some(refused) = self.refused_in_all.note() {
                tracing::warn!(
                    max = self.max,
                    refused,
                    "refused connections: as many open as the bound (--max-connections)"
                );
            }
            return None;
        }
        if let Some(key) = counted {
            let from_there = counts.by_address.get(&key).copied().unwrap_or(0);
            if from_there >= self.max_per_address {
                drop(counts);
                if let Some(refused) = self.refused_per_address.note() {
                    tracing::warn!(
                        address = %key,
                        max = self.max_per_address,
                        refused,
                        "refused connections: as many open from one address as the bound \
                         (--max-connections-per-address)"
                    );
                }
                return None;
            }
        }
        let networks: Vec<(IpAddr, u8)> = match counted {
            Some(_) => network_keys(peer)
                .into_iter()
                .zip(WIDER.iter().map(|&(bits, _)| bits))
                .collect(),
            None => Vec::new(),
        };
        for (network, max) in networks.iter().zip(&self.max_per_network) {
            if counts.by_network.get(network).copied().unwrap_or(0) >= *max {
                drop(counts);
                if let Some(refused) = self.refused_per_network.note() {
                    tracing::warn!(
                        network = %format!("{}/{}", network.0, network.1),
                        max,
                        refused,
                        "refused connections: as many open from one IPv6 network as its bound"
                    );
                }
                return None;
            }
        }
        if let Some(key) = counted {
            *counts.by_address.entry(key).or_insert(0) += 1;
        }
        for network in &networks {
            *counts.by_network.entry(*network).or_insert(0) += 1;
        }
        counts.all += 1;
        Some(Slot {
            open: self.clone(),
            counted,
            networks,
            activity: Arc::new(Activity::new()),
        })
    }

    /// Once no connection is open.
    async fn all_closed(&self) {
        loop {
            let closed = self.closed.notified();
            if self.counts.lock().unwrap_or_else(|e| e.into_inner()).all == 0 {
                return;
            }
            closed.await;
        }
    }
}

/// An open connection's place in the counts, given back when it is dropped.
pub(crate) struct Slot {
    open: Arc<Open>,
    counted: Option<IpAddr>,
    /// The wider networks it is counted in.
    networks: Vec<(IpAddr, u8)>,
    activity: Arc<Activity>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.open.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.all = counts.all.saturating_sub(1);
        if let Some(key) = self.counted {
            release(&mut counts.by_address, &key);
        }
        for network in &self.networks {
            release(&mut counts.by_network, network);
        }
        drop(counts);
        self.open.closed.notify_waiters();
    }
}

/// Refusals counted, to be logged at most once every [`LOG_EVERY`].
#[derive(Default)]
struct Throttled {
    /// When the last line was written, and the refusals since.
    state: Mutex<(Option<Instant>, u64)>,
}

impl Throttled {
    /// Counts one refusal; the number to log when it is time for a line.
    fn note(&self) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1 += 1;
        let now = Instant::now();
        match state.0 {
            Some(at) if now.duration_since(at) < LOG_EVERY => None,
            _ => {
                let refused = state.1;
                *state = (Some(now), 0);
                Some(refused)
            }
        }
    }
}

/// What moves on a connection: when a byte last went either way, and the requests being answered.
pub(crate) struct Activity {
    since: Instant,
    /// Milliseconds from `since` to the last byte read or written.
    last: AtomicU64,
    answering: AtomicUsize,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            since: Instant::now(),
            last: AtomicU64::new(0),
            answering: AtomicUsize::new(0),
        }
    }

    fn moved(&self) {
        let ms = self.since.elapsed().as_millis() as u64;
        self.last.fetch_max(ms, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.since + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }

    /// Resolves once nothing has moved for `timeout` and no request is being answered.
    async fn idle_for(&self, timeout: Duration) {
        loop {
            let deadline = self.last() + timeout;
            tokio::time::sleep_until(deadline).await;
            if self.answering.load(Ordering::Relaxed) > 0 {
                // A page being made: count from now, when it is answered the bytes move again.
                self.moved();
                continue;
            }
            if self.last() + timeout <= Instant::now() {
                return;
            }
        }
    }
}

/// The connection's stream, noting each byte that moves.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.moved();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.moved();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.moved();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The router as hyper calls it: each request with the connection's address (axum's `ConnectInfo`), and
/// counted while it is being answered.
struct Answering {
    router: TowerToHyperService<axum::Router>,
    peer: SocketAddr,
    activity: Arc<Activity>,
}

/// A request counted as being answered while it lives.
struct Answered(Arc<Activity>);

impl Drop for Answered {
    fn drop(&mut self) {
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
        self.0.moved();
    }
}

impl hyper::service::Service<hyper::Request<Incoming>> for Answering {
    type Response = axum::response::Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn call(&self, mut request: hyper::Request<Incoming>) -> Self::Future {
        request.extensions_mut().insert(ConnectInfo(self.peer));
        self.activity.answering.fetch_add(1, Ordering::Relaxed);
        let answered = Answered(self.activity.clone());
        let answer = self.router.call(request);
        Box::pin(async move {
            let answer = answer.await;
            drop(answered);
            answer
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_logged_once_a_while_with_their_count() {
        let throttled = Throttled::default();
        assert_eq!(throttled.note(), Some(1));
        assert_eq!(throttled.note(), None);
        assert_eq!(throttled.note(), None);
        throttled.state.lock().unwrap().0 = Some(Instant::now() - LOG_EVERY);
        assert_eq!(throttled.note(), Some(3));
    }

    #[tokio::test]
    async fn an_address_past_its_bound_is_refused_and_the_proxy_is_not_counted() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let open = Arc::new(Open::new(6, 2, Some(proxy)));
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let a = open.take(ip("2001:db8::1")).expect("one");
        let b = open.take(ip("2001:db8::2")).expect("two, of the same /64");
        assert!(
            open.take(ip("2001:db8::3")).is_none(),
            "a third of that /64"
        );
        // Another /64 of the same /56 would be bound by the /56's two (a quarter of six, at least an
        // address's: `an_ipv6_56_and_48_are_bounded_too`); one of another /48 is not.
        assert!(
            open.take(ip("2001:db8:0:1::1")).is_none(),
            "the /56 holds two"
        );
        let c = open
            .take(ip("2001:db8:1::1"))
            .expect("another /64, of another /48");
        // The proxy is not bound per address, nor when a dual-stack listener sees it as IPv6.
        let proxied: Vec<Slot> = ["10.0.0.1", "10.0.0.1", "::ffff:10.0.0.1"]
            .iter()
            .filter_map(|p| open.take(ip(p)))
            .collect();
        assert_eq!(proxied.len(), 3);
        assert!(open.take(ip("192.0.2.1")).is_none(), "six in all");
        drop(a);
        assert!(open.take(ip("2001:db8::3")).is_some(), "a place again");
        drop((b, c, proxied));
    }

    /// Issue 63's flood: 64 /64s of one /56, 16 half-sent connections each, filled `--max-connections
    /// 1024` (each /64 counted as an address of its own) and a normal client was refused. Now the /56
    /// holds 64 and the rest is everyone else's; a flood over a whole /48 holds 256 (a quarter); IPv4
    /// addresses are counted as before, and a place is given back when a connection closes.
    #[tokio::test]
    async fn an_ipv6_56_and_48_are_bounded_too() {
        let open = Arc::new(Open::new(1024, 16, None));
        let ip = |s: String| s.parse::<IpAddr>().unwrap();
        let mut flood = Vec::new();
        for n in 0..64 {
            for _ in 0..16 {
                flood.extend(open.take(ip(format!("2001:db8:0:ab{n:02x}::1"))));
            }
        }
        assert_eq!(flood.len(), 64, "the /56's bound");
        let normal = open.take(ip("2001:db8:1:1::1".into()));
        assert!(normal.is_some(), "a normal client of another /48");
        // The same flood from every /56 of the /48: its 256 in all.
        for n56 in 1..=255u16 {
            for n64 in 0..4u16 {
                for _ in 0..16 {
                    let n = (n56 << 8) | n64;
                    flood.extend(open.take(ip(format!("2001:db8:0:{n:x}::1"))));
                }
            }
        }
        assert_eq!(flood.len(), 256, "the /48's bound, a quarter of 1024");
        assert!(
            open.take(ip("2001:db8:2::1".into())).is_some(),
            "another /48"
        );
        // IPv4 addresses: 16 each, as before.
        let v4: Vec<Slot> = (0..20)
            .filter_map(|_| open.take(ip("192.0.2.1".into())))
            .collect();
        assert_eq!(v4.len(), 16);
        // A connection of the /56 closes: its place is the /56's again.
        assert!(open.take(ip("2001:db8:0:ab00::1".into())).is_none());
        flood.swap_remove(0);
        assert!(open.take(ip("2001:db8:0:ab00::2".into())).is_some());
        // The defaults' bounds, and a small server's: a quarter of its connections at most.
        assert_eq!(Open::network_bound(1024, 16, 4), 64);
        assert_eq!(Open::network_bound(1024, 16, 16), 256);
        assert_eq!(Open::network_bound(100, 16, 16), 25);
        assert_eq!(Open::network_bound(40, 16, 4), 16);
        drop((flood, normal, v4));
    }
}
