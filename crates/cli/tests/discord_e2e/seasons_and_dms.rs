//! Seasons, the rating chart and turn DMs through Discord: `/stats` attaches the season's rating chart
//! (a PNG of the chart's size); `/admin season` posts the final top three in the news channel and keeps
//! the old standings (`/leaderboard season:1`); a player who turned `/notify` on gets a DM with a link to
//! the board when it becomes their turn after they left it, none while they are at the board, and when
//! their DMs refuse the bot (50007) the DMs are turned off and they are told privately at their next
//! command.

use crate::checks::{button_ids, ephemeral_text, house_ids, posted};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, DUEL, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, Person, PATIENCE};
use crate::support::poll::poll_async;
use namnam_model::UserId;

const DATABASE: &str = "seasons.db";

/// The challenge's terms: the challenger moves first.
fn challenger_first() -> Options {
    Options::new().int("first", 0)
}

/// alice challenges `opponent` in #general, who accepts with the button; returns the first board.
async fn start(fx: &Fixture, opponent: &Person) -> (u64, Message) {
    let (id, challenge) = fx
        .challenge(&alice(), opponent, GENERAL, challenger_first())
        .await;
    let accept = button_ids(&challenge)
        .into_iter()
        .find(|b| b.ends_with(":accept"))
        .expect("an accept button");
    fx.press_public(opponent, id, &accept).await
}

/// `who` plays the first house offered on `board`; returns the next board.
async fn play(fx: &Fixture, who: &Person, board: &(u64, Message)) -> (u64, Message) {
    let house = house_ids(&board.1)[0].clone();
    fx.press_public(who, board.0, &house).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seasons_charts_and_turn_dms_through_discord() {
    let (fx, bot, store) = Fixture::table(DATABASE).await;

    // Two rated wins for alice.
    for opponent in [bob(), carol_the_admin()] {
        let board = start(&fx, &opponent).await;
        play(&fx, &alice(), &board).await;
        let sent = fx.run(
            &opponent,
            GENERAL,
            "resign",
            Options::new().int("confirm", 0),
        );
        fx.public_answer(&sent).await;
    }

    // /stats: the chart, attached to the private answer.
    let sent = fx.run(&alice(), GENERAL, "stats", Options::new());
    let text = ephemeral_text(&fx.fake.callback(&sent).await);
    assert!(text.contains("2 won, 0 drawn, 0 lost"), "{text}");
    assert!(text.contains("longest winning streak 2"), "{text}");
    let answer = fx.fake.response(&sent).await;
    assert_eq!(answer.files.len(), 1, "the chart");
    let chart = image::load_from_memory(&answer.files[0].bytes).expect("a PNG");
    assert_eq!(
        (chart.width(), chart.height()),
        (namnam_render::CHART_WIDTH, namnam_render::CHART_HEIGHT)
    );

    // /admin season: the news goes to #duel, the old standings stay readable.
    let before = fx.run(&bob(), GENERAL, "leaderboard", Options::new());
    let before = fx.public_answer(&before).await.1.content().to_owned();
    let options = Options::new().sub("season", Options::new().channel("news", DUEL));
    let said = fx
        .private_answer(&carol_the_admin(), GENERAL, "admin", options)
        .await;
    assert!(said.contains("Season 1 is over"), "{said}");
    let news = fx
        .fake
        .wait_for("the season's news in #duel", |s| {
            posted(s, DUEL, "Season 1 is over")
        })
        .await;
    assert!(news.content().contains("🥇 alice"), "{}", news.content());
    let fresh = fx.run(&bob(), GENERAL, "leaderboard", Options::new());
    let fresh = fx.public_answer(&fresh).await.1;
    assert!(
        fresh.content().contains("in season 2 yet"),
        "{}",
        fresh.content()
    );
    let kept = fx.run(
        &bob(),
        GENERAL,
        "leaderboard",
        Options::new().int("season", 1),
    );
    let kept = fx.public_answer(&kept).await.1.content().to_owned();
    assert!(kept.starts_with("Final standings of season 1"), "{kept}");
    let rows =
        |text: &str| -> Vec<String> { text.lines().skip(1).take(3).map(str::to_owned).collect() };
    assert_eq!(rows(&kept), rows(&before), "season 1's table as it was");

    // /notify on: bob gets a DM on his turn after he left the board, none while he is there.
    let on = fx
        .private_answer(
            &bob(),
            GENERAL,
            "notify",
            Options::new().sub("on", Options::new()),
        )
        .await;
    assert!(on.contains("I will send you a DM"), "{on}");
    let board = start(&fx, &bob()).await;
    let board = play(&fx, &alice(), &board).await;
    let board = play(&fx, &bob(), &board).await;
    fx.clock().advance_secs(10 * 60);
    let board = play(&fx, &alice(), &board).await;
    let dm = fx
        .fake
        .wait_for("bob's DM", |s| s.dms_to(bob().id).first().cloned())
        .await;
    let link = format!(
        "https://discord.com/channels/{}/{GENERAL}",
        FakeDiscord::GUILD_ID
    );
    assert!(dm.content().contains("against alice"), "{}", dm.content());
    assert!(dm.content().contains(&link), "{}", dm.content());
    assert!(
        dm.content().contains("<t:"),
        "the deadline: {}",
        dm.content()
    );
    // bob answers at once; alice too: he is at the board.
    let board = play(&fx, &bob(), &board).await;
    let board = play(&fx, &alice(), &board).await;

    // bob closes his DMs: the next DM is refused, and turns them off.
    fx.fake.state().closed_dms.insert(bob().id);
    let board = play(&fx, &bob(), &board).await;
    fx.clock().advance_secs(10 * 60);
    play(&fx, &alice(), &board).await;
    let reader = store.reader();
    poll_async("bob's DMs turned off", PATIENCE, || async {
        let on = namnam_store::turn_notifications_on(reader, UserId(bob().id))
            .await
            .unwrap();
        (!on).then_some(())
    })
    .await;
    assert_eq!(fx.fake.state().dms_to(bob().id).len(), 1, "one DM shown");
    let told = fx.run(&bob(), GENERAL, "matches", Options::new());
    let word = ephemeral_text(&fx.fake.callback(&told).await);
    assert!(
        word.contains("Your active matches") && word.contains("could not send you a DM"),
        "{word}"
    );

    fx.close(bot, store).await;
}
