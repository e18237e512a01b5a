//! Fair clocks through outages, for a front end that can lose its connection (the Discord bot's rule; the
//! console's clock runs while it is stopped, see `clock.rs`): while a server's shard is down, while the
//! server is unavailable, and for five minutes after, nothing times out and no challenge expires; an outage
//! of a minute or more moves the deadlines by its length, and each match's board says so once.

use crate::common::*;
use namnam_core::{Notice, Request};
use namnam_model::{MatchId, ServerId};
use namnam_store::{load_match, MatchRow};

const MINUTE: i64 = 60;
const HOUR: i64 = 3600;

/// `line` as `user` in `#channel` of [`OTHER_SERVER`] (on the other shard).
fn on_other_server(h: &Harness, channel: &str, user: &str, line: &str) -> Request {
    let mut request = h.request(channel, user, line);
    request.place = namnam_core::Place::ServerChannel {
        server: OTHER_SERVER,
        channel: request.place.channel(),
    };
    request
}

async fn active_row(h: &Harness, server: ServerId, channel: &str) -> MatchRow {
    namnam_store::active_match_in_channel(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server,
            channel: channel_id(channel),
        },
    )
    .await
    .unwrap()
    .expect("an active match")
}

async fn row(h: &Harness, id: MatchId) -> MatchRow {
    load_match(h.core.store().reader(), id)
        .await
        .unwrap()
        .expect("the match is stored")
}

/// alice challenges bob with a clock of `clock`, bob accepts, alice moves: bob's clock runs.
async fn bob_to_move(h: &Harness, channel: &str, clock: &str) -> MatchRow {
    let start = h
        .start_match(
            channel,
            "alice",
            "bob",
            &format!("first:challenger {clock}"),
        )
        .await;
    h.ok_in(
        channel,
        "alice",
        &format!("move house:{}", legal_houses(&start)[0]),
    )
    .await;
    active_row(h, SERVER, channel).await
}

fn texts(notices: &[Notice]) -> Vec<String> {
    notices.iter().map(|n| n.reply.text.plain()).collect()
}

async fn gateway_outage_moves_deadlines_and_says_so_once(backend: Backend) {
    let h = Harness::with_outage_rule(backend).await;
    assert!(h.core.shards_seen(&[0, 1]).await.unwrap().is_empty());
    let before = bob_to_move(&h, "general", "clock:1h").await;
    // The same on the other shard, which stays up.
    let other = on_other_server(&h, "general", "carol", "challenge opponent:dave clock:1h");
    h.core.try_handle(&other).await.unwrap();
    let accept = on_other_server(&h, "general", "dave", "accept");
    h.core.try_handle(&accept).await.unwrap();

    h.clock.advance_secs(30 * MINUTE);
    h.core.shards_seen(&[0, 1]).await.unwrap();
    // Shard 1 (SERVER's) loses its gateway session for three hours.
    assert!(h.core.shards_seen(&[0]).await.unwrap().is_empty());
    h.clock.advance_secs(3 * HOUR);
    let swept = texts(&h.core.sweep().await.unwrap());
    assert!(
        swept.iter().any(|t| t.contains("move clock ran out")),
        "the live shard's match times out: {swept:?}"
    );
    assert!(
        swept.iter().all(|t| !t.contains("bob")),
        "not the match whose shard is down: {swept:?}"
    );
    assert!(row(&h, before.id).await.state.is_active());

    let back = h.core.shards_seen(&[0, 1]).await.unwrap();
    assert_eq!(
        back.len(),
        1,
        "one board for the one match: {:?}",
        texts(&back)
    );
    let notice = &back[0];
    let text = notice.reply.text.plain();
    assert!(
        text.starts_with("The clock was paused for 3 h while Discord was unreachable."),
        "{text}"
    );
    assert!(text.contains("bob to move, by"), "{text}");
    assert_eq!(notice.place.channel(), channel_id("general"));
    let moved = before.deadline().unwrap() + 3 * HOUR * 1000;
    assert_eq!(notice.reply.board.deadline_ms, Some(moved));
    assert!(notice.reply.board.state.is_some() && !legal_houses(&notice.reply).is_empty());
    let after = row(&h, before.id).await;
    assert_eq!(after.deadline(), Some(moved));
    assert!(after.version > before.version);
    // Said once: the shard stays live, nothing more is posted.
    assert!(h.core.shards_seen(&[0, 1]).await.unwrap().is_empty());

    // bob has what was left of his hour, counted from the end of the outage, and his reminder follows.
    h.clock.advance_secs(15 * MINUTE - 1);
    assert!(h.core.sweep().await.unwrap().is_empty());
    h.clock.advance_secs(1);
    let swept = texts(&h.core.sweep().await.unwrap());
    assert!(
        swept.len() == 1 && swept[0].starts_with("bob: a quarter of your time is left"),
        "{swept:?}"
    );
    h.clock.advance_secs(15 * MINUTE - 1);
    assert!(h.core.sweep().await.unwrap().is_empty());
    h.clock.advance_secs(1);
    let swept = texts(&h.core.sweep().await.unwrap());
    assert!(
        swept.iter().any(|t| t.contains("bob's move clock ran out")),
        "{swept:?}"
    );
}

async fn short_outage_moves_no_deadline_but_its_grace_covers_it(backend: Backend) {
    let h = Harness::with_outage_rule(backend).await;
    h.core.shards_seen(&[0, 1]).await.unwrap();
    let general = bob_to_move(&h, "general", "clock:5m").await;
    let games = h
        .start_match("games", "carol", "dave", "first:challenger clock:5m")
        .await;
    h.clock.advance_secs(4 * MINUTE + 50);
    h.core.shards_seen(&[0, 1]).await.unwrap();
    h.core.shards_seen(&[0]).await.unwrap();
    // Both deadlines pass during a twenty-second reconnection.
    h.clock.advance_secs(20);
    assert!(h.core.sweep().await.unwrap().is_empty());
    assert!(
        h.core.shards_seen(&[0, 1]).await.unwrap().is_empty(),
        "too short to announce"
    );
    assert_eq!(row(&h, general.id).await.deadline(), general.deadline());
    // Within the grace, nothing times out, and a move is still played.
    h.clock.advance_secs(4 * MINUTE);
    assert!(h.core.sweep().await.unwrap().is_empty());
    let moved = h
        .ok_in(
            "games",
            "carol",
            &format!("move house:{}", legal_houses(&games)[0]),
        )
        .await;
    assert_eq!(to_move(&moved).as_deref(), Some("dave"), "{}", moved.text);
    // After it, the clock is what it was.
    h.clock.advance_secs(MINUTE);
    let swept = texts(&h.core.sweep().await.unwrap());
    assert!(
        swept.iter().any(|t| t.contains("bob's move clock ran out")),
        "{swept:?}"
    );
}

async fn downtime_outage_after_restart_moves_deadlines_and_challenges(backend: Backend) {
    let h = Harness::with_outage_rule(backend).await;
    h.core.shards_seen(&[0, 1]).await.unwrap();
    let before = bob_to_move(&h, "general", "clock:1h").await;
    h.ok_in("games", "carol", "challenge opponent:dave").await;
    h.core.shards_seen(&[0, 1]).await.unwrap();

    // The bot is down for two hours: past bob's deadline and the challenge's ten minutes.
    h.clock.advance_secs(2 * HOUR);
    let h = h.restart_with_outage_rule().await;
    assert!(
        h.core.sweep().await.unwrap().is_empty(),
        "nothing fires before the shards are seen live"
    );
    let back = h.core.shards_seen(&[0, 1]).await.unwrap();
    let texts = texts(&back);
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(
        texts[0].starts_with("The clock was paused for 2 h while the bot was offline."),
        "{texts:?}"
    );
    let moved = before.deadline().unwrap() + 2 * HOUR * 1000;
    assert_eq!(row(&h, before.id).await.deadline(), Some(moved));
    assert!(h.core.sweep().await.unwrap().is_empty());
    // The challenge had eight of its ten minutes left when the bot stopped, and has them now.
    h.clock.advance_secs(7 * MINUTE);
    assert!(h.core.sweep().await.unwrap().is_empty());
    let accepted = h.ok_in("games", "dave", "accept").await;
    assert!(accepted.board.state.is_some(), "{}", accepted.text);
}

async fn server_outage_pauses_its_clock_and_a_restart_does_not_count_it_twice(backend: Backend) {
    let h = Harness::with_outage_rule(backend).await;
    h.core.shards_seen(&[0, 1]).await.unwrap();
    let before = bob_to_move(&h, "general", "clock:1h").await;
    h.clock.advance_secs(10 * MINUTE);
    h.core.shards_seen(&[0, 1]).await.unwrap();
    h.core.server_unavailable(SERVER).await.unwrap();
    h.clock.advance_secs(2 * HOUR);
    h.core.shards_seen(&[0, 1]).await.unwrap();
    assert!(h.core.sweep().await.unwrap().is_empty());
    assert!(
        h.core
            .server_available(OTHER_SERVER)
            .await
            .unwrap()
            .is_empty(),
        "another server had no outage"
    );

    let back = h.core.server_available(SERVER).await.unwrap();
    let said = texts(&back);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0]
            .starts_with("The clock was paused for 2 h while Discord had this server unavailable."),
        "{said:?}"
    );
    let moved = before.deadline().unwrap() + 2 * HOUR * 1000;
    assert_eq!(row(&h, before.id).await.deadline(), Some(moved));

    // Unavailable again, then the bot is down for an hour within that outage: the restart's outage
    // moves the clock by the hour once, and the server's own outage only counts from the restart.
    h.core.server_unavailable(SERVER).await.unwrap();
    h.clock.advance_secs(HOUR);
    let h = h.restart_with_outage_rule().await;
    let said = texts(&h.core.shards_seen(&[0, 1]).await.unwrap());
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("The clock was paused for 1 h while the bot was offline."),
        "{said:?}"
    );
    assert!(
        h.core.sweep().await.unwrap().is_empty(),
        "still unavailable"
    );
    assert!(
        h.core.server_available(SERVER).await.unwrap().is_empty(),
        "nothing left to pay for"
    );
    assert_eq!(
        row(&h, before.id).await.deadline(),
        Some(moved + HOUR * 1000)
    );
}

async fn gateway_outage_inside_a_server_outage_pays_the_whole_of_both_once(backend: Backend) {
    let h = Harness::with_outage_rule(backend).await;
    h.core.shards_seen(&[0, 1]).await.unwrap();
    let before = bob_to_move(&h, "general", "clock:1h").await;
    // The server is unavailable from ten minutes in; ten minutes later its shard goes down too, for two
    // hours; the server comes back half an hour after the shard.
    h.clock.advance_secs(10 * MINUTE);
    h.core.server_unavailable(SERVER).await.unwrap();
    h.clock.advance_secs(10 * MINUTE);
    h.core.shards_seen(&[0, 1]).await.unwrap();
    h.core.shards_seen(&[0]).await.unwrap();
    h.clock.advance_secs(2 * HOUR);
    let said = texts(&h.core.shards_seen(&[0, 1]).await.unwrap());
    assert!(
        said.len() == 1 && said[0].starts_with("The clock was paused for 2 h while Discord was"),
        "{said:?}"
    );
    h.clock.advance_secs(30 * MINUTE);
    assert!(
        h.core.sweep().await.unwrap().is_empty(),
        "still unavailable"
    );
    let said = texts(&h.core.server_available(SERVER).await.unwrap());
    assert!(
        said.len() == 1
            && said[0].starts_with("The clock was paused for 40 min while Discord had this server"),
        "the ten minutes before the shard's outage and the half hour after: {said:?}"
    );
    // From the server's first minute unavailable to its last: two hours and forty minutes, once.
    let moved = before.deadline().unwrap() + (2 * HOUR + 40 * MINUTE) * 1000;
    assert_eq!(row(&h, before.id).await.deadline(), Some(moved));
}

on_both_backends!(
    gateway_outage_moves_deadlines_and_says_so_once,
    short_outage_moves_no_deadline_but_its_grace_covers_it,
    downtime_outage_after_restart_moves_deadlines_and_challenges,
    server_outage_pauses_its_clock_and_a_restart_does_not_count_it_twice,
    gateway_outage_inside_a_server_outage_pays_the_whole_of_both_once,
);
