//! `namnam web`: a server's Nam-nam as read-only web pages — its leaderboards, players, finished matches
//! stepped move by move, and tournaments — for the servers whose admins turned their page on
//! (`/admin settings web:yes`), under the unguessable path the bot gave them (`namnam_core::web::Page`).
//!
//! It reads the bot's database (opened read-only) through the core's read models, and draws with the
//! renderer; it never writes. Pages are HTML from askama templates, which escape every value by default;
//! no script is needed to read them (a tiny script file lets the arrow keys step a replay). See
//! docs/web.md.
//!
//! - `options`: how it runs; `app`: what the pages share; `respond`: HTML, error pages, words;
//! - `connections`: the accept loop, with its timeouts and bounds on connections;
//! - `guard`: what every request goes through: GET and HEAD only, the per-client budget, the security
//!   headers, the log line (with the token hidden);
//! - `cache`: the finished matches' pictures, bounded in bytes;
//! - `metrics`: the requests counted and timed, served on their own address (`--metrics`);
//! - `pages`: the routes and their pages.

mod app;
mod cache;
mod connections;
mod guard;
pub mod metrics;
mod options;
mod pages;
mod respond;

use std::future::Future;
use std::sync::Arc;

use namnam_core::{Core, CoreConfig, Store, StoreError, SystemClock};

use app::App;
pub use cache::PictureCache;
pub use guard::CSP;
pub use options::{Budget, Connections, WebOptions, DEFAULT_CACHE_BYTES, FILES_KEPT};

/// Opens the database at `url` for reading (the bot must have created and migrated it).
pub async fn open(url: &str) -> Result<Store, StoreError> {
    Store::open_read_only(url).await
}

/// The web server's routes over `store`: serve them with [`serve`] (or with axum's `serve` and
/// `into_make_service_with_connect_info::<SocketAddr>()`, the client's address is needed; but without
/// the timeouts and bounds on connections).
pub fn router(store: Store, options: WebOptions) -> axum::Router {
    routers(store, options).0
}

/// The pages' routes, as [`router`], and the metrics' (`/metrics`, `/healthz`), which go on another address
/// (`--metrics`): what the pages served is nobody's business but the operator's.
pub fn routers(store: Store, options: WebOptions) -> (axum::Router, axum::Router) {
    let core = Core::new(store, Arc::new(SystemClock), CoreConfig::default());
    let app = Arc::new(App {
        core,
        cache: PictureCache::new(options.cache_bytes),
    });
    let metrics = Arc::new(metrics::Metrics::default());
    let health = app.clone();
    let guard = Arc::new(guard::Guard::new(
        options.budget,
        options.trusted_proxy,
        metrics.clone(),
    ));
    let pages =
        pages::routes(app.clone()).layer(axum::middleware::from_fn_with_state(guard, guard::guard));
    let metrics = axum::Router::new()
        .route(
            "/metrics",
            axum::routing::get(move || {
                let (metrics, app) = (metrics.clone(), app.clone());
                async move {
                    metrics.cache_bytes.set(app.cache.bytes() as i64);
                    (
                        [(
                            axum::http::header::CONTENT_TYPE,
                            "text/plain; version=0.0.4; charset=utf-8",
                        )],
                        metrics.render(),
                    )
                }
            }),
        )
        .route(
            "/healthz",
            axum::routing::get(move || {
                let app = health.clone();
                async move { pages::health(&app).await }
            }),
        );
    (pages, metrics)
}

/// Serves `router` on `listener` until `shutdown` resolves, with `options`' timeouts and bounds on
/// connections (`options.connections`; the trusted proxy not bound per address), then waits for the open
/// connections to finish their requests.
pub fn serve(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    options: &WebOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> impl Future<Output = std::io::Result<()>> + Send + 'static {
    connections::serve(
        listener,
        router,
        options.connections,
        options.trusted_proxy,
        shutdown,
    )
}
