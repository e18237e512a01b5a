//! What the Discord front end counts for an operator (the core counts the rest: `namnam_core::metrics`):
//! commands and button presses by name and outcome, every request to Discord by the bot's own group and the
//! class of its status, Discord's refusals by their JSON code, the rate limits serenity waited out, the
//! poster's posts and DMs, how long an interaction waited for its first response and a post for its
//! delivery, and the shards connected of those owned. Every request to Discord goes through [`DiscordMetrics::call`],
//! the one place where they are counted. Labels are few and fixed: a command's or button's name, never an
//! id.

use std::future::Future;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use super::errors::Failure;
use namnam_core::Outcome;

/// The bot's own groups of requests to Discord.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Route {
    /// An interaction's first response (or its deferral, or the update of a pressed message).
    Answer,
    /// A follow-up message, or reading or editing the interaction's own message.
    FollowUp,
    /// A message posted in a channel (the poster's boards and notices).
    ChannelMessage,
    /// A message edited or removed.
    Edit,
    /// A thread made, opened again or looked at.
    Thread,
    /// A DM channel opened.
    Dm,
    /// Reading a channel or its recent messages (whose server it is, whether a post was shown).
    Lookup,
    /// What the bot asks when it starts: itself, the gateway, the commands' registration.
    Startup,
}

impl Route {
    fn name(self) -> &'static str {
        match self {
            Route::Answer => "answer",
            Route::FollowUp => "follow-up",
            Route::ChannelMessage => "channel-message",
            Route::Edit => "edit",
            Route::Thread => "thread",
            Route::Dm => "dm",
            Route::Lookup => "lookup",
            Route::Startup => "startup",
        }
    }
}

/// The class of a request's answer: `2xx`, `4xx`, `5xx` (429s are waited out by serenity and counted in
/// `namnam_discord_rate_limits_total`), or `none` when no answer came (or it was never sent).
fn status_class(result: Result<(), &serenity::Error>) -> &'static str {
    match result {
        Ok(()) => "2xx",
        Err(error) => match Failure::of(error) {
            Failure::Refused { .. } => "4xx",
            Failure::Busy { status: 429 } => "4xx",
            Failure::Busy { .. } => "5xx",
            Failure::NoAnswer | Failure::NotSent => "none",
        },
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: &'static str,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabels {
    /// Discord's JSON error code for a refusal (`10062` Unknown interaction, `50013` Missing
    /// Permissions…: Discord's own list, a few hundred at most); `http-500`, `http-502`… for an answer
    /// without one; `no-answer` when none came.
    code: String,
}

/// The `code` label of a failed request; `None` when it was never sent (serenity refused it).
fn failure_code(failure: Failure) -> Option<String> {
    match failure {
        Failure::Refused { code, .. } => Some(code.to_string()),
        Failure::Busy { status } => Some(format!("http-{status}")),
        Failure::NoAnswer => Some("no-answer".to_owned()),
        Failure::NotSent => None,
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ScopeLabels {
    /// `global` or `route`.
    scope: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabels {
    command: String,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ButtonLabels {
    button: &'static str,
    outcome: &'static str,
}

/// How a command or press ended.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum OutcomeLabel {
    Done,
    Refused,
    Failed,
}

impl OutcomeLabel {
    fn name(self) -> &'static str {
        match self {
            OutcomeLabel::Done => "done",
            OutcomeLabel::Refused => "refused",
            OutcomeLabel::Failed => "failed",
        }
    }
}

impl From<Outcome> for OutcomeLabel {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Done => OutcomeLabel::Done,
            Outcome::Refused => OutcomeLabel::Refused,
            Outcome::Failed => OutcomeLabel::Failed,
        }
    }
}

/// What became of one of the poster's tries.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum PostFate {
    Delivered,
    Retried,
    Dropped,
}

impl PostFate {
    fn name(self) -> &'static str {
        match self {
            PostFate::Delivered => "delivered",
            PostFate::Retried => "retried",
            PostFate::Dropped => "dropped",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PostLabels {
    outcome: &'static str,
}

/// What became of a turn DM.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum DmFate {
    Sent,
    /// The player takes no DMs from the bot.
    Refused,
}

impl DmFate {
    fn name(self) -> &'static str {
        match self {
            DmFate::Sent => "sent",
            DmFate::Refused => "refused",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DmLabels {
    outcome: &'static str,
}

/// The Discord front end's metrics, shared by its handlers, the poster and the shards' watch.
pub struct DiscordMetrics {
    commands: Family<CommandLabels, Counter>,
    presses: Family<ButtonLabels, Counter>,
    requests: Family<RequestLabels, Counter>,
    failures: Family<CodeLabels, Counter>,
    rate_limits: Family<ScopeLabels, Counter>,
    posts: Family<PostLabels, Counter>,
    dms: Family<DmLabels, Counter>,
    first_response_seconds: Histogram,
    post_delivery_seconds: Histogram,
    pub(crate) shards_connected: Gauge,
    pub(crate) shards_owned: Gauge,
}

impl DiscordMetrics {
    /// The front end's metrics, registered in `registry` (under its prefix).
    pub fn register(registry: &mut Registry) -> Arc<DiscordMetrics> {
        let metrics = DiscordMetrics {
            commands: Family::default(),
            presses: Family::default(),
            requests: Family::default(),
            failures: Family::default(),
            rate_limits: Family::default(),
            posts: Family::default(),
            dms: Family::default(),
            // From 25 ms to about 13 s: Discord drops an interaction without a first response after 3 s.
            first_response_seconds: Histogram::new(exponential_buckets(0.025, 2.0, 10)),
            // From 50 ms to about 7 minutes.
            post_delivery_seconds: Histogram::new(exponential_buckets(0.05, 2.0, 14)),
            shards_connected: Gauge::default(),
            shards_owned: Gauge::default(),
        };
        let r = registry.sub_registry_with_prefix("discord");
        r.register(
            "commands",
            "Slash commands answered, by command and outcome",
            metrics.commands.clone(),
        );
        r.register(
            "presses",
            "Button presses answered, by kind of button and outcome",
            metrics.presses.clone(),
        );
        r.register(
            "requests",
            "Requests to Discord's REST API, by the bot's group and the class of the answer's status",
            metrics.requests.clone(),
        );
        r.register(
            "failures",
            "Failed requests to Discord, by Discord's JSON error code (or http-STATUS, or no-answer)",
            metrics.failures.clone(),
        );
        r.register(
            "rate_limits",
            "Waits for Discord's rate limits reported by serenity (a 429, or a request held back before one)",
            metrics.rate_limits.clone(),
        );
        r.register(
            "posts",
            "The poster's tries: posts delivered, tried again later, dropped",
            metrics.posts.clone(),
        );
        r.register(
            "dms",
            "Turn DMs sent, and refused by the player's settings",
            metrics.dms.clone(),
        );
        r.register(
            "first_response_seconds",
            "From an interaction's creation (its id's time) to its first response",
            metrics.first_response_seconds.clone(),
        );
        r.register(
            "post_delivery_seconds",
            "From a post's storing in the outbox to its delivery by the poster",
            metrics.post_delivery_seconds.clone(),
        );
        r.register(
            "shards_connected",
            "Shards of this process whose gateway session is live",
            metrics.shards_connected.clone(),
        );
        r.register(
            "shards_owned",
            "Shards this process runs",
            metrics.shards_owned.clone(),
        );
        Arc::new(metrics)
    }

    /// Makes one request to Discord, counted by `route` and its answer's status class (and a refusal by
    /// its code).
    pub async fn call<T>(
        &self,
        route: Route,
        request: impl Future<Output = serenity::Result<T>>,
    ) -> serenity::Result<T> {
        let result = request.await;
        let status = status_class(result.as_ref().map(drop));
        self.requests
            .get_or_create(&RequestLabels {
                route: route.name(),
                status,
            })
            .inc();
        if let Some(code) = result
            .as_ref()
            .err()
            .and_then(|e| failure_code(Failure::of(e)))
        {
            self.failures.get_or_create(&CodeLabels { code }).inc();
        }
        result
    }

    /// One slash command answered.
    pub fn command(&self, command: &str, outcome: OutcomeLabel) {
        self.commands
            .get_or_create(&CommandLabels {
                command: command.to_owned(),
                outcome: outcome.name(),
            })
            .inc();
    }

    /// One button press answered (`button`: the kind of its action).
    pub fn press(&self, button: &'static str, outcome: OutcomeLabel) {
        self.presses
            .get_or_create(&ButtonLabels {
                button,
                outcome: outcome.name(),
            })
            .inc();
    }

    /// Serenity waited for a rate limit.
    pub fn rate_limited(&self, global: bool) {
        let scope = if global { "global" } else { "route" };
        self.rate_limits.get_or_create(&ScopeLabels { scope }).inc();
    }

    pub fn post(&self, fate: PostFate) {
        self.posts
            .get_or_create(&PostLabels {
                outcome: fate.name(),
            })
            .inc();
    }

    pub fn dm(&self, fate: DmFate) {
        self.dms
            .get_or_create(&DmLabels {
                outcome: fate.name(),
            })
            .inc();
    }

    pub fn first_response(&self, waited_ms: i64) {
        self.first_response_seconds
            .observe(waited_ms.max(0) as f64 / 1000.0);
    }

    pub fn post_delivered(&self, waited_ms: i64) {
        self.post_delivery_seconds
            .observe(waited_ms.max(0) as f64 / 1000.0);
    }
}

/// Serenity's hook for its rate limiter: it calls the event handlers' `ratelimit` (not poise's framework)
/// each time it waits, after a 429 or before a request it knows would get one. The route it names may
/// carry an interaction's token: only whether the limit was global is kept.
pub(crate) struct RateLimits(pub Arc<DiscordMetrics>);

#[serenity::async_trait]
impl serenity::EventHandler for RateLimits {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        self.0.rate_limited(data.global);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use namnam_core::metrics::CoreMetrics;

    /// Every series name the bot's registry can export: a counter's `_total`, a histogram's `_bucket`,
    /// `_sum` and `_count`, a gauge's own name.
    fn exported() -> BTreeSet<String> {
        let mut registry = Registry::with_prefix("namnam");
        CoreMetrics::register(&mut registry);
        DiscordMetrics::register(&mut registry);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).unwrap();
        let mut names = BTreeSet::new();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("# TYPE ") else {
                continue;
            };
            let (name, kind) = rest.split_once(' ').unwrap();
            match kind {
                "counter" => {
                    names.insert(format!("{name}_total"));
                }
                "histogram" => {
                    for part in ["bucket", "sum", "count"] {
                        names.insert(format!("{name}_{part}"));
                    }
                }
                _ => {
                    names.insert(name.to_owned());
                }
            }
        }
        names
    }

    /// The bot's metric names in a PromQL expression (Prometheus' own, such as `up`, are left out).
    fn used_in(expr: &str) -> Vec<String> {
        let mut names = Vec::new();
        let mut rest = expr;
        while let Some(at) = rest.find("namnam_") {
            let name: String = rest[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            rest = &rest[at + name.len()..];
            names.push(name);
        }
        names
    }

    fn docs(path: &str) -> String {
        let path = format!("{}/../../docs/{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Every `expr` in a JSON document, wherever it is.
    fn json_exprs(value: &serde_json::Value, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    match (key.as_str(), value) {
                        ("expr", serde_json::Value::String(expr)) => found.push(expr.clone()),
                        _ => json_exprs(value, found),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| json_exprs(v, found)),
            _ => {}
        }
    }

    #[test]
    fn the_dashboard_and_the_alerts_use_only_exported_metrics() {
        let exported = exported();
        assert!(exported.contains("namnam_moves_total"), "{exported:?}");
        assert!(exported.contains("namnam_discord_first_response_seconds_bucket"));

        let dashboard: serde_json::Value =
            serde_json::from_str(&docs("grafana/namnam.json")).expect("the dashboard is JSON");
        let mut exprs = Vec::new();
        json_exprs(&dashboard, &mut exprs);
        assert!(exprs.len() >= 10, "the dashboard's queries: {exprs:?}");

        let rules = yaml_rust2::YamlLoader::load_from_str(&docs("prometheus/alerts.yml"))
            .expect("the alert rules are YAML");
        let mut alerts = Vec::new();
        for group in rules[0]["groups"].as_vec().expect("groups") {
            for rule in group["rules"].as_vec().expect("rules") {
                let name = rule["alert"].as_str().expect("an alert's name");
                let expr = rule["expr"].as_str().expect("an alert's expr");
                assert!(rule["annotations"]["summary"].as_str().is_some(), "{name}");
                alerts.push((name.to_owned(), expr.to_owned()));
            }
        }
        let names: Vec<&str> = alerts.iter().map(|(name, _)| name.as_str()).collect();
        for wanted in [
            "NamnamOutboxStuck",
            "NamnamNotReady",
            "NamnamShardDisconnected",
        ] {
            assert!(names.contains(&wanted), "{wanted} among {names:?}");
        }

        let mut used = BTreeSet::new();
        for expr in exprs.iter().chain(alerts.iter().map(|(_, expr)| expr)) {
            for name in used_in(expr) {
                assert!(
                    exported.contains(&name),
                    "{name} (in `{expr}`) is not exported; the bot exports {exported:?}"
                );
                used.insert(name);
            }
        }
        for must in [
            "namnam_moves_total",
            "namnam_outbox_oldest_due_seconds",
            "namnam_discord_shards_connected",
            "namnam_discord_failures_total",
            "namnam_discord_first_response_seconds_bucket",
        ] {
            assert!(used.contains(must), "{must} is not shown");
        }
    }

    #[test]
    fn requests_are_counted_by_route_and_status_class() {
        let mut registry = Registry::with_prefix("namnam");
        let metrics = DiscordMetrics::register(&mut registry);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let ok: serenity::Result<()> =
            runtime.block_on(metrics.call(Route::Answer, async { Ok(()) }));
        assert!(ok.is_ok());
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        let lost: serenity::Result<()> =
            runtime.block_on(metrics.call(Route::ChannelMessage, async {
                Err(serenity::Error::Io(io))
            }));
        assert!(lost.is_err());
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).unwrap();
        assert!(
            text.contains(r#"namnam_discord_requests_total{route="answer",status="2xx"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#"namnam_discord_requests_total{route="channel-message",status="none"} 1"#
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"namnam_discord_failures_total{code="no-answer"} 1"#),
            "{text}"
        );
    }
}
