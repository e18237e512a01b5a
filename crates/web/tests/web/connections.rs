//! Slow and idle clients over real sockets on the loopback (Linux answers on all of 127/8, so a client
//! socket bound to 127.0.0.2 is another address than one bound to 127.0.0.3): half-sent requests from one
//! address leave room for another's, and they, a silent connection and an idle kept-alive one are closed
//! after their timeouts. Each step waits for what the server does, within a generous bound.

use crate::common::*;
use crate::pages::{roomy, serve};
use namnam_web::{Connections, WebOptions};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The start of a request whose head never ends (no blank line).
const HALF_SENT: &[u8] = b"GET /s/T/ HTTP/1.1\r\nHost: x\r\n";

/// How long a step may take before the test gives up on it: far more than any timeout it waits for.
const GENEROUS: Duration = Duration::from_secs(20);

fn with(connections: Connections) -> WebOptions {
    WebOptions {
        connections,
        ..roomy()
    }
}

/// A connection to `server` from `local` (an address of the loopback).
async fn connect_from(local: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(format!("{local}:0").parse().unwrap())
        .expect("an address of the loopback");
    socket.connect(server).await.expect("connected")
}

/// Waits until the server closes `stream` (end of stream or reset), within [`GENEROUS`]; how long it took.
/// Panics if the server sends anything or keeps it open.
async fn closed(stream: &mut TcpStream) -> Duration {
    let started = Instant::now();
    let mut buf = [0u8; 256];
    match tokio::time::timeout(GENEROUS, stream.read(&mut buf)).await {
        Ok(Ok(0)) | Ok(Err(_)) => started.elapsed(),
        Ok(Ok(n)) => panic!(
            "answered instead of closed: {:?}",
            String::from_utf8_lossy(&buf[..n])
        ),
        Err(_) => panic!("still open after {GENEROUS:?}"),
    }
}

/// A whole request for `/healthz` from `local`, its answer read to the end.
async fn health_from(local: &str, server: SocketAddr) -> String {
    let mut stream = connect_from(local, server).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(GENEROUS, stream.read_to_end(&mut answer))
        .await
        .expect("answered in time")
        .expect("read");
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn half_sent_requests_from_one_address_leave_room_for_another() {
    let h = Harness::new(Backend::Sqlite).await;
    // Timeouts far away: what frees room here is the bound per address, not a timer.
    let addr = serve(
        &h.db.url,
        with(Connections {
            header_timeout: Duration::from_secs(600),
            idle_timeout: Duration::from_secs(600),
            max: 6,
            max_per_address: 4,
        }),
    )
    .await;
    let mut half_sent = Vec::new();
    for _ in 0..10 {
        let mut stream = connect_from("127.0.0.2", addr).await;
        // A refused connection may already be closed when its request is written.
        let _ = stream.write_all(HALF_SENT).await;
        half_sent.push(stream);
    }
    // Six of the ten are closed at once (the fifth on), so the server has taken all ten; four stay open.
    let mut waits: Vec<_> = half_sent
        .iter_mut()
        .map(|stream| {
            Box::pin(async move {
                let mut buf = [0u8; 16];
                stream.read(&mut buf).await
            })
        })
        .collect();
    let mut closed_now = 0;
    while closed_now < 6 {
        let (read, _, rest) = tokio::time::timeout(GENEROUS, futures_select_all(waits))
            .await
            .expect("six of the ten closed: the bound per address");
        assert!(
            matches!(read, Ok(0) | Err(_)),
            "closed, not answered: {read:?}"
        );
        closed_now += 1;
        waits = rest;
    }
    assert_eq!(waits.len(), 4);
    // Another address is served while the four from 127.0.0.2 stay open.
    let answer = health_from("127.0.0.3", addr).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("ok"), "{answer}");
}

/// The first of `futures` to finish, its index, and the others (as `futures::future::select_all`).
async fn futures_select_all<F: std::future::Future + Unpin>(
    mut futures: Vec<F>,
) -> (F::Output, usize, Vec<F>) {
    let (output, index) = std::future::poll_fn(|cx| {
        for (i, f) in futures.iter_mut().enumerate() {
            if let std::task::Poll::Ready(output) = std::pin::Pin::new(f).poll(cx) {
                return std::task::Poll::Ready((output, i));
            }
        }
        std::task::Poll::Pending
    })
    .await;
    drop(futures.remove(index));
    (output, index, futures)
}

#[tokio::test]
async fn half_sent_and_silent_connections_are_closed_after_the_header_timeout() {
    let h = Harness::new(Backend::Sqlite).await;
    let addr = serve(
        &h.db.url,
        with(Connections {
            header_timeout: Duration::from_secs(1),
            idle_timeout: Duration::from_secs(600),
            ..Connections::default()
        }),
    )
    .await;
    let mut half_sent = Vec::new();
    for _ in 0..3 {
        let mut stream = connect_from("127.0.0.2", addr).await;
        stream.write_all(HALF_SENT).await.unwrap();
        half_sent.push(stream);
    }
    // One that sends nothing at all.
    half_sent.push(connect_from("127.0.0.2", addr).await);
    let started = Instant::now();
    for stream in &mut half_sent {
        closed(stream).await;
    }
    // Closed by the timeout, not at once.
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
    // And the server still answers.
    let answer = health_from("127.0.0.3", addr).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn a_kept_alive_connection_is_closed_after_the_idle_timeout() {
    let h = Harness::new(Backend::Sqlite).await;
    let addr = serve(
        &h.db.url,
        with(Connections {
            header_timeout: Duration::from_secs(600),
            idle_timeout: Duration::from_secs(1),
            ..Connections::default()
        }),
    )
    .await;
    let mut stream = connect_from("127.0.0.2", addr).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // The answer (its body, `ok`, last), and the connection kept.
    let mut answer = Vec::new();
    while !answer.ends_with(b"\r\n\r\nok") {
        let mut buf = [0u8; 512];
        let n = tokio::time::timeout(GENEROUS, stream.read(&mut buf))
            .await
            .expect("answered in time")
            .unwrap();
        assert!(n > 0, "kept alive: {:?}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buf[..n]);
    }
    let idle = closed(&mut stream).await;
    assert!(idle >= Duration::from_millis(900), "{idle:?}");
}

#[tokio::test]
async fn on_shutdown_the_server_stops_taking_connections_and_ends_once_they_close() {
    let h = Harness::new(Backend::Sqlite).await;
    let store = namnam_web::open(&h.db.url).await.unwrap();
    // Timeouts far away: what closes the kept-alive connection is the shutdown.
    let options = with(Connections {
        header_timeout: Duration::from_secs(600),
        idle_timeout: Duration::from_secs(600),
        ..Connections::default()
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(namnam_web::serve(
        listener,
        namnam_web::router(store, options.clone()),
        &options,
        async {
            let _ = stopped.await;
        },
    ));
    // A kept-alive connection, answered once.
    let mut kept = connect_from("127.0.0.2", addr).await;
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    while !answer.ends_with(b"\r\n\r\nok") {
        let mut buf = [0u8; 512];
        let n = tokio::time::timeout(GENEROUS, kept.read(&mut buf))
            .await
            .expect("answered in time")
            .unwrap();
        assert!(n > 0);
        answer.extend_from_slice(&buf[..n]);
    }
    stop.send(()).unwrap();
    // The kept-alive connection is closed, and the server ends.
    closed(&mut kept).await;
    tokio::time::timeout(GENEROUS, server)
        .await
        .expect("the server ends")
        .unwrap()
        .expect("served without error");
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "no longer listening"
    );
}
