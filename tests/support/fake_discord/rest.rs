//! The fake REST API under `/api/v10`: the routes the bot uses, each answering as Discord does, and a
//! record (with its OpenAPI check) of every request.

use std::convert::Infallible;
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;

use super::{multipart, payloads, Check, File, Message, Recorded, Shared, State};

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        let shared = shared.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let shared = shared.clone();
                async move { Ok::<_, Infallible>(handle(&shared, request).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// A request, read whole.
struct Call {
    method: String,
    path: String,
    json: Option<Value>,
    files: Vec<File>,
    authorized: bool,
}

/// An answer: status and JSON body (`None` for 204).
type Answer = (u16, Option<Value>);

async fn handle(shared: &Shared, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let (status, body, recorded) = match read(shared, request).await {
        Ok(call) => {
            let check = match &shared.openapi {
                None => Check::Skipped,
                Some(spec) => match spec.check(&call.method, &call.path, call.json.as_ref()) {
                    Ok(checked) => Check::Passed(checked),
                    Err(error) => Check::Failed(error),
                },
            };
            let (status, body) = {
                let mut state = shared.state();
                route(shared, &mut state, &call)
            };
            let recorded = Recorded {
                method: call.method,
                path: call.path,
                json: call.json,
                files: call.files,
                status,
                check,
            };
            (status, body, Some(recorded))
        }
        Err(error) => (400, Some(json!({"message": error, "code": 50035})), None),
    };
    {
        let mut state = shared.state();
        if let Some(recorded) = recorded {
            state.requests.push(recorded);
        }
    }
    shared.changed.notify_waiters();
    let mut response = Response::builder().status(status);
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
        json,
        files,
        authorized,
    })
}

fn not_found() -> Answer {
    (404, Some(json!({"message": "404: Not Found", "code": 0})))
}

fn route(shared: &Shared, state: &mut State, call: &Call) -> Answer {
    let segments: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    let is_webhook = matches!(segments.first(), Some(&"webhooks") | Some(&"interactions"));
    if !call.authorized && !is_webhook {
        return (
            401,
            Some(json!({"message": "401: Unauthorized", "code": 0})),
        );
    }
    let body = call.json.clone().unwrap_or(Value::Null);
    let app = shared.application_id.to_string();
    match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => (200, Some(json!({"url": shared.ws_url}))),
        ("GET", ["gateway", "bot"]) => (
            200,
            Some(json!({
                "url": shared.ws_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            })),
        ),
        ("GET", ["users", "@me"]) => (200, Some(shared.bot.user_json())),
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            (200, Some(application(shared)))
        }
        ("PUT", ["applications", id, "commands"]) if *id == app => {
            register(state, &call.path, &body, &app, None)
        }
        ("PUT", ["applications", id, "guilds", guild, "commands"]) if *id == app => {
            register(state, &call.path, &body, &app, Some(guild))
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
            callback(shared, state, id, token, &call.files, &body)
        }
        ("POST", ["webhooks", id, token]) if *id == app => {
            followup(shared, state, token, &call.files, &body)
        }
        (method, ["webhooks", id, token, "messages", which]) if *id == app => {
            let Some(interaction) = state.interactions.get(*token) else {
                return not_found();
            };
            let message = if *which == "@original" {
                interaction.original
            } else {
                which.parse().ok().filter(|m| {
                    interaction.followups.contains(m) || Some(*m) == interaction.original
                })
            };
            let Some(message) = message else {
                return not_found();
            };
            match method {
                "GET" => (200, Some(state.messages[&message].json.clone())),
                "PATCH" => (200, Some(edit(state, message, &call.files, &body))),
                "DELETE" => {
                    state.messages.remove(&message);
                    (204, None)
                }
                _ => not_found(),
            }
        }
        ("POST", ["channels", channel, "messages"]) => {
            let Ok(channel) = channel.parse::<u64>() else {
                return not_found();
            };
            if state.denied_channels.contains(&channel) {
                return missing_permissions();
            }
            let id = create(shared, state, channel, &call.files, &body);
            (200, Some(state.messages[&id].json.clone()))
        }
        (method, ["channels", channel, "messages", message]) => {
            let (Ok(channel), Ok(message)) = (channel.parse::<u64>(), message.parse::<u64>())
            else {
                return not_found();
            };
            if state
                .messages
                .get(&message)
                .map_or(true, |m| m.channel_id != channel)
            {
                return (
                    404,
                    Some(json!({"message": "Unknown Message", "code": 10008})),
                );
            }
            match method {
                "GET" => (200, Some(state.messages[&message].json.clone())),
                "PATCH" if state.denied_channels.contains(&channel) => missing_permissions(),
                "PATCH" => (200, Some(edit(state, message, &call.files, &body))),
                "DELETE" => {
                    state.messages.remove(&message);
                    (204, None)
                }
                _ => not_found(),
            }
        }
        ("POST", ["channels", channel, "threads"])
        | ("POST", ["channels", channel, "messages", _, "threads"]) => {
            let Ok(channel) = channel.parse::<u64>() else {
                return not_found();
            };
            if state.denied_channels.contains(&channel) {
                return missing_permissions();
            }
            let id = state.new_id();
            let thread = json!({
                "id": id.to_string(),
                "type": 11,
                "guild_id": shared.guild_id.to_string(),
                "parent_id": channel.to_string(),
                "name": body["name"],
                "owner_id": shared.bot.id.to_string(),
                "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                    "archive_timestamp": payloads::TIMESTAMP, "locked": false},
                "member_count": 1,
                "message_count": 0,
                "rate_limit_per_user": 0,
                "flags": 0,
                "position": 0,
                "permission_overwrites": [],
                "nsfw": false,
            });
            (201, Some(thread))
        }
        _ => not_found(),
    }
}

fn missing_permissions() -> Answer {
    (
        403,
        Some(json!({"message": "Missing Permissions", "code": 50013})),
    )
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

/// PUT commands: replaces the set, answering with each command as Discord stores it.
fn register(
    state: &mut State,
    path: &str,
    body: &Value,
    app: &str,
    guild: Option<&&str>,
) -> Answer {
    let Some(commands) = body.as_array() else {
        return (
            400,
            Some(json!({"message": "Invalid Form Body", "code": 50035})),
        );
    };
    let mut stored = Vec::new();
    for command in commands {
        let mut command = command.clone();
        let id = state.new_id();
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
) -> Answer {
    let Some(interaction) = state.interactions.get(token) else {
        return (
            404,
            Some(json!({"message": "Unknown interaction", "code": 10062})),
        );
    };
    if interaction.id.to_string() != id {
        return (
            404,
            Some(json!({"message": "Unknown interaction", "code": 10062})),
        );
    }
    if !interaction.callbacks.is_empty() {
        let interaction = state.interactions.get_mut(token).unwrap();
        interaction.callbacks.push(body.clone());
        return (
            400,
            Some(json!({"message": "Interaction has already been acknowledged.", "code": 40060})),
        );
    }
    let (channel, source) = (interaction.channel_id, interaction.source_message);
    let data = &body["data"];
    let original = match body["type"].as_u64() {
        // A message, or a deferred one ("thinking…") that an edit of @original fills in later.
        Some(4) => Some(create(shared, state, channel, files, data)),
        Some(5) => Some(create(
            shared,
            state,
            channel,
            &[],
            &json!({"flags": data["flags"]}),
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
    let interaction = state.interactions.get_mut(token).unwrap();
    interaction.callbacks.push(body.clone());
    interaction.original = original;
    (204, None)
}

/// POST a follow-up message to an interaction.
fn followup(
    shared: &Shared,
    state: &mut State,
    token: &str,
    files: &[File],
    body: &Value,
) -> Answer {
    let Some(interaction) = state.interactions.get(token) else {
        return not_found();
    };
    let channel = interaction.channel_id;
    let id = create(shared, state, channel, files, body);
    state
        .interactions
        .get_mut(token)
        .unwrap()
        .followups
        .push(id);
    (200, Some(state.messages[&id].json.clone()))
}

/// Makes a message from the bot.
fn create(shared: &Shared, state: &mut State, channel: u64, files: &[File], body: &Value) -> u64 {
    let id = state.new_id();
    let (attachments, kept_files) = attachments(state, &[], files, body);
    let json = payloads::message(id, channel, &shared.bot.user_json(), body, attachments);
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
