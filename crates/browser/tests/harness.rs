//! The harness, proved on a small site of its own before the real pages exist: two pages under a strict
//! Content-Security-Policy, a hostile name escaped in the HTML, a link, a PNG, a script that steps with the
//! arrow keys, and a page that opens an alert. Each test starts its own Chromium, or says in one line that
//! there is none here.

use std::convert::Infallible;
use std::net::SocketAddr;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use namnam_browser::{Browser, DESKTOP, PHONE};

const CSP: &str = "default-src 'none'; script-src 'self'; img-src 'self'; style-src 'self'; \
                   base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// What a player could name themselves; the page shows it escaped.
const HOSTILE: &str = r#"<img src=x onerror="window.__pwned=1">"#;

/// The escaped name.
const HOSTILE_ESCAPED: &str = "&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8>\
         <meta name=viewport content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=stylesheet href=/style.css><script src=/step.js defer></script></head><body>{body}</body></html>"
    )
}

/// The arrow keys follow the page's `rel=next` and `rel=prev` links, as the replay's script will.
const STEP_JS: &str = "document.addEventListener('keydown', e => {\
    const rel = { ArrowRight: 'next', ArrowLeft: 'prev' }[e.key];\
    const link = rel && document.querySelector('a[rel=' + rel + ']');\
    if (link) location.href = link.href;\
});";

/// A long word wraps rather than widen the page on a phone; the second page is taller than a screen.
const STYLE_CSS: &str =
    "body { overflow-wrap: anywhere; font-family: sans-serif } .long { height: 3000px }";

/// A 24×16 PNG, pure red: the screenshot shows it.
fn board_png() -> Vec<u8> {
    let image = image::RgbImage::from_pixel(24, 16, image::Rgb([255, 0, 0]));
    let mut png = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

async fn answer(request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let (status, kind, body): (StatusCode, &str, Vec<u8>) = match request.uri().path() {
        "/" => (
            StatusCode::OK,
            "text/html; charset=utf-8",
            page(
                "One",
                &format!(
                    "<h1 id=name>{HOSTILE_ESCAPED}</h1>\
                     <p><img id=board src=/board.png alt=board width=48 height=32></p>\
                     <p><a id=two rel=next href=/two>Two</a></p>\
                     <script>window.__pwned = 2</script>"
                ),
            )
            .into_bytes(),
        ),
        "/two" => (
            StatusCode::OK,
            "text/html; charset=utf-8",
            page(
                "Two",
                "<h1>Two</h1><p><a id=one rel=prev href=/>One</a></p>\
                 <p class=long>A page longer than a phone's screen.</p>",
            )
            .into_bytes(),
        ),
        "/alert" => (
            StatusCode::OK,
            "text/html; charset=utf-8",
            "<!doctype html><title>Alert</title><script src=/alert.js></script><p>after</p>"
                .as_bytes()
                .to_vec(),
        ),
        "/step.js" => (
            StatusCode::OK,
            "text/javascript",
            STEP_JS.as_bytes().to_vec(),
        ),
        "/style.css" => (StatusCode::OK, "text/css", STYLE_CSS.as_bytes().to_vec()),
        "/alert.js" => (
            StatusCode::OK,
            "text/javascript",
            b"alert('hello from a script')".to_vec(),
        ),
        "/board.png" => (StatusCode::OK, "image/png", board_png()),
        _ => (
            StatusCode::NOT_FOUND,
            "text/html; charset=utf-8",
            page("Not found", "<h1>Not found</h1>").into_bytes(),
        ),
    };
    Ok(Response::builder()
        .status(status)
        .header("content-type", kind)
        .header("content-security-policy", CSP)
        .header("x-content-type-options", "nosniff")
        .body(Full::new(Bytes::from(body)))
        .unwrap())
}

/// The site, on a free port of 127.0.0.1, for as long as the test's runtime lasts.
async fn serve() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(
                        hyper_util::rt::TokioIo::new(stream),
                        hyper::service::service_fn(answer),
                    )
                    .await;
            });
        }
    });
    address
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_is_read_followed_stepped_and_photographed() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = format!("http://{}", serve().await);
    let page = browser.open(&format!("{site}/")).await;
    assert_eq!(page.status().await, Some(200));
    assert_eq!(page.url().await, format!("{site}/"));

    // The hostile name is text, and no script of it ran; the page's inline script was blocked by the CSP.
    assert_eq!(page.text("#name").await, HOSTILE);
    assert_eq!(page.count("#name *").await, 0);
    page.wait_until("window.__namnamCsp.length > 0").await;
    let violations = page.csp_violations().await;
    assert_eq!(violations, ["script-src-elem inline"], "{violations:?}");
    assert!(page.eval::<bool>("window.__pwned === undefined").await);
    assert!(page.dialogs().await.is_empty());

    // Elements and attributes; the image decoded.
    assert_eq!(
        page.attribute("#two", "href").await.as_deref(),
        Some("/two")
    );
    assert_eq!(page.attribute("#two", "title").await, None);
    assert_eq!(page.texts("a").await, ["Two"]);
    assert_eq!(page.undecoded_images().await, Vec::<String>::new());
    assert_eq!(
        page.eval::<u32>("document.images[0].naturalWidth").await,
        24
    );

    // A click follows the link; the arrow keys step back and forth through the page's script.
    page.click("#two").await;
    assert_eq!(page.url().await, format!("{site}/two"));
    assert_eq!(page.text("h1").await, "Two");
    assert_eq!(page.status().await, Some(200));
    page.press("ArrowLeft").await;
    assert_eq!(page.url().await, format!("{site}/"));
    page.press("ArrowRight").await;
    assert_eq!(page.url().await, format!("{site}/two"));

    // Screenshots of the whole page at a phone's width and a desktop's.
    page.goto(&format!("{site}/")).await;
    for size in [PHONE, DESKTOP] {
        page.set_viewport(size).await;
        let shot = image::load_from_memory(&page.screenshot().await)
            .expect("a screenshot is a PNG")
            .to_rgb8();
        assert_eq!(shot.width(), size.width, "{size:?}");
        assert!(shot.height() >= size.height, "{size:?}: {}", shot.height());
        assert_eq!(
            page.overflow_x().await,
            0,
            "{size:?}: the page fits its width"
        );
        let red = shot.pixels().filter(|p| p.0 == [255, 0, 0]).count();
        assert_eq!(red, 48 * 32, "{size:?}: the board, scaled to its box");
    }
    // A page longer than the screen is photographed whole.
    page.goto(&format!("{site}/two")).await;
    page.set_viewport(PHONE).await;
    let long = image::load_from_memory(&page.screenshot().await).unwrap();
    assert!(long.height() > 3000, "{}", long.height());

    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alert_is_seen_and_a_missing_page_is_a_404() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = format!("http://{}", serve().await);
    // A script that opens a dialog is seen doing it (so `dialogs()` being empty above means something).
    let page = browser.open(&format!("{site}/alert")).await;
    assert_eq!(page.dialogs().await, ["Alert: hello from a script"]);
    assert_eq!(page.text("p").await, "after");

    page.goto(&format!("{site}/nowhere")).await;
    assert_eq!(page.status().await, Some(404));
    assert_eq!(page.text("h1").await, "Not found");
    // A key that leads nowhere changes nothing.
    page.press_only("ArrowRight").await;
    assert_eq!(page.url().await, format!("{site}/nowhere"));
    browser.close().await;
}
