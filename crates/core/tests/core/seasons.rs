//! Seasons and the rating chart through the core: a new season keeps the old standings readable, posts its
//! top three and starts everyone afresh; a match counts in the season in which it ends; a monthly season
//! changes by itself on the first of the month, once; `stats` draws the season's rating chart.

use crate::common::*;
use namnam_core::{AdminRefusal, InfoRefusal};
use namnam_core::{Reply, UserError};

/// alice challenges bob in `#general` and bob resigns after alice's first move: alice wins.
async fn alice_beats(h: &Harness, bob: &str) -> Reply {
    let start = h
        .start_match("general", "alice", bob, "first:challenger")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    h.ok(bob, "resign confirm:yes").await
}

fn lines(reply: &Reply) -> Vec<String> {
    reply.text.plain().lines().map(str::to_owned).collect()
}

async fn a_new_season_keeps_the_old_standings_and_starts_afresh(backend: Backend) {
    let h = Harness::new(backend).await;
    alice_beats(&h, "bob").await;
    alice_beats(&h, "carol").await;
    let before = h.ok("alice", "leaderboard").await;
    assert!(
        lines(&before)[0].starts_with("Leaderboard, season 1, page 1 of 1"),
        "{}",
        before.text
    );
    let old_board: Vec<String> = lines(&before)[1..4].to_vec();
    assert!(old_board[0].starts_with("1. alice"), "{old_board:?}");

    // A match that is still going when the season changes counts in the next one.
    let spanning = h
        .start_match("other", "dave", "erin", "first:challenger")
        .await;
    h.ok_in(
        "other",
        "dave",
        &format!("move house:{}", legal_houses(&spanning)[0]),
    )
    .await;

    assert_eq!(
        h.refused("alice", "admin season").await,
        UserError::Admin(AdminRefusal::NotAdmin)
    );
    let news = h.ok("admin", "admin season").await;
    assert!(!news.is_private(), "the news is for everyone");
    let news_text = news.text.plain();
    assert!(news_text.starts_with("Season 1 is over"), "{news_text}");
    assert!(
        news_text.contains("Final top three: 🥇 alice"),
        "{news_text}"
    );
    assert!(news_text.contains("Season 2 begins now"), "{news_text}");
    assert!(news_text.contains("`leaderboard season:1`"), "{news_text}");

    let fresh = h.ok("alice", "leaderboard").await;
    assert_eq!(
        fresh.text.plain(),
        "Nobody has finished a rated match here in season 2 yet."
    );
    assert_eq!(
        h.refused("alice", "stats").await,
        UserError::Info(InfoRefusal::NoStats)
    );
    let kept = h.ok("bob", "leaderboard season:1").await;
    assert!(
        lines(&kept)[0].starts_with("Final standings of season 1, page 1 of 1"),
        "{}",
        kept.text
    );
    assert_eq!(lines(&kept)[1..4].to_vec(), old_board);
    assert_eq!(
        h.refused("bob", "leaderboard season:3").await,
        UserError::Info(InfoRefusal::NoSuchSeason {
            asked: 3,
            current: 2
        })
    );

    h.ok_in("other", "erin", "resign confirm:yes").await;
    let now = h.ok("alice", "leaderboard").await;
    let now_lines = lines(&now);
    assert!(now_lines[1].starts_with("1. dave"), "{}", now.text);
    assert!(now_lines[2].starts_with("2. erin"), "{}", now.text);
    assert!(
        now_lines
            .iter()
            .any(|l| l.contains("`leaderboard season:1`")),
        "{}",
        now.text
    );
    // Season 1's standings did not take the match that ended in season 2.
    let still = h.ok("bob", "leaderboard season:1").await;
    assert_eq!(lines(&still)[1..4].to_vec(), old_board);
    assert!(!still.text.plain().contains("dave"), "{}", still.text);
}

async fn a_monthly_season_changes_on_the_first_of_the_month_once(backend: Backend) {
    let h = Harness::new(backend).await;
    let set = h
        .ok("admin", "admin season news:#news monthly:yes start:no")
        .await;
    assert!(set.is_private());
    assert!(
        set.text.plain().contains("first of each month"),
        "{}",
        set.text
    );
    alice_beats(&h, "bob").await;
    assert!(h.core.sweep().await.unwrap().is_empty());
    // START_MS is 2026-01-01 00:00 UTC: February begins 31 days later.
    h.clock.advance_secs(31 * 86_400 + 60);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1, "one season's end");
    assert_eq!(notices[0].place.channel(), channel_id("news"));
    let news = notices[0].reply.text.plain();
    assert!(news.contains("Season 1 is over"), "{news}");
    assert!(news.contains("🥇 alice"), "{news}");
    assert!(news.contains("🥈 bob"), "{news}");
    assert!(h.core.sweep().await.unwrap().is_empty(), "once a month");
    let fresh = h.ok("alice", "leaderboard").await;
    assert!(fresh.text.plain().contains("season 2"), "{}", fresh.text);
}

async fn monthly_seasons_turned_on_mid_month_wait_for_the_next_first(backend: Backend) {
    let h = Harness::new(backend).await;
    // The server is recorded on 15 January; monthly seasons are asked for on 10 February.
    h.clock.advance_secs(14 * 86_400);
    alice_beats(&h, "bob").await;
    h.clock.advance_secs(26 * 86_400);
    h.ok("admin", "admin season monthly:yes start:no").await;
    assert!(h.core.sweep().await.unwrap().is_empty(), "not at once");
    assert!(h
        .ok("alice", "leaderboard")
        .await
        .text
        .plain()
        .contains("season 1"));
    // 1 March: season 1 ends, its news where monthly seasons were asked for.
    h.clock.advance_secs(19 * 86_400 + 60);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].place.channel(), channel_id("general"));
    assert!(notices[0].reply.text.plain().contains("🥇 alice"));
    // And `admin season` sent twice ends one season.
    h.clock.advance_secs(120);
    h.ok("admin", "admin season").await;
    assert_eq!(
        h.refused("admin", "admin season").await,
        UserError::Admin(AdminRefusal::SeasonJustStarted(3))
    );
}

async fn stats_draws_the_seasons_rating_chart(backend: Backend) {
    let h = Harness::new(backend).await;
    alice_beats(&h, "bob").await;
    alice_beats(&h, "carol").await;
    alice_beats(&h, "dave").await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    h.ok("alice", "resign confirm:yes").await;
    let stats = h.ok("alice", "stats").await;
    let text = stats.text.plain();
    assert!(stats.is_private());
    assert!(
        text.contains("season 1") && text.contains("4 games: 3 won, 0 drawn, 1 lost"),
        "{text}"
    );
    assert!(text.contains("longest winning streak 3"), "{text}");
    let chart = stats.board.picture.expect("the rating chart");
    let decoded = image::load_from_memory(&chart.bytes).expect("a PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (namnam_render::CHART_WIDTH, namnam_render::CHART_HEIGHT)
    );
    assert!(
        chart.description.contains("over 4 games"),
        "{}",
        chart.description
    );
}

on_both_backends!(
    a_new_season_keeps_the_old_standings_and_starts_afresh,
    a_monthly_season_changes_on_the_first_of_the_month_once,
    monthly_seasons_turned_on_mid_month_wait_for_the_next_first,
    stats_draws_the_seasons_rating_chart,
);
