//! A real browser for the web pages' tests: Debian's Chromium (`/usr/bin/chromium`), headless, driven over
//! the DevTools protocol by `chromiumoxide` (with no feature that downloads a browser). Test-only; depends on
//! nothing of ours.
//!
//! ```no_run
//! # async fn test() {
//! let Some(browser) = namnam_browser::Browser::start().await else {
//!     return; // no Chromium here: one line said so
//! };
//! let page = browser.open("http://127.0.0.1:8080/").await;
//! assert_eq!(page.status().await, Some(200));
//! assert_eq!(page.texts("tbody tr td.name").await, ["Ada", "Grace"]);
//! page.click("a.next").await; // and waits for the next page
//! page.press("ArrowRight").await; // and waits for the address to change
//! assert_eq!(page.undecoded_images().await, Vec::<String>::new());
//! assert!(page.dialogs().await.is_empty());
//! page.set_viewport(namnam_browser::PHONE).await;
//! let png = page.screenshot().await;
//! browser.close().await;
//! # }
//! ```
//!
//! **Where Chromium is missing**, [`Browser::start`] prints one line (`skipped: no Chromium at
//! /usr/bin/chromium (apt-get install chromium)`) and returns `None`, and the test returns — unless
//! `NAMNAM_REQUIRE_CHROMIUM=1` (as `.ci/run` sets, beside `NAMNAM_REQUIRE_POSTGRES`), under which a
//! missing browser fails the test. `NAMNAM_CHROMIUM` names another executable.
//!
//! **Each browser is its own**: a fresh profile in a temporary folder, removed when the [`Browser`] goes;
//! the DevTools port is chosen by Chromium (`--remote-debugging-port=0`), so tests run in parallel. The
//! flags keep Chromium off the network (the machines have none: Chromium's own connections would be refused
//! and slow it down) and off the GPU; `--no-sandbox` because CI runs as root.
//!
//! **No wait is a fixed sleep**: every wait is for an event (the page's load, a navigation, the address
//! changing), polled at a short interval, under one generous bound that only a bug reaches ([`PATIENCE`]);
//! the machines are shared and slow.
//!
//! What a page ran: [`Page::eval`] reads anything (`window.__pwned === undefined`); [`Page::dialogs`] lists
//! every `alert`, `confirm` or `prompt` the page opened (each is dismissed at once, so the page goes on);
//! [`Page::csp_violations`] lists what the page's Content-Security-Policy blocked.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chromiumoxide::browser::BrowserConfig;
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::page::{
    AddScriptToEvaluateOnNewDocumentParams, CaptureScreenshotFormat, CaptureScreenshotParams,
    EventJavascriptDialogOpening, GetLayoutMetricsParams, HandleJavaScriptDialogParams, Viewport,
};
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use futures_util::StreamExt;
use serde_json::Value;

/// Where Debian's `chromium` package puts the browser.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The environment variable that names another Chromium executable.
pub const EXECUTABLE: &str = "NAMNAM_CHROMIUM";

/// The environment variable under which a missing Chromium fails the tests instead of skipping them.
pub const REQUIRE: &str = "NAMNAM_REQUIRE_CHROMIUM";

/// The one bound on any wait: generous enough that only a bug reaches it on a busy machine.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

/// The flags besides `--headless`, `--no-sandbox`, `--user-data-dir` and `--remote-debugging-port`.
const FLAGS: [&str; 8] = [
    "disable-gpu",
    "disable-quic",
    "no-first-run",
    "disable-background-networking",
    "disable-component-update",
    "disable-sync",
    "disable-extensions",
    // Containers often have a small /dev/shm, where Chromium's renderers then crash.
    "disable-dev-shm-usage",
];

/// A viewport to lay a page out in: CSS pixels, and whether the browser acts as a phone's (touch, the
/// page's `<meta name="viewport">` obeyed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
    pub mobile: bool,
}

/// A phone (an iPhone 12 to 15's CSS size), in portrait.
pub const PHONE: Size = Size {
    width: 390,
    height: 844,
    mobile: true,
};

/// A laptop's window; every page opens at this size.
pub const DESKTOP: Size = Size {
    width: 1280,
    height: 900,
    mobile: false,
};

/// The script put in every document before its own: it records what the Content-Security-Policy blocked.
/// DevTools' scripts are not under the page's CSP.
const RECORD_VIOLATIONS: &str = "window.__namnamCsp = []; \
    document.addEventListener('securitypolicyviolation', \
        e => window.__namnamCsp.push(e.effectiveDirective + ' ' + (e.blockedURI || '')));";

/// A running Chromium. Dropping it kills the browser; [`Browser::close`] ends it politely.
pub struct Browser {
    browser: chromiumoxide::Browser,
    handler: tokio::task::JoinHandle<()>,
    /// The profile folder, removed after the browser (fields drop in order).
    _profile: tempfile::TempDir,
}

/// The Chromium to start: `NAMNAM_CHROMIUM`, else Debian's.
pub fn executable() -> PathBuf {
    std::env::var_os(EXECUTABLE)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(CHROMIUM))
}

/// Whether a missing browser is an error here (`NAMNAM_REQUIRE_CHROMIUM=1`).
pub fn required() -> bool {
    std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0")
}

impl Browser {
    /// A fresh headless Chromium, or `None` when it is not installed here and not [`required`] (one line on
    /// standard error says so; the test then returns). Panics if it is required and missing, or if it is
    /// there and fails to start. Needs a Tokio runtime.
    pub async fn start() -> Option<Browser> {
        let executable = executable();
        if !executable.is_file() {
            let missing = format!(
                "no Chromium at {} (apt-get install chromium)",
                executable.display()
            );
            assert!(!required(), "{missing}, and {REQUIRE} is set");
            // Straight to the process's stderr: libtest captures `eprintln!` of passing tests.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "skipped: {missing}");
            return None;
        }
        let profile = tempfile::Builder::new()
            .prefix("namnam-chromium.")
            .tempdir()
            .expect("a folder for the browser's profile");
        let config = BrowserConfig::builder()
            .chrome_executable(&executable)
            // Only our flags, and the crate's own: `--headless` (its default), `--no-sandbox`, the profile and
            // the port.
            .disable_default_args()
            .args(FLAGS)
            .no_sandbox()
            .user_data_dir(profile.path())
            .port(0)
            .viewport(None)
            .window_size(DESKTOP.width, DESKTOP.height)
            .launch_timeout(PATIENCE)
            .request_timeout(PATIENCE)
            .build()
            .expect("the browser's configuration");
        let (browser, mut handler) = chromiumoxide::Browser::launch(config)
            .await
            .unwrap_or_else(|e| panic!("{} does not start: {e}", executable.display()));
        // The protocol's messages are read by this task for as long as the connection lasts. A message the
        // crate cannot parse (a newer Chromium's) is one error among the others, not the end.
        let handler = tokio::spawn(async move { while handler.next().await.is_some() {} });
        Some(Browser {
            browser,
            handler,
            _profile: profile,
        })
    }

    /// A new tab at `url`, laid out at [`DESKTOP`] size, once the page has loaded (its `load` event: images
    /// and scripts included). Panics if the address cannot be reached at all; an HTTP error status still
    /// loads (see [`Page::status`]).
    pub async fn open(&self, url: &str) -> Page {
        let page = within("a new tab", self.browser.new_page("about:blank")).await;
        let dialogs = Arc::new(Mutex::new(Vec::new()));
        let mut opening = within(
            "listening for dialogs",
            page.event_listener::<EventJavascriptDialogOpening>(),
        )
        .await;
        let recorded = dialogs.clone();
        let dismisser = page.clone();
        tokio::spawn(async move {
            while let Some(dialog) = opening.next().await {
                // Recorded before it is dismissed: a script that waits on the dialog ends after this.
                recorded
                    .lock()
                    .unwrap()
                    .push(format!("{:?}: {}", dialog.r#type, dialog.message));
                let _ = dismisser
                    .execute(HandleJavaScriptDialogParams::new(false))
                    .await;
            }
        });
        within(
            "the violations' recorder",
            page.execute(AddScriptToEvaluateOnNewDocumentParams::new(
                RECORD_VIOLATIONS,
            )),
        )
        .await;
        let page = Page { page, dialogs };
        page.set_viewport(DESKTOP).await;
        page.goto(url).await;
        page
    }

    /// Ends the browser and waits for it to exit.
    pub async fn close(mut self) {
        let _ = self.browser.close().await;
        let _ = tokio::time::timeout(PATIENCE, self.browser.wait()).await;
        self.handler.abort();
    }
}

/// One tab of the browser.
pub struct Page {
    page: chromiumoxide::Page,
    dialogs: Arc<Mutex<Vec<String>>>,
}

impl Page {
    /// Goes to `url` and waits for the page's `load` event. Panics if the address cannot be reached.
    pub async fn goto(&self, url: &str) {
        within(&format!("loading {url}"), self.page.goto(url)).await;
        self.wait_until("document.readyState === 'complete'").await;
    }

    /// The page's address now.
    pub async fn url(&self) -> String {
        self.eval("location.href").await
    }

    /// The HTTP status of the page's document (200, 404…), as the page itself saw it (Navigation Timing's
    /// `responseStatus`); `None` for a page that came from no HTTP response (`about:blank`).
    pub async fn status(&self) -> Option<u16> {
        let status: u16 = self
            .eval(
                "(performance.getEntriesByType('navigation')[0] || { responseStatus: 0 }).responseStatus",
            )
            .await;
        (status != 0).then_some(status)
    }

    /// The value of the JavaScript expression `expression` in the page (a promise is awaited), as JSON
    /// read into `T`. Panics if it throws or does not read as `T` (`undefined` reads only as `Option`).
    pub async fn eval<T: serde::de::DeserializeOwned>(&self, expression: &str) -> T {
        let value = self
            .try_eval(expression)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        serde_json::from_value(value.clone()).unwrap_or_else(|e| {
            panic!("`{expression}` gave {value}, which does not read as wanted: {e}")
        })
    }

    async fn try_eval(&self, expression: &str) -> Result<Value, String> {
        let params = EvaluateParams::builder()
            .expression(expression)
            .return_by_value(true)
            .await_promise(true)
            .build()
            .expect("an expression");
        let reply = tokio::time::timeout(PATIENCE, self.page.execute(params))
            .await
            .map_err(|_| format!("`{expression}` did not answer in {PATIENCE:?}"))?
            .map_err(|e| format!("`{expression}`: {e}"))?;
        if let Some(exception) = &reply.result.exception_details {
            return Err(format!(
                "`{expression}` threw: {}",
                exception
                    .exception
                    .as_ref()
                    .and_then(|e| e.description.clone())
                    .unwrap_or_else(|| exception.text.clone())
            ));
        }
        Ok(reply.result.result.value.clone().unwrap_or(Value::Null))
    }

    /// Waits until the JavaScript expression `condition` is true in the page, looking again every few
    /// milliseconds (a page being replaced answers nothing for a moment: that is looked at again too).
    /// Panics after [`PATIENCE`].
    pub async fn wait_until(&self, condition: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let last = match self.try_eval(condition).await {
                Ok(Value::Bool(true)) => return,
                Ok(other) => format!("it was {other}"),
                Err(e) => e,
            };
            assert!(
                Instant::now() < deadline,
                "waited {PATIENCE:?} for `{condition}`: {last}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// How many elements match the CSS `selector`.
    pub async fn count(&self, selector: &str) -> usize {
        self.eval(&format!(
            "document.querySelectorAll({}).length",
            js(selector)
        ))
        .await
    }

    /// The text of the first element that matches `selector`, as shown (`innerText`). Panics if none does.
    pub async fn text(&self, selector: &str) -> String {
        self.texts(selector)
            .await
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no element matches `{selector}`"))
    }

    /// The text of every element that matches `selector`, in document order.
    pub async fn texts(&self, selector: &str) -> Vec<String> {
        self.eval(&format!(
            "Array.from(document.querySelectorAll({}), e => e.innerText)",
            js(selector)
        ))
        .await
    }

    /// The attribute `name` of the first element that matches `selector`: `None` if it has none. Panics
    /// if no element matches.
    pub async fn attribute(&self, selector: &str, name: &str) -> Option<String> {
        self.attributes(selector, name)
            .await
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no element matches `{selector}`"))
    }

    /// The attribute `name` of every element that matches `selector`, in document order.
    pub async fn attributes(&self, selector: &str, name: &str) -> Vec<Option<String>> {
        self.eval(&format!(
            "Array.from(document.querySelectorAll({}), e => e.getAttribute({}))",
            js(selector),
            js(name)
        ))
        .await
    }

    /// Clicks the first element that matches `selector` as a user does (the mouse, at its middle, scrolled
    /// into view), then waits for the navigation it starts: a new address, loaded.
    pub async fn click(&self, selector: &str) {
        let before = self.url().await;
        let element = within(
            &format!("finding `{selector}`"),
            self.page.find_element(selector),
        )
        .await;
        within(&format!("clicking `{selector}`"), element.click()).await;
        self.wait_for_new_address(&before).await;
    }

    /// Presses and releases `key` (a DOM key name: `ArrowRight`, `ArrowLeft`, `Enter`, `a`) on the page,
    /// then waits for the address to change (a script that steps a replay goes to the next position) and
    /// the new page to load.
    pub async fn press(&self, key: &str) {
        let before = self.url().await;
        self.press_only(key).await;
        self.wait_for_new_address(&before).await;
    }

    /// Presses and releases `key`, waiting for nothing (for a key that should do nothing).
    pub async fn press_only(&self, key: &str) {
        let body = within("finding <body>", self.page.find_element("body")).await;
        within(&format!("pressing {key}"), body.press_key(key)).await;
    }

    async fn wait_for_new_address(&self, before: &str) {
        self.wait_until(&format!(
            "location.href !== {} && document.readyState === 'complete'",
            js(before)
        ))
        .await;
    }

    /// The images of the page that did not decode (`complete && naturalWidth > 0` false): their `src`.
    /// Waits for the page's load first, so an empty list means every `<img>` is shown.
    pub async fn undecoded_images(&self) -> Vec<String> {
        self.wait_until("document.readyState === 'complete'").await;
        self.eval(
            "Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)",
        )
        .await
    }

    /// Every `alert`, `confirm`, `prompt` or `beforeunload` dialog this tab opened so far, as `Alert:
    /// message`; each was dismissed at once.
    pub async fn dialogs(&self) -> Vec<String> {
        // One round trip first: it cannot finish while a dialog is open, and a dialog is recorded before it
        // is dismissed, so a dialog the page has opened is in the list.
        let _: Value = self.eval("0").await;
        self.dialogs.lock().unwrap().clone()
    }

    /// What the page's Content-Security-Policy blocked in this document: `directive blocked-URI` (`inline`
    /// for inline code). Violations are reported asynchronously: a test that expects one waits for it with
    /// [`Page::wait_until`]`("window.__namnamCsp.length > 0")`.
    pub async fn csp_violations(&self) -> Vec<String> {
        self.eval("window.__namnamCsp || []").await
    }

    /// Lays the page out at `size` from now on (and for the pages it goes to).
    pub async fn set_viewport(&self, size: Size) {
        let params = SetDeviceMetricsOverrideParams::builder()
            .width(size.width)
            .height(size.height)
            .device_scale_factor(1.0)
            .mobile(size.mobile)
            .build()
            .expect("a viewport");
        within("setting the viewport", self.page.execute(params)).await;
        // The size CSS sees (not `innerWidth`: on a phone, a page wider than the screen widens that).
        self.wait_until(&format!(
            "matchMedia('(width: {}px) and (height: {}px)').matches",
            size.width, size.height
        ))
        .await;
    }

    /// By how many CSS pixels the page is wider than its viewport (0 when it fits): a page comfortable on
    /// a phone scrolls only down.
    pub async fn overflow_x(&self) -> u32 {
        self.eval("Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth)")
            .await
    }

    /// A PNG of the whole page (beyond the viewport, at its width), one CSS pixel to a pixel.
    pub async fn screenshot(&self) -> Vec<u8> {
        self.wait_until("document.readyState === 'complete'").await;
        let metrics = within(
            "the page's size",
            self.page.execute(GetLayoutMetricsParams::default()),
        )
        .await;
        let content = &metrics.result.css_content_size;
        let params = CaptureScreenshotParams::builder()
            .format(CaptureScreenshotFormat::Png)
            .clip(Viewport {
                x: 0.0,
                y: 0.0,
                width: content.width,
                height: content.height,
                scale: 1.0,
            })
            .capture_beyond_viewport(true)
            .build();
        let shot = within("a screenshot", self.page.execute(params)).await;
        let data: &str = shot.result.data.as_ref();
        use base64::Engine;
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .expect("DevTools sends a screenshot in base64")
    }

    /// The underlying DevTools page, for what this API lacks.
    pub fn devtools(&self) -> &chromiumoxide::Page {
        &self.page
    }
}

/// `text` as a JavaScript string literal.
fn js(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

/// `what` done within [`PATIENCE`]; panics with `what` if it fails or takes longer.
async fn within<T, E: std::fmt::Display>(
    what: &str,
    future: impl std::future::Future<Output = Result<T, E>>,
) -> T {
    match tokio::time::timeout(PATIENCE, future).await {
        Ok(Ok(value)) => value,
        Ok(Err(e)) => panic!("{what}: {e}"),
        Err(_) => panic!("{what}: no answer in {PATIENCE:?}"),
    }
}
