//! A server's web page through Discord: `/admin settings web:` tells the admin the link privately, and
//! then `/leaderboard` carries a link button to the page (a button of Discord's link style, with the
//! page's address and no custom id), which the fake Discord accepts against Discord's API description.

use crate::checks::ephemeral_text;
use crate::fixture::{alice, carol_the_admin, Fixture, GENERAL, WEB_URL};
use crate::payload::Options;
use namnam_model::ServerId;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_page_is_linked_once_an_admin_turns_it_on() {
    let (fx, bot, store) = Fixture::table("web-pages.db").await;
    let leaderboard = |fx: &Fixture| fx.run(&alice(), GENERAL, "leaderboard", Options::new());
    let before = fx.public_answer(&leaderboard(&fx)).await.1;
    assert_eq!(
        before.json["components"],
        serde_json::json!([]),
        "no page, no button"
    );

    // The page's choices are 0 yes, 1 new-link, 2 no.
    let on = Options::new().sub("settings", Options::new().int("web", 0));
    let said = fx.run(&carol_the_admin(), GENERAL, "admin", on);
    let said = ephemeral_text(&fx.fake.callback(&said).await);
    let token = namnam_store::web_token(
        store.reader(),
        ServerId(crate::support::fake_discord::FakeDiscord::GUILD_ID),
    )
    .await
    .unwrap()
    .expect("a page");
    let link = format!("{WEB_URL}/s/{token}/");
    assert!(said.contains(&link), "the admin is told the link: {said}");

    let after = fx.public_answer(&leaderboard(&fx)).await.1;
    let button = &after.json["components"][0]["components"][0];
    assert_eq!(button["style"], 5, "a link button: {button}");
    assert_eq!(button["url"], link.as_str());
    assert!(
        button.get("custom_id").is_none_or(|id| id.is_null()),
        "{button}"
    );
    assert_eq!(button["label"], "Server page");
    fx.close(bot, store).await;
}
