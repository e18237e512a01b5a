//! `namnam migrate-db` (`store::copy`): a live installation — every table with rows, a match in progress,
//! an open challenge — is copied with its ids into an empty database of the other backend and back, and
//! plays on there: the old buttons work and new ids come after the copied ones.

use crate::common::*;
use namnam_core::{ActionId, Resolver};
use namnam_model::{ApplicationId, CommandId};
use namnam_store::copy::{copy_all, table_names, NOT_COPIED, TABLES};
use namnam_store::{Registration, Store, StoreError};
use sqlx::{Column, Row, ValueRef};
use std::collections::BTreeMap;

/// Every row of `table` as text, in key order, with the column names.
async fn dump(store: &Store, table: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
        .fetch_all(store.reader())
        .await
        .unwrap();
    let names = rows
        .first()
        .map(|r| r.columns().iter().map(|c| c.name().to_owned()).collect())
        .unwrap_or_default();
    let values = rows
        .iter()
        .map(|row| {
            (0..row.len())
                .map(|i| {
                    if row.try_get_raw(i).unwrap().is_null() {
                        "NULL".to_owned()
                    } else if let Ok(n) = row.try_get::<i64, _>(i) {
                        n.to_string()
                    } else if let Ok(x) = row.try_get::<f64, _>(i) {
                        format!("{x:?}")
                    } else {
                        format!("{:?}", row.try_get::<String, _>(i).unwrap())
                    }
                })
                .collect()
        })
        .collect();
    (names, values)
}

async fn dump_all(store: &Store) -> BTreeMap<String, (Vec<String>, Vec<Vec<String>>)> {
    let mut all = BTreeMap::new();
    for table in table_names(store).await.unwrap() {
        let rows = dump(store, &table).await;
        all.insert(table, rows);
    }
    all
}

/// Fills every table: a finished rated match (its analysis asked for, its season ended), a match in progress, an open challenge, a rated match in a group DM, server settings,
/// the outbox, heartbeats, a server outage and a command registration. Returns bob's move buttons in the
/// match in progress.
async fn live_installation(h: &Harness) -> Vec<ActionId> {
    assert!(h.core.shards_seen(&[0, 1]).await.unwrap().is_empty());
    h.ok_in("lobby", "carol", "challenge opponent:dave").await;
    // A challenge open to anyone: no challenged player in its row.
    h.ok_in("open-table", "judy", "challenge").await;
    let finished = h
        .start_match("general", "alice", "bob", "first:challenger rounds:1")
        .await;
    let (last, _) = play_out(h, "general", finished, 7, 5000).await;
    assert!(to_move(&last).is_none(), "the first match is over");
    // Its analysis asked for (queued: the copy does not care whether it is done).
    let finished_id = last.board.state.as_ref().expect("the last board").match_id;
    h.ok("bob", &format!("analyse match:{finished_id}")).await;
    // A season ended (its standings kept), and turn DMs asked for.
    h.ok("admin", "admin season").await;
    h.ok("bob", "notify on").await;
    // A rated match of the new season.
    let quick = h
        .start_match("quick", "erin", "frank", "first:challenger")
        .await;
    h.ok_in(
        "quick",
        "erin",
        &format!("move house:{}", legal_houses(&quick)[0]),
    )
    .await;
    h.ok_in("quick", "frank", "resign confirm:yes").await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let reply = h
        .ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    // A tournament under way: a match, a bye, its players.
    h.ok_in(
        "cup",
        "carol",
        "tournament create Cup format:round-robin target:7",
    )
    .await;
    for who in ["carol", "dave", "grace"] {
        h.ok_in("cup", who, "tournament join").await;
    }
    h.ok_in("cup", "carol", "tournament start").await;
    // Places without a server: a challenge open in a DM between players, a match against the computer in
    // the bot's DM (the schema keeps them with no server).
    let mut private = h.request("lounge", "grace", "challenge opponent:heidi");
    private.place = namnam_core::Place::PrivateChannel {
        channel: private.place.channel(),
    };
    private.names.server = None;
    let challenged = h.core.handle(&private).await;
    assert_eq!(
        challenged.outcome,
        namnam_core::Outcome::Done,
        "{:?}",
        challenged.text
    );
    let mut dm = h.request(
        "dm-ivan",
        "ivan",
        "challenge opponent:namnam first:challenger",
    );
    dm.place = namnam_core::Place::BotDm {
        channel: dm.place.channel(),
    };
    dm.names.server = None;
    let started = h.core.handle(&dm).await;
    assert!(started.board.state.is_some(), "{:?}", started.text);
    // A rated match in a group DM: the everywhere rating, and its history.
    h.core
        .try_handle(&in_den(
            h,
            "mallory",
            "challenge opponent:niaj first:challenger",
        ))
        .await
        .expect("a challenge in a group DM");
    let started = h.core.try_handle(&in_den(h, "niaj", "accept")).await;
    let house = legal_houses(&started.expect("accepted"))[0];
    let moved = in_den(h, "mallory", &format!("move house:{house}"));
    h.core
        .try_handle(&moved)
        .await
        .expect("a move in a group DM");
    let resigned = h
        .core
        .try_handle(&in_den(h, "niaj", "resign confirm:yes"))
        .await;
    assert!(resigned.is_ok_and(|r| r.text.has_message("match-ratings-everywhere")));
    h.ok("admin", "admin settings channels:#general clock:1h")
        .await;
    h.core.server_unavailable(OTHER_SERVER).await.unwrap();
    let mut tx = h.core.store().begin().await.unwrap();
    let registration = Registration {
        scope: "global".into(),
        application: ApplicationId(1_200_000_000_000_000_001),
        fingerprint: "f".repeat(64),
        commands: [("move".to_owned(), CommandId(1_200_000_000_000_000_002))].into(),
    };
    namnam_store::save_registration(&mut tx, &registration, START_MS)
        .await
        .unwrap();
    // alice's puzzles: one answered (her puzzle rating), one waiting for its answer.
    let alice = TestNames.user("alice").unwrap().id;
    let answered = namnam_store::insert_puzzle_attempt(
        &mut tx,
        alice,
        "selfplay:1:1:0",
        Some(SERVER),
        namnam_store::PuzzleForm::SidesSwapped,
        START_MS,
    )
    .await
    .unwrap();
    let answer = namnam_store::PuzzleAnswer {
        at: START_MS + 1,
        house: 6,
        solved: true,
    };
    assert!(namnam_store::answer_puzzle(&mut tx, answered, answer)
        .await
        .unwrap());
    namnam_store::insert_puzzle_attempt(
        &mut tx,
        alice,
        "selfplay:1:2:0",
        None,
        namnam_store::PuzzleForm::AsFound,
        START_MS + 2,
    )
    .await
    .unwrap();
    let rating = namnam_store::PuzzleRating {
        player: alice,
        rating: 1563.5,
        deviation: 290.25,
        volatility: 0.06,
        attempts: 1,
        solved: 1,
        streak: 1,
        best_streak: 1,
    };
    namnam_store::save_puzzle_rating(&mut tx, &rating, START_MS + 1)
        .await
        .unwrap();
    // The puzzle she answered, rated by its answers.
    let standing = namnam_store::PuzzleStanding {
        puzzle: "selfplay:1:1:0".into(),
        rating: 1287.25,
        deviation: 341.5,
        volatility: 0.06,
        answers: 1,
        solved: 1,
    };
    namnam_store::save_puzzle_standing(&mut tx, &standing, START_MS + 1)
        .await
        .unwrap();
    // The server's daily puzzle: a day's post with alice's answer, its first match mined, a puzzle found.
    let daily = namnam_store::DailyPuzzle {
        server: SERVER,
        day: START_MS / 86_400_000,
        puzzle: "match:1:3".into(),
        channel: channel_id("general"),
        posted_at: START_MS,
    };
    assert!(namnam_store::claim_daily_puzzle(&mut tx, &daily)
        .await
        .unwrap());
    let answer = namnam_store::DailyAnswer {
        player: alice,
        name: "alice".into(),
        house: 4,
        solved: false,
        answered_at: START_MS + 60_000,
    };
    assert!(
        namnam_store::record_daily_answer(&mut tx, SERVER, daily.day, &answer)
            .await
            .unwrap()
    );
    let line =
        "match:1:3 6 1,0,1,0,0,1,3,0,0,2,0,0 20,20 south south 90 capturer 6 ends-round 0 160 -160";
    namnam_store::add_server_puzzle(&mut tx, SERVER, "match:1:3", line, START_MS)
        .await
        .unwrap();
    // alice's lessons: the first two stages passed.
    for (stage, at) in [("sowing", START_MS), ("relay", START_MS + 1)] {
        assert!(namnam_store::pass_lesson(&mut tx, alice, stage, at)
            .await
            .unwrap());
    }
    sqlx::query("INSERT INTO mined_matches (match_id, mined_at) VALUES ($1, $2)")
        .bind(finished_id.to_sql())
        .bind(START_MS)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    reply
        .buttons
        .actions
        .iter()
        .filter(|a| matches!(a.id, ActionId::Move { .. }))
        .map(|a| a.id)
        .collect()
}

/// `line` as `user` in the group DM `#den`.
fn in_den(h: &Harness, user: &str, line: &str) -> namnam_core::Request {
    let mut request = h.request("den", user, line);
    request.place = namnam_core::Place::PrivateChannel {
        channel: request.place.channel(),
    };
    request.names.server = None;
    request
}

/// Copies `from` into a new database of `backend`; checks that every table of both schemas was copied,
/// row for row; returns the new database.
async fn copy_into(from: &Store, backend: Backend) -> (TestDb, Store) {
    let db = TestDb::new(backend).await;
    let to = Store::open(&db.url).await.unwrap();
    let copied = copy_all(from, &to).await.unwrap();
    let mut expected: Vec<&str> = TABLES.iter().chain(NOT_COPIED).copied().collect();
    expected.sort();
    for schema in [
        table_names(from).await.unwrap(),
        table_names(&to).await.unwrap(),
    ] {
        assert_eq!(
            schema, expected,
            "migrate-db knows every table of both schemas"
        );
    }
    let before = dump_all(from).await;
    assert_eq!(
        dump_all(&to).await,
        before,
        "every row of every table, as it was"
    );
    for (table, n) in &copied.tables {
        assert!(
            *n > 0,
            "the installation has rows in {table}, so its copy is checked"
        );
        assert_eq!(*n as usize, before[table].1.len());
    }
    // A second copy would mix two installations: refused, and the target left as it was.
    assert!(matches!(
        copy_all(from, &to).await,
        Err(StoreError::TargetNotEmpty(_))
    ));
    assert_eq!(dump_all(&to).await, before);
    (db, to)
}

/// Plays on after a copy: bob's old button moves in the match in progress, dave accepts the challenge
/// (its match gets an id after every copied one), and the leaderboard is the one before.
async fn plays_on(h: &Harness, buttons: &[ActionId], max_match_before: i64) {
    let mut request = h.request("general", "bob", "board");
    request.command = buttons[0].command();
    let reply = h
        .core
        .try_handle(&request)
        .await
        .expect("the old button still moves");
    assert_eq!(to_move(&reply).as_deref(), Some("alice"));
    h.ok_in("lobby", "dave", "accept").await;
    let max_match: i64 = sqlx::query_scalar("SELECT MAX(id) FROM matches")
        .fetch_one(h.core.store().reader())
        .await
        .unwrap();
    assert_eq!(max_match, max_match_before + 1, "a new match gets a new id");
    let taken = h.ok_in("open-table", "kim", "accept").await;
    assert!(taken.board.state.is_some(), "the open challenge is taken");
    let board = h.ok("carol", "leaderboard").await.text.plain();
    assert!(board.contains("erin") && board.contains("frank"), "{board}");
    let old = h.ok("carol", "leaderboard season:1").await.text.plain();
    assert!(old.contains("alice") && old.contains("bob"), "{old}");
    // The everywhere rating, copied apart from the server's.
    let everywhere = h
        .core
        .try_handle(&in_den(h, "mallory", "leaderboard"))
        .await;
    let everywhere = everywhere.expect("the everywhere leaderboard").text.plain();
    assert!(
        everywhere.contains("mallory") && everywhere.contains("niaj"),
        "{everywhere}"
    );
    assert!(!board.contains("mallory"), "{board}");
}

async fn migrate_db_moves_a_live_installation_there_and_back(backend: Backend) {
    let h = Harness::with_outage_rule(Backend::Sqlite).await;
    let buttons = live_installation(&h).await;
    let max_match: i64 = sqlx::query_scalar("SELECT MAX(id) FROM matches")
        .fetch_one(h.core.store().reader())
        .await
        .unwrap();
    let clock = h.clock.clone();
    h.core.store().close().await;

    // There, into an empty database of `backend`, with a snapshot kept of the source.
    let source = Store::open(&h.db.url).await.unwrap();
    let (there_db, there) = copy_into(&source, backend).await;
    // And back, into a new SQLite file, before anything changes.
    let (back_db, back) = copy_into(&there, Backend::Sqlite).await;
    there.close().await;
    back.close().await;

    for db in [there_db, back_db] {
        let moved = Harness::open_with_outage_rule(db, clock.clone()).await;
        plays_on(&moved, &buttons, max_match).await;
    }
}

/// A pool on `db` whose schema is as the migrations before `version` left it.
async fn schema_before(db: &TestDb, backend: Backend, version: i64) -> sqlx::AnyPool {
    use namnam_store::{Backend as StoreBackend, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
    sqlx::any::install_default_drivers();
    let url = match backend {
        Backend::Sqlite => format!("{}?mode=rwc", db.url),
        Backend::Postgres => db.url.clone(),
    };
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    let migrations = match StoreBackend::of_url(&db.url).unwrap() {
        StoreBackend::Sqlite => SQLITE_MIGRATIONS,
        StoreBackend::Postgres => POSTGRES_MIGRATIONS,
    };
    let mut before = migrations.migrator().await.unwrap();
    let upto = before
        .iter()
        .position(|m| m.version == version)
        .expect("the migration");
    before.migrations = before.migrations[..upto].to_vec().into();
    before.run(&pool).await.unwrap();
    pool
}

/// Migration 22 moves a challenge's and a tournament's terms into one JSON column (`Terms`): a database
/// made by the version before, with an open challenge and a running tournament (its players and a game,
/// which cascade from it), opens with every row kept, each term where it was, and the next tournament
/// numbered after the old ones.
async fn old_terms_columns_become_one_terms_column_keeping_every_row(backend: Backend) {
    let db = TestDb::new(backend).await;
    let pool = schema_before(&db, backend, 22).await;
    for sql in [
        "INSERT INTO servers (id, name, created_at) VALUES (7, 'old server', 0)",
        "INSERT INTO players (id, name, created_at) VALUES (11, 'alice', 0), (12, 'bob', 0)",
        "INSERT INTO challenges (id, server_id, channel_id, challenger_id, challenged_id, endgame, chain,
            first, target, rounds, clock_secs, created_at, expires_at)
            VALUES (5, 7, 70, 11, 12, 'starter', 1, 'challenged', NULL, 3, 3600, 0, 600000)",
        // Two tournaments, the second deleted: the id counter is past the ids left.
        "INSERT INTO tournaments (server_id, channel_id, channel_name, name, organiser_id, format,
            rounds, endgame, chain, target, round_limit, clock_secs, round_days, state, round,
            created_at, updated_at)
            VALUES (7, 70, 'cup', 'Old cup', 11, 'swiss', 3, 'capturer', 0, 8, NULL, 86400, 7,
            'running', 1, 0, 0)",
        "INSERT INTO tournaments (server_id, channel_id, channel_name, name, organiser_id, format,
            rounds, endgame, chain, target, round_limit, clock_secs, round_days, state, round,
            created_at, updated_at)
            VALUES (7, 70, 'cup', 'Gone cup', 11, 'swiss', 3, 'capturer', 0, 8, NULL, 86400, 7,
            'cancelled', 0, 0, 0)",
        "DELETE FROM tournaments WHERE id = 2",
        "INSERT INTO tournament_players (tournament_id, player_id, joined_at, seed)
            VALUES (1, 11, 0, 0), (1, 12, 0, 1)",
        "INSERT INTO tournament_games (tournament_id, round, board, south_id, north_id)
            VALUES (1, 1, 1, 11, 12)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let store = Store::open(&db.url).await.expect("the old database opens");
    let reader = store.reader();
    let challenge = namnam_store::find_open_challenge(
        reader,
        namnam_model::Place::ServerChannel {
            server: namnam_model::ServerId(7),
            channel: namnam_model::ChannelId(70),
        },
    )
    .await
    .unwrap()
    .expect("the open challenge is kept");
    let expected = namnam_model::Terms {
        rules: namnam_game::Rules {
            endgame: namnam_game::Endgame::Starter,
            chain: true,
        },
        target: None,
        round_limit: Some(3),
        clock_secs: 3600,
        first: namnam_model::FirstMover::Challenged,
    };
    assert_eq!(
        (challenge.id, challenge.terms),
        (namnam_model::ChallengeId(5), expected)
    );
    let cup = namnam_store::load_tournament(reader, namnam_model::TournamentId(1))
        .await
        .unwrap()
        .expect("the tournament is kept");
    assert_eq!((cup.terms.target, cup.terms.clock_secs), (Some(8), 86_400));
    assert_eq!(cup.terms.first, namnam_model::FirstMover::Challenger);
    let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournament_players")
        .fetch_one(reader)
        .await
        .unwrap();
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournament_games")
        .fetch_one(reader)
        .await
        .unwrap();
    assert_eq!(
        (players, games),
        (2, 1),
        "what cascades from a tournament is kept"
    );
    // A new tournament is numbered after every old one, the deleted one too.
    let mut tx = store.begin().await.unwrap();
    let next = namnam_store::insert_tournament(
        &mut tx,
        &namnam_store::NewTournament {
            server: namnam_model::ServerId(7),
            channel: namnam_model::ChannelId(70),
            channel_name: "cup",
            name: "New cup",
            organiser: namnam_model::UserId(11),
            format: namnam_model::Format::RoundRobin,
            rounds: None,
            terms: cup.terms,
            round_days: 7,
            starts_at: None,
            player_limit: None,
            now_ms: 1,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(next, namnam_model::TournamentId(3));
}

/// Migration 24 makes room for a beginner's level below the five there were: a match stored against the
/// old level 5, the strongest, is against level 6 after it, the same player.
async fn an_old_computer_match_keeps_its_player_at_the_new_level(backend: Backend) {
    let db = TestDb::new(backend).await;
    let pool = schema_before(&db, backend, 24).await;
    let options = namnam_game::MatchOptions::new(
        namnam_game::Rules::default(),
        namnam_game::Player::South,
        None,
        Some(1),
    )
    .unwrap();
    let game = serde_json::to_string(&namnam_game::Match::new(options)).unwrap();
    for sql in [
        "INSERT INTO servers (id, name, created_at) VALUES (7, 'old server', 0)",
        "INSERT INTO players (id, name, kind, created_at) VALUES (11, 'alice', 'human', 0),
            (12, 'namnam', 'engine', 0)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    sqlx::query(
        "INSERT INTO matches (id, server_id, channel_id, channel_name, south_id, north_id, state, game,
            clock_secs, engine_level, created_at, updated_at)
            VALUES (3, 7, 70, 'games', 11, 12, 'finished', $1, 3600, 5, 0, 0)",
    )
    .bind(game)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let store = Store::open(&db.url).await.expect("the old database opens");
    let row = namnam_store::load_match(store.reader(), namnam_model::MatchId(3))
        .await
        .unwrap()
        .expect("the match is kept");
    let seat = row.computer.expect("against the computer");
    assert_eq!(seat.level, namnam_ai::Level::STRONGEST);
    assert_eq!(seat.level.number(), 6);
}

/// Migration 26 lets a challenge name no challenged player (open to anyone): a database made by the
/// version before, with an open challenge to bob and a declined one, opens with both kept, and the id
/// counter goes on where it was.
async fn challenges_to_someone_are_kept_when_challenges_may_be_open(backend: Backend) {
    let db = TestDb::new(backend).await;
    let pool = schema_before(&db, backend, 26).await;
    for sql in [
        "INSERT INTO servers (id, name, created_at) VALUES (7, 'old server', 0)",
        "INSERT INTO players (id, name, created_at) VALUES (11, 'alice', 0), (12, 'bob', 0)",
        "INSERT INTO challenges (id, server_id, channel_id, challenger_id, challenged_id, state, created_at,
            expires_at, closed_at, terms, place)
            VALUES (5, 7, 70, 11, 12, 'declined', 0, 600000, 10, '{\"endgame\": \"capturer\",
                       \"chain\": false, \"first\": \"random\", \"target\": 10, \"round_limit\": null,
                       \"clock_secs\": 86400}', 'server'),
                   (9, 7, 70, 11, 12, 'open', 0, 600000, NULL, '{\"endgame\": \"capturer\",
                       \"chain\": false, \"first\": \"random\", \"target\": 10, \"round_limit\": null,
                       \"clock_secs\": 86400}', 'server')",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let store = Store::open(&db.url).await.expect("the old database opens");
    let reader = store.reader();
    let place = namnam_model::Place::ServerChannel {
        server: namnam_model::ServerId(7),
        channel: namnam_model::ChannelId(71),
    };
    let open = namnam_store::find_open_challenge(
        reader,
        namnam_model::Place::ServerChannel {
            server: namnam_model::ServerId(7),
            channel: namnam_model::ChannelId(70),
        },
    )
    .await
    .unwrap()
    .expect("the open challenge is kept");
    assert_eq!(open.id, namnam_model::ChallengeId(9));
    assert_eq!(
        open.challenged,
        Some((namnam_model::UserId(12), "bob".to_owned()))
    );
    let mut tx = store.begin().await.unwrap();
    let next = namnam_store::insert_challenge(
        &mut tx,
        place,
        namnam_model::UserId(11),
        None,
        &open.terms,
        0,
        600_000,
    )
    .await
    .expect("a challenge to anyone is stored");
    tx.commit().await.unwrap();
    // SQLite's table is rebuilt: its counter must go on where it was (PostgreSQL's is left as it is, and
    // rows inserted with their ids, as here, do not move it).
    if matches!(backend, Backend::Sqlite) {
        assert_eq!(next, namnam_model::ChallengeId(10), "the counter goes on");
    }
    let anyone = namnam_store::find_open_challenge(reader, place)
        .await
        .unwrap()
        .expect("the challenge to anyone");
    assert_eq!(anyone.challenged, None);
    store.close().await;
}

on_both_backends!(
    challenges_to_someone_are_kept_when_challenges_may_be_open,
    migrate_db_moves_a_live_installation_there_and_back,
    old_terms_columns_become_one_terms_column_keeping_every_row,
    an_old_computer_match_keeps_its_player_at_the_new_level,
);
