//! The operator's address (`namnam run --metrics ADDR`, `NAMNAM_METRICS_ADDR`): `/metrics` in Prometheus'
//! text format, `/healthz` (the process and its background tasks are alive: it never asks Discord, so that an
//! outage of Discord's never makes an orchestrator restart every process) and `/readyz` (the database answers
//! and every shard this process owns is connected; else 503, with the reason as text). On its own address,
//! never a public one: what the bot does is the operator's business.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use poise::serenity_prelude as serenity;
use prometheus_client::registry::Registry;
use tokio::task::AbortHandle;

use super::metrics::DiscordMetrics;
use namnam_core::{cause_chain, Core};

/// How long `/readyz` waits for the database.
const DATABASE_PATIENCE: Duration = Duration::from_secs(2);

/// What the three routes look at.
pub(crate) struct Exporter {
    pub registry: Registry,
    pub core: Arc<Core>,
    pub metrics: Arc<DiscordMetrics>,
    pub shards: Arc<serenity::ShardManager>,
    pub owned: RangeInclusive<u32>,
    /// The background tasks whose end means the process is broken, by name.
    pub tasks: Vec<(&'static str, AbortHandle)>,
}

impl Exporter {
    /// The owned shards that are not connected now.
    async fn disconnected(&self) -> Vec<u32> {
        let live = super::shards::live_shards(&self.shards).await;
        let missing: Vec<u32> = self.owned.clone().filter(|s| !live.contains(s)).collect();
        let owned = self.owned.clone().count();
        self.metrics.shards_owned.set(owned as i64);
        self.metrics
            .shards_connected
            .set((owned - missing.len()) as i64);
        missing
    }
}

/// Serves the operator's routes on `listener` until the process stops.
pub(crate) async fn serve(listener: tokio::net::TcpListener, exporter: Arc<Exporter>) {
    let router = axum::Router::new()
        .route("/metrics", axum::routing::get(metrics))
        .route("/healthz", axum::routing::get(healthz))
        .route("/readyz", axum::routing::get(readyz))
        .with_state(exporter);
    if let Err(error) = axum::serve(listener, router).await {
        tracing::error!(%error, "the metrics' server stopped");
    }
}

async fn metrics(State(exporter): State<Arc<Exporter>>) -> impl IntoResponse {
    if let Err(error) = exporter.core.refresh_gauges().await {
        // The counters still go out; the levels keep their last values.
        tracing::warn!(error = %cause_chain(&error), "could not read the levels for the metrics");
    }
    exporter.disconnected().await;
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut text, &exporter.registry);
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
}

async fn healthz(State(exporter): State<Arc<Exporter>>) -> (StatusCode, String) {
    let stopped: Vec<&str> = exporter
        .tasks
        .iter()
        .filter(|(_, task)| task.is_finished())
        .map(|(name, _)| *name)
        .collect();
    if stopped.is_empty() {
        (StatusCode::OK, "ok\n".to_owned())
    } else {
        let stopped = stopped.join(", ");
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("stopped: {stopped}\n"),
        )
    }
}

async fn readyz(State(exporter): State<Arc<Exporter>>) -> (StatusCode, String) {
    let mut reasons = Vec::new();
    match tokio::time::timeout(DATABASE_PATIENCE, exporter.core.store().ping()).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => reasons.push(format!(
            "the database does not answer: {}",
            cause_chain(&error)
        )),
        Err(_) => reasons.push(format!(
            "the database did not answer within {DATABASE_PATIENCE:?}"
        )),
    }
    let missing = exporter.disconnected().await;
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(u32::to_string).collect();
        reasons.push(format!("shards not connected: {}", list.join(", ")));
    }
    if reasons.is_empty() {
        (StatusCode::OK, "ready\n".to_owned())
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{}\n", reasons.join("\n")),
        )
    }
}
