//! The pages of a server that played a match, over HTTP.

use crate::common::*;
use namnam_core::web::Page;
use namnam_core::Resolver;
use namnam_model::{MatchId, ServerId, TournamentId, UserId};
use namnam_store::{self as store};
use namnam_web::{Budget, WebOptions};
use reqwest::StatusCode;
use std::net::SocketAddr;

pub(crate) const HOSTILE: &str = "<img src=x onerror=alert(1)>";

/// The web server on the loopback, on `url` opened read-only; its address.
pub(crate) async fn serve(url: &str, options: WebOptions) -> SocketAddr {
    let store = namnam_web::open(url)
        .await
        .expect("the database opens read-only");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = namnam_web::router(store, options.clone());
    tokio::spawn(namnam_web::serve(
        listener,
        router,
        &options,
        std::future::pending(),
    ));
    addr
}

pub(crate) fn roomy() -> WebOptions {
    WebOptions {
        budget: Budget {
            per_minute: 100_000,
            burst: 100_000,
        },
        cache_bytes: 16 << 20,
        ..WebOptions::default()
    }
}

struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: format!("http://{addr}"),
        }
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("the server answers")
    }

    async fn text(&self, path: &str) -> String {
        let response = self.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.unwrap()
    }
}

/// `user`'s request, under another display name.
pub(crate) fn named(
    h: &Harness,
    channel: &str,
    user: &str,
    name: &str,
    line: &str,
) -> namnam_core::Request {
    let mut request = h.request(channel, user, line);
    request.user.name = name.to_owned();
    request
}

/// Plays the match to its end, alice under the hostile name; the last reply and the moves played.
pub(crate) async fn play_out_named(
    h: &Harness,
    mut reply: namnam_core::Reply,
) -> (namnam_core::Reply, u32) {
    let mut rng = namnam_game::rng::SeededRng::new(7);
    let mut moves = 0;
    while let Some(player) = to_move(&reply) {
        assert!(moves < 2_000, "the match ends");
        let legal = legal_houses(&reply);
        let house = legal[rng.below(legal.len())];
        let line = format!("move house:{house}");
        let request = match player.as_str() {
            HOSTILE => named(h, "general", "alice", HOSTILE, &line),
            _ => h.request("general", &player, &line),
        };
        reply = h
            .core
            .try_handle(&request)
            .await
            .expect("the move is played");
        moves += 1;
    }
    (reply, moves)
}

async fn a_servers_pages_follow_its_admins_choice(backend: Backend) {
    let h = Harness::new(backend).await;
    // A rated match between a hostile name and bob, played to its end.
    let challenge = named(
        &h,
        "general",
        "alice",
        HOSTILE,
        "challenge opponent:bob first:challenger rounds:1",
    );
    h.core.try_handle(&challenge).await.expect("challenged");
    let board = h.ok("bob", "accept").await;
    let (over, moves) = play_out_named(&h, board).await;
    let finished = over.board.state.as_ref().expect("the last board").match_id;
    // A match still being played, one move in.
    let live = h
        .start_match("side", "carol", "dave", "first:challenger")
        .await;
    let live_id = live.board.state.as_ref().unwrap().match_id;
    let house = legal_houses(&live)[0];
    let player = to_move(&live).unwrap();
    h.ok_in("side", &player, &format!("move house:{house}"))
        .await;
    // A match of another server.
    let mut elsewhere = h.request(
        "general",
        "erin",
        "challenge opponent:frank first:challenger",
    );
    elsewhere.place = namnam_core::Place::ServerChannel {
        server: ServerId(77),
        channel: elsewhere.place.channel(),
    };
    h.core
        .try_handle(&elsewhere)
        .await
        .expect("challenged elsewhere");
    let mut accept = h.request("general", "frank", "accept");
    accept.place = namnam_core::Place::ServerChannel {
        server: ServerId(77),
        channel: accept.place.channel(),
    };
    let other = h
        .core
        .try_handle(&accept)
        .await
        .expect("accepted elsewhere");
    let other_id = other.board.state.as_ref().unwrap().match_id;

    let web = Client::new(serve(&h.db.url, roomy()).await);
    assert_eq!(web.text("/healthz").await, "ok");
    // Nothing before `web:yes`: any token, a malformed one.
    let guessed = "0123456789abcdef".repeat(4);
    let not_found = web.get(&Page::Server.path(&guessed)).await;
    assert_eq!(not_found.status(), StatusCode::NOT_FOUND);
    let not_found_page = not_found.text().await.unwrap();
    assert_eq!(web.get("/s/../etc/").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(web.get("/s/ABC/").await.status(), StatusCode::NOT_FOUND);

    h.ok("admin", "admin settings web:yes").await;
    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a token");
    let server_path = Page::Server.path(&token);
    let response = web.get(&server_path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    let html = response.text().await.unwrap();
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    // The hostile name is text.
    assert!(
        html.contains("&#60;img src=x onerror=alert(1)&#62;"),
        "{html}"
    );
    assert!(!html.contains(HOSTILE), "{html}");
    assert!(!html.contains("<script>"), "no inline script");
    // The leaderboard's rows in the rating's order.
    let (rows, _) = store::leaderboard(h.core.store().reader(), SERVER, 1, 50)
        .await
        .unwrap();
    assert_eq!(rows.len(), 2);
    let at = |id: UserId| {
        html.find(&Page::Player(id.0).path(&token))
            .expect("a row's link")
    };
    assert!(at(rows[0].player) < at(rows[1].player), "best first");
    // The live match: its current board only.
    let live_path = Page::Match(live_id).path(&token);
    assert!(html.contains(&format!("{live_path}/1.png")), "{html}");
    // An ETag, and 304 when the client has it.
    let etag = headers["etag"].clone();
    let again = web
        .http
        .get(format!("{}{server_path}", web.base))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // The live match's page shows no replay, and its past is not served.
    let live_page = web.text(&live_path).await;
    assert!(!live_page.contains("?ply="), "{live_page}");
    assert!(!live_page.contains(".nnr"), "{live_page}");
    assert_eq!(
        web.get(&format!("{live_path}.nnr")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        web.get(&format!("{live_path}/0.png")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        web.get(&format!("{live_path}/1.gif")).await.status(),
        StatusCode::NOT_FOUND
    );
    let current = web.get(&format!("{live_path}/1.png")).await;
    assert_eq!(current.status(), StatusCode::OK);
    assert_eq!(current.headers()["cache-control"], "no-cache");

    // The finished match, every position.
    let path = Page::Match(finished).path(&token);
    for ply in 0..=moves {
        let page = web.text(&format!("{path}?ply={ply}")).await;
        assert!(page.contains(&format!("{path}/{ply}.png")), "ply {ply}");
        assert!(!page.contains(HOSTILE));
        let picture = web.get(&format!("{path}/{ply}.png")).await;
        assert_eq!(picture.status(), StatusCode::OK);
        // Never a shared cache's: the address holds the token, which web:new-link and web:no take back.
        assert_eq!(picture.headers()["cache-control"], "private, max-age=86400");
        let bytes = picture.bytes().await.unwrap();
        image::load_from_memory(&bytes).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
        if (1..=2).contains(&ply) || ply == moves {
            let gif = web.get(&format!("{path}/{ply}.gif")).await;
            assert_eq!(gif.status(), StatusCode::OK);
            assert_eq!(gif.headers()["cache-control"], "private, max-age=86400");
            assert!(gif.bytes().await.unwrap().starts_with(b"GIF8"), "ply {ply}");
        }
    }
    assert_eq!(
        web.get(&format!("{path}/{}.png", moves + 1)).await.status(),
        StatusCode::NOT_FOUND
    );
    let record = web.get(&format!("{path}.nnr")).await;
    assert_eq!(record.status(), StatusCode::OK);
    assert_eq!(record.headers()["cache-control"], "private, max-age=86400");
    assert!(record.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    assert!(!record.text().await.unwrap().is_empty());

    // A player's page and chart.
    let player = web.text(&Page::Player(rows[0].player.0).path(&token)).await;
    assert!(player.contains(&path), "the recent match is linked");
    let chart = web
        .get(&format!(
            "{}/chart.png",
            Page::Player(rows[0].player.0).path(&token)
        ))
        .await;
    assert_eq!(chart.status(), StatusCode::OK);
    image::load_from_memory(&chart.bytes().await.unwrap()).expect("the chart decodes");

    // Another server's match, and a player who never played here: the same 404.
    let foreign = web.get(&Page::Match(other_id).path(&token)).await;
    assert_eq!(foreign.status(), StatusCode::NOT_FOUND);
    assert_eq!(foreign.text().await.unwrap(), not_found_page);
    assert_eq!(
        web.get(&Page::Player(12345).path(&token)).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        web.get(&Page::Tournament(TournamentId(1)).path(&token))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );

    // Only GET and HEAD.
    let posted = web
        .http
        .post(format!("{}{server_path}", web.base))
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
    let head = web
        .http
        .head(format!("{}{server_path}", web.base))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), StatusCode::OK);

    // A new link: the old one stops. Off: no page.
    h.ok("admin", "admin settings web:new-link").await;
    let renewed = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(web.get(&server_path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(web.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        web.get(&Page::Server.path(&renewed)).await.status(),
        StatusCode::OK
    );
    h.ok("admin", "admin settings web:no").await;
    assert_eq!(
        web.get(&Page::Server.path(&renewed)).await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn a_client_past_its_budget_waits(backend: Backend) {
    let h = Harness::new(backend).await;
    let tight = |trusted_proxy| WebOptions {
        budget: Budget {
            per_minute: 1,
            burst: 3,
        },
        trusted_proxy,
        cache_bytes: 1 << 20,
        ..WebOptions::default()
    };
    // Not from the trusted proxy: X-Forwarded-For changes nothing.
    let web = Client::new(serve(&h.db.url, tight(None)).await);
    let mut statuses = Vec::new();
    for i in 0..4 {
        let response = web
            .http
            .get(format!("{}/healthz", web.base))
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .send()
            .await
            .unwrap();
        statuses.push(response.status());
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            let wait: u64 = response.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=60).contains(&wait), "{wait}");
        }
    }
    assert_eq!(statuses[..3], [StatusCode::OK; 3]);
    assert_eq!(statuses[3], StatusCode::TOO_MANY_REQUESTS);
    // From the trusted proxy: each forwarded client has its own budget.
    let web = Client::new(serve(&h.db.url, tight(Some("127.0.0.1".parse().unwrap()))).await);
    for i in 0..6 {
        let response = web
            .http
            .get(format!("{}/healthz", web.base))
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "client {i}");
    }
    // A forwarded address that does not read is refused with an error page, not served on the proxy's
    // own budget (shared by every such client).
    for bad in ["7.7.7.7, garbage", "5.5.5.5:1234"] {
        let response = web
            .http
            .get(format!("{}/healthz", web.base))
            .header("x-forwarded-for", bad)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert!(response
            .text()
            .await
            .unwrap()
            .contains("<h1>Bad request</h1>"));
    }
}

async fn a_tournaments_page_shows_its_standings_and_rounds_in_the_servers_language(
    backend: Backend,
) {
    let h = Harness::new(backend).await;
    h.ok("admin", "admin settings language:fr web:yes").await;
    h.ok_in(
        "cup",
        "carol",
        "tournament create Duo format:round-robin target:7",
    )
    .await;
    h.ok_in("cup", "carol", "tournament join").await;
    h.ok_in("cup", "dave", "tournament join").await;
    let started = h.ok_in("cup", "carol", "tournament start").await;
    assert!(!started.text.plain().is_empty());
    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a token");
    let tournaments = store::tournaments_of_server(h.core.store().reader(), SERVER)
        .await
        .unwrap();
    let id = tournaments[0].id;
    let web = Client::new(serve(&h.db.url, roomy()).await);
    let server = web.text(&Page::Server.path(&token)).await;
    assert!(server.contains("lang=\"fr\""), "{server}");
    assert!(
        server.contains(&Page::Tournament(id).path(&token)),
        "{server}"
    );
    let page = web.text(&Page::Tournament(id).path(&token)).await;
    assert!(
        page.contains("Duo") && page.contains("Classement"),
        "{page}"
    );
    assert!(page.contains("Ronde 1"), "{page}");
    assert!(page.contains("carol") && page.contains("dave"), "{page}");
    let game = store::games(h.core.store().reader(), id).await.unwrap()[0];
    let match_id = game.match_id.expect("the round's match");
    assert!(page.contains(&Page::Match(match_id).path(&token)), "{page}");
}

/// A name holding a right-to-left override, an Arabic name, and one with a terminal escape.
const REVERSING: &str = "eve\u{202e}gnp.exe";
const ARABIC: &str = "سلمى";
const ESCAPING: &str = "cat\u{1b}[2Jdog";

/// Plays the match to its end, each user under the name `names` gives them.
async fn play_out_as(
    h: &Harness,
    mut reply: namnam_core::Reply,
    names: &[(&str, &str)],
) -> namnam_core::Reply {
    let mut rng = namnam_game::rng::SeededRng::new(11);
    let mut moves = 0;
    while let Some(player) = to_move(&reply) {
        assert!(moves < 2_000, "the match ends");
        let legal = legal_houses(&reply);
        let house = legal[rng.below(legal.len())];
        let (user, name) = names
            .iter()
            .find(|(_, name)| *name == player)
            .expect("a player of the match");
        let request = named(h, "general", user, name, &format!("move house:{house}"));
        reply = h
            .core
            .try_handle(&request)
            .await
            .expect("the move is played");
        moves += 1;
    }
    reply
}

/// `html` with the names isolated as they should be taken out: what is left holds no right-to-left letter,
/// no bidi control and no control character but the template's line breaks.
fn left_after_isolated_names(html: &str) -> Vec<char> {
    let rest = html
        .replace(&format!("\u{2068}{REVERSING}\u{2069}"), "")
        .replace(&format!("\u{2068}{ARABIC}\u{2069}"), "")
        .replace("\u{2068}Cup\u{202e}puC\u{2069}", "");
    rest.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || namnam_core::message::is_bidi_control(c)
                || namnam_core::message::is_right_to_left(c)
        })
        .collect()
}

/// The texts of every `<tag …>…</tag>` of `html` (`tag` may go on with attributes: `td class="name"`).
fn elements<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let name = tag.split(' ').next().unwrap_or(tag);
    let (open, close) = (format!("<{tag}"), format!("</{name}>"));
    html.match_indices(&open)
        .filter_map(|(at, _)| {
            let inner = &html[at..];
            let end = inner.find(&close)?;
            Some(&inner[..end])
        })
        .collect()
}

/// The `alt` of every picture of `html`.
fn alts(html: &str) -> Vec<&str> {
    html.match_indices("alt=\"")
        .filter_map(|(at, _)| html[at + 5..].split('"').next())
        .collect()
}

async fn names_that_could_turn_a_line_around_are_isolated_on_every_page(backend: Backend) {
    let h = Harness::new(backend).await;
    let names = [("alice", REVERSING), ("bob", ARABIC), ("carol", ESCAPING)];
    let challenge = named(
        &h,
        "general",
        "alice",
        REVERSING,
        "challenge opponent:bob first:challenger rounds:1",
    );
    h.core.try_handle(&challenge).await.expect("challenged");
    let accept = named(&h, "general", "bob", ARABIC, "accept");
    let board = h.core.try_handle(&accept).await.expect("accepted");
    let over = play_out_as(&h, board, &names).await;
    let finished = over.board.state.as_ref().expect("the last board").match_id;
    // A live match of the escaping name, one move in: the server's page shows its board.
    let challenge = named(
        &h,
        "side",
        "carol",
        ESCAPING,
        "challenge opponent:dave first:challenger",
    );
    h.core.try_handle(&challenge).await.expect("challenged");
    let live = h.ok_in("side", "dave", "accept").await;
    let house = legal_houses(&live)[0];
    let moved = named(
        &h,
        "side",
        "carol",
        ESCAPING,
        &format!("move house:{house}"),
    );
    h.core.try_handle(&moved).await.expect("moved");
    // A tournament whose name reverses, between the two.
    h.ok_in(
        "cup",
        "dave",
        "tournament create Cup\u{202e}puC format:round-robin target:7",
    )
    .await;
    for (user, name) in &names[..2] {
        let join = named(&h, "cup", user, name, "tournament join");
        h.core.try_handle(&join).await.expect("joined");
    }
    h.ok_in("cup", "dave", "tournament start").await;
    h.ok("admin", "admin settings web:yes").await;
    let reader = h.core.store().reader();
    let token = store::web_token(reader, SERVER)
        .await
        .unwrap()
        .expect("a page");
    let tournament = store::tournaments_of_server(reader, SERVER).await.unwrap()[0].id;
    let (rows, _) = store::leaderboard(reader, SERVER, 1, 50).await.unwrap();
    let alice = rows
        .iter()
        .find(|r| r.name == REVERSING)
        .expect("rated")
        .player;

    let web = Client::new(serve(&h.db.url, roomy()).await);
    let server = web.text(&Page::Server.path(&token)).await;
    let finished = web.text(&Page::Match(finished).path(&token)).await;
    let player = web.text(&Page::Player(alice.0).path(&token)).await;
    let cup = web.text(&Page::Tournament(tournament).path(&token)).await;
    let isolated = |name: &str| format!("\u{2068}{name}\u{2069}");
    let escaped = r"cat\u{1b}[2Jdog";
    for (page, html) in [
        ("server", &server),
        ("match", &finished),
        ("player", &player),
        ("tournament", &cup),
    ] {
        assert_eq!(
            left_after_isolated_names(html),
            Vec::<char>::new(),
            "{page}: {html}"
        );
    }
    // The leaderboard's cells.
    let cells = elements(&server, "td class=\"name\"");
    assert!(
        cells.iter().any(|c| c.contains(&isolated(REVERSING))),
        "{cells:?}"
    );
    assert!(
        cells.iter().any(|c| c.contains(&isolated(ARABIC))),
        "{cells:?}"
    );
    // The live match's picture and its caption.
    let caption = elements(&server, "figcaption");
    assert!(caption.iter().any(|c| c.contains(escaped)), "{caption:?}");
    assert!(
        alts(&server).iter().any(|a| a.contains(escaped)),
        "{server}"
    );
    // The finished match: its title, its heading and its picture's description.
    for part in [
        elements(&finished, "title"),
        elements(&finished, "h1"),
        alts(&finished),
    ] {
        assert!(
            part.iter()
                .any(|p| p.contains(&isolated(REVERSING)) && p.contains(&isolated(ARABIC))),
            "{part:?}"
        );
    }
    // The player's title and heading.
    for part in [elements(&player, "title"), elements(&player, "h1")] {
        assert!(
            part.iter().any(|p| p.contains(&isolated(REVERSING))),
            "{part:?}"
        );
    }
    // The tournament's name and its standings.
    let cup_name = isolated("Cup\u{202e}puC");
    for part in [elements(&cup, "title"), elements(&cup, "h1")] {
        assert!(part.iter().any(|p| p.contains(&cup_name)), "{part:?}");
    }
    let standings = elements(&cup, "td class=\"name\"");
    assert!(
        standings.iter().any(|c| c.contains(&isolated(REVERSING))),
        "{standings:?}"
    );
    assert!(
        standings.iter().any(|c| c.contains(&isolated(ARABIC))),
        "{standings:?}"
    );
}

/// What a raw request for `target` (bytes as sent, not a URL's) is answered: the status line and the body.
async fn raw_get(addr: SocketAddr, target: &[u8]) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request = b"GET ".to_vec();
    request.extend_from_slice(target);
    request.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(&request).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or_default().to_owned(),
        body.to_owned(),
    )
}

async fn every_address_names_one_thing_or_is_the_one_404(backend: Backend) {
    let h = Harness::new(backend).await;
    let board = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = board.board.state.as_ref().unwrap().match_id;
    let (_, moves) = play_out_named(&h, board).await;
    h.ok("admin", "admin settings web:yes").await;
    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a page");
    let addr = serve(&h.db.url, roomy()).await;
    let web = Client::new(addr);
    let not_found = web.get(&Page::Server.path(&"f".repeat(64))).await;
    assert_eq!(not_found.status(), StatusCode::NOT_FOUND);
    let not_found = not_found.text().await.unwrap();
    let server = Page::Server.path(&token);
    let game = Page::Match(id).path(&token);
    // What is served.
    for path in [
        server.clone(),
        format!("{server}?page=1"),
        format!("{server}?season=1"),
        game.clone(),
        format!("{game}?ply=1"),
        format!("{game}.nnr"),
        format!("{game}/1.png"),
    ] {
        assert_eq!(web.get(&path).await.status(), StatusCode::OK, "{path}");
    }
    // Each thing at one address only, pages within their bounds, nothing escaped.
    let matches = format!("{server}matches");
    let first_digit = id.to_string().as_bytes()[0];
    for path in [
        format!("{matches}/0{id}"),
        format!("{matches}/0{id}.nnr"),
        format!("{matches}/+{id}"),
        format!("{matches}/{id}/01.png"),
        format!("{matches}/{id}/+1.gif"),
        format!("{matches}/%{:x}{}", first_digit, &id.to_string()[1..]),
        format!("{matches}/{id}%2Enrr"),
        format!("{server}?page=0"),
        format!("{server}?page=01"),
        format!("{server}?page=2"),
        format!("{server}?page=%31"),
        format!("{server}?page=1&page=1"),
        format!("{server}?page=85899346"),
        format!("{server}?page=4294967295"),
        format!("{server}?page=99999999999999999999"),
        format!("{server}?season=0"),
        format!("{server}?season=2"),
        format!("{game}?ply={}", moves + 1),
        format!("{game}?ply=4294967295"),
        format!("{game}?ply=01"),
        format!("{matches}/%ff"),
        format!("{matches}/%c3%28"),
        "/s/%ff/".to_owned(),
        "/%ff".to_owned(),
        format!("{server}{}", "a".repeat(4000)),
        format!("/s/{}/", "a".repeat(4000)),
    ] {
        let response = web.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(response.text().await.unwrap(), not_found, "{path}");
    }
    // Bytes that are not a URL's at all (not ASCII), sent as they are: hyper refuses the request line
    // before any route, with a bare 400 that says nothing either.
    let (status, body) = raw_get(addr, b"/s/\xff\xfe/").await;
    assert_eq!(status, "HTTP/1.1 400 Bad Request", "{body}");
    assert_eq!(body, "");
}

/// A nickname stays in its server: each server's page and a player's page there show the name the
/// player has in that server, never the other's.
async fn each_servers_pages_show_the_name_a_player_has_there(backend: Backend) {
    let h = Harness::new(backend).await;
    let other = ServerId(SERVER.0 + 1);
    let asked = |server: ServerId, user: &str, name: &str, line: &str| {
        let mut request = named(&h, "general", user, name, line);
        request.place = namnam_core::Place::ServerChannel {
            server,
            channel: request.place.channel(),
        };
        request
    };
    let servers = [(SERVER, "Alice of A"), (other, "Ali of B")];
    for (server, name) in servers {
        let run = |user: &str, name: &str, line: &str| {
            let request = asked(server, user, name, line);
            let core = h.core.clone();
            async move { core.try_handle(&request).await.expect("answered") }
        };
        run("admin", "admin", "admin settings web:yes").await;
        run("alice", name, "challenge opponent:bob first:challenger").await;
        let board = run("bob", "bob", "accept").await;
        let house = legal_houses(&board)[0];
        run("alice", name, &format!("move house:{house}")).await;
        run("bob", "bob", "resign confirm:yes").await;
    }
    let client = Client::new(serve(&h.db.url, roomy()).await);
    let alice = TestNames.user("alice").unwrap().id.0;
    for (server, mine) in servers {
        let theirs = servers.iter().find(|(s, _)| *s != server).unwrap().1;
        let token = store::web_token(h.core.store().reader(), server)
            .await
            .unwrap()
            .expect("a page");
        for path in [
            format!("/s/{token}/"),
            format!("/s/{token}/players/{alice}"),
        ] {
            let page = client.text(&path).await;
            assert!(page.contains(mine), "{mine} on {path}");
            assert!(!page.contains(theirs), "{theirs} not on {path}");
        }
    }
}

/// A match outside the servers that invited the bot counts in the everywhere rating, which no web page
/// shows: a guest's matches in a channel of this very server (the bot was a member once, the page is on)
/// are on none of its pages, live or finished, and a player who played only there has no page.
async fn matches_outside_servers_are_on_no_page(backend: Backend) {
    let h = Harness::new(backend).await;
    let as_guest = |user: &str, line: &str| {
        let mut request = h.request("elsewhere", user, line);
        request.place = namnam_core::Place::GuestChannel {
            server: SERVER,
            channel: request.place.channel(),
        };
        request.names.server = None;
        let core = h.core.clone();
        async move { core.try_handle(&request).await.expect("answered") }
    };
    // bob beats grace as guests, and is playing heidi there; he beats carol in #general.
    as_guest("grace", "challenge opponent:bob first:challenger").await;
    let board = as_guest("bob", "accept").await;
    let finished = board.board.state.as_ref().unwrap().match_id;
    let house = legal_houses(&board)[0];
    as_guest("grace", &format!("move house:{house}")).await;
    let over = as_guest("grace", "resign confirm:yes").await;
    assert!(
        over.text.has_message("match-ratings-everywhere"),
        "{}",
        over.text
    );
    as_guest("heidi", "challenge opponent:bob first:challenger").await;
    let live = as_guest("bob", "accept").await;
    let live = live.board.state.as_ref().unwrap().match_id;
    let board = h
        .start_match("general", "carol", "bob", "first:challenger")
        .await;
    let ours = board.board.state.as_ref().unwrap().match_id;
    let house = legal_houses(&board)[0];
    h.ok("carol", &format!("move house:{house}")).await;
    h.ok("carol", "resign confirm:yes").await;
    h.ok("admin", "admin settings web:yes").await;

    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a page");
    let web = Client::new(serve(&h.db.url, roomy()).await);
    let server = web.text(&Page::Server.path(&token)).await;
    let bob = TestNames.user("bob").unwrap().id.0;
    let bobs = web.text(&Page::Player(bob).path(&token)).await;
    assert!(bobs.contains(&Page::Match(ours).path(&token)), "{bobs}");
    for page in [&server, &bobs] {
        for id in [finished, live] {
            let path = Page::Match(id).path(&token);
            assert!(!page.contains(&path), "{path} on a page: {page}");
        }
        assert!(!page.contains("grace") && !page.contains("heidi"), "{page}");
    }
    for id in [finished, live] {
        let path = Page::Match(id).path(&token);
        assert_eq!(web.get(&path).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(
            web.get(&format!("{path}.nnr")).await.status(),
            StatusCode::NOT_FOUND
        );
    }
    let grace = TestNames.user("grace").unwrap().id.0;
    let page = web.get(&Page::Player(grace).path(&token)).await;
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
}

on_both_backends!(
    matches_outside_servers_are_on_no_page,
    each_servers_pages_show_the_name_a_player_has_there,
    every_address_names_one_thing_or_is_the_one_404,
    names_that_could_turn_a_line_around_are_isolated_on_every_page,
    a_servers_pages_follow_its_admins_choice,
    a_client_past_its_budget_waits,
    a_tournaments_page_shows_its_standings_and_rounds_in_the_servers_language
);

/// The metrics, on their own address: the pages' answers counted by kind and status, never a token.
#[tokio::test]
async fn the_metrics_count_the_answers_on_their_own_address() {
    let h = Harness::new(Backend::Sqlite).await;
    h.ok("admin", "admin settings web:yes").await;
    let token = store::web_token(h.core.store().reader(), SERVER)
        .await
        .unwrap()
        .expect("a page");
    let store = namnam_web::open(&h.db.url).await.unwrap();
    let (pages, metrics) = namnam_web::routers(store, roomy());
    let mut addrs = Vec::new();
    for router in [pages, metrics] {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        addrs.push(listener.local_addr().unwrap());
        tokio::spawn(namnam_web::serve(
            listener,
            router,
            &roomy(),
            std::future::pending(),
        ));
    }
    let (web, operator) = (Client::new(addrs[0]), Client::new(addrs[1]));
    web.text(&Page::Server.path(&token)).await;
    web.text(&Page::Server.path(&token)).await;
    assert_eq!(
        web.get(&Page::Match(MatchId(999)).path(&token))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        web.get("/metrics").await.status(),
        StatusCode::NOT_FOUND,
        "not on the pages' port"
    );
    let text = operator.text("/metrics").await;
    assert!(
        text.contains(r#"namnam_web_requests_total{page="server",status="2xx"} 2"#),
        "{text}"
    );
    assert!(
        text.contains(r#"namnam_web_requests_total{page="match",status="4xx"} 1"#),
        "{text}"
    );
    assert!(text.contains("namnam_web_request_seconds_bucket"), "{text}");
    assert!(text.contains("namnam_web_picture_cache_bytes"), "{text}");
    assert!(!text.contains(&token), "no token in the metrics");
    assert_eq!(operator.text("/healthz").await, "ok");
}
