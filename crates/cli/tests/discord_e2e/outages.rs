//! Fair clocks through outages, on the hand-moved clock: a bot that was down for two hours, a gateway that
//! Discord cannot serve for three, and a server that Discord marks unavailable. Nobody loses on time for
//! them: the match is alive afterwards, its deadline moved by the outage's length, and its board says so
//! once.

use namnam_model::MatchId;
use std::time::Duration;

use namnam_core::Clock;
use namnam_store::Store;

use crate::checks::{assert_pings_only, board_match, button_ids, house_ids, posted, stored_match};
use crate::fixture::{alice, bob, Fixture, DUEL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, PATIENCE};
use crate::support::running::Running;

const HOUR: i64 = 3600;

/// A five-minute clock, the challenger first.
fn five_minutes() -> Options {
    Options::new().int("clock", 0).int("first", 0)
}

/// alice challenges bob in #duel with a five-minute clock and bob accepts: alice's clock runs. Returns
/// the match and its first board.
async fn alice_to_move(fx: &Fixture) -> (i64, Message) {
    let (id, message) = fx.challenge(&alice(), &bob(), DUEL, five_minutes()).await;
    let (_, board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    ((board_match(&board)).0, board)
}

/// Waits for the announcement of a paused clock in #duel.
async fn announcement(fake: &FakeDiscord, words: &str) -> (u64, Message) {
    fake.wait_for("the paused clock's announcement", |s| {
        let m = posted(s, DUEL, words)?;
        let id = m.json["id"].as_str()?.parse().ok()?;
        Some((id, m))
    })
    .await
}

/// The match is still alive once the grace is over and the old deadline long gone: the sweeps of the
/// hand-moved clock time nothing out (a sweep at the moved clock ran, and the match is still on).
async fn still_alive(fx: &Fixture, bot: &Running, store: &Store, match_id: MatchId) {
    // Past the grace, within the moved deadline.
    fx.clock().advance_secs(4 * 60);
    bot.swept_at(fx.clock().now_ms()).await;
    assert!(stored_match(store, match_id).await.state.is_active());
}

/// Moves the clock a second and waits for the shard's heartbeat at that time: the bot sees it live.
async fn wait_heartbeat(fx: &Fixture, store: &Store) {
    fx.clock().advance_secs(1);
    let now = fx.clock().now_ms();
    let patience = tokio::time::Instant::now() + PATIENCE;
    loop {
        let beat: Option<i64> = sqlx::query_scalar("SELECT MAX(beat_at) FROM shard_heartbeats")
            .fetch_one(store.reader())
            .await
            .unwrap();
        if beat.is_some_and(|at| at >= now) {
            return;
        }
        assert!(tokio::time::Instant::now() < patience, "no heartbeat");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downtime_outage_after_restart_moves_the_deadline_and_says_so() {
    let (fx, bot, store) = Fixture::table("downtime.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    let (match_id, _) = alice_to_move(&fx).await;
    let deadline = stored_match(&store, MatchId(match_id))
        .await
        .deadline()
        .unwrap();

    // The bot is down for two hours; alice's five minutes passed long ago when it comes back.
    bot.stop().await;
    clock.advance_secs(2 * HOUR);
    let bot = fx.start_bot("downtime.db");
    let (board_id, board) = announcement(
        fake,
        "The clock was paused for 2 h while the bot was offline.",
    )
    .await;
    assert_pings_only(&board, alice().id);
    assert!(!board.files.is_empty(), "the board is shown again");
    let row = stored_match(&store, MatchId(match_id)).await;
    assert!(row.state.is_active());
    assert_eq!(row.deadline(), Some(deadline + 2 * HOUR * 1000));
    assert!(
        board
            .content()
            .contains(&format!("<t:{}:", row.deadline().unwrap() / 1000)),
        "the moved deadline is shown: {}",
        board.content()
    );
    still_alive(&fx, &bot, &store, MatchId(match_id)).await;

    // Its buttons play.
    let (_, after) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    assert_pings_only(&after, bob().id);
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_outage_moves_deadlines() {
    let (fx, bot, store) = Fixture::table("gateway-outage.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    let (match_id, _) = alice_to_move(&fx).await;
    let deadline = stored_match(&store, MatchId(match_id))
        .await
        .deadline()
        .unwrap();

    // Discord cannot be reached for three hours: the bot's gateway session is lost and every try to open
    // another fails. The sweeps go on meanwhile, and time nothing out.
    // The clock jumps only once the bot has seen its shard go down (in real time, it sees that within
    // seconds, and counts the outage from its last heartbeat before). First it sees the shard live.
    wait_heartbeat(&fx, &store).await;
    let logged = crate::fixture::log_text().len();
    let refused = fake.state().refused_connections;
    fake.begin_outage();
    // Two resumes refused, then the shard restarted (gone from serenity's shard manager) and its new
    // connection refused.
    fake.wait_for("three refused connections", |s| {
        (s.refused_connections >= refused + 3).then_some(())
    })
    .await;
    crate::fixture::wait_for_log("the bot to see its shard down", |logs| {
        logs.get(logged..)
            .is_some_and(|new| new.contains("the shard is down"))
    })
    .await;
    // The logs are the whole suite's: another test's bot may have said so. Ours says it by its progress:
    // it looked at its shards after the third refusal and found none live.
    let down_at = clock.now_ms();
    bot.wait_progress("the bot to see its shard down", |p| {
        p.shards_seen_at.is_some_and(|at| at >= down_at) && p.live_shards.is_empty()
    })
    .await;
    clock.advance_secs(3 * HOUR);
    // A sweep at the moved clock ran while the shard was down, and timed nothing out.
    bot.swept_at(clock.now_ms()).await;
    assert!(stored_match(&store, MatchId(match_id))
        .await
        .state
        .is_active());
    fake.end_outage();
    fake.wait_online().await;
    let (board_id, board) = announcement(
        fake,
        "The clock was paused for 3 h while Discord was unreachable.",
    )
    .await;
    assert_pings_only(&board, alice().id);
    let row = stored_match(&store, MatchId(match_id)).await;
    assert!(row.state.is_active());
    assert!(
        row.deadline().unwrap() >= deadline + 3 * HOUR * 1000,
        "moved by the outage's length at least"
    );
    still_alive(&fx, &bot, &store, MatchId(match_id)).await;
    let paused = |s: &crate::support::fake_discord::State| {
        s.messages
            .values()
            .filter(|m| m.content().contains("The clock was paused"))
            .count()
    };
    assert_eq!(paused(&fake.state()), 1, "said once");
    let (_, after) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    assert_pings_only(&after, bob().id);
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_unavailable_outage_moves_deadlines() {
    let (fx, bot, store) = Fixture::table("guild-outage.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    let (match_id, _) = alice_to_move(&fx).await;
    let deadline = stored_match(&store, MatchId(match_id))
        .await
        .deadline()
        .unwrap();

    // Discord marks the server unavailable for two hours; the gateway session stays up.
    fake.guild_unavailable();
    outage_recorded(&store, true).await;
    // Unless serenity started a new session meanwhile (after a heartbeat acknowledged late, on a loaded
    // machine), whose READY brought the news: the bot saw its shard down for those seconds, and must see
    // it live again before the clock jumps, or it would count the two hours to the shard. It sees it live
    // a second later; the server's outage goes on.
    wait_heartbeat(&fx, &store).await;
    clock.advance_secs(2 * HOUR - 1);
    // A sweep at the moved clock ran while the server was unavailable, and timed nothing out.
    bot.swept_at(clock.now_ms()).await;
    assert!(stored_match(&store, MatchId(match_id))
        .await
        .state
        .is_active());
    fake.guild_available();
    let (_, board) = announcement(
        fake,
        "The clock was paused for 2 h while Discord had this server unavailable.",
    )
    .await;
    assert_pings_only(&board, alice().id);
    assert_eq!(
        stored_match(&store, MatchId(match_id)).await.deadline(),
        Some(deadline + 2 * HOUR * 1000)
    );
    still_alive(&fx, &bot, &store, MatchId(match_id)).await;
    fx.close(bot, store).await;
}

/// Waits until the bot's database has a server's outage recorded (`true`) or none (`false`).
async fn outage_recorded(store: &Store, recorded: bool) {
    let patience = tokio::time::Instant::now() + PATIENCE;
    loop {
        let outages = namnam_store::server_outages(store.reader()).await.unwrap();
        if outages.is_empty() != recorded {
            return;
        }
        assert!(
            tokio::time::Instant::now() < patience,
            "the outage was not {}",
            if recorded { "recorded" } else { "ended" }
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The server goes unavailable while the bot's shard has no session to carry the news (Discord ended it
/// here; serenity also starts a new one, after five seconds, when a heartbeat is acknowledged late): that
/// GUILD_DELETE is lost, as on Discord, and the new session's READY is followed by another, which the bot
/// records as the outage.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_unavailable_while_the_shard_identifies_again_is_recorded() {
    let (fx, bot, store) = Fixture::table("guild-outage-identify.db").await;
    let fake = &fx.fake;
    fake.invalidate_session(false);
    fake.guild_unavailable();
    fake.wait_identified(2).await;
    outage_recorded(&store, true).await;
    fake.guild_available();
    outage_recorded(&store, false).await;
    fx.close(bot, store).await;
}
