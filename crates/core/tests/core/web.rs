//! A server's web page as the bot knows it: off until an admin turns it on; its link told privately to the
//! admin; a new link stops the old one; off clears it; and replies link to the pages when the server has
//! them and the bot knows the web server's address.

use crate::common::*;
use namnam_core::web::{is_token, Page};
use namnam_core::{CoreConfig, Resolver};
use namnam_store as store;

const WEB: &str = "https://namnam.example";

async fn harness(backend: Backend) -> Harness {
    let config = CoreConfig {
        outbox: true,
        web_url: Some(WEB.to_owned()),
        ..Default::default()
    };
    Harness::with_config(backend, config).await
}

async fn token(h: &Harness) -> Option<String> {
    store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
}

async fn a_servers_page_is_off_until_an_admin_turns_it_on(backend: Backend) {
    let h = harness(backend).await;
    let shown = h.ok("admin", "admin settings").await;
    assert!(
        shown.text.plain().contains("web page: off"),
        "{}",
        shown.text
    );
    assert_eq!(token(&h).await, None, "no page by default");
    let board = h
        .start_match("general", "alice", "bob", "first:challenger rounds:1")
        .await;
    assert!(board.buttons.links.is_empty(), "no link without a page");

    let on = h.ok("admin", "admin settings web:yes").await;
    assert!(on.is_private(), "the link is the admin's alone");
    let first = token(&h).await.expect("a page");
    assert!(is_token(&first), "{first}");
    let link = Page::Server.url(WEB, &first);
    assert!(on.text.plain().contains(&link), "{}", on.text);
    // Asked again, the same page: an admin repeating the command breaks no link.
    h.ok("admin", "admin settings web:yes").await;
    assert_eq!(token(&h).await.as_deref(), Some(first.as_str()));

    // Replies link to the pages.
    let leaderboard = h.ok("alice", "leaderboard").await;
    assert_eq!(
        leaderboard.buttons.links.len(),
        1,
        "{:?}",
        leaderboard.buttons.links
    );
    assert_eq!(leaderboard.buttons.links[0].url, link);
    // A rated match: one move, then a resignation.
    let house = legal_houses(&board)[0];
    h.ok("alice", &format!("move house:{house}")).await;
    let over = h.ok("bob", "resign confirm:yes").await;
    let id = over.board.state.as_ref().expect("the last board").match_id;
    assert!(
        over.buttons
            .links
            .iter()
            .any(|l| l.url == Page::Match(id).url(WEB, &first)),
        "a finished match links to its page: {:?}",
        over.buttons.links
    );

    let stats = h.ok("alice", "stats").await;
    let alice = TestNames.user("alice").unwrap().id.0;
    assert!(
        stats
            .buttons
            .links
            .iter()
            .any(|l| l.url == Page::Player(alice).url(WEB, &first)),
        "{:?}",
        stats.buttons.links
    );
    // A new link: the old one stops.
    let renewed = h.ok("admin", "admin settings web:new-link").await;
    let second = token(&h).await.expect("still a page");
    assert_ne!(second, first);
    assert!(renewed
        .text
        .plain()
        .contains(&Page::Server.url(WEB, &second)));
    assert_eq!(
        store::server_of_web_token(h.core.store().reader(), &first)
            .await
            .unwrap(),
        None,
        "the old link finds no server"
    );
    assert!(store::server_of_web_token(h.core.store().reader(), &second)
        .await
        .unwrap()
        .is_some());

    // Off: no page, no link.
    let off = h.ok("admin", "admin settings web:no").await;
    assert!(off.text.plain().contains("web page: off"), "{}", off.text);
    assert_eq!(token(&h).await, None);
    assert!(h.ok("alice", "leaderboard").await.buttons.links.is_empty());
    // Only admins may.
    assert!(h
        .core
        .handle(&h.request("general", "alice", "admin settings web:yes"))
        .await
        .is_private());
    assert_eq!(token(&h).await, None);
}

async fn without_the_web_servers_address_the_admin_gets_the_path(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let on = h.ok("admin", "admin settings web:yes").await;
    let token = token(&h).await.expect("a page");
    assert!(
        on.text.plain().contains(&Page::Server.path(&token)),
        "{}",
        on.text
    );
    assert!(on.text.plain().contains("NAMNAM_WEB_URL"), "{}", on.text);
    assert!(
        h.ok("alice", "leaderboard").await.buttons.links.is_empty(),
        "no address, no button"
    );
}

on_both_backends!(
    a_servers_page_is_off_until_an_admin_turns_it_on,
    without_the_web_servers_address_the_admin_gets_the_path
);
