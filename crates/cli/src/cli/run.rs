//! `namnam run`, and `namnam` alone: start the Discord bot with the settings from the environment and
//! `.env`, until Ctrl-C or SIGTERM.

use anyhow::Context as _;

use namnam_discord::{logging, Bot, RunError, Settings};

/// Which shards to run: one process of several on one PostgreSQL database (docs/deploy.md). The same as
/// DISCORD_SHARDS and DISCORD_SHARD_COUNT, which these override.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// The shards this process runs, FIRST-LAST (both included, counted from 0), or one shard N.
    #[arg(long, value_name = "FIRST-LAST", requires = "shard_count")]
    shards: Option<String>,
    /// How many shards the bot has in all, across its processes.
    #[arg(long, value_name = "N", requires = "shards")]
    shard_count: Option<u32>,
    /// Serve /metrics (Prometheus), /healthz and /readyz on this address, such as 127.0.0.1:9100 (the same as
    /// NAMNAM_METRICS_ADDR, which this overrides). Keep it off the public internet.
    #[arg(long, value_name = "ADDR")]
    metrics: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    load_dotenv()?;
    let overrides = [
        ("DISCORD_SHARDS", args.shards),
        (
            "DISCORD_SHARD_COUNT",
            args.shard_count.map(|n| n.to_string()),
        ),
        ("NAMNAM_METRICS_ADDR", args.metrics),
    ];
    // A missing setting or a rejected token is the admin's to fix: one clear message, no backtrace.
    let settings =
        Settings::from_lookup(
            |name| match overrides.iter().find(|(key, _)| *key == name) {
                Some((_, Some(value))) => Some(value.clone()),
                _ => std::env::var(name).ok(),
            },
        )
        .unwrap_or_else(|error| stop(&error));
    logging::init(&settings);
    let runtime = tokio::runtime::Runtime::new().context("could not start the async runtime")?;
    match runtime.block_on(Bot::new(settings).run(shutdown_signal())) {
        Ok(()) => Ok(()),
        Err(
            error @ (RunError::TokenRejected
            | RunError::DatabaseFolder(_)
            | RunError::Metrics { .. }),
        ) => stop(&error),
        Err(error) => Err(error.into()),
    }
}

/// Prints `error` alone and exits with status 2.
fn stop(error: &dyn std::error::Error) -> ! {
    let text = error.to_string();
    eprintln!(
        "namnam: {}",
        namnam_store::scrub_credentials(&text).unwrap_or(text)
    );
    std::process::exit(2)
}

/// Loads `.env` from the current folder if there is one; variables already set win.
fn load_dotenv() -> anyhow::Result<()> {
    match dotenvy::dotenv() {
        Ok(_) => Ok(()),
        Err(dotenvy::Error::Io(error)) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error).context("could not read the .env file"),
    }
}

/// Completes on Ctrl-C, or on SIGTERM (what `docker stop` and systemd send).
async fn shutdown_signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::warn!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => tracing::info!("Ctrl-C received"),
        () = terminate => tracing::info!("SIGTERM received"),
    }
}
