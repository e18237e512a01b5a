//! The everywhere rating: matches outside the servers that invited the bot (a group DM, a server's channel
//! where only players installed the app) move a rating of their own, which no server's leaderboard ever
//! shows; `leaderboard` there lists, privately, only the asker and the players they met; `stats` shows
//! both ratings, and another player's everywhere rating only to the players who met them.

use crate::common::*;
use namnam_core::{InputRefusal, Place, Reply, Request, Resolver, UserError};
use namnam_model::UserId;
use namnam_store as store;

/// `line` as `user` in the group DM (or DM between players) `channel`.
fn private(h: &Harness, channel: &str, user: &str, line: &str) -> Request {
    let mut request = h.request(channel, user, line);
    request.place = Place::PrivateChannel {
        channel: channel_id(channel),
    };
    request.names.server = None;
    request
}

/// `line` as `user` in `channel` of [`SERVER`] where only players installed the app: a guest's place,
/// in the very server whose own matches are rated in its leaderboard (the bot was there once).
fn guest(h: &Harness, channel: &str, user: &str, line: &str) -> Request {
    let mut request = h.request(channel, user, line);
    request.place = Place::GuestChannel {
        server: SERVER,
        channel: channel_id(channel),
    };
    request.names.server = None;
    request
}

async fn ok(h: &Harness, request: Request) -> Reply {
    let line = format!("{:?}", request.command);
    match h.core.try_handle(&request).await {
        Ok(reply) => reply,
        Err(e) => panic!("{}: `{line}` was refused: {e}", request.user.name),
    }
}

/// `a` challenges `b` where `at` says, `b` accepts, the first player moves once and `loser` resigns: the
/// reply that ends the match.
async fn a_match(
    h: &Harness,
    at: impl Fn(&Harness, &str, &str) -> Request,
    (a, b): (&str, &str),
    loser: &str,
) -> Reply {
    ok(
        h,
        at(h, a, &format!("challenge opponent:{b} first:challenger")),
    )
    .await;
    let started = ok(h, at(h, b, "accept")).await;
    let house = legal_houses(&started)[0];
    ok(h, at(h, a, &format!("move house:{house}"))).await;
    ok(h, at(h, loser, "resign confirm:yes")).await
}

fn id(name: &str) -> UserId {
    UserId::of_name(name)
}

/// The names in a leaderboard's lines, in order.
fn ranked(reply: &Reply) -> Vec<String> {
    reply
        .text
        .plain()
        .lines()
        .filter_map(|line| {
            let (rank, rest) = line.split_once(". ")?;
            rank.parse::<u32>().ok()?;
            Some(rest.split(" — ").next()?.to_owned())
        })
        .collect()
}

async fn matches_outside_servers_move_the_everywhere_rating_apart_from_the_servers(
    backend: Backend,
) {
    let h = Harness::new(backend).await;
    // alice beats bob in a group DM; carol beats bob in a guest's channel of SERVER; dave beats erin in
    // SERVER's #general, where the bot is.
    let lounge = |h: &Harness, who: &str, line: &str| private(h, "lounge", who, line);
    let elsewhere = |h: &Harness, who: &str, line: &str| guest(h, "elsewhere", who, line);
    let end = a_match(&h, lounge, ("alice", "bob"), "bob").await;
    assert!(
        end.text.has_message("match-ratings-everywhere") && !end.text.has_message("match-ratings"),
        "{}",
        end.text
    );
    a_match(&h, elsewhere, ("carol", "bob"), "bob").await;
    let end = h
        .start_match("general", "dave", "erin", "first:challenger")
        .await;
    let house = legal_houses(&end)[0];
    h.ok("dave", &format!("move house:{house}")).await;
    let end = h.ok("erin", "resign confirm:yes").await;
    assert!(end.text.has_message("match-ratings"), "{}", end.text);

    // Stored apart: everywhere rows for alice, bob and carol, none in the server's ratings.
    let reader = h.core.store().reader();
    for who in ["alice", "bob", "carol"] {
        let r = store::load_everywhere_rating(reader, id(who))
            .await
            .unwrap();
        assert!(r.is_some(), "{who} has an everywhere rating");
        assert_eq!(
            store::load_rating(reader, SERVER, id(who)).await.unwrap(),
            None
        );
    }
    let bob = store::load_everywhere_rating(reader, id("bob"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((bob.games, bob.losses), (2, 2));
    assert!(bob.rating < 1500.0);
    for who in ["dave", "erin"] {
        assert_eq!(
            store::load_everywhere_rating(reader, id(who))
                .await
                .unwrap(),
            None
        );
    }

    // The server's leaderboard: dave and erin only.
    let board = h.ok("frank", "leaderboard").await;
    assert_eq!(ranked(&board), ["dave", "erin"], "{}", board.text);

    // Outside servers: privately, the asker and the players they met, with the asker's place.
    let mine = ok(&h, lounge(&h, "alice", "leaderboard")).await;
    assert!(mine.is_private(), "{}", mine.text);
    assert_eq!(ranked(&mine), ["alice", "bob"], "{}", mine.text);
    assert!(
        mine.text.plain().contains("You are number 1 of 2"),
        "{}",
        mine.text
    );
    let bobs = ok(&h, elsewhere(&h, "bob", "leaderboard")).await;
    assert_eq!(ranked(&bobs).len(), 3, "{}", bobs.text);
    assert_eq!(ranked(&bobs).last().map(String::as_str), Some("bob"));
    assert!(
        bobs.text.plain().contains("You are number 3 of 3"),
        "{}",
        bobs.text
    );
    let carols = ok(&h, lounge(&h, "carol", "leaderboard")).await;
    assert_eq!(ranked(&carols), ["carol", "bob"], "{}", carols.text);
    // Someone who never played outside servers sees nobody, even where the others played.
    let daves = ok(&h, lounge(&h, "dave", "leaderboard")).await;
    assert!(
        daves.text.has_message("leaderboard-everywhere-none"),
        "{}",
        daves.text
    );
    assert!(ranked(&daves).is_empty());
    // Seasons are a server's.
    let refused = h
        .core
        .try_handle(&lounge(&h, "alice", "leaderboard season:1"))
        .await;
    assert!(
        matches!(
            refused,
            Err(namnam_core::CoreError::User(UserError::Input(
                InputRefusal::ServerOnly
            )))
        ),
        "{refused:?}"
    );

    // stats: the everywhere rating outside servers, with its chart; another's only to who met them.
    let stats = ok(&h, lounge(&h, "alice", "stats")).await;
    assert!(stats.is_private());
    assert!(
        stats.text.has_message("stats-everywhere-line-provisional"),
        "{}",
        stats.text
    );
    assert!(
        stats.text.plain().contains("1 won, 0 drawn, 0 lost"),
        "{}",
        stats.text
    );
    assert!(stats.board.picture.is_some(), "the chart");
    // carol has taken a lesson: a stranger is not told that either (it would say she uses the bot).
    let mut tx = h.core.store().begin().await.unwrap();
    let carol = TestNames.user("carol").unwrap().id;
    store::pass_lesson(&mut tx, carol, "sowing", 0)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let unmet = ok(&h, lounge(&h, "alice", "stats player:carol")).await;
    assert!(
        unmet.text.has_message("stats-everywhere-unmet"),
        "{}",
        unmet.text
    );
    assert!(!unmet.text.has_message("stats-everywhere-line-provisional"));
    assert!(!unmet.text.has_message("lesson-stats"), "{}", unmet.text);
    let met = ok(&h, lounge(&h, "bob", "stats player:carol")).await;
    assert!(
        met.text.has_message("stats-everywhere-line-provisional"),
        "{}",
        met.text
    );

    // In the server, stats shows both: alice has only her everywhere rating; dave only the server's,
    // and alice's everywhere rating is not his to see.
    let both = h.ok("alice", "stats").await;
    assert!(
        both.text.has_message("stats-everywhere-line-provisional"),
        "{}",
        both.text
    );
    let daves = h.ok("dave", "stats").await;
    assert!(
        daves.text.has_message("stats-line-provisional"),
        "{}",
        daves.text
    );
    assert!(!daves.text.has_message("stats-everywhere-line-provisional"));
    let of_alice = h.ok("dave", "stats player:alice").await;
    assert!(of_alice.text.has_message("stats-none"), "{}", of_alice.text);
    assert!(
        !of_alice
            .text
            .has_message("stats-everywhere-line-provisional"),
        "{}",
        of_alice.text
    );
    let of_bob = h.ok("alice", "stats player:bob").await;
    assert!(
        of_bob.text.has_message("stats-everywhere-line-provisional"),
        "{}",
        of_bob.text
    );

    // A match against the computer outside servers stays unrated, moves played or not.
    let dm = |h: &Harness, who: &str, line: &str| {
        let mut request = h.request("dm-frank", who, line);
        request.place = Place::BotDm {
            channel: channel_id("dm-frank"),
        };
        request.names.server = None;
        request
    };
    let started = ok(
        &h,
        dm(&h, "frank", "challenge opponent:namnam first:challenger"),
    )
    .await;
    let house = legal_houses(&started)[0];
    ok(&h, dm(&h, "frank", &format!("move house:{house}"))).await;
    let end = ok(&h, dm(&h, "frank", "resign confirm:yes")).await;
    assert!(end.text.has_message("match-unrated"), "{}", end.text);
    assert_eq!(
        store::load_everywhere_rating(reader, id("frank"))
            .await
            .unwrap(),
        None
    );
}

on_both_backends!(matches_outside_servers_move_the_everywhere_rating_apart_from_the_servers);
