//! IPv6 neighbours against `namnam web`'s bounds (issue 63): one subscriber's /56 holds 256 /64s, and each
//! /64 was counted as a client of its own, so 64 of them, 16 half-sent connections each, filled
//! `--max-connections 1024` and the request budget of a /56 was 256 times a /64's.
//!
//! It needs addresses of many /64s on this machine, so it runs in a network namespace of its own, where
//! the whole of 2001:db8::/32 (the documentation prefix) is the loopback's and nothing leaves it:
//!
//! ```sh
//! ip netns add nn63
//! ip netns exec nn63 ip link set lo up
//! ip netns exec nn63 ip -6 route add local 2001:db8::/32 dev lo
//! ip netns exec nn63 sysctl -w net.ipv6.ip_nonlocal_bind=1   # bind any of them without adding each
//! cargo build -p namnam-web --example neighbours
//! ip netns exec nn63 target/debug/examples/neighbours   # [--spread] [--seconds 15] [--max-connections N]
//! ip netns del nn63
//! ```
//!
//! What it does, in this one process, each part bounded and stopping by itself:
//!
//! 1. `namnam web`'s router and accept loop on an empty database (opened read-only, as `namnam web`
//!    does), listening on 2001:db8:ffff::1, with the default bounds and timeouts
//!    (`--max-connections` as given, 16 per address, a request's head within 10 s, 30 s idle) and the
//!    default budget (60 requests a minute, a burst of 60);
//! 2. the flood: from each of 64 /64s of 2001:db8:0:ab00::/56 (with `--spread`, of 16 /56s of
//!    2001:db8::/48, four /64s each), 16 connections, each sending a request's
//!    head that never ends; a connection the server closes is opened again (at once after a timeout,
//!    after 100 ms when it was refused at once), for `--seconds`;
//! 3. meanwhile a normal client, 2001:db8:1:1::1 (another /48), asks for `/healthz` on a new connection
//!    every half second: answered, or closed without an answer;
//! 4. then the request budget: from each of the same 64 /64s, 100 requests on one kept-alive connection,
//!    one after another, and how many were answered (not 429); then the normal client's request.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use namnam_web::{Connections, WebOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The start of a request whose head never ends (no blank line).
const HALF_SENT: &[u8] = b"GET /s/T/ HTTP/1.1\r\nHost: x\r\n";

const FLOOD_64S: u16 = 64;
const PER_64: usize = 16;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// The flood's `n`th /64, its first address: 2001:db8:0:ab00::/56's `n`th, or with `spread`, the
/// `n % 4`th of the `n / 4`th /56 of 2001:db8::/48 (16 /56s of four /64s).
fn flood_address(n: u16, spread: bool) -> IpAddr {
    let segment = match spread {
        false => 0xab00 + n,
        true => ((n / 4) << 8) | (n % 4),
    };
    IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, segment, 0, 0, 0, 1))
}

fn normal_client() -> IpAddr {
    IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 1, 1, 0, 0, 0, 1))
}

async fn connect_from(local: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v6()?;
    socket.bind(SocketAddr::new(local, 0))?;
    socket.connect(server).await
}

/// One of the flood's connections, opened again each time the server closes it, until `until`.
/// `held` counts those open now (for 200 ms or more); `refused` those closed sooner.
async fn flood_one(
    local: IpAddr,
    server: SocketAddr,
    until: Instant,
    held: Arc<AtomicUsize>,
    refused: Arc<AtomicUsize>,
) {
    while Instant::now() < until {
        let Ok(mut stream) = connect_from(local, server).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if stream.write_all(HALF_SENT).await.is_err() {
            refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        // Closed within 200 ms: refused at once (the server closes a connection past a bound as soon as
        // it is accepted); else held until the server closes it or the flood ends.
        let mut buf = [0u8; 64];
        if tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buf))
            .await
            .is_ok()
        {
            refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        held.fetch_add(1, Ordering::Relaxed);
        let left = until.saturating_duration_since(Instant::now());
        let _ = tokio::time::timeout(left, stream.read(&mut buf)).await;
        held.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The connections the server holds now, as the kernel lists them (`/proc/net/tcp6`, this network
/// namespace's): established sockets on the server's port, its side (a connection it closed is no longer
/// established on its side; those waiting to be accepted are counted too). `None` where it cannot be read.
fn server_side_established(port: u16) -> Option<usize> {
    let table = std::fs::read_to_string("/proc/net/tcp6").ok()?;
    let port = format!(":{port:04X}");
    Some(
        table
            .lines()
            .skip(1)
            .filter(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                fields.len() > 3 && fields[1].ends_with(&port) && fields[3] == "01"
            })
            .count(),
    )
}

/// A whole request for `/healthz` from `local` on a new connection: `Some(status line)` when answered
/// within 5 s, `None` when closed without an answer.
async fn health_from(local: IpAddr, server: SocketAddr) -> Option<String> {
    let mut stream = connect_from(local, server).await.ok()?;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .ok()?
        .ok()?;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.lines().next().map(str::to_owned)
}

/// `count` requests for `/healthz` from `local`, one after another on one kept-alive connection (a new
/// one when the server closes it): how many were answered with another status than 429.
async fn requests_from(local: IpAddr, server: SocketAddr, count: usize) -> usize {
    let mut answered = 0;
    let mut stream: Option<TcpStream> = None;
    for _ in 0..count {
        if stream.is_none() {
            stream = connect_from(local, server).await.ok();
        }
        let Some(s) = stream.as_mut() else { continue };
        if s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .is_err()
        {
            stream = None;
            continue;
        }
        match read_answer(s).await {
            Some(status) => answered += usize::from(status != 429),
            None => stream = None,
        }
    }
    answered
}

/// One answer's status, its head and body read (the body's length from `content-length`).
async fn read_answer(stream: &mut TcpStream) -> Option<u16> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut byte))
            .await
            .ok()?
            .ok()?;
        if n == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_lowercase();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.ok()?;
    Some(status)
}

#[tokio::main]
async fn main() {
    let seconds: u64 = arg("--seconds").and_then(|v| v.parse().ok()).unwrap_or(15);
    // `--spread`: the flood's 64 /64s over 16 /56s of one /48, four each.
    let spread = std::env::args().any(|a| a == "--spread");
    let max: usize = arg("--max-connections")
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    drop(namnam_store::Store::open(&url).await.expect("a database"));
    let store = namnam_web::open(&url)
        .await
        .expect("the database opens read-only");
    let options = WebOptions {
        connections: Connections {
            max,
            ..Connections::default()
        },
        ..WebOptions::default()
    };
    let listen = SocketAddr::new(
        IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0xffff, 0, 0, 0, 0, 1)),
        0,
    );
    let listener = tokio::net::TcpListener::bind(listen).await.expect(
        "an address of 2001:db8::/32: run in a network namespace where it is the loopback's (see the top \
         of this file)",
    );
    let server = listener.local_addr().expect("its address");
    let router = namnam_web::router(store, options.clone());
    tokio::spawn(namnam_web::serve(
        listener,
        router,
        &options,
        std::future::pending(),
    ));
    let from = match spread {
        false => "2001:db8:0:ab00::/56",
        true => "16 /56s of 2001:db8::/48",
    };
    println!(
        "flood: {FLOOD_64S} /64s of {from}, {PER_64} half-sent connections each, for {seconds} s; \
         --max-connections {max}, {} per address, head timeout {} s",
        options.connections.max_per_address,
        options.connections.header_timeout.as_secs()
    );

    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let held = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let mut flood = Vec::new();
    for n in 0..FLOOD_64S {
        for _ in 0..PER_64 {
            flood.push(tokio::spawn(flood_one(
                flood_address(n, spread),
                server,
                until,
                held.clone(),
                refused.clone(),
            )));
        }
    }
    // The normal client, every half second while the flood lasts.
    let (mut asked, mut answered) = (0, 0);
    let mut longest_without = Duration::ZERO;
    let mut last_answer = started;
    let (mut most_held, mut most_established) = (0, 0);
    let mut took = Vec::new();
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(500)).await;
        most_held = most_held.max(held.load(Ordering::Relaxed));
        most_established =
            most_established.max(server_side_established(server.port()).unwrap_or(0));
        asked += 1;
        let asked_at = Instant::now();
        if let Some(status) = health_from(normal_client(), server).await {
            took.push(asked_at.elapsed());
            answered += 1;
            longest_without = longest_without.max(last_answer.elapsed());
            last_answer = Instant::now();
            if asked == 1 {
                println!("  the normal client's first answer: {status}");
            }
        }
    }
    longest_without = longest_without.max(last_answer.elapsed());
    for task in flood {
        let _ = task.await;
    }
    println!(
        "  connections established on the server's side, at most: {most_established} (the kernel's \
         count, sampled every 0.5 s)"
    );
    println!(
        "  flood connections not closed within 200 ms, at most: {most_held}; closed sooner (refused): {}",
        refused.load(Ordering::Relaxed)
    );
    println!(
        "  the normal client (2001:db8:1:1::1), a new connection every 0.5 s: answered {answered} of \
         {asked}; longest without an answer {:.1} s",
        longest_without.as_secs_f64()
    );
    took.sort();
    if let (Some(median), Some(most)) = (took.get(took.len() / 2), took.last()) {
        println!(
            "  an answer took: median {} ms, at most {} ms",
            median.as_millis(),
            most.as_millis()
        );
    }

    // The request budget: 100 requests from each /64 of the flood's /56.
    let budget = options.budget;
    let counts: Vec<usize> = futures_all(
        (0..FLOOD_64S)
            .map(|n| tokio::spawn(requests_from(flood_address(n, spread), server, 100)))
            .collect(),
    )
    .await;
    let from_56: usize = counts.iter().sum();
    println!(
        "budget ({} a minute, a burst of {}): the same {FLOOD_64S} /64s, 100 requests each: {from_56} \
         answered, {} refused (429)",
        budget.per_minute,
        budget.burst,
        usize::from(FLOOD_64S) * 100 - from_56
    );
    let after = health_from(normal_client(), server).await;
    println!(
        "  then the normal client: {}",
        after.as_deref().unwrap_or("closed without an answer")
    );
}

/// Every task's output, in order.
async fn futures_all(tasks: Vec<tokio::task::JoinHandle<usize>>) -> Vec<usize> {
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.expect("a task"));
    }
    out
}
