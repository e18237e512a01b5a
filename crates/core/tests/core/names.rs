//! Names stay in their server: a player's name in a server's messages, leaderboard and pages is their
//! current name there (their nickname), never another server's; a finished match keeps the names as they
//! were when it was played; the account's own name is kept apart, for places outside any server.

use crate::common::*;
use namnam_core::{Request, Resolver};
use namnam_model::{MatchId, ServerId, UserId};
use namnam_store as store;

/// The second server of these tests.
const OTHER: ServerId = ServerId(SERVER.0 + 1);

/// `line` as `user` in `server`'s `#channel`, where they are called `name`.
fn as_named(
    h: &Harness,
    server: ServerId,
    channel: &str,
    user: &str,
    name: &str,
    line: &str,
) -> Request {
    let mut request = h.request(channel, user, line);
    request.place = namnam_core::Place::ServerChannel {
        server,
        channel: request.place.channel(),
    };
    request.names.server = Some(format!("server {}", server.0));
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
async fn rated_match(h: &Harness, server: ServerId, channel: &str, alice_name: &str) -> MatchId {
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
    MatchId((over.board.state.expect("the last board").match_id).0)
}

async fn leaderboard_names(h: &Harness, server: ServerId) -> Vec<String> {
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
    let played = store::load_match(h.core.store().reader(), MatchId(first.0))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(played.names.south, "Alice of A");
    let record = store::load_record(h.core.store().reader(), MatchId(first.0))
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

/// The migration that gave each server its names starts every server from the one name known before.
async fn the_migration_keeps_todays_names_in_every_server(backend: Backend) {
    let db = TestDb::new(backend).await;
    let url = match backend {
        Backend::Sqlite => format!("{}?mode=rwc", db.url),
        Backend::Postgres => db.url.clone(),
    };
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let migrations = match backend {
        Backend::Sqlite => store::SQLITE_MIGRATIONS,
        Backend::Postgres => store::POSTGRES_MIGRATIONS,
    };
    let mut before = migrations.migrator().await.unwrap();
    let until = before
        .iter()
        .position(|m| m.version == 20)
        .expect("migration 20");
    before.migrations = std::borrow::Cow::Owned(before.migrations[..until].to_vec());
    before.run(&pool).await.unwrap();
    for sql in [
        "INSERT INTO servers (id, name, created_at) VALUES (1, 'one', 0), (2, 'two', 0), (3, 'three', 0)",
        "INSERT INTO players (id, name, kind, created_at) VALUES (10, 'Nick', 'human', 5), (11, 'Other', 'human', 5)",
        "INSERT INTO ratings (server_id, player_id, rating, deviation, volatility, updated_at)
         VALUES (1, 10, 1500, 350, 0.06, 0), (2, 10, 1500, 350, 0.06, 0), (2, 11, 1500, 350, 0.06, 0)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    pool.close().await;
    let store = store::Store::open(&db.url).await.unwrap();
    let names = |server: u64, player: u64| {
        let store = store.clone();
        async move {
            store::server_name(store.reader(), ServerId(server), UserId(player))
                .await
                .unwrap()
        }
    };
    assert_eq!(names(1, 10).await.as_deref(), Some("Nick"));
    assert_eq!(names(2, 10).await.as_deref(), Some("Nick"));
    assert_eq!(names(2, 11).await.as_deref(), Some("Other"));
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM server_names")
        .fetch_one(store.reader())
        .await
        .unwrap();
    assert_eq!(rows, 3, "a name only where the player has a trace");
    store.close().await;
}

on_both_backends!(
    each_server_shows_its_own_name,
    the_migration_keeps_todays_names_in_every_server,
);
