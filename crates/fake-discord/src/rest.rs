//! The fake REST API under `/api/v10`, over TLS: the routes the bot uses, each answering as Discord
//! does, with `X-RateLimit-*` headers, seeded faults, interaction deadlines, thread and permission
//! rules, and a record (with its OpenAPI check and fault) of every request.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

use super::faults::{self, Fault};
use super::world::Bucket;
use super::{
    gateway::thread_update, multipart, payloads, Channel, Check, File, Message, Perm, Recorded,
    Shared, State, CALLBACK_DEADLINE_MS, NONCE_WINDOW_MS, TOKEN_LIFETIME_MS,
};

/// Serves the API on `listener`: over TLS with `acceptor` (as `https://discord.com`), or plain HTTP
/// without (as a proxy in front of Discord serves it).
pub async fn serve(listener: TcpListener, acceptor: Option<TlsAcceptor>, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        let shared = shared.clone();
        let acceptor = acceptor.clone();
        tokio::spawn(async move {
            match acceptor {
                Some(acceptor) => {
                    if let Ok(stream) = acceptor.accept(stream).await {
                        serve_connection(stream, shared).await;
                    }
                }
                None => serve_connection(stream, shared).await,
            }
        });
    }
}

async fn serve_connection<S>(stream: S, shared: Arc<Shared>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |request| {
        let shared = shared.clone();
        async move { handle(&shared, request).await }
    });
    // A dropped answer is an error of the service: hyper then closes the connection without writing
    // anything.
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

/// The error that makes hyper close the connection without an answer.
#[derive(Debug)]
pub struct Dropped;

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("connection dropped by the fault plan")
    }
}

impl std::error::Error for Dropped {}

/// A request, read whole.
struct Call {
    method: String,
    path: String,
    query: HashMap<String, String>,
    json: Option<Value>,
    files: Vec<File>,
    authorized: bool,
}

/// An answer: status and JSON body (`None` for 204).
type Answer = (u16, Option<Value>);

fn error(status: u16, code: u64, message: &str) -> Answer {
    (status, Some(json!({"message": message, "code": code})))
}

async fn handle(
    shared: &Shared,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Dropped> {
    let call = match read(shared, request).await {
        Ok(call) => call,
        Err(message) => {
            let (status, body) = error(400, 50035, &message);
            return Ok(build(status, body, Vec::new()));
        }
    };
    let check = match &shared.openapi {
        None => Check::Skipped,
        Some(spec) => match spec.check(&call.method, &call.path, call.json.as_ref()) {
            Ok(checked) => Check::Passed(checked),
            Err(error) => Check::Failed(error),
        },
    };
    let template = faults::template(&call.method, &call.path);
    let (status, body, headers, fault) = {
        let mut state = shared.state();
        let count = {
            let count = state.route_counts.entry(template.clone()).or_default();
            *count += 1;
            *count
        };
        let plan = state.plan;
        // During an outage every request gets the same 503; the fault plan is not drawn.
        let outage = state.rest_outage;
        let asked = state.next_faults.iter().position(|(t, _)| *t == template);
        let asked = asked.map(|at| state.next_faults.remove(at).1);
        let fault = asked
            .or_else(|| plan.fault(&template, count))
            .filter(|_| !outage);
        if let Some(fault) = fault {
            state.count_fault(fault);
        }
        let bucket_key = format!("{template} {}", faults::major(&call.path));
        let (mut headers, over) = rate_limit(shared, &mut state, &bucket_key, &template);
        let (status, body) = match fault {
            _ if outage => (
                503,
                Some(json!({"message": "Service Unavailable", "code": 0})),
            ),
            Some(Fault::RateLimited) | Some(Fault::GlobalRateLimited) => {
                let global = fault == Some(Fault::GlobalRateLimited);
                let retry = plan.retry_after(&template, count);
                replace_headers(&mut headers, too_many(retry, global));
                (
                    429,
                    Some(
                        json!({"message": "You are being rate limited.", "retry_after": retry, "global": global}),
                    ),
                )
            }
            Some(Fault::ServerError(status)) => (
                status,
                Some(json!({"message": "Internal Server Error", "code": 0})),
            ),
            Some(Fault::DropBefore) => (0, None),
            _ if over.is_some() => {
                state.limit_hits += 1;
                let retry = over.unwrap();
                replace_headers(&mut headers, too_many(retry, false));
                (
                    429,
                    Some(
                        json!({"message": "You are being rate limited.", "retry_after": retry, "global": false}),
                    ),
                )
            }
            // Applied (for `drop after` too).
            _ => route(shared, &mut state, &call),
        };
        let dropped = matches!(fault, Some(Fault::DropBefore) | Some(Fault::DropAfter));
        state.requests.push(Recorded {
            method: call.method,
            path: call.path,
            json: call.json,
            files: call.files,
            status: if dropped { 0 } else { status },
            check,
            template,
            fault: fault
                .map(Fault::name)
                .or_else(|| outage.then(|| "outage".into())),
            at_ms: shared.clock.now_ms(),
        });
        (status, body, headers, fault)
    };
    shared.changed.notify_waiters();
    if matches!(fault, Some(Fault::DropBefore) | Some(Fault::DropAfter)) {
        return Err(Dropped);
    }
    Ok(build(status, body, headers))
}

/// Adds a 429's headers to `headers`, replacing what they replace.
fn too_many(retry: f64, global: bool) -> Vec<(&'static str, String)> {
    let mut headers = vec![
        ("Retry-After", format!("{retry:.3}")),
        ("X-RateLimit-Remaining", "0".into()),
        ("X-RateLimit-Reset-After", format!("{retry:.3}")),
        (
            "X-RateLimit-Scope",
            if global { "global" } else { "user" }.into(),
        ),
    ];
    if global {
        headers.push(("X-RateLimit-Global", "true".into()));
    }
    headers
}

fn replace_headers(headers: &mut Vec<(&'static str, String)>, new: Vec<(&'static str, String)>) {
    headers.retain(|(name, _)| new.iter().all(|(other, _)| other != name));
    headers.extend(new);
}

/// Counts the request in its bucket; answers the `X-RateLimit-*` headers, and the wait when the
/// request is over the limit.
fn rate_limit(
    shared: &Shared,
    state: &mut State,
    key: &str,
    template: &str,
) -> (Vec<(&'static str, String)>, Option<f64>) {
    let limit = shared.rate_limit;
    let now = Instant::now();
    let bucket = state.buckets.entry(key.to_owned()).or_insert(Bucket {
        window_start: now,
        used: 0,
    });
    if now.duration_since(bucket.window_start) >= limit.window {
        *bucket = Bucket {
            window_start: now,
            used: 0,
        };
    }
    bucket.used += 1;
    let reset_after = limit
        .window
        .saturating_sub(now.duration_since(bucket.window_start))
        .as_secs_f64();
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        + reset_after;
    let over = (bucket.used > limit.limit).then_some(reset_after.max(0.001));
    let remaining = limit.limit.saturating_sub(bucket.used);
    let headers = vec![
        ("X-RateLimit-Limit", limit.limit.to_string()),
        ("X-RateLimit-Remaining", remaining.to_string()),
        ("X-RateLimit-Reset", format!("{reset:.3}")),
        ("X-RateLimit-Reset-After", format!("{reset_after:.3}")),
        (
            "X-RateLimit-Bucket",
            format!("{:016x}", faults::hash(0, template, 0)),
        ),
    ];
    (headers, over)
}

fn build(
    status: u16,
    body: Option<Value>,
    headers: Vec<(&'static str, String)>,
) -> Response<Full<Bytes>> {
    let mut response = Response::builder().status(status);
    for (name, value) in headers {
        response = response.header(name, value);
    }
    let bytes = match body {
        Some(body) => {
            response = response.header("content-type", "application/json");
            Bytes::from(body.to_string())
        }
        None => Bytes::new(),
    };
    response.body(Full::new(bytes)).expect("valid response")
}

async fn read(shared: &Shared, request: Request<Incoming>) -> Result<Call, String> {
    let method = request.method().as_str().to_owned();
    let full_path = request.uri().path().to_owned();
    let query = request
        .uri()
        .query()
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let path = full_path
        .strip_prefix("/api/v10")
        .ok_or_else(|| format!("not an API v10 path: {full_path}"))?
        .to_owned();
    let authorized = request
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bot {}", shared.token));
    let content_type = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body = request
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    let mut files = Vec::new();
    let json = if body.is_empty() {
        None
    } else if let Some(boundary) = multipart::boundary(&content_type) {
        let mut payload = None;
        let mut uploads = Vec::new();
        for part in multipart::parse(&body, &boundary)? {
            if part.name == "payload_json" {
                payload = Some(serde_json::from_slice(&part.data).map_err(|e| e.to_string())?);
            } else {
                uploads.push(part);
            }
        }
        // Files are named `files[N]`; N is the attachment id used in the payload.
        let payload: Option<Value> = payload;
        // An interaction callback nests the message under `data`.
        let described = payload
            .as_ref()
            .map(|p| match p.get("data") {
                Some(data) if p.get("type").is_some() => data["attachments"].clone(),
                _ => p["attachments"].clone(),
            })
            .unwrap_or_default();
        for multipart::Part {
            name,
            filename,
            content_type,
            data: bytes,
        } in uploads
        {
            let index = name
                .trim_start_matches("files[")
                .trim_end_matches(']')
                .to_owned();
            let description = described
                .as_array()
                .into_iter()
                .flatten()
                .find(|a| a["id"].to_string().trim_matches('"') == index)
                .and_then(|a| a["description"].as_str().map(str::to_owned));
            files.push(File {
                filename: filename.unwrap_or_default(),
                description,
                content_type,
                bytes,
            });
        }
        payload
    } else {
        Some(serde_json::from_slice(&body).map_err(|e| format!("body is not JSON: {e}"))?)
    };
    Ok(Call {
        method,
        path,
        query,
        json,
        files,
        authorized,
    })
}

fn not_found() -> Answer {
    error(404, 0, "404: Not Found")
}

fn unknown_channel() -> Answer {
    error(404, 10003, "Unknown Channel")
}

fn missing_access() -> Answer {
    error(403, 50001, "Missing Access")
}

fn thread_archived() -> Answer {
    error(400, 50083, "Thread is archived")
}

fn unknown_webhook() -> Answer {
    error(404, 10015, "Unknown Webhook")
}

/// The checks every `/channels/{id}/...` request passes first.
fn channel_guard(shared: &Shared, state: &State, channel: u64) -> Result<Channel, Answer> {
    let found = state.channel(channel);
    // A channel of a server the bot is not in, or a group DM: an app a player installed there can only
    // answer interactions ("limited to using commands", quick-start/getting-started), and the bot's own
    // requests there are refused as a stranger's.
    let outside =
        found.group_dm || (found.guild != 0 && !crate::installs::bot_member(shared, &found));
    if outside || state.guild_removed {
        return Err(missing_access());
    }
    if found.deleted || found.parent.is_some_and(|p| state.channel(p).deleted) {
        return Err(unknown_channel());
    }
    if state.denied(channel, Perm::ViewChannel) {
        return Err(missing_access());
    }
    Ok(found)
}

/// Reopens an archived, unlocked thread because something was posted in it.
fn unarchive_on_post(shared: &Shared, state: &mut State, channel: u64) {
    let thread = state.channel(channel);
    if thread.is_thread() && thread.archived && !thread.locked {
        state.channel_mut(channel).archived = false;
        thread_update(shared, state, channel);
    }
}

fn route(shared: &Shared, state: &mut State, call: &Call) -> Answer {
    let segments: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    let is_webhook = matches!(segments.first(), Some(&"webhooks") | Some(&"interactions"));
    if !call.authorized && !is_webhook {
        return error(401, 0, "401: Unauthorized");
    }
    let body = call.json.clone().unwrap_or(Value::Null);
    let app = shared.application_id.to_string();
    let now = shared.clock.now_ms();
    match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => (200, Some(json!({"url": shared.ws_url}))),
        ("GET", ["gateway", "bot"]) => (
            200,
            Some(json!({
                "url": shared.ws_url,
                "shards": state.shard_count(),
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            })),
        ),
        ("GET", ["users", "@me"]) => (200, Some(shared.bot.user_json())),
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = body["recipient_id"].as_str().and_then(|id| id.parse().ok()) else {
                return error(400, 50035, "Invalid Form Body");
            };
            let channel = state.dm_channel(user);
            (200, Some(payloads::dm_channel(channel, user)))
        }
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            (200, Some(application(shared)))
        }
        ("PUT", ["applications", id, "commands"]) if *id == app => {
            register(shared, state, &call.path, &body, &app, None)
        }
        ("PUT", ["applications", id, "guilds", guild, "commands"]) if *id == app => {
            register(shared, state, &call.path, &body, &app, Some(guild))
        }
        ("GET", ["applications", id, "commands"])
        | ("GET", ["applications", id, "guilds", _, "commands"])
            if *id == app =>
        {
            (
                200,
                Some(json!(state
                    .commands
                    .get(&call.path)
                    .cloned()
                    .unwrap_or_default())),
            )
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(shared, state, id, token, &call.files, &body, now)
        }
        ("POST", ["webhooks", id, token]) if *id == app => {
            followup(shared, state, token, &call.files, &body, now)
        }
        (method, ["webhooks", id, token, "messages", which]) if *id == app => {
            let interaction = match webhook_token(state, token, now) {
                Ok(interaction) => interaction,
                Err(answer) => return answer,
            };
            let message = if *which == "@original" {
                interaction.original
            } else {
                which.parse().ok().filter(|m| {
                    interaction.followups.contains(m) || Some(*m) == interaction.original
                })
            };
            let Some(message) = message.filter(|m| state.messages.contains_key(m)) else {
                return error(404, 10008, "Unknown Message");
            };
            let channel = state.messages[&message].channel_id;
            let thread = state.channel(channel);
            if thread.deleted {
                return unknown_channel();
            }
            match method {
                "GET" => (200, Some(state.messages[&message].json.clone())),
                "PATCH" if thread.archived => thread_archived(),
                "PATCH" => (200, Some(edit(state, message, &call.files, &body))),
                "DELETE" => {
                    state.messages.remove(&message);
                    (204, None)
                }
                _ => not_found(),
            }
        }
        (method, ["channels", channel, rest @ ..]) => {
            let Ok(channel) = channel.parse::<u64>() else {
                return not_found();
            };
            let found = match channel_guard(shared, state, channel) {
                Ok(found) => found,
                Err(answer) => return answer,
            };
            channel_route(shared, state, call, method, found, rest, &body, now)
        }
        _ => not_found(),
    }
}

#[allow(clippy::too_many_arguments)]
fn channel_route(
    shared: &Shared,
    state: &mut State,
    call: &Call,
    method: &str,
    channel: Channel,
    rest: &[&str],
    body: &Value,
    now: i64,
) -> Answer {
    let id = channel.id;
    match (method, rest) {
        ("GET", []) => (
            200,
            Some(payloads::channel(channel.guild, shared.bot.id, &channel)),
        ),
        ("PATCH", []) => {
            let wants = |field: &str| body.get(field).and_then(Value::as_bool);
            if channel.is_thread() {
                // The bot has no Manage Threads: it cannot reopen a locked thread nor (un)lock one.
                if wants("locked").is_some() || (channel.locked && wants("archived") == Some(false))
                {
                    return missing_permissions();
                }
                if let Some(archived) = wants("archived") {
                    state.channel_mut(id).archived = archived;
                }
            }
            if let Some(name) = body["name"].as_str() {
                state.channel_mut(id).name = name.to_owned();
            }
            if let Some(duration) = body["auto_archive_duration"].as_u64() {
                state.channel_mut(id).auto_archive_duration = Some(duration);
            }
            if channel.is_thread() {
                thread_update(shared, state, id);
            }
            let now = state.channel(id);
            (200, Some(payloads::channel(now.guild, shared.bot.id, &now)))
        }
        ("GET", ["messages"]) => {
            if state.denied(id, Perm::ReadMessageHistory) {
                return (200, Some(json!([])));
            }
            let number = |name: &str| call.query.get(name).and_then(|v| v.parse::<u64>().ok());
            let limit = number("limit").unwrap_or(50).clamp(1, 100) as usize;
            let mut shown: Vec<Value> = state
                .shown(id)
                .into_iter()
                .filter(|m| {
                    let mid = m.json["id"].as_str().unwrap().parse::<u64>().unwrap();
                    number("before").map_or(true, |b| mid < b)
                        && number("after").map_or(true, |a| mid > a)
                })
                .map(|m| m.json)
                .collect();
            // Newest first; with `after`, the ones just after it.
            if number("after").is_some() {
                shown.truncate(limit);
                shown.reverse();
            } else {
                shown.reverse();
                shown.truncate(limit);
            }
            (200, Some(Value::Array(shown)))
        }
        ("POST", ["messages"]) => {
            if let Some(refusal) = post_refusal(state, &channel, !call.files.is_empty()) {
                return refusal;
            }
            if body["enforce_nonce"] == true {
                if let Some(nonce) = nonce_of(body) {
                    let existing = state.messages.values().find(|m| {
                        m.channel_id == id
                            && m.nonce.as_deref() == Some(nonce.as_str())
                            && now - m.created_ms <= NONCE_WINDOW_MS
                    });
                    if let Some(existing) = existing {
                        return (200, Some(existing.json.clone()));
                    }
                }
            }
            unarchive_on_post(shared, state, id);
            let message = create(shared, state, id, &call.files, body, now);
            (200, Some(state.messages[&message].json.clone()))
        }
        (method, ["messages", message]) => {
            let Ok(message) = message.parse::<u64>() else {
                return not_found();
            };
            if state
                .messages
                .get(&message)
                .map_or(true, |m| m.channel_id != id)
            {
                return error(404, 10008, "Unknown Message");
            }
            match method {
                "GET" => (200, Some(state.messages[&message].json.clone())),
                "PATCH" if channel.archived => thread_archived(),
                "PATCH" if state.denied(id, Perm::SendMessages) => missing_permissions(),
                "PATCH" => (200, Some(edit(state, message, &call.files, body))),
                "DELETE" => {
                    state.messages.remove(&message);
                    (204, None)
                }
                _ => not_found(),
            }
        }
        ("POST", ["threads"]) | ("POST", ["messages", _, "threads"]) => {
            if channel.is_thread() {
                return error(400, 50024, "Cannot execute action on this channel type");
            }
            if state.denied(id, Perm::CreatePublicThreads) {
                return missing_permissions();
            }
            let starter = match rest {
                ["messages", message, "threads"] => {
                    let Some(message) = message
                        .parse::<u64>()
                        .ok()
                        .filter(|m| state.messages.get(m).is_some_and(|m| m.channel_id == id))
                    else {
                        return error(404, 10008, "Unknown Message");
                    };
                    if state.channels.values().any(|c| c.starter == Some(message)) {
                        return error(
                            400,
                            160004,
                            "A thread has already been created for this message",
                        );
                    }
                    Some(message)
                }
                _ => None,
            };
            // A thread started from a message takes the message's id, as on Discord.
            let thread_id = starter.unwrap_or_else(|| state.new_id());
            let thread = Channel {
                starter,
                guild: channel.guild,
                auto_archive_duration: body["auto_archive_duration"].as_u64(),
                ..Channel::thread(thread_id, id, body["name"].as_str().unwrap_or("thread"))
            };
            state.channels.insert(thread_id, thread.clone());
            let json = payloads::channel(thread.guild, shared.bot.id, &thread);
            let mut created = json.clone();
            created["newly_created"] = json!(true);
            super::gateway::send_dispatch(state, thread.guild, "THREAD_CREATE", created);
            (201, Some(json))
        }
        _ => not_found(),
    }
}

/// Why a new message in `channel` is refused, if it is.
fn post_refusal(state: &State, channel: &Channel, files: bool) -> Option<Answer> {
    let id = channel.id;
    if let Some(user) = channel.dm_with {
        if state.no_mutual_guild.contains(&user) {
            // Listed in opcodes-and-status-codes without its status: 403, as 50007's.
            return Some(error(
                403,
                50278,
                "Cannot send messages to this user due to having no mutual guilds",
            ));
        }
        return state
            .closed_dms
            .contains(&user)
            .then(|| error(403, 50007, "Cannot send messages to this user"));
    }
    if channel.is_thread() {
        if channel.locked {
            return Some(error(403, 160005, "Thread is locked"));
        }
        if state.denied(id, Perm::SendMessagesInThreads) {
            return Some(missing_permissions());
        }
    } else if state.denied(id, Perm::SendMessages) {
        return Some(missing_permissions());
    }
    if files && state.denied(id, Perm::AttachFiles) {
        return Some(missing_permissions());
    }
    None
}

fn nonce_of(body: &Value) -> Option<String> {
    match &body["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The interaction behind a webhook token, if the token still works.
fn webhook_token(state: &State, token: &str, now: i64) -> Result<super::Interaction, Answer> {
    let Some(interaction) = state.interactions.get(token) else {
        return Err(unknown_webhook());
    };
    if interaction.dead || interaction.callbacks.is_empty() {
        return Err(unknown_webhook());
    }
    if now - interaction.created_ms > TOKEN_LIFETIME_MS {
        return Err(error(401, 50027, "Invalid Webhook Token"));
    }
    Ok(interaction.clone())
}

fn missing_permissions() -> Answer {
    error(403, 50013, "Missing Permissions")
}

fn application(shared: &Shared) -> Value {
    json!({
        "id": shared.application_id.to_string(),
        "name": "Namnam",
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0".repeat(64),
        "flags": 0,
        "owner": payloads::Person::member(1, "owner").user_json(),
        "team": null,
    })
}

/// PUT commands: replaces the set, answering with each command as Discord stores it. A set that breaks
/// Discord's rules for names, descriptions and localisations is refused whole, as Discord does.
fn register(
    shared: &Shared,
    state: &mut State,
    path: &str,
    body: &Value,
    app: &str,
    guild: Option<&&str>,
) -> Answer {
    let Some(commands) = body.as_array() else {
        return error(400, 50035, "Invalid Form Body");
    };
    let locales = match &shared.openapi {
        Some(spec) => spec.locales(),
        None => crate::OpenApi::load(std::path::Path::new(crate::openapi::VENDORED)).locales(),
    };
    let broken = crate::commands::check(commands, &locales);
    if !broken.is_empty() {
        state.refused_registrations.push(broken.clone());
        return error(
            400,
            50035,
            &format!("Invalid Form Body: {}", broken.join("; ")),
        );
    }
    let mut stored = Vec::new();
    // A command that keeps its name keeps its id, as on Discord (so do mentions of it).
    let before = state.commands.get(path).cloned().unwrap_or_default();
    for command in commands {
        let mut command = command.clone();
        let kept = before
            .iter()
            .find(|old| old["name"] == command["name"])
            .and_then(|old| old["id"].as_str()?.parse().ok());
        let id = kept.unwrap_or_else(|| state.new_id());
        let object = command.as_object_mut().expect("a command is an object");
        object.insert("id".into(), json!(id.to_string()));
        object.insert("application_id".into(), json!(app));
        object.insert("version".into(), json!(id.to_string()));
        // Discord always answers with the type, which serenity needs; 1 (chat input) by default.
        object.entry("type").or_insert(json!(1));
        object.entry("description").or_insert(json!(""));
        object
            .entry("default_member_permissions")
            .or_insert(Value::Null);
        if let Some(guild) = guild {
            object.insert("guild_id".into(), json!(guild));
        }
        stored.push(command);
    }
    state.registrations += 1;
    state.commands.insert(path.to_owned(), stored.clone());
    (200, Some(Value::Array(stored)))
}

/// POST callback: the first answer to an interaction.
fn callback(
    shared: &Shared,
    state: &mut State,
    id: &str,
    token: &str,
    files: &[File],
    body: &Value,
    now: i64,
) -> Answer {
    let unknown = || error(404, 10062, "Unknown interaction");
    let Some(interaction) = state.interactions.get(token) else {
        return unknown();
    };
    if interaction.id.to_string() != id {
        return unknown();
    }
    if !interaction.callbacks.is_empty() {
        let interaction = state.interactions.get_mut(token).unwrap();
        interaction.callbacks.push(body.clone());
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    if interaction.dead || now - interaction.created_ms > CALLBACK_DEADLINE_MS {
        // Too late: Discord has forgotten the interaction, and its token with it.
        let answer = unknown();
        let interaction = state.interactions.get_mut(token).unwrap();
        interaction.dead = true;
        interaction
            .late_callbacks
            .push((body.clone(), answer.1.clone().unwrap()));
        return answer;
    }
    let (channel, source) = (interaction.channel_id, interaction.source_message);
    let (forced, owners) = (interaction.forced_ephemeral, interaction.owners.clone());
    let user = interaction.user;
    let kind = body["type"].as_u64();
    let thread = state.channel(channel);
    if thread.deleted {
        return unknown_channel();
    }
    match kind {
        // A locked thread refuses an interaction's message as archived (discord-api-docs #6884).
        Some(4) | Some(5) if thread.locked => return error(403, 50083, "Thread is archived"),
        Some(4) | Some(5) => unarchive_on_post(shared, state, channel),
        Some(7) if thread.archived => return thread_archived(),
        _ => {}
    }
    let data = &body["data"];
    let made = &ephemeral_if(forced, data);
    let original = match kind {
        // A message, or a deferred one ("thinking…") that an edit of @original fills in later.
        Some(4) => Some(create(shared, state, channel, files, made, now)),
        Some(5) => Some(create(
            shared,
            state,
            channel,
            &[],
            &json!({"flags": made["flags"]}),
            now,
        )),
        // Update the message the button is on, now or later.
        Some(7) => {
            if let Some(source) = source {
                edit(state, source, files, data);
            }
            source
        }
        Some(6) => source,
        _ => None,
    };
    if let (Some(4) | Some(5), Some(message)) = (kind, original) {
        let message = state.messages.get_mut(&message).unwrap();
        message.owners = Some(owners);
        message.viewer = message.ephemeral.then_some(user);
    }
    let interaction = state.interactions.get_mut(token).unwrap();
    interaction.callbacks.push(body.clone());
    interaction.original = original;
    (204, None)
}

/// A message's body as Discord takes it from an interaction whose answers it makes ephemeral (a
/// user-installed app where Use External Apps is off: topics/permissions).
fn ephemeral_if(forced: bool, body: &Value) -> Value {
    let mut body = body.clone();
    if forced {
        let flags = body["flags"].as_u64().unwrap_or(0);
        body["flags"] = json!(flags | 64);
    }
    body
}

/// How many follow-ups an interaction from an app installed only by a user takes: "Apps are limited to 5
/// followup messages per interaction if it was initiated from a user-installed app and isn't installed in
/// the server" (receiving-and-responding, "Create Followup Message").
pub const USER_INSTALL_FOLLOWUPS: usize = 5;

/// POST a follow-up message to an interaction.
fn followup(
    shared: &Shared,
    state: &mut State,
    token: &str,
    files: &[File],
    body: &Value,
    now: i64,
) -> Answer {
    let interaction = match webhook_token(state, token, now) {
        Ok(interaction) => interaction,
        Err(answer) => return answer,
    };
    let channel = interaction.channel_id;
    let thread = state.channel(channel);
    if thread.deleted {
        return unknown_channel();
    }
    if thread.locked {
        // What Discord answers an interaction's message in a locked thread (discord-api-docs #6884).
        return error(403, 50083, "Thread is archived");
    }
    if interaction.user_installed_only() && interaction.followups.len() >= USER_INSTALL_FOLLOWUPS {
        // The status is not documented with the code; 400, as Discord's other limits of a request.
        state.interactions.get_mut(token).unwrap().refused_followups += 1;
        return error(
            400,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        );
    }
    unarchive_on_post(shared, state, channel);
    let body = ephemeral_if(interaction.forced_ephemeral, body);
    let id = create(shared, state, channel, files, &body, now);
    let message = state.messages.get_mut(&id).unwrap();
    message.owners = Some(interaction.owners.clone());
    message.viewer = message.ephemeral.then_some(interaction.user);
    state
        .interactions
        .get_mut(token)
        .unwrap()
        .followups
        .push(id);
    (200, Some(state.messages[&id].json.clone()))
}

/// Makes a message from the bot.
fn create(
    shared: &Shared,
    state: &mut State,
    channel: u64,
    files: &[File],
    body: &Value,
    now: i64,
) -> u64 {
    let id = state.new_id();
    let (attachments, kept_files) = attachments(state, &[], files, body);
    let mut json = payloads::message(id, channel, &shared.bot.user_json(), body, attachments);
    if let Some(nonce) = body.get("nonce") {
        json["nonce"] = nonce.clone();
    }
    let ephemeral = body["flags"].as_u64().unwrap_or(0) & 64 != 0;
    state.messages.insert(
        id,
        Message {
            json,
            channel_id: channel,
            files: kept_files,
            ephemeral,
            allowed_mentions: body.get("allowed_mentions").cloned(),
            edits: 0,
            nonce: nonce_of(body),
            created_ms: now,
            owners: None,
            viewer: None,
        },
    );
    id
}

/// Edits a message the way Discord does: fields present replace; the attachment list, when given,
/// says which old attachments stay, and new files are added.
fn edit(state: &mut State, id: u64, files: &[File], body: &Value) -> Value {
    let old = state.messages[&id].clone();
    let old_attachments: Vec<(Value, File)> = old.json["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .zip(old.files.iter().cloned())
        .collect();
    let (attachments, kept_files) = if body.get("attachments").is_some() || !files.is_empty() {
        attachments(state, &old_attachments, files, body)
    } else {
        (
            old_attachments.iter().map(|(a, _)| a.clone()).collect(),
            old.files.clone(),
        )
    };
    let message = state.messages.get_mut(&id).unwrap();
    for field in ["content", "components", "embeds", "flags"] {
        if let Some(value) = body.get(field) {
            message.json[field] = value.clone();
        }
    }
    message.json["attachments"] = Value::Array(attachments);
    message.json["edited_timestamp"] = json!(payloads::TIMESTAMP);
    message.files = kept_files;
    message.edits += 1;
    message.json.clone()
}

/// The attachments of a created or edited message: the old ones the body lists by id, then the uploads.
fn attachments(
    state: &mut State,
    old: &[(Value, File)],
    files: &[File],
    body: &Value,
) -> (Vec<Value>, Vec<File>) {
    let listed: Vec<String> = body["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| a["id"].to_string().trim_matches('"').to_owned())
        .collect();
    let mut attachments = Vec::new();
    let mut kept = Vec::new();
    for (attachment, file) in old {
        let id = attachment["id"].as_str().unwrap_or_default().to_owned();
        if listed.contains(&id) {
            attachments.push(attachment.clone());
            kept.push(file.clone());
        }
    }
    for file in files {
        let id = state.new_id();
        attachments.push(payloads::attachment(
            id,
            &file.filename,
            file.description.as_deref(),
            file.bytes.len(),
        ));
        kept.push(file.clone());
    }
    (attachments, kept)
}
