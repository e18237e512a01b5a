//! The fake gateway: plain `ws://`, JSON text frames, one shard. HELLO, IDENTIFY → READY, heartbeats
//! and their ACKs, RESUME refused (the bot identifies again), GUILD_CREATE after READY, and dispatches
//! pushed by the tests.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as Frame;

use super::{payloads, send_dispatch, Shared};

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(connection(stream, shared.clone()));
    }
}

async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut incoming) = socket.split();
    let (outbox, mut outgoing) = mpsc::unbounded_channel::<String>();
    shared.state().connections += 1;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": shared.heartbeat_interval}});
    if sink.send(Frame::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = outgoing.recv() => match frame {
                Some(text) => if sink.send(Frame::Text(text)).await.is_err() { break },
                None => break,
            },
            frame = incoming.next() => match frame {
                Some(Ok(Frame::Text(text))) => {
                    let Ok(payload) = serde_json::from_str::<Value>(&text) else { break };
                    match on_payload(&shared, &outbox, &payload) {
                        Reply::Nothing => {}
                        Reply::Frame(frame) => if sink.send(Frame::Text(frame)).await.is_err() { break },
                        Reply::Close(code, reason) => {
                            let close = CloseFrame { code: CloseCode::from(code), reason: reason.into() };
                            let _ = sink.send(Frame::Close(Some(close))).await;
                            break;
                        }
                    }
                }
                Some(Ok(Frame::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let mut state = shared.state();
    if state
        .gateway
        .as_ref()
        .is_some_and(|open| open.same_channel(&outbox))
    {
        state.gateway = None;
    }
    drop(state);
    shared.changed.notify_waiters();
}

enum Reply {
    Nothing,
    Frame(String),
    Close(u16, &'static str),
}

fn on_payload(shared: &Shared, outbox: &mpsc::UnboundedSender<String>, payload: &Value) -> Reply {
    let reply = match payload["op"].as_u64() {
        // Heartbeat → ACK.
        Some(1) => {
            shared.state().heartbeats += 1;
            Reply::Frame(json!({"op": 11}).to_string())
        }
        Some(2) => identify(shared, outbox, &payload["d"]),
        // Resume: not supported, so the session is invalid and the bot identifies afresh.
        Some(6) => Reply::Frame(json!({"op": 9, "d": false}).to_string()),
        _ => Reply::Nothing,
    };
    shared.changed.notify_waiters();
    reply
}

fn identify(shared: &Shared, outbox: &mpsc::UnboundedSender<String>, data: &Value) -> Reply {
    let token = data["token"].as_str().unwrap_or_default();
    let token = token.strip_prefix("Bot ").unwrap_or(token);
    if token != shared.token {
        return Reply::Close(4004, "Authentication failed.");
    }
    let mut state = shared.state();
    state.identifies += 1;
    state.gateway = Some(outbox.clone());
    let session = format!("session-{}", state.identifies);
    let ready = json!({
        "v": 10,
        "user": shared.bot.user_json(),
        "guilds": [{"id": shared.guild_id.to_string(), "unavailable": true}],
        "session_id": session,
        "resume_gateway_url": shared.ws_url,
        "shard": [0, 1],
        "application": {"id": shared.application_id.to_string(), "flags": 0},
    });
    send_dispatch(&mut state, "READY", ready);
    if !state.guild_removed {
        // The guild with its channels and active threads, as Discord sends it after READY.
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
        send_dispatch(&mut state, "GUILD_CREATE", guild);
    }
    Reply::Nothing
}
