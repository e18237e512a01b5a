//! Several processes on one database, as a deployment by shard range runs them: each its own core, with
//! its own name. The computer's turn and the poster's posts are claimed before the work and done once; a
//! dead process's claims run out and are taken over, and the same process starting again takes its own
//! back at once; the clock's sweep needs no claim, each of its changes being one transaction.

use crate::common::*;
use namnam_core::{Core, Reply, Via};
use namnam_model::{ChannelId, MatchId, PostId, PostTo};
use namnam_store::{self as store, Delivery, NewPost};

/// alice plays a first move against the computer through `core`; returns the reply (the computer's turn
/// with it) and the match's id.
async fn computer_to_move(h: &Harness, core: &Core) -> (Reply, i64) {
    let start = core
        .try_handle(&h.request(
            "general",
            "alice",
            "challenge opponent:namnam level:1 first:challenger",
        ))
        .await
        .expect("the match starts");
    let house = legal_houses(&start)[0];
    let reply = core
        .try_handle(&h.request("general", "alice", &format!("move house:{house}")))
        .await
        .expect("alice moves");
    let match_id = reply.board.state.as_ref().expect("a board").match_id;
    assert!(reply.follows.computer_turn.is_some(), "the computer's turn");
    (reply, match_id.0)
}

async fn moves_stored(h: &Harness) -> i64 {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(h.core.store().reader())
        .await
        .unwrap();
    n
}

/// Process `a` claims the computer's turn and dies before moving.
async fn dies_holding_the_turn(a: &Core, match_id: MatchId) {
    let row = store::load_match(a.store().reader(), match_id)
        .await
        .unwrap()
        .expect("the match");
    let now = a.now_ms();
    let mut tx = a.store().begin().await.unwrap();
    assert!(
        store::claim_computer_turn(&mut tx, match_id, row.version, "a", now, now + 60_000)
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
    a.store().close().await;
}

async fn a_dead_processs_computer_turn_is_taken_over_when_its_claim_runs_out(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    let b = h.process("b").await;
    let (reply, match_id) = computer_to_move(&h, &a).await;
    dies_holding_the_turn(&a, MatchId(match_id)).await;
    let before = moves_stored(&h).await;

    let turn = reply.follows.computer_turn.unwrap();
    assert!(
        b.computer_turn(turn, Via::Poster).await.unwrap().is_none(),
        "claimed by a: b leaves it"
    );
    h.clock.advance_secs(59);
    assert!(
        b.computer_turn(turn, Via::Poster).await.unwrap().is_none(),
        "still claimed a second before it runs out"
    );
    assert_eq!(moves_stored(&h).await, before, "nobody played it yet");

    h.clock.advance_secs(2);
    let played = b.catch_up_computer().await.unwrap();
    assert_eq!(
        played.len(),
        1,
        "b took the turn over once the claim ran out"
    );
    assert_eq!(moves_stored(&h).await, before + 1);
    assert_eq!(
        store::computer_claim(b.store().reader(), MatchId(match_id))
            .await
            .unwrap(),
        None,
        "the move cleared the claim"
    );
    assert!(b.catch_up_computer().await.unwrap().is_empty(), "once");
}

async fn a_process_starting_again_takes_back_its_own_claims_at_once(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    let (_, match_id) = computer_to_move(&h, &a).await;
    dies_holding_the_turn(&a, MatchId(match_id)).await;
    let before = moves_stored(&h).await;
    h.clock.advance_secs(1);

    // Another process started meanwhile leaves a's claim alone; a itself, starting again, does not wait.
    let b = h.process("b").await;
    b.release_held_posts().await.unwrap();
    assert!(b.catch_up_computer().await.unwrap().is_empty());
    let a_again = h.process("a").await;
    a_again.release_held_posts().await.unwrap();
    assert_eq!(a_again.catch_up_computer().await.unwrap().len(), 1);
    assert_eq!(moves_stored(&h).await, before + 1);
}

/// Stores a pending post in `channel`; returns its id.
async fn pending_post(core: &Core, channel: u64) -> PostId {
    let body = serde_json::json!({
        "text": namnam_core::Text::from("a notice"),
        "notify": [], "deadline_ms": null, "actions": [], "board": null, "scene": null,
    })
    .to_string();
    let mut tx = core.store().begin().await.unwrap();
    let id = store::insert_post(
        &mut tx,
        &NewPost {
            server: Some(SERVER),
            to: PostTo::channel(ChannelId(channel)),
            reach: namnam_model::Reach::Posts,
            match_id: None,
            body: &body,
            delivery: Delivery::Poster,
            now_ms: core.now_ms(),
            process: "test",
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

async fn two_posters_never_claim_the_same_post(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    let b = h.process("b").await;
    let mut ids = Vec::new();
    for channel in 1..=6 {
        ids.push((
            pending_post(&a, channel).await,
            pending_post(&a, channel).await,
        ));
    }
    // a takes three; b takes the oldest post of the other channels, never the second post of a's.
    let claimed_a = a.claim_posts(3, &[]).await.unwrap();
    let claimed_b = b.claim_posts(20, &[]).await.unwrap();
    let first: Vec<PostId> = ids.iter().map(|(first, _)| *first).collect();
    let got = |posts: &[namnam_core::Post]| posts.iter().map(|p| p.id).collect::<Vec<_>>();
    assert_eq!(got(&claimed_a), first[..3]);
    assert_eq!(got(&claimed_b), first[3..]);
    let c = h.process("c").await;
    assert!(c.claim_posts(20, &[]).await.unwrap().is_empty(), "all held");
    // (A poster gets its own claims again: it retries what failed.)
    assert_eq!(got(&b.claim_posts(20, &[]).await.unwrap()), first[3..]);

    // b delivers its own and gets the next ones; a dies holding its three.
    for post in &claimed_b {
        b.post_delivered(post.id, None).await.unwrap();
    }
    let next_b = b.claim_posts(20, &[]).await.unwrap();
    let second: Vec<PostId> = ids.iter().map(|(_, second)| *second).collect();
    assert_eq!(got(&next_b), second[3..]);
    assert!(next_b.iter().all(|p| !p.maybe_shown));
    for post in &next_b {
        b.post_delivered(post.id, None).await.unwrap();
    }
    a.store().close().await;

    // Once a's claims run out, b takes them over, as possibly shown (a may have died after Discord took
    // one): it looks before posting.
    h.clock
        .advance_secs(namnam_core::outbox::POST_CLAIM_MS / 1000 - 1);
    assert!(c.claim_posts(20, &[]).await.unwrap().is_empty());
    h.clock.advance_secs(2);
    let taken_over = c.claim_posts(20, &[]).await.unwrap();
    assert_eq!(got(&taken_over), first[..3]);
    assert!(taken_over.iter().all(|p| p.maybe_shown));
}

async fn held_answers_are_released_only_by_the_process_that_held_them(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    let challenge = a
        .try_handle(&h.request("general", "alice", "challenge opponent:bob"))
        .await
        .unwrap();
    let held = challenge.follows.post.expect("held for a's answer");
    let b = h.process("b").await;
    assert_eq!(
        b.release_held_posts().await.unwrap(),
        0,
        "a may still answer"
    );
    assert!(b.claim_posts(20, &[]).await.unwrap().is_empty());
    let a_again = h.process("a").await;
    assert_eq!(a_again.release_held_posts().await.unwrap(), 1);
    let due = b.claim_posts(20, &[]).await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!((due[0].id, due[0].maybe_shown), (held, true));
}

async fn a_dead_processs_held_answers_are_taken_over_when_its_heartbeat_stops(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    a.sweep().await.unwrap();
    let challenge = a
        .try_handle(&h.request("general", "alice", "challenge opponent:bob"))
        .await
        .unwrap();
    let held = challenge.follows.post.expect("held for a's answer");
    // a dies here: it never beats again, and never starts again under its name.
    let b = h.process("b").await;
    b.sweep().await.unwrap();
    assert!(
        b.claim_posts(20, &[]).await.unwrap().is_empty(),
        "a is alive"
    );
    h.clock
        .advance_secs(namnam_core::outbox::SILENT_AFTER_MS / 1000 - 1);
    b.sweep().await.unwrap();
    assert!(
        b.claim_posts(20, &[]).await.unwrap().is_empty(),
        "a has been silent, but not for long"
    );
    h.clock.advance_secs(2);
    b.sweep().await.unwrap();
    let due = b.claim_posts(20, &[]).await.unwrap();
    assert_eq!(
        due.len(),
        1,
        "taken over long before the interaction's 15 minutes"
    );
    assert_eq!((due[0].id, due[0].maybe_shown), (held, true));
}

async fn a_lease_has_one_holder_until_it_runs_out(backend: Backend) {
    let h = Harness::new(backend).await;
    let take = |holder: &'static str, now: i64| {
        let store = h.core.store();
        async move {
            let mut tx = store.begin().await.unwrap();
            let taken = store::take_lease(&mut tx, "commands", holder, now, now + 1_000)
                .await
                .unwrap();
            tx.commit().await.unwrap();
            taken
        }
    };
    assert!(take("a", 0).await);
    assert!(!take("b", 500).await, "a holds it");
    assert!(take("a", 600).await, "a renews it");
    assert!(!take("b", 1_500).await, "until 1600");
    assert!(take("b", 1_600).await, "ran out: b takes it");
    let mut tx = h.core.store().begin().await.unwrap();
    store::end_lease(&mut tx, "commands", "a").await.unwrap();
    tx.commit().await.unwrap();
    assert!(!take("a", 1_700).await, "a cannot end b's lease");
}

async fn two_sweeps_at_once_time_a_match_out_once(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let a = h.process("a").await;
    let b = h.process("b").await;
    h.start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    h.clock.advance_secs(3600 + 1);
    let (from_a, from_b) = tokio::join!(a.sweep(), b.sweep());
    let timeouts = |notices: &[namnam_core::Notice]| {
        notices
            .iter()
            .filter(|n| n.reply.text.plain().contains("move clock ran out"))
            .count()
    };
    assert_eq!(
        timeouts(&from_a.unwrap()) + timeouts(&from_b.unwrap()),
        1,
        "one timeout between the two"
    );
    let stored: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE body LIKE '%match-time-out%'")
            .fetch_one(h.core.store().reader())
            .await
            .unwrap();
    assert_eq!(stored, 1, "one notice stored");
}

on_both_backends!(
    a_dead_processs_computer_turn_is_taken_over_when_its_claim_runs_out,
    a_process_starting_again_takes_back_its_own_claims_at_once,
    two_posters_never_claim_the_same_post,
    held_answers_are_released_only_by_the_process_that_held_them,
    a_dead_processs_held_answers_are_taken_over_when_its_heartbeat_stops,
    a_lease_has_one_holder_until_it_runs_out,
    two_sweeps_at_once_time_a_match_out_once(flavor = "multi_thread", worker_threads = 2),
);
