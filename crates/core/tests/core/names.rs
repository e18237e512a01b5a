//! Names stay in their server: a player's name in a server's messages, leaderboard and pages is their
//! current name there (their nickname), never another server's; a finished match keeps the names as they
//! were when it was played; the account's own name is kept apart, for places outside any server.

use crate::common::*;
use namnam_core::{Request, Resolver};
use namnam_store::Snowflake;
use namnam_store as store;

/// The second server of these tests.
const OTHER: Snowflake = Snowflake(SERVER.0 + 1);

/// `line` as `user` in `server`'s `#channel`, where they are called `name`.
fn as_named(
    h: &Harness,
    server: Snowflake,
    channel: &str,
    user: &str,
    name: &str,
    line: &str,
) -> Request {
    let mut request = h.request(channel, user, line);
    request.place.server = server;
    request.place.server_name = format!("server {}", server.0);
    request.user.name = name.to_owned();
    request.user.account_name = Some(format!("{user} (account)"));
    request
}

async fn ok(h: &Harness, request: Request) -> namnam_core::Reply {
    match h.core.try_handle(&request).await {
        Ok(reply) => reply,
        Err(e) => panic!("{:?} was refused: {e}", request.command),
    }
}

/// A rated match of alice (named `alice_name`) and bob in `server`: one move, then bob resigns. Returns
/// the match's id.
async fn rated_match(h: &Harness, server: Snowflake, channel: &str, alice_name: &str) -> i64 {
    let challenge = as_named(
        h,
        server,
        channel,
        "alice",
        alice_name,
        "challenge opponent:bob first:challenger",
    );
    ok(h, challenge).await;
    let board = ok(h, as_named(h, server, channel, "bob", "bob", "accept")).await;
    let house = legal_houses(&board)[0];
    ok(
        h,
        as_named(
            h,
            server,
            channel,
            "alice",
            alice_name,
            &format!("move house:{house}"),
        ),
    )
    .await;
    let over = ok(
        h,
        as_named(h, server, channel, "bob", "bob", "resign confirm:yes"),
    )
    .await;
    over.board.expect("the last board").match_id
}

async fn leaderboard_names(h: &Harness, server: Snowflake) -> Vec<String> {
    let (rows, _) = store::leaderboard(h.core.store().reader(), server, 1, 10)
        .await
        .unwrap();
    rows.into_iter().map(|r| r.name).collect()
}

async fn each_server_shows_its_own_name(backend: Backend) {
    let h = Harness::new(backend).await;
    let first = rated_match(&h, SERVER, "general", "Alice of A").await;
    rated_match(&h, OTHER, "lobby", "Ali of B").await;

    let mut a = leaderboard_names(&h, SERVER).await;
    let mut b = leaderboard_names(&h, OTHER).await;
    a.sort();
    b.sort();
    assert_eq!(a, ["Alice of A", "bob"]);
    assert_eq!(b, ["Ali of B", "bob"]);
    let shown = ok(
        &h,
        as_named(&h, SERVER, "general", "carol", "carol", "leaderboard"),
    )
    .await;
    assert!(shown.text.plain().contains("Alice of A"), "{}", shown.text);
    assert!(!shown.text.plain().contains("Ali of B"), "{}", shown.text);
    let alice = TestNames.user("alice").unwrap().id;
    assert_eq!(
        store::player_name(h.core.store().reader(), alice)
            .await
            .unwrap()
            .as_deref(),
        Some("alice (account)"),
        "the account keeps its own name, for places outside servers"
    );

    // Alice changes her nickname in the first server: it shows there from her next challenge on, while
    // the match she played keeps the name she had.
    ok(
        &h,
        as_named(
            &h,
            SERVER,
            "general",
            "alice",
            "Alicia",
            "challenge opponent:carol",
        ),
    )
    .await;
    let mut a = leaderboard_names(&h, SERVER).await;
    a.sort();
    assert_eq!(a, ["Alicia", "bob"]);
    assert_eq!(leaderboard_names(&h, OTHER).await.len(), 2);
    assert!(leaderboard_names(&h, OTHER)
        .await
        .contains(&"Ali of B".to_owned()));
    let played = store::load_match(h.core.store().reader(), first)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(played.names.south, "Alice of A");
    let record = store::load_record(h.core.store().reader(), first)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(record.south, "Alice of A");
    let mut tx = h.core.store().begin().await.unwrap();
    let open = store::open_challenges(&mut tx).await.unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].challenger_name, "Alicia");
}

on_both_backends!(each_server_shows_its_own_name);
