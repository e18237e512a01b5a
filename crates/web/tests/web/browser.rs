//! A server's pages in a real browser (Debian's Chromium, through `namnam-browser`): the leaderboard's rows
//! in order, a player followed, a finished match stepped forward and back with every board decoded, the
//! hostile name shown as text with no script run, nothing blocked by the page's own CSP, nothing wider
//! than a phone, and 404 before `web:yes`, for an old link after `web:new-link`, and after `web:no`.
//! An ignored test photographs the four kinds of page at phone and desktop widths for `docs/web/`.

use namnam_model::MatchId;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::common::*;
use crate::pages::{named, play_out_named, roomy, serve, HOSTILE};
use namnam_browser::{Browser, Page as Tab, DESKTOP, PHONE};
use namnam_core::web::Page;
use namnam_core::Resolver;
use namnam_store as store;

/// A server with a finished match (the hostile name against bob), a second finished match (carol
/// against dave), one live match and a tournament under way; its page turned on. The web server's address
/// and the page's token.
async fn a_server(h: &Harness) -> (SocketAddr, String, i64) {
    let challenge = named(
        h,
        "general",
        "alice",
        HOSTILE,
        "challenge opponent:bob first:challenger rounds:1",
    );
    h.core.try_handle(&challenge).await.expect("challenged");
    let board = h.ok("bob", "accept").await;
    let (over, _) = play_out_named(h, board).await;
    let finished = over.board.state.as_ref().expect("the last board").match_id;
    let second = h
        .start_match("side", "carol", "dave", "first:challenger rounds:1")
        .await;
    let house = legal_houses(&second)[0];
    h.ok_in("side", "carol", &format!("move house:{house}"))
        .await;
    h.ok_in("side", "dave", "resign confirm:yes").await;
    let live = h
        .start_match("general", "erin", "frank", "first:challenger")
        .await;
    let house = legal_houses(&live)[0];
    h.ok("erin", &format!("move house:{house}")).await;
    h.ok_in(
        "cup",
        "carol",
        "tournament create Duo format:round-robin target:7",
    )
    .await;
    h.ok_in("cup", "carol", "tournament join").await;
    h.ok_in("cup", "dave", "tournament join").await;
    h.ok_in("cup", "carol", "tournament start").await;
    let addr = serve(&h.db.url, roomy()).await;
    h.ok("admin", "admin settings web:yes").await;
    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a page");
    (addr, token, finished.0)
}

/// Nothing on the page went wrong: every image decoded, no dialog, nothing its CSP blocked, nothing
/// wider than the window.
async fn assert_sound(tab: &Tab, what: &str) {
    assert_eq!(
        tab.undecoded_images().await,
        Vec::<String>::new(),
        "{what}: images"
    );
    assert_eq!(
        tab.dialogs().await,
        Vec::<String>::new(),
        "{what}: a script ran"
    );
    assert!(
        tab.eval::<bool>("window.__pwned === undefined").await,
        "{what}: a script ran"
    );
    assert_eq!(
        tab.csp_violations().await,
        Vec::<String>::new(),
        "{what}: CSP"
    );
    assert_eq!(tab.overflow_x().await, 0, "{what}: wider than the window");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_pages_in_a_real_browser() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let h = Harness::new(Backend::Sqlite).await;
    let base = |addr: SocketAddr, path: &str| format!("http://{addr}{path}");
    let (addr, token, finished) = a_server(&h).await;
    let guessed = "0123456789abcdef".repeat(4);
    let tab = browser
        .open(&base(addr, &Page::Server.path(&guessed)))
        .await;
    assert_eq!(tab.status().await, Some(404), "an unknown token");

    // The server's page: the leaderboard's rows in the store's order, the hostile name as text.
    tab.set_viewport(PHONE).await;
    tab.goto(&base(addr, &Page::Server.path(&token))).await;
    assert_eq!(tab.status().await, Some(200));
    let (rows, _) = store::leaderboard(h.core.store().reader(), SERVER, 1, 50)
        .await
        .unwrap();
    let expected: Vec<String> = rows.iter().map(|r| r.name.clone()).collect();
    assert!(expected.len() >= 4, "{expected:?}");
    assert_eq!(tab.texts("table.leaderboard td.name").await, expected);
    assert!(
        tab.texts("table.leaderboard td.name")
            .await
            .iter()
            .any(|n| n == HOSTILE),
        "the hostile name, as text"
    );
    assert_eq!(
        tab.count("table.leaderboard td.name img").await,
        0,
        "no element made of a name"
    );
    assert_sound(&tab, "the server's page").await;

    // Follow the hostile player, then their finished match.
    let alice = TestNames.user("alice").unwrap().id.0;
    tab.click(&format!("table.leaderboard a[href$=\"/players/{alice}\"]"))
        .await;
    assert!(tab.url().await.ends_with(&Page::Player(alice).path(&token)));
    assert_sound(&tab, "the player's page").await;
    tab.click(&format!("a[href*=\"/matches/{finished}\"]"))
        .await;
    assert!(tab
        .url()
        .await
        .contains(&Page::Match(MatchId(finished)).path(&token)));
    assert_sound(&tab, "the match's page").await;

    // Step the replay with the keys: forward twice, back once, each board decoded.
    tab.set_viewport(DESKTOP).await;
    let ply = |url: String| {
        url.rsplit("ply=")
            .next()
            .and_then(|n| n.parse::<u32>().ok())
    };
    let start = ply(tab.url().await).unwrap_or(0);
    tab.press("ArrowRight").await;
    assert_eq!(ply(tab.url().await), Some(start + 1));
    assert_sound(&tab, "a step forward").await;
    tab.press("ArrowRight").await;
    assert_eq!(ply(tab.url().await), Some(start + 2));
    tab.press("ArrowLeft").await;
    assert_eq!(ply(tab.url().await), Some(start + 1));
    assert_sound(&tab, "a step back").await;
    // The links step too.
    tab.click("nav.steps a[rel=next]").await;
    assert_eq!(ply(tab.url().await), Some(start + 2));

    // A new link: the old one is gone; off: the new one too.
    let old = Page::Server.path(&token);
    h.ok("admin", "admin settings web:new-link").await;
    tab.goto(&base(addr, &old)).await;
    assert_eq!(
        tab.status().await,
        Some(404),
        "the old link after web:new-link"
    );
    let new = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a page");
    tab.goto(&base(addr, &Page::Server.path(&new))).await;
    assert_eq!(tab.status().await, Some(200), "the new link");
    h.ok("admin", "admin settings web:no").await;
    tab.goto(&base(addr, &Page::Server.path(&new))).await;
    assert_eq!(tab.status().await, Some(404), "after web:no");

    // The page's CSP, as the browser received it.
    let csp = reqwest::get(base(addr, "/healthz"))
        .await
        .unwrap()
        .headers()
        .get("content-security-policy")
        .map(|v| v.to_str().unwrap().to_owned());
    assert!(
        csp.as_deref()
            .is_some_and(|c| c.contains("default-src 'none'") && c.contains("script-src 'self'")),
        "{csp:?}"
    );
    browser.close().await;
}

/// Photographs the four kinds of page at phone and desktop widths into `docs/web/` (run by hand:
/// `cargo test -p namnam-web --test web -- --ignored photographs`), so that CI never rewrites them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes docs/web/*.png"]
async fn photographs_the_pages_for_the_docs() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let h = Harness::new(Backend::Sqlite).await;
    let (addr, token, finished) = a_server(&h).await;
    let alice = TestNames.user("alice").unwrap().id.0;
    let tournament = store::tournaments_of_server(h.core.store().reader(), SERVER)
        .await
        .unwrap()[0]
        .id;
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/web");
    std::fs::create_dir_all(&folder).unwrap();
    let pages = [
        ("server", Page::Server.path(&token)),
        ("player", Page::Player(alice).path(&token)),
        (
            "match",
            format!("{}?ply=9", Page::Match(MatchId(finished)).path(&token)),
        ),
        ("tournament", Page::Tournament(tournament).path(&token)),
    ];
    // A page of the site first: the window's size is set on an HTML page.
    let tab = browser.open(&format!("http://{addr}{}", pages[0].1)).await;
    for (name, path) in pages {
        for (width, size) in [("phone", PHONE), ("desktop", DESKTOP)] {
            tab.set_viewport(size).await;
            tab.goto(&format!("http://{addr}{path}")).await;
            assert_eq!(tab.status().await, Some(200), "{name}");
            assert_sound(&tab, name).await;
            std::fs::write(
                folder.join(format!("{name}-{width}.png")),
                tab.screenshot().await,
            )
            .unwrap();
        }
    }
    browser.close().await;
}
