//! What an operator sees of a running bot (`NAMNAM_METRICS_ADDR`): a scrape of `/metrics` before and after
//! a match moves every counter by what the match did (the moves committed are the moves stored), and
//! `/readyz` turns 503 while the gateway is gone and 200 again after the resume, while `/healthz` stays 200.

use namnam_model::MatchId;
use std::net::SocketAddr;
use std::time::Duration;

use crate::checks::{board_match, button_ids, ephemeral_text, stored_match};
use crate::fixture::{alice, bob, person, Fixture, GENERAL};
use crate::payload::{house as house_option, Options};
use crate::support::fake_discord::PATIENCE;

/// `GET http://ADDR/PATH`: the status and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://{addr}{path}"))
        .await
        .unwrap_or_else(|error| panic!("GET {path}: {error}"));
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// One scrape of `/metrics`.
struct Scrape(String);

impl Scrape {
    async fn of(addr: SocketAddr) -> Scrape {
        let (status, text) = get(addr, "/metrics").await;
        assert_eq!(status, 200, "{text}");
        assert!(text.ends_with("# EOF\n"), "OpenMetrics text: {text}");
        Scrape(text)
    }

    /// The value of `series` (a name and its labels, as written), 0 when it is not there yet.
    fn value(&self, series: &str) -> f64 {
        self.0
            .lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .map_or(0.0, |value| value.trim().parse().expect("a number"))
    }
}

/// How much `series` moved from `before` to `after`.
fn moved(before: &Scrape, after: &Scrape, series: &str) -> f64 {
    after.value(series) - before.value(series)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scrape_after_a_match_counts_what_it_did() {
    let (fx, bot, store, addr) = Fixture::metered_table("metrics.db").await;
    let fake = &fx.fake;
    let before = Scrape::of(addr).await;

    // alice challenges bob, bob accepts; six moves by the board's buttons, one refused /move; alice resigns.
    let (challenge_id, challenge) = fx
        .challenge(&alice(), &bob(), GENERAL, Options::new().int("rounds", 1))
        .await;
    let accept = button_ids(&challenge)[0].clone();
    let (mut board_id, board) = fx.press_public(&bob(), challenge_id, &accept).await;
    let match_id = board_match(&board);
    for ply in 0..6 {
        let row = stored_match(&store, MatchId(match_id.0)).await;
        let to_move = row.game.to_move().expect("the match goes on");
        let mover = person(row.players.get(to_move).0);
        let house = row.game.position().legal_moves().iter().next().unwrap();
        if ply == 2 {
            let other = person(row.players.get(to_move.other()).0);
            let text = fx
                .private_answer(&other, GENERAL, "move", house_option(house.label()))
                .await;
            assert!(text.contains("turn"), "{text}");
        }
        let button = format!("nn:{match_id}:{}:{}", row.turns + 1, house.label());
        board_id = fx.press_public(&mover, board_id, &button).await.0;
    }
    let sent = fx.run(&alice(), GENERAL, "resign", Options::new());
    assert!(ephemeral_text(&fake.callback(&sent).await).contains("cannot be undone"));
    let confirm = button_ids(&fake.response(&sent).await)[0].clone();
    let question = fake.interaction_state(&sent).original.unwrap();
    fx.press_public(&alice(), question, &confirm).await;
    assert!(stored_match(&store, MatchId(match_id.0))
        .await
        .game
        .is_over());

    // An interaction is counted when its handler returns, just after its answer is out: the last ones are
    // waited for.
    let last = r#"namnam_discord_presses_total{button="resign-yes",outcome="done"}"#;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let after = loop {
        let after = Scrape::of(addr).await;
        let counted = moved(
            &before,
            &after,
            "namnam_discord_first_response_seconds_count",
        );
        if moved(&before, &after, last) >= 1.0 && counted >= 11.0 {
            break after;
        }
        assert!(tokio::time::Instant::now() < deadline, "{}", after.0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // What an operator's Prometheus would read now (`--nocapture` shows it).
    println!("GET /metrics after the match:\n{}", after.0);
    let stored = namnam_store::match_moves(store.reader(), MatchId(match_id.0))
        .await
        .unwrap()
        .len();
    assert_eq!(stored, 6);
    let moved = |series: &str| moved(&before, &after, series);
    assert_eq!(
        moved("namnam_moves_total"),
        stored as f64,
        "moves committed are the moves stored"
    );
    assert_eq!(moved("namnam_matches_started_total"), 1.0);
    assert_eq!(
        moved(r#"namnam_matches_ended_total{how="resignation"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"namnam_discord_commands_total{command="challenge",outcome="done"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"namnam_discord_commands_total{command="move",outcome="refused"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"namnam_discord_commands_total{command="resign",outcome="done"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"namnam_discord_presses_total{button="challenge",outcome="done"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"namnam_discord_presses_total{button="move",outcome="done"}"#),
        6.0
    );
    assert_eq!(
        moved(r#"namnam_discord_presses_total{button="resign-yes",outcome="done"}"#),
        1.0
    );
    // Eleven interactions: the challenge, the acceptance, six moves, the refused /move, /resign and its
    // confirmation. Each had exactly one first response, each timed once.
    assert_eq!(moved("namnam_discord_first_response_seconds_count"), 11.0);
    assert!(moved(r#"namnam_discord_requests_total{route="answer",status="2xx"}"#) >= 11.0);
    assert_eq!(moved("namnam_core_request_seconds_count"), 11.0);
    assert!(moved("namnam_board_picture_seconds_count") >= 8.0);
    assert_eq!(after.value("namnam_live_matches"), 0.0);
    assert_eq!(after.value("namnam_discord_shards_connected"), 1.0);
    assert_eq!(after.value("namnam_discord_shards_owned"), 1.0);
    // No id of a person, a server, a channel or a match is a label.
    for id in [alice().id, bob().id, GENERAL] {
        assert!(!after.0.contains(&id.to_string()), "{id} in the metrics");
    }
    assert!(!after.0.contains(&format!("\"{match_id}\"")));
    fx.close(bot, store).await;
}

/// Asks `path` again every 20 ms until its status is `status` (the probes ring no bell).
async fn wait_for_status(addr: SocketAddr, path: &str, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (now, body) = get(addr, path).await;
        if now == status {
            return body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{path} still answers {now} ({body}), not {status}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_gateway_and_health_does_not() {
    let (fx, bot, store, addr) = Fixture::metered_table("ready.db").await;
    let fake = &fx.fake;
    wait_for_status(addr, "/readyz", 200).await;
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_owned()));

    // The connection drops, and the gateway leaves the resume unanswered: the shard is not connected.
    fake.hold_resumes();
    fake.drop_gateway();
    let reason = wait_for_status(addr, "/readyz", 503).await;
    println!("GET /readyz while the resume is held: 503 {reason}");
    assert_eq!(reason, "shards not connected: 0\n");
    let (health, body) = get(addr, "/healthz").await;
    assert_eq!(
        (health, body.as_str()),
        (200, "ok\n"),
        "Discord's trouble is not the process's"
    );

    fake.release_resumes();
    fake.wait_resumed(1).await;
    let ready = wait_for_status(addr, "/readyz", 200).await;
    println!("GET /readyz after the resume: 200 {ready}");
    assert_eq!(get(addr, "/healthz").await.0, 200);
    fx.close(bot, store).await;
}
