//! Tests of the fake itself: each checks one of Discord's behaviours that the fake imitates, through
//! real HTTPS requests (the fake's own client, or serenity's `Http` with its rate limiter on).

use std::sync::Arc;
use std::time::Duration;

use namnam_clock::ManualClock;
use serde_json::{json, Value};

use super::*;

const TOKEN: &str = "fake-self-test-token";
const CHANNEL: u64 = 1_200_000_000_000_000_901;

async fn fake_with(clock: &Arc<ManualClock>, faults: FaultPlan) -> FakeDiscord {
    FakeDiscord::start_with(
        TOKEN,
        FakeOptions {
            clock: clock.clone(),
            faults,
            ..FakeOptions::default()
        },
    )
    .await
}

/// One request as the bot would make it; `None` when the connection was dropped.
async fn api(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let url = format!("https://discord.com/api/v10{path}");
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = fake
        .http_client()
        .request(method, url)
        .header("authorization", format!("Bot {TOKEN}"));
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    let response = request.send().await.ok()?;
    let status = response.status().as_u16();
    let text = response.text().await.ok()?;
    Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

async fn register_rules(fake: &FakeDiscord) {
    let path = format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID);
    let body = json!([{"name": "rules", "description": "The rules", "type": 1}]);
    let (status, _) = api(fake, "PUT", &path, Some(body)).await.unwrap();
    assert_eq!(status, 200);
}

fn code(answer: &(u16, Value)) -> (u16, u64) {
    (answer.0, answer.1["code"].as_u64().unwrap_or(0))
}

#[tokio::test]
async fn a_seed_replays_the_same_faults() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let plan = FaultPlan {
        seed: 42,
        rate: 0.4,
    };
    let mut runs = Vec::new();
    for _ in 0..2 {
        let fake = fake_with(&clock, plan).await;
        for _ in 0..25 {
            api(&fake, "GET", "/users/@me", None).await;
        }
        let seen: Vec<(Option<String>, u16)> = fake
            .requests()
            .into_iter()
            .map(|r| (r.fault, r.status))
            .collect();
        assert_eq!(seen.len(), 25);
        assert!(fake.fault_total() > 0, "a rate of 0.4 faults some of 25");
        runs.push((seen, fake.faults()));
    }
    assert_eq!(runs[0], runs[1]);
    // Turned off, nothing more is faulted.
    let fake = fake_with(&clock, plan).await;
    fake.set_fault_rate(0.0);
    for _ in 0..10 {
        assert_eq!(api(&fake, "GET", "/users/@me", None).await.unwrap().0, 200);
    }
    assert_eq!(fake.fault_total(), 0);
}

#[tokio::test]
async fn every_answer_carries_rate_limit_headers() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let response = fake
        .http_client()
        .get("https://discord.com/api/v10/users/@me")
        .header("authorization", format!("Bot {TOKEN}"))
        .send()
        .await
        .unwrap();
    for header in [
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "x-ratelimit-reset-after",
        "x-ratelimit-bucket",
    ] {
        assert!(response.headers().contains_key(header), "no {header}");
    }
}

#[tokio::test]
async fn a_late_callback_is_refused_and_kills_the_token() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    register_rules(&fake).await;
    let alice = Person::member(1_000_000_000_000_000_001, "alice");
    let sent = fake.invoke(&alice, CHANNEL, "rules", json!([]), json!({}));
    // The id is a snowflake of the creation time.
    assert_eq!(((sent.id >> 22) as i64) + DISCORD_EPOCH_MS, DEFAULT_NOW_MS);
    clock.advance_secs(4);
    let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
    let answer = api(&fake, "POST", &path, Some(json!({"type": 5, "data": {}})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (404, 10062));
    let followup = format!("/webhooks/{}/{}", FakeDiscord::APPLICATION_ID, sent.token);
    let answer = api(&fake, "POST", &followup, Some(json!({"content": "late"})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (404, 10015));

    // In time, but the token expires after 15 minutes.
    let sent = fake.invoke_with_lag(
        &alice,
        CHANNEL,
        "rules",
        json!([]),
        json!({}),
        Duration::from_millis(2_500),
    );
    let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
    let answer = api(&fake, "POST", &path, Some(json!({"type": 5, "data": {}})))
        .await
        .unwrap();
    assert_eq!(answer.0, 204);
    let again = api(&fake, "POST", &path, Some(json!({"type": 5, "data": {}})))
        .await
        .unwrap();
    assert_eq!(code(&again), (400, 40060));
    clock.advance_secs(15 * 60);
    let followup = format!("/webhooks/{}/{}", FakeDiscord::APPLICATION_ID, sent.token);
    let answer = api(&fake, "POST", &followup, Some(json!({"content": "late"})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (401, 50027));
}

#[tokio::test]
async fn a_nonce_dedupes_a_post() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let path = format!("/channels/{CHANNEL}/messages");
    let body = json!({"content": "board", "nonce": "nn-1", "enforce_nonce": true});
    let first = api(&fake, "POST", &path, Some(body.clone())).await.unwrap();
    let second = api(&fake, "POST", &path, Some(body.clone())).await.unwrap();
    assert_eq!((first.0, second.0), (200, 200));
    assert_eq!(first.1["id"], second.1["id"]);
    assert_eq!(fake.shown(CHANNEL).len(), 1);
    // Without enforce_nonce, or long after, a new message is made.
    clock.advance_secs(10 * 60);
    let third = api(&fake, "POST", &path, Some(body)).await.unwrap();
    assert_ne!(first.1["id"], third.1["id"]);
    assert_eq!(fake.shown(CHANNEL).len(), 2);
}

async fn new_thread(fake: &FakeDiscord) -> u64 {
    let path = format!("/channels/{CHANNEL}/threads");
    let answer = api(
        fake,
        "POST",
        &path,
        Some(json!({"name": "Match 1", "type": 11})),
    )
    .await
    .unwrap();
    assert_eq!(answer.0, 201);
    answer.1["id"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn posting_in_an_archived_thread_unarchives_it_but_an_edit_is_refused() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let thread = new_thread(&fake).await;
    assert_eq!(
        fake.channel(thread).auto_archive_duration,
        None,
        "none sent"
    );
    let path = format!("/channels/{thread}/messages");
    let posted = api(&fake, "POST", &path, Some(json!({"content": "one"})))
        .await
        .unwrap();
    fake.archive_thread(thread);
    let id = posted.1["id"].as_str().unwrap();
    let edit = api(
        &fake,
        "PATCH",
        &format!("{path}/{id}"),
        Some(json!({"content": "two"})),
    )
    .await
    .unwrap();
    assert_eq!(code(&edit), (400, 50083));
    let answer = api(&fake, "POST", &path, Some(json!({"content": "three"})))
        .await
        .unwrap();
    assert_eq!(answer.0, 200);
    assert!(!fake.channel(thread).archived, "a post unarchives");
    let got = api(&fake, "GET", &format!("/channels/{thread}"), None)
        .await
        .unwrap();
    assert_eq!(got.1["thread_metadata"]["archived"], false);
    assert_eq!(got.1["thread_metadata"]["auto_archive_duration"], 1440);
}

#[tokio::test]
async fn a_locked_thread_refuses_posts_and_reopening() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let thread = new_thread(&fake).await;
    fake.lock_thread(thread);
    let path = format!("/channels/{thread}/messages");
    let answer = api(&fake, "POST", &path, Some(json!({"content": "hi"})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (403, 160005));
    let reopen = api(
        &fake,
        "PATCH",
        &format!("/channels/{thread}"),
        Some(json!({"archived": false})),
    )
    .await
    .unwrap();
    assert_eq!(code(&reopen), (403, 50013));
    assert!(fake.channel(thread).archived);
}

#[tokio::test]
async fn deleted_channels_removed_bots_and_denied_permissions() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let path = format!("/channels/{CHANNEL}/messages");
    fake.deny(CHANNEL, Perm::SendMessages);
    let answer = api(&fake, "POST", &path, Some(json!({"content": "hi"})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (403, 50013));
    fake.allow(CHANNEL, Perm::SendMessages);
    fake.deny(CHANNEL, Perm::ReadMessageHistory);
    api(&fake, "POST", &path, Some(json!({"content": "hi"})))
        .await
        .unwrap();
    let read = api(&fake, "GET", &format!("{path}?limit=5"), None)
        .await
        .unwrap();
    assert_eq!(read, (200, json!([])));
    fake.allow(CHANNEL, Perm::ReadMessageHistory);
    let read = api(&fake, "GET", &format!("{path}?limit=5"), None)
        .await
        .unwrap();
    assert_eq!(read.1.as_array().unwrap().len(), 1);
    fake.deny(CHANNEL, Perm::ViewChannel);
    let answer = api(&fake, "GET", &format!("/channels/{CHANNEL}"), None)
        .await
        .unwrap();
    assert_eq!(code(&answer), (403, 50001));
    fake.allow(CHANNEL, Perm::ViewChannel);
    fake.delete_channel(CHANNEL);
    let answer = api(&fake, "POST", &path, Some(json!({"content": "hi"})))
        .await
        .unwrap();
    assert_eq!(code(&answer), (404, 10003));
    fake.remove_bot();
    let answer = api(&fake, "GET", "/channels/1200000000000000999", None)
        .await
        .unwrap();
    assert_eq!(code(&answer), (403, 50001));
}

#[tokio::test]
async fn serenity_retries_an_injected_429() {
    // A seed whose first request of GET /users/@me is a route 429 and whose second is not faulted.
    let rate = 0.5;
    let seed = (0..10_000)
        .find(|&seed| {
            let plan = FaultPlan { seed, rate };
            plan.fault("GET /users/@me", 1) == Some(Fault::RateLimited)
                && plan.fault("GET /users/@me", 2).is_none()
        })
        .expect("such a seed");
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan { seed, rate }).await;
    let http = poise::serenity_prelude::HttpBuilder::new(TOKEN)
        .client(fake.http_client())
        .build();
    let me = http
        .get_current_user()
        .await
        .expect("retried after the 429");
    assert_eq!(me.id.get(), FakeDiscord::BOT_ID);
    let requests = fake.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].status, 429);
    assert_eq!(requests[0].fault.as_deref(), Some("429 route"));
    assert_eq!(requests[1].status, 200);
    assert_eq!(fake.faults()["429 route"], 1);
}

/// A bare gateway client: the frames a test sends and reads, one by one.
type Client =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens a gateway connection and reads its HELLO.
async fn connect(fake: &FakeDiscord) -> Client {
    let (mut client, _) = tokio_tungstenite::connect_async(fake.shared.ws_url.as_str())
        .await
        .expect("the gateway accepts");
    assert_eq!(receive(&mut client).await["op"], 10, "HELLO comes first");
    client
}

async fn send(client: &mut Client, payload: Value) {
    use futures_util::SinkExt;
    let frame = tokio_tungstenite::tungstenite::Message::Text(payload.to_string());
    client.send(frame).await.expect("sent");
}

/// The next text frame, as JSON.
async fn receive(client: &mut Client) -> Value {
    use futures_util::StreamExt;
    loop {
        let frame = tokio::time::timeout(PATIENCE, client.next())
            .await
            .expect("a frame in time")
            .expect("the connection is open")
            .expect("a frame");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The next dispatch: its name and sequence number.
async fn dispatch(client: &mut Client) -> (String, u64) {
    let payload = receive(client).await;
    assert_eq!(payload["op"], 0, "{payload}");
    let name = payload["t"].as_str().unwrap().to_owned();
    (name, payload["s"].as_u64().unwrap())
}

async fn identify(client: &mut Client) -> String {
    send(
        client,
        json!({"op": 2, "d": {"token": TOKEN, "intents": 1}}),
    )
    .await;
    let ready = receive(client).await;
    assert_eq!(
        (ready["t"].as_str(), ready["s"].as_u64()),
        (Some("READY"), Some(1))
    );
    ready["d"]["session_id"].as_str().unwrap().to_owned()
}

async fn resume(client: &mut Client, session_id: &str, seq: u64) {
    let resume = json!({"op": 6, "d": {"token": TOKEN, "session_id": session_id, "seq": seq}});
    send(client, resume).await;
}

#[tokio::test]
async fn a_resume_replays_what_the_bot_missed_then_says_resumed() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    register_rules(&fake).await;
    let mut first = connect(&fake).await;
    let session = identify(&mut first).await;
    assert_eq!(dispatch(&mut first).await, ("GUILD_CREATE".into(), 2));
    fake.wait_online().await;

    // The socket goes without a close frame: the session stays, and what happens meanwhile waits in it.
    drop(first);
    fake.wait_offline().await;
    let alice = Person::member(1_000_000_000_000_000_001, "alice");
    let sent = fake.invoke(&alice, CHANNEL, "rules", json!([]), json!({}));
    fake.delete_channel(1_200_000_000_000_000_902);

    // Resumed from seq 2: the two missed dispatches in order, then RESUMED, and no GUILD_CREATE.
    let mut second = connect(&fake).await;
    resume(&mut second, &session, 2).await;
    let interaction = receive(&mut second).await;
    assert_eq!(interaction["t"], "INTERACTION_CREATE");
    assert_eq!(interaction["s"], 3);
    assert_eq!(interaction["d"]["token"], sent.token.as_str());
    assert_eq!(dispatch(&mut second).await, ("CHANNEL_DELETE".into(), 4));
    let resumed = receive(&mut second).await;
    assert_eq!(resumed, json!({"op": 0, "t": "RESUMED", "s": 5, "d": {}}));
    fake.wait_resumed(1).await;
    // New dispatches follow on the resumed connection.
    fake.delete_channel(1_200_000_000_000_000_903);
    assert_eq!(dispatch(&mut second).await, ("CHANNEL_DELETE".into(), 6));
    let state = fake.state();
    assert_eq!(
        (
            state.identifies,
            state.resumes,
            state.replayed,
            state.connections
        ),
        (1, 1, 2, 2)
    );
}

#[tokio::test]
async fn unknown_invalidated_or_logged_off_sessions_are_refused() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let refused = json!({"op": 9, "d": false});
    let mut client = connect(&fake).await;
    let session = identify(&mut client).await;
    assert_eq!(dispatch(&mut client).await, ("GUILD_CREATE".into(), 2));

    // A session the fake never gave, or a sequence number it never gave: op 9, not resumable.
    let mut stranger = connect(&fake).await;
    resume(&mut stranger, "session-that-never-was", 1).await;
    assert_eq!(receive(&mut stranger).await, refused);
    resume(&mut stranger, &session, 99).await;
    assert_eq!(receive(&mut stranger).await, refused);
    assert!(fake.state().online(), "the session is still where it was");

    // Invalidated as resumable: op 9 true, and the session can be resumed.
    fake.invalidate_session(true);
    assert_eq!(receive(&mut client).await, json!({"op": 9, "d": true}));
    assert!(!fake.state().online());
    let mut again = connect(&fake).await;
    resume(&mut again, &session, 2).await;
    assert_eq!(dispatch(&mut again).await, ("RESUMED".into(), 3));

    // Invalidated for good: the next resume is refused, and only an identify starts a session.
    fake.invalidate_session(false);
    assert_eq!(receive(&mut again).await, json!({"op": 9, "d": false}));
    let mut late = connect(&fake).await;
    resume(&mut late, &session, 3).await;
    assert_eq!(receive(&mut late).await, refused);
    let new_session = identify(&mut late).await;
    assert_ne!(new_session, session);

    // The bot logs off with 1000: its session ends with the connection.
    use tokio_tungstenite::tungstenite::protocol::{frame::coding::CloseCode, CloseFrame};
    let bye = CloseFrame {
        code: CloseCode::Normal,
        reason: "".into(),
    };
    late.close(Some(bye)).await.unwrap();
    fake.wait_offline().await;
    let mut after = connect(&fake).await;
    resume(&mut after, &new_session, 1).await;
    assert_eq!(receive(&mut after).await, refused);
    let state = fake.state();
    assert_eq!(
        (state.identifies, state.resumes, state.refused_resumes),
        (2, 1, 4)
    );
}

#[tokio::test]
async fn reconnect_outage_and_an_unavailable_guild() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let mut client = connect(&fake).await;
    let session = identify(&mut client).await;
    assert_eq!(dispatch(&mut client).await, ("GUILD_CREATE".into(), 2));

    // op 7: nothing more on that connection; what happens meanwhile waits for the resume.
    fake.request_reconnect();
    assert_eq!(receive(&mut client).await, json!({"op": 7, "d": null}));
    fake.guild_unavailable();
    let mut resumed = connect(&fake).await;
    resume(&mut resumed, &session, 2).await;
    let deleted = receive(&mut resumed).await;
    assert_eq!(deleted["t"], "GUILD_DELETE");
    assert_eq!(deleted["d"]["unavailable"], true);
    assert_eq!(dispatch(&mut resumed).await, ("RESUMED".into(), 4));

    // While the guild is unavailable, a new session's READY is followed by its GUILD_DELETE, not its
    // GUILD_CREATE.
    let mut fresh = connect(&fake).await;
    identify(&mut fresh).await;
    let deleted = receive(&mut fresh).await;
    assert_eq!(
        (deleted["t"].as_str(), deleted["s"].as_u64()),
        (Some("GUILD_DELETE"), Some(2))
    );
    assert_eq!(
        deleted["d"],
        json!({"id": FakeDiscord::GUILD_ID.to_string(), "unavailable": true})
    );
    fake.guild_available();
    let guild = receive(&mut fresh).await;
    assert_eq!(
        (guild["t"].as_str(), guild["s"].as_u64()),
        (Some("GUILD_CREATE"), Some(3))
    );
    assert_eq!(guild["d"]["id"], FakeDiscord::GUILD_ID.to_string());

    // An outage: the socket is dropped, new ones are refused with 503 (REST too, here), the session
    // expires.
    fake.begin_outage_with_rest();
    use futures_util::StreamExt;
    let end = tokio::time::timeout(PATIENCE, fresh.next()).await.unwrap();
    assert!(
        !matches!(
            end,
            Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))
        ),
        "dropped without a close frame: {end:?}"
    );
    let url = fake.shared.ws_url.clone();
    match tokio_tungstenite::connect_async(url.as_str()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 503)
        }
        other => panic!("refused with 503, not {:?}", other.map(|_| ())),
    }
    assert_eq!(api(&fake, "GET", "/users/@me", None).await.unwrap().0, 503);
    fake.end_outage();
    assert_eq!(api(&fake, "GET", "/users/@me", None).await.unwrap().0, 200);
    let mut back = connect(&fake).await;
    resume(&mut back, "session-2", 2).await;
    assert_eq!(receive(&mut back).await, json!({"op": 9, "d": false}));
    identify(&mut back).await;
    let state = fake.state();
    assert_eq!(state.refused_connections, 1);
    assert_eq!(state.requests[0].fault.as_deref(), Some("outage"));
}

/// `/board` registered for both installations and every context, as the bot registers its play commands.
async fn register_board_everywhere(fake: &FakeDiscord) {
    let path = format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID);
    let body = json!([{"name": "board", "description": "The board", "type": 1,
        "integration_types": [0, 1], "contexts": [0, 1, 2]}]);
    let (status, _) = api(fake, "PUT", &path, Some(body)).await.unwrap();
    assert_eq!(status, 200);
}

const GROUP_DM: u64 = 1_200_000_000_000_000_902;
const GUEST: u64 = 1_200_000_000_000_000_903;

#[tokio::test]
async fn a_user_installed_app_only_answers_with_five_follow_ups() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    register_board_everywhere(&fake).await;
    let alice = Person::member(1_000_000_000_000_000_001, "alice");
    fake.install_for(&alice);
    fake.add_group_dm(GROUP_DM, "lounge");

    let sent = fake.invoke(&alice, GROUP_DM, "board", json!([]), json!({}));
    let made = fake.interaction_state(&sent);
    assert_eq!(made.context, 2);
    assert_eq!(made.owners, json!({"1": alice.id.to_string()}));
    assert!(made.user_installed_only());
    let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
    let answer = api(
        &fake,
        "POST",
        &path,
        Some(json!({"type": 4, "data": {"content": "board"}})),
    );
    assert_eq!(answer.await.unwrap().0, 204);
    // The bot is no member of the group DM: its own requests there are refused.
    let post = format!("/channels/{GROUP_DM}/messages");
    let answer = api(&fake, "POST", &post, Some(json!({"content": "hi"}))).await;
    assert_eq!(code(&answer.unwrap()), (403, 50001));
    // Five follow-ups, not six.
    let followup = format!("/webhooks/{}/{}", FakeDiscord::APPLICATION_ID, sent.token);
    for n in 0..USER_INSTALL_FOLLOWUPS {
        let body = json!({"content": format!("follow-up {n}")});
        let answer = api(&fake, "POST", &followup, Some(body)).await.unwrap();
        assert_eq!(answer.0, 200, "follow-up {n}");
    }
    let answer = api(
        &fake,
        "POST",
        &followup,
        Some(json!({"content": "one more"})),
    );
    assert_eq!(code(&answer.await.unwrap()), (400, 40094));
    assert_eq!(fake.interaction_state(&sent).refused_followups, 1);

    // A press of the answer's buttons carries the same owners, whoever presses.
    let original = fake.interaction_state(&sent).original.unwrap();
    let bob = Person::member(1_000_000_000_000_000_002, "bob");
    let press = fake.press_forged(&bob, original, "nn:1:1:3");
    assert_eq!(fake.interaction_state(&press).owners, made.owners);

    // In a server without the bot whose members lack Use External Apps, the answers are ephemeral.
    fake.add_guest_channel(GUEST);
    fake.turn_external_apps_off(FakeDiscord::GUEST_GUILD_ID);
    let sent = fake.invoke(&alice, GUEST, "board", json!([]), json!({}));
    assert!(fake.interaction_state(&sent).forced_ephemeral);
    let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
    let answer = api(
        &fake,
        "POST",
        &path,
        Some(json!({"type": 4, "data": {"content": "board"}})),
    );
    assert_eq!(answer.await.unwrap().0, 204);
    let original = fake.interaction_state(&sent).original.unwrap();
    assert!(fake.state().messages[&original].ephemeral);
    let answer = api(&fake, "GET", &format!("/channels/{GUEST}"), None).await;
    assert_eq!(code(&answer.unwrap()), (403, 50001));
}

#[tokio::test]
#[should_panic(expected = "installed nowhere that reaches here")]
async fn a_command_nobody_installed_there_is_never_sent() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    register_board_everywhere(&fake).await;
    fake.add_group_dm(GROUP_DM, "lounge");
    let bob = Person::member(1_000_000_000_000_000_002, "bob");
    fake.invoke(&bob, GROUP_DM, "board", json!([]), json!({}));
}

#[tokio::test]
async fn a_dm_to_someone_who_shares_no_server_is_refused() {
    let clock = Arc::new(ManualClock::new(DEFAULT_NOW_MS));
    let fake = fake_with(&clock, FaultPlan::default()).await;
    let alice = Person::member(1_000_000_000_000_000_001, "alice");
    fake.share_no_guild_with(&alice);
    let opened = api(
        &fake,
        "POST",
        "/users/@me/channels",
        Some(json!({"recipient_id": alice.id.to_string()})),
    )
    .await
    .unwrap();
    assert_eq!(opened.0, 200);
    let channel = opened.1["id"].as_str().unwrap();
    let sent = api(
        &fake,
        "POST",
        &format!("/channels/{channel}/messages"),
        Some(json!({"content": "your turn"})),
    )
    .await
    .unwrap();
    assert_eq!(code(&sent), (403, 50278));
}
