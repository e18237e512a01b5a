//! The fake gateway: plain `ws://`, JSON text frames, one shard, one session, as hostile as Discord's.
//!
//! - A connection gets HELLO; IDENTIFY starts a new session: READY, then GUILD_CREATE for the guild (unless
//!   the bot was removed or the guild is unavailable). Heartbeats are ACKed.
//! - The session outlives its connection, as Discord's does: every dispatch of the session is kept with
//!   its sequence number, also those made while no connection carries it (they would otherwise be lost).
//!   RESUME with the session's id and a sequence number it gave replays what came after that number,
//!   then RESUMED; no GUILD_CREATE follows a resume (Discord sends none). An unknown or invalidated
//!   session, or a sequence number it never gave, gets op 9 `d: false`: the bot identifies again.
//! - The bot closing with 1000 or 1001 ends its session (Discord: "your session will be invalidated");
//!   any other close, or a dropped socket, leaves it resumable. The fake never times a session out:
//!   Discord keeps one for a few minutes, longer than any test.
//! - Faults a test injects ([`FakeDiscord`]'s methods below): op 7 Reconnect, op 9 Invalid Session, a
//!   dropped TCP connection, an outage (the open connection dropped, new ones refused with HTTP 503, the
//!   session expired), a guild that becomes unavailable and available again.
//!
//! A connection is online only once READY or RESUMED was sent on it: [`State::online`].

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::WebSocketStream;

use super::{payloads, FakeDiscord, Shared, State};

/// The bot's gateway session, while it can be resumed.
pub(crate) struct Session {
    pub id: String,
    /// The last sequence number given.
    pub seq: u64,
    /// Every dispatch of the session, with its sequence number, for replay. Discord keeps a bounded
    /// backlog; the fake keeps it all, since its sessions are short.
    pub sent: Vec<(u64, String)>,
    /// The connection that carries it (READY or RESUMED was sent there), if one does.
    pub socket: Option<u64>,
}

/// What the fake has a connection do.
pub(crate) enum Out {
    /// Send this text frame.
    Text(String),
    /// Close the TCP connection without a close frame, as a network failure does.
    Drop,
}

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(connection(stream, shared.clone()));
    }
}

/// The websocket handshake. During an outage it is refused with 503, as Discord's edge answers while
/// the gateway is down: serenity takes it as a failed connect and tries again later.
async fn handshake(stream: TcpStream, shared: &Shared) -> Option<WebSocketStream<TcpStream>> {
    // The callback's type is tungstenite's, large error and all.
    #[allow(clippy::result_large_err)]
    let refuse_in_outage = |_: &Request, response: Response| {
        let mut state = shared.state();
        if !state.outage {
            return Ok(response);
        }
        state.refused_connections += 1;
        let mut refusal = ErrorResponse::new(Some("Service Unavailable".into()));
        *refusal.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        Err(refusal)
    };
    let socket = tokio_tungstenite::accept_hdr_async(stream, refuse_in_outage).await;
    shared.changed.notify_waiters();
    socket.ok()
}

async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let Some(socket) = handshake(stream, &shared).await else {
        return;
    };
    let (mut sink, mut incoming) = socket.split();
    let (outbox, mut outgoing) = mpsc::unbounded_channel::<Out>();
    // An outage that began during the handshake drops the connection at once.
    let Some(id) = shared.state().open_socket(outbox) else {
        return;
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": shared.heartbeat_interval}});
    if sink.send(Frame::Text(hello.to_string())).await.is_ok() {
        loop {
            tokio::select! {
                out = outgoing.recv() => match out {
                    Some(Out::Text(text)) => if sink.send(Frame::Text(text)).await.is_err() { break },
                    // Leaving the loop drops both halves of the socket: the TCP connection closes
                    // with no close frame.
                    Some(Out::Drop) | None => break,
                },
                frame = incoming.next() => match frame {
                    Some(Ok(Frame::Text(text))) => {
                        let Ok(payload) = serde_json::from_str::<Value>(&text) else { break };
                        match on_payload(&shared, id, &payload) {
                            Reply::Nothing => {}
                            Reply::Frame(frame) => if sink.send(Frame::Text(frame)).await.is_err() { break },
                            Reply::Close(code, reason) => {
                                let close = CloseFrame { code: CloseCode::from(code), reason: reason.into() };
                                let _ = sink.send(Frame::Close(Some(close))).await;
                                break;
                            }
                        }
                    }
                    Some(Ok(Frame::Close(frame))) => {
                        closed_by_bot(&shared, id, frame.map(|f| u16::from(f.code)));
                        break;
                    }
                    Some(Err(_)) | None => break,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
    shared.state().close_socket(id);
    shared.changed.notify_waiters();
}

/// The bot closed its connection: with 1000 or 1001 Discord invalidates the session (the bot logs
/// off); with another code, or none, the session stays resumable.
fn closed_by_bot(shared: &Shared, socket: u64, code: Option<u16>) {
    let mut state = shared.state();
    let carried = state.session_socket() == Some(socket);
    if carried && matches!(code, Some(1000 | 1001)) {
        state.session = None;
    }
}

enum Reply {
    Nothing,
    Frame(String),
    Close(u16, &'static str),
}

fn on_payload(shared: &Shared, socket: u64, payload: &Value) -> Reply {
    let reply = match payload["op"].as_u64() {
        // Heartbeat → ACK.
        Some(1) => {
            shared.state().heartbeats += 1;
            Reply::Frame(json!({"op": 11}).to_string())
        }
        Some(2) => identify(shared, socket, &payload["d"]),
        Some(6) => resume(shared, socket, &payload["d"]),
        _ => Reply::Nothing,
    };
    shared.changed.notify_waiters();
    reply
}

fn token_accepted(shared: &Shared, data: &Value) -> bool {
    let token = data["token"].as_str().unwrap_or_default();
    token.strip_prefix("Bot ").unwrap_or(token) == shared.token
}

/// IDENTIFY: a new session on this connection (it replaces the old one: the fake keeps one), READY,
/// and the guild.
fn identify(shared: &Shared, socket: u64, data: &Value) -> Reply {
    if !token_accepted(shared, data) {
        return Reply::Close(4004, "Authentication failed.");
    }
    let mut state = shared.state();
    state.identifies += 1;
    let session_id = format!("session-{}", state.identifies);
    state.session = Some(Session {
        id: session_id.clone(),
        seq: 0,
        sent: Vec::new(),
        socket: Some(socket),
    });
    // READY always lists the guild as unavailable: its GUILD_CREATE follows when it is available.
    let ready = json!({
        "v": 10,
        "user": shared.bot.user_json(),
        "guilds": [{"id": shared.guild_id.to_string(), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": shared.ws_url,
        "shard": [0, 1],
        "application": {"id": shared.application_id.to_string(), "flags": 0},
    });
    send_dispatch(&mut state, "READY", ready);
    if !state.guild_removed && !state.guild_unavailable {
        guild_create(shared, &mut state);
    }
    Reply::Nothing
}

/// GUILD_CREATE: the guild with its channels and active threads, as Discord sends it after READY and
/// when an unavailable guild comes back.
fn guild_create(shared: &Shared, state: &mut State) {
    let (mut channels, mut threads) = (Vec::new(), Vec::new());
    for channel in state.channels.values().filter(|c| !c.deleted) {
        let json = payloads::channel(shared.guild_id, shared.bot.id, channel);
        match channel.is_thread() {
            true if !channel.archived => threads.push(json),
            true => {}
            false => channels.push(json),
        }
    }
    let guild = payloads::guild(shared.guild_id, &shared.bot, channels, threads);
    send_dispatch(state, "GUILD_CREATE", guild);
}

/// RESUME: the session moves to this connection, which gets the dispatches after the bot's `seq`, in
/// order, then RESUMED. An unknown or invalidated session, or a `seq` the session never gave, is
/// refused with op 9 `d: false` (Discord closes with 4007 for a bad `seq`; the bot identifies again
/// either way).
fn resume(shared: &Shared, socket: u64, data: &Value) -> Reply {
    if !token_accepted(shared, data) {
        return Reply::Close(4004, "Authentication failed.");
    }
    let refused = json!({"op": 9, "d": false}).to_string();
    let mut state = shared.state();
    let seq = data["seq"].as_u64().unwrap_or(0);
    let Some(session) = state.session.as_mut().filter(|session| {
        data["session_id"].as_str() == Some(session.id.as_str()) && seq <= session.seq
    }) else {
        state.refused_resumes += 1;
        return Reply::Frame(refused);
    };
    // A session lives on one connection: one it still had is closed.
    let previous = session.socket.replace(socket);
    let missed: Vec<String> = session
        .sent
        .iter()
        .filter(|(s, _)| *s > seq)
        .map(|(_, frame)| frame.clone())
        .collect();
    // RESUMED has a sequence number of its own, but is not replayed by a later resume.
    session.seq += 1;
    let resumed = json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}}).to_string();
    state.resumes += 1;
    state.replayed += missed.len();
    if let Some(previous) = previous.filter(|&p| p != socket) {
        state.send(previous, Out::Drop);
    }
    for frame in missed.into_iter().chain([resumed]) {
        state.send(socket, Out::Text(frame));
    }
    Reply::Nothing
}

/// The gateway's faults, as a test injects them, and waiting for the bot to come back.
impl FakeDiscord {
    /// Discord asks the bot to reconnect (op 7), as before a gateway restart. The connection carries
    /// nothing more (dispatches wait in the session for the resume). Discord closes it soon after;
    /// serenity does not wait for that (it opens a new connection at once and drops the old one), so
    /// the fake leaves the closing to the bot.
    pub fn request_reconnect(&self) {
        self.detach_with(json!({"op": 7, "d": null}));
    }

    /// Discord invalidates the session (op 9, `d: resumable`). Not resumable: the fake forgets the
    /// session, a RESUME is refused, and the bot must identify. Either way the connection carries
    /// nothing more and is left for the bot to close.
    pub fn invalidate_session(&self, resumable: bool) {
        self.detach_with(json!({"op": 9, "d": resumable}));
        if !resumable {
            self.state().session = None;
        }
    }

    /// Sends `payload` on the session's connection and takes the session off it.
    fn detach_with(&self, payload: Value) {
        let mut state = self.state();
        let socket = state.session_socket().expect("the bot is online");
        state.send(socket, Out::Text(payload.to_string()));
        state.session.as_mut().unwrap().socket = None;
        drop(state);
        self.shared.changed.notify_waiters();
    }

    /// The network stops carrying the gateway's dispatches, unnoticed by the bot (until
    /// [`Self::drop_gateway`]): what is dispatched meanwhile waits in the session for a resume.
    pub fn stall_gateway(&self) {
        if let Some(session) = self.state().session.as_mut() {
            session.socket = None;
        }
    }

    /// The network drops the gateway's TCP connections (no close frame); the session stays
    /// resumable, and what is dispatched meanwhile waits in it.
    pub fn drop_gateway(&self) {
        self.state().drop_sockets();
        self.shared.changed.notify_waiters();
    }

    /// Discord's gateway goes down: the open connection is dropped, new ones are refused with 503
    /// until [`Self::end_outage`], and no interaction can be dispatched. The session expires, as after
    /// a long outage: the bot must identify again (serenity does anyway: after a failed connect it
    /// starts a new shard, which identifies). REST stays up.
    pub fn begin_outage(&self) {
        let mut state = self.state();
        state.outage = true;
        state.session = None;
        state.drop_sockets();
        drop(state);
        self.shared.changed.notify_waiters();
    }

    /// [`Self::begin_outage`], and every REST request is answered 503 too, until [`Self::end_outage`].
    pub fn begin_outage_with_rest(&self) {
        self.state().rest_outage = true;
        self.begin_outage();
    }

    /// Discord is back: connections are accepted, REST answers again.
    pub fn end_outage(&self) {
        let mut state = self.state();
        state.outage = false;
        state.rest_outage = false;
    }

    /// The guild goes down (a Discord outage of its servers): GUILD_DELETE with `unavailable: true`.
    /// No interaction comes from it until [`Self::guild_available`], and a READY meanwhile sends no
    /// GUILD_CREATE for it.
    pub fn guild_unavailable(&self) {
        let mut state = self.state();
        state.guild_unavailable = true;
        let payload = json!({"id": self.shared.guild_id.to_string(), "unavailable": true});
        send_dispatch(&mut state, "GUILD_DELETE", payload);
    }

    /// The guild is back: GUILD_CREATE with the whole guild, as after READY.
    pub fn guild_available(&self) {
        let mut state = self.state();
        state.guild_unavailable = false;
        guild_create(&self.shared, &mut state);
    }

    /// Waits until the bot is online after at least `n` identifies in all.
    pub async fn wait_identified(&self, n: usize) {
        self.wait_for(&format!("identify number {n} and the bot online"), |s| {
            (s.identifies >= n && s.online()).then_some(())
        })
        .await;
    }

    /// Waits until the bot is online after at least `n` accepted resumes in all.
    pub async fn wait_resumed(&self, n: usize) {
        self.wait_for(&format!("resume number {n} and the bot online"), |s| {
            (s.resumes >= n && s.online()).then_some(())
        })
        .await;
    }

    /// Waits until no connection carries the bot's session.
    pub async fn wait_offline(&self) {
        self.wait_for("the bot to go offline", |s| (!s.online()).then_some(()))
            .await;
    }
}

/// The gateway's part of the state.
impl State {
    /// Whether a connection carries the bot's session (READY or RESUMED was sent on it).
    pub fn online(&self) -> bool {
        self.session_socket().is_some()
    }

    /// The connection that carries the session.
    fn session_socket(&self) -> Option<u64> {
        self.session.as_ref().and_then(|session| session.socket)
    }

    /// Counts a new connection and gives it a number; none during an outage.
    fn open_socket(&mut self, outbox: mpsc::UnboundedSender<Out>) -> Option<u64> {
        if self.outage {
            return None;
        }
        self.connections += 1;
        let id = self.connections as u64;
        self.sockets.insert(id, outbox);
        Some(id)
    }

    /// Forgets a closed connection; the session it carried waits for a resume.
    fn close_socket(&mut self, id: u64) {
        self.sockets.remove(&id);
        if let Some(session) = self.session.as_mut().filter(|s| s.socket == Some(id)) {
            session.socket = None;
        }
    }

    /// Drops every open connection, as a network failure does.
    fn drop_sockets(&mut self) {
        let open: Vec<u64> = self.sockets.keys().copied().collect();
        for id in open {
            self.send(id, Out::Drop);
            self.close_socket(id);
        }
    }

    fn send(&self, socket: u64, out: Out) {
        if let Some(outbox) = self.sockets.get(&socket) {
            let _ = outbox.send(out);
        }
    }
}

/// Sends a dispatch on the session: it takes the next sequence number and is kept for a resume, then
/// goes out on the session's connection if one carries it. Without a session it is lost, as Discord
/// keeps nothing for a bot that has none.
pub(crate) fn send_dispatch(state: &mut State, event: &str, data: Value) {
    let Some(session) = state.session.as_mut() else {
        return;
    };
    session.seq += 1;
    let frame = json!({"op": 0, "t": event, "s": session.seq, "d": data}).to_string();
    session.sent.push((session.seq, frame.clone()));
    if let Some(socket) = session.socket {
        state.send(socket, Out::Text(frame));
    }
}
