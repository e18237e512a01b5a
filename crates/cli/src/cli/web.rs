//! `namnam web`: the servers' web pages ([`namnam_web`]), read-only, beside the bot on the same database.

use anyhow::Context;
use namnam_store as store;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The bot's database: sqlite://FILE or postgres://USER@HOST/DATABASE, opened read-only (the bot
    /// creates and migrates it). Default: DATABASE_URL, else sqlite://namnam.db.
    #[arg(long, value_name = "URL")]
    db: Option<String>,
    /// The address to listen on, such as 127.0.0.1:8080 behind a reverse proxy.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The reverse proxy's address: only its X-Forwarded-For names a client.
    #[arg(long, value_name = "ADDR")]
    trusted_proxy: Option<IpAddr>,
    /// Requests a client may make in a minute, after a first burst of as many.
    #[arg(long, value_name = "N", default_value_t = namnam_web::Budget::default().per_minute)]
    requests_per_minute: u32,
    /// Serve the web server's metrics (Prometheus' text format, `/metrics`) and `/healthz` on this address
    /// too (never the pages' port). Default: NAMNAM_METRICS_ADDR, else none.
    #[arg(long, value_name = "ADDR", env = "NAMNAM_METRICS_ADDR")]
    metrics: Option<SocketAddr>,
    /// The pictures kept in memory, in mebibytes.
    #[arg(long, value_name = "MIB", default_value_t = namnam_web::DEFAULT_CACHE_BYTES >> 20)]
    cache_mib: usize,
    /// Seconds a client has to send a request's head, from when the server waits for it (a new
    /// connection, or the previous answer on a kept-alive one); then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = namnam_web::Connections::default().header_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout: u64,
    /// Seconds a connection may stay with nothing moving either way and no request being answered.
    #[arg(long, value_name = "SECONDS", default_value_t = namnam_web::Connections::default().idle_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout: u64,
    /// Connections open at once (fewer when the limit of open files leaves room for fewer).
    #[arg(long, value_name = "N", default_value_t = namnam_web::Connections::default().max,
        value_parser = positive)]
    max_connections: usize,
    /// Connections open at once from one address (an IPv6 /64), the trusted proxy not counted.
    #[arg(long, value_name = "N", default_value_t = namnam_web::Connections::default().max_per_address,
        value_parser = positive)]
    max_connections_per_address: usize,
}

/// A count of at least one.
fn positive(given: &str) -> Result<usize, String> {
    match given.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{given:?} is not a whole number of at least 1")),
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let url = store::database_url(args.db.as_deref());
    namnam_discord::logging::init_tool("info", &[&url]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let shown = store::redacted(&url);
        if let Some(file) = store::sqlite_file(&url) {
            anyhow::ensure!(file.exists(), "there is no database at {shown}");
        }
        // What opening the file creates beside it (its `-wal` and `-shm`, when no bot has it open) is
        // needed while the pages are served, and removed at the end if nothing else holds the file.
        let beside = store::sqlite_file(&url).map(|file| store::Beside::before_opening(&file));
        let opened = namnam_web::open(&url)
            .await
            .with_context(|| format!("opening the database {shown} read-only"))?;
        let options = namnam_web::WebOptions {
            trusted_proxy: args.trusted_proxy,
            budget: namnam_web::Budget {
                per_minute: args.requests_per_minute,
                burst: args.requests_per_minute,
            },
            cache_bytes: args.cache_mib.saturating_mul(1 << 20),
            connections: namnam_web::Connections {
                header_timeout: Duration::from_secs(args.header_timeout),
                idle_timeout: Duration::from_secs(args.idle_timeout),
                max: args.max_connections,
                max_per_address: args.max_connections_per_address,
            },
        };
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .with_context(|| format!("listening on {}", args.listen))?;
        // Ctrl-C is listened for from here on (`ctrl_c()` would listen only once first polled, inside the
        // server): one that comes as soon as the pages are served still ends them cleanly, and removes
        // what was made beside the database.
        #[cfg(unix)]
        let mut interrupt =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
                .context("listening for Ctrl-C")?;
        tracing::info!(listen = %args.listen, database = %shown, "serving the web pages");
        let shutdown = async move {
            #[cfg(unix)]
            interrupt.recv().await;
            #[cfg(not(unix))]
            let _ = tokio::signal::ctrl_c().await;
        };
        let (pages, metrics) = namnam_web::routers(opened.clone(), options.clone());
        if let Some(addr) = args.metrics {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("listening for metrics on {addr}"))?;
            tracing::info!(metrics = %addr, "serving the metrics");
            let metrics_options = options.clone();
            tokio::spawn(async move {
                let never = std::future::pending();
                let served = namnam_web::serve(listener, metrics, &metrics_options, never);
                if let Err(error) = served.await {
                    tracing::error!(%error, "the metrics' server stopped");
                }
            });
        }
        let served = namnam_web::serve(listener, pages, &options, shutdown)
            .await
            .context("serving");
        opened.close().await;
        if let Some(beside) = beside {
            match beside.remove_if_unheld() {
                Ok(store::Removed::Held) => tracing::info!(
                    "another process has the database open: its -wal and -shm stay beside it"
                ),
                Ok(store::Removed::Written) => tracing::info!(
                    "the database's -wal holds writes: it stays for the next to open the file"
                ),
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "could not remove the -wal and -shm made beside the database")
                }
            }
        }
        served?;
        anyhow::Ok(())
    })
}
