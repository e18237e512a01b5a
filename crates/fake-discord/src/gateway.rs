//! The fake gateway: plain `ws://`, JSON text frames, one session per shard, as hostile as Discord's.
//!
//! - A connection gets HELLO; IDENTIFY starts a new session for the shard it names (`shard: [id, count]`,
//!   `[0, 1]` when absent; a count other than the gateway's is closed with 4010 "Invalid shard"): READY,
//!   then GUILD_CREATE for each guild of that shard, `(guild_id >> 22) % count` (none for a guild the bot
//!   was removed from; for an unavailable one, GUILD_DELETE with `unavailable: true`, as Discord sends it).
//!   A guild's events go to its shard's session. Heartbeats are ACKed.
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

use super::payloads;
use super::world::{Out, Session, Shared, State};

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
    if matches!(code, Some(1000 | 1001)) {
        state
            .sessions
            .retain(|_, session| session.socket != Some(socket));
    }
}

pub(crate) enum Reply {
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
        Some(6) => {
            let mut state = shared.state();
            if state.resumes_held {
                state.held_resumes.push((socket, payload["d"].clone()));
                Reply::Nothing
            } else {
                drop(state);
                resume(shared, socket, &payload["d"])
            }
        }
        _ => Reply::Nothing,
    };
    shared.changed.notify_waiters();
    reply
}

fn token_accepted(shared: &Shared, data: &Value) -> bool {
    let token = data["token"].as_str().unwrap_or_default();
    token.strip_prefix("Bot ").unwrap_or(token) == shared.token
}

/// IDENTIFY: a new session of the shard it names on this connection (it replaces that shard's old one),
/// READY, and the shard's guilds.
fn identify(shared: &Shared, socket: u64, data: &Value) -> Reply {
    if !token_accepted(shared, data) {
        return Reply::Close(4004, "Authentication failed.");
    }
    let mut state = shared.state();
    let (shard, count) = match data["shard"].as_array().map(Vec::as_slice) {
        None => (0, 1),
        Some([shard, count]) => (
            shard.as_u64().unwrap_or(u64::MAX),
            count.as_u64().unwrap_or(0),
        ),
        Some(_) => (u64::MAX, 0),
    };
    if count != u64::from(state.shard_count()) || shard >= count {
        return Reply::Close(4010, "Invalid shard.");
    }
    let shard = shard as u32;
    state.identifies += 1;
    state.identified_shards.push(shard);
    let session_id = format!("session-{}", state.identifies);
    state.sessions.insert(
        shard,
        Session {
            id: session_id.clone(),
            seq: 0,
            sent: Vec::new(),
            socket: Some(socket),
        },
    );
    let guilds: Vec<u64> = shared
        .guilds
        .iter()
        .copied()
        .filter(|&guild| state.shard_of(guild) == shard)
        .collect();
    // READY always lists the guilds as unavailable: each one's GUILD_CREATE follows when it is available.
    let ready = json!({
        "v": 10,
        "user": shared.bot.user_json(),
        "guilds": guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": shared.ws_url,
        "shard": [shard, count],
        "application": {"id": shared.application_id.to_string(), "flags": 0},
    });
    send_to_shard(&mut state, shard, "READY", ready);
    for guild in guilds {
        let primary = guild == shared.guild_id;
        if primary && state.guild_removed {
            continue;
        }
        // Discord: "Guilds that are unavailable due to an outage will send a Guild Delete event" in place
        // of their GUILD_CREATE. A bot that starts a new session during the outage learns of it so.
        match primary && state.guild_unavailable {
            true => guild_unavailable(&mut state, guild),
            false => guild_create(shared, &mut state, guild),
        }
    }
    Reply::Nothing
}

/// GUILD_DELETE with `unavailable: true`: Discord has the guild unavailable (an outage of its servers),
/// when that begins and after the READY of a session started meanwhile.
pub(crate) fn guild_unavailable(state: &mut State, guild: u64) {
    let payload = json!({"id": guild.to_string(), "unavailable": true});
    send_dispatch(state, guild, "GUILD_DELETE", payload);
}

/// GUILD_CREATE: the guild with its channels and active threads, as Discord sends it after READY and
/// when an unavailable guild comes back.
pub(crate) fn guild_create(shared: &Shared, state: &mut State, guild: u64) {
    let (mut channels, mut threads) = (Vec::new(), Vec::new());
    for channel in state
        .channels
        .values()
        .filter(|c| !c.deleted && c.guild == guild)
    {
        let json = payloads::channel(guild, shared.bot.id, channel);
        match channel.is_thread() {
            true if !channel.archived => threads.push(json),
            true => {}
            false => channels.push(json),
        }
    }
    let locale = state.guild_locale(guild).to_owned();
    let payload = payloads::guild(guild, &shared.bot, channels, threads, &locale);
    send_dispatch(state, guild, "GUILD_CREATE", payload);
}

/// RESUME: the session moves to this connection, which gets the dispatches after the bot's `seq`, in
/// order, then RESUMED. An unknown or invalidated session, or a `seq` the session never gave, is
/// refused with op 9 `d: false` (Discord closes with 4007 for a bad `seq`; the bot identifies again
/// either way).
pub(crate) fn resume(shared: &Shared, socket: u64, data: &Value) -> Reply {
    if !token_accepted(shared, data) {
        return Reply::Close(4004, "Authentication failed.");
    }
    let refused = json!({"op": 9, "d": false}).to_string();
    let mut state = shared.state();
    let seq = data["seq"].as_u64().unwrap_or(0);
    let Some(session) = state.sessions.values_mut().find(|session| {
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

/// The gateway's part of the state.
impl State {
    /// Whether a connection carries the session of every shard (READY or RESUMED was sent on it).
    pub fn online(&self) -> bool {
        (0..self.shard_count()).all(|shard| self.shard_online(shard))
    }

    /// Whether a connection carries shard `shard`'s session.
    pub fn shard_online(&self, shard: u32) -> bool {
        self.sessions
            .get(&shard)
            .is_some_and(|session| session.socket.is_some())
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
        for session in self.sessions.values_mut().filter(|s| s.socket == Some(id)) {
            session.socket = None;
        }
    }

    /// Drops every open connection, as a network failure does.
    pub(crate) fn drop_sockets(&mut self) {
        let open: Vec<u64> = self.sockets.keys().copied().collect();
        for id in open {
            self.send(id, Out::Drop);
            self.close_socket(id);
        }
    }

    pub(crate) fn send(&self, socket: u64, out: Out) {
        if let Some(outbox) = self.sockets.get(&socket) {
            let _ = outbox.send(out);
        }
    }
}

/// Sends a dispatch about `guild` on its shard's session: it takes the next sequence number and is kept
/// for a resume, then goes out on the session's connection if one carries it. Without a session it is
/// lost, as Discord keeps nothing for a shard that has none.
pub(crate) fn send_dispatch(state: &mut State, guild: u64, event: &str, data: Value) {
    let shard = state.shard_of(guild);
    send_to_shard(state, shard, event, data);
}

fn send_to_shard(state: &mut State, shard: u32, event: &str, data: Value) {
    let Some(session) = state.sessions.get_mut(&shard) else {
        return;
    };
    session.seq += 1;
    let frame = json!({"op": 0, "t": event, "s": session.seq, "d": data}).to_string();
    session.sent.push((session.seq, frame.clone()));
    if let Some(socket) = session.socket {
        state.send(socket, Out::Text(frame));
    }
}

/// Dispatches THREAD_UPDATE with the thread as it now is.
pub(crate) fn thread_update(shared: &Shared, state: &mut State, id: u64) {
    let thread = state.channel(id);
    let payload = payloads::channel(thread.guild, shared.bot.id, &thread);
    send_dispatch(state, thread.guild, "THREAD_UPDATE", payload);
}
