//! The Discord front end: slash commands, buttons and pictures through poise on serenity. It is a thin
//! adapter: it parses what Discord sends, hands it to the bot core and translates the core's plain
//! replies into messages. No game rule lives here.
//!
//! [`Bot::run`] connects, registers the commands when they changed ([`registration`]), answers until the
//! `shutdown` future completes, then lets the work in flight finish.

mod answer;
mod asking;
mod channels;
mod commands;
mod data;
pub mod errors;
mod events;
mod exporter;
mod ids;
mod in_flight;
pub mod logging;
pub mod metrics;
mod on_error;
pub mod poster;
pub mod registration;
pub mod reply;
pub mod settings;
mod shards;
pub mod texts;
mod warned;

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use namnam_core::metrics::CoreMetrics;
use namnam_core::{Clock, Core, CoreConfig, Progress, SystemClock};
use namnam_store::{Store, StoreError};

pub use commands::{all as all_commands, Command};
pub use errors::CommandError;
pub use settings::{CommandScope, LogFormat, Settings, SettingsError, Shards, Token};

use channels::{ChannelOwners, ReadHistory};
use in_flight::InFlight;
use metrics::{DiscordMetrics, Route};
use namnam_core::PosterBell;
use poster::Poster;
use registration::Registration;
use reply::Mentions;

pub use data::{Context, Data};

/// How long a shutdown waits for commands and buttons in flight.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a shutdown waits for the gateway connection to close.
const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How often the move clock is checked (reminders, timeouts, expired challenges).
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// How long a shutdown lets the poster deliver what is due.
const POSTER_GRACE: Duration = Duration::from_secs(10);

/// The longest a request to Discord may take before it counts as unanswered.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// How often the start-up requests are tried before the bot gives up, and the first pause between tries
/// (it doubles, up to a minute).
const STARTUP_TRIES: u32 = 8;
const STARTUP_PAUSE: Duration = Duration::from_millis(500);

/// Checks the settings that can be checked before connecting, so that a bad one stops the bot at once
/// with a clear message rather than after it went online.
fn check_database_folder(settings: &Settings) -> Result<(), RunError> {
    let Some(database) = settings.database_path() else {
        return Ok(());
    };
    let folder = match database.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(RunError::DatabaseFolder(folder.to_owned()));
    }
    Ok(())
}

/// Why the bot stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(
        "Discord rejected the token (401 Unauthorized): it is wrong or was reset.\n\
         Copy a fresh one from https://discord.com/developers/applications (your application → Bot → \
         Reset Token) into DISCORD_TOKEN."
    )]
    TokenRejected,
    #[error("the folder for the database, {0}, does not exist (check DATABASE_URL)")]
    DatabaseFolder(PathBuf),
    #[error("could not open the database")]
    Database(#[from] StoreError),
    #[error("could not listen for the metrics on {addr}: {source}")]
    Metrics {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("could not read the outages left by the last run")]
    Outages(#[source] namnam_core::CoreError),
    #[error("could not talk to Discord")]
    Discord(#[source] Box<serenity::Error>),
}

/// The bot, ready to run.
pub struct Bot {
    settings: Settings,
    commands: Vec<Command>,
    clock: Arc<dyn Clock>,
    sweep_every: Duration,
    /// The HTTP client for Discord's REST API; serenity's own when `None`.
    http_client: Option<reqwest::Client>,
    /// What the core's background work did last, once it runs (see [`Bot::progress`]).
    progress: tokio::sync::watch::Sender<Progress>,
    /// The address the metrics are served on, once bound (see [`Bot::metrics_address`]).
    metrics_address: tokio::sync::watch::Sender<Option<SocketAddr>>,
    /// The puzzles `/puzzle` shows; the built-in set when `None`.
    puzzles: Option<Arc<Vec<namnam_ai::puzzles::Puzzle>>>,
}

impl Bot {
    /// A bot with every command, on the system clock.
    pub fn new(settings: Settings) -> Self {
        Self {
            settings,
            commands: commands::all(),
            clock: Arc::new(SystemClock),
            sweep_every: SWEEP_EVERY,
            http_client: None,
            progress: tokio::sync::watch::Sender::new(Progress::default()),
            metrics_address: tokio::sync::watch::Sender::new(None),
            puzzles: None,
        }
    }

    /// The address `/metrics`, `/healthz` and `/readyz` are served on, once the bot listens there (with
    /// `NAMNAM_METRICS_ADDR` at port 0, the port the system chose).
    pub fn metrics_address(&self) -> tokio::sync::watch::Receiver<Option<SocketAddr>> {
        self.metrics_address.subscribe()
    }

    /// What the bot's core does in the background (its clock's sweeps, its looks at the shards), as it
    /// runs: a test waits for a sweep after it moved the clock rather than sleep.
    pub fn progress(&self) -> tokio::sync::watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    /// Talks to Discord through this client. Tests give one that resolves `discord.com` to a fake
    /// Discord on the loopback and trusts its certificate, so that the requests, serenity's rate limiter
    /// included, take exactly the path they take in production.
    pub fn with_http_client(mut self, client: reqwest::Client) -> Self {
        self.http_client = Some(client);
        self
    }

    /// Runs on another clock, checked this often (tests move the clock by hand).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>, sweep_every: Duration) -> Self {
        self.clock = clock;
        self.sweep_every = sweep_every;
        self
    }

    /// Shows these puzzles rather than the built-in set (tests give a few whose answers they know).
    pub fn with_puzzles(mut self, puzzles: Arc<Vec<namnam_ai::puzzles::Puzzle>>) -> Self {
        self.puzzles = Some(puzzles);
        self
    }

    /// Replaces the command set (tests use this to see a changed set registered again).
    pub fn with_commands(mut self, commands: Vec<Command>) -> Self {
        self.commands = commands;
        self
    }

    /// Runs until `shutdown` completes or the connection fails for good.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<(), RunError> {
        let Self {
            settings,
            commands,
            clock,
            sweep_every,
            http_client: client,
            progress,
            metrics_address,
            puzzles,
        } = self;
        check_database_folder(&settings)?;
        if settings.test != settings::TestSettings::default() {
            tracing::warn!(test = ?settings.test, "test-only settings are in force (NAMNAM_TEST_*)");
        }
        let sweep_every = settings.test.sweep_every.unwrap_or(sweep_every);
        let http = http_client(&settings, client);
        // Bound first: a taken address stops the bot at once, before it goes online.
        let metrics_listener = match settings.metrics_addr {
            Some(addr) => {
                let listener = tokio::net::TcpListener::bind(addr)
                    .await
                    .map_err(|source| RunError::Metrics { addr, source })?;
                let bound = listener
                    .local_addr()
                    .map_err(|source| RunError::Metrics { addr, source })?;
                tracing::info!(metrics = %bound, "serving /metrics, /healthz and /readyz");
                metrics_address.send_replace(Some(bound));
                Some(listener)
            }
            None => None,
        };
        let mut registry = prometheus_client::registry::Registry::with_prefix("namnam");
        let core_metrics = CoreMetrics::register(&mut registry);
        let calls = DiscordMetrics::register(&mut registry);
        // The rate limiter's waits are counted from the first request; the client built below replaces
        // this callback with its event handlers', `metrics::RateLimits` among them.
        let mut http = http;
        if let Some(limiter) = http.ratelimiter.as_mut() {
            let counted = calls.clone();
            limiter.set_ratelimit_callback(Box::new(move |info| counted.rate_limited(info.global)));
        }

        // The cheap requests first, tried again while Discord is unwell: a wrong token is then reported as
        // such, and the gateway's address and shard count are Discord's own, never a guess.
        let me = startup(|| calls.call(Route::Startup, http.get_current_user())).await?;
        tracing::info!(bot = %me.name, id = %me.id, "logged in");
        let gateway = startup(|| calls.call(Route::Startup, http.get_bot_gateway())).await?;
        tracing::info!(
            shards = gateway.shards,
            "Discord recommends this many shards"
        );
        let (first, last, shard_count) = match settings.shards {
            Shards::Auto => (0, gateway.shards.max(1) - 1, gateway.shards.max(1)),
            Shards::Range { first, last, count } => {
                if count < gateway.shards {
                    tracing::warn!(
                        count,
                        recommended = gateway.shards,
                        "fewer shards than Discord recommends: it refuses a shard with too many servers"
                    );
                }
                (first, last, count)
            }
        };
        let process = settings.shards.process_name();
        tracing::info!(first, last, of = shard_count, %process, "running these shards");
        let store = Store::open(&settings.database_url).await?;
        let config = CoreConfig {
            outbox: true,
            outages: Some(shards::outage_rule(shard_count, settings.outage_grace_secs)),
            process,
            search_delay: settings.test.search_delay,
            analysis_nodes: settings
                .test
                .analysis_nodes
                .unwrap_or(namnam_ai::analysis::ANALYSIS_NODES),
            web_url: settings.web_url.clone(),
            computer: namnam_core::UserRef::member(
                namnam_model::UserId(me.id.get()),
                me.name.clone(),
                me.name.clone(),
                namnam_model::PlayerKind::Engine,
            ),
            ..CoreConfig::default()
        };
        let config = match puzzles {
            Some(puzzles) => CoreConfig { puzzles, ..config },
            None => config,
        };
        let core = Arc::new(Core::new(store, clock, config).with_metrics(core_metrics));
        let mut core_progress = core.progress();
        let forward_progress = tokio::spawn(async move {
            while core_progress.changed().await.is_ok() {
                let now = core_progress.borrow_and_update().clone();
                progress.send_replace(now);
            }
        });
        core.load_outages().await.map_err(RunError::Outages)?;
        // Answers of a process that stopped hold nothing any more: the poster shows what they held.
        match core.release_held_posts().await {
            Ok(0) => {}
            Ok(released) => tracing::info!(
                released,
                "handed the answers left by the last run to the poster"
            ),
            Err(error) => {
                tracing::error!(error = %namnam_core::cause_chain(&error), "could not read the outbox")
            }
        }
        let bell = PosterBell::default();
        let data = Data {
            scope: settings.command_scope,
            mentions: Mentions::default(),
            in_flight: InFlight::default(),
            core: core.clone(),
            me: me.id,
            warned: Arc::default(),
            poster: bell.clone(),
            owners: ChannelOwners::default(),
            history: ReadHistory::default(),
            metrics: calls.clone(),
            server_events: Default::default(),
        };
        let in_flight = data.in_flight.clone();
        let owners = data.owners.clone();
        let history = data.history.clone();
        let mentions = data.mentions.clone();
        let warned = data.warned.clone();

        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands,
                on_error: |error| Box::pin(on_error::on_error(error)),
                post_command: |ctx| Box::pin(commands::counted(ctx)),
                event_handler: |framework, event| Box::pin(events::handle(framework, event)),
                // Nobody is pinged unless a reply says so.
                allowed_mentions: Some(commands::no_mentions()),
                initialize_owners: false,
                ..Default::default()
            })
            // The builder's own default (true) overrides the options': without this, poise asks Discord for
            // the application's owners at every start, which no command uses.
            .initialize_owners(false)
            .setup(|ctx, ready, framework| {
                Box::pin(async move {
                    register(
                        &ctx.http,
                        ready.application.id,
                        &framework.options().commands,
                        &data,
                    )
                    .await;
                    Ok(data)
                })
            })
            .build();

        let mut client =
            serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
                .framework(framework)
                .event_handler(metrics::RateLimits(calls.clone()))
                .await?;
        // Serenity asked for the gateway's address once more while building, and falls back to Discord's
        // public one if that failed: the address fetched above is the one to use.
        *client.ws_url.lock().await = gateway.url.clone();
        let shards = client.shard_manager.clone();
        // The poster delivers the outbox; the clock's sweep stores its notices there and rings.
        let postman = Poster {
            http: client.http.clone(),
            cache: client.cache.clone(),
            owners: owners.clone(),
            history,
            core: core.clone(),
            warned,
            me: me.id,
            mentions,
            dm_channels: Default::default(),
            metrics: calls.clone(),
        };
        let poster = namnam_core::spawn_poster(core.clone(), postman, bell.clone());
        let (notices, mut swept) = tokio::sync::mpsc::unbounded_channel();
        // The shards are looked at before the first sweep: until a shard is seen live, its clocks wait.
        let watch = shards::spawn_watch(
            core.clone(),
            shards.clone(),
            sweep_every.min(shards::WATCH_EVERY),
            bell.clone(),
        );
        let analyst = namnam_core::spawn_analyst(core.clone(), notices.clone());
        let sweeper = namnam_core::spawn_sweeper(core.clone(), sweep_every, notices);
        let ringer = tokio::spawn(async move {
            while swept.recv().await.is_some() {
                bell.wake();
            }
        });
        let exporter = metrics_listener.map(|listener| {
            let exporter = exporter::Exporter {
                registry,
                core: core.clone(),
                metrics: calls.clone(),
                shards: shards.clone(),
                owned: first..=last,
                tasks: vec![
                    ("poster", poster.abort_handle()),
                    ("sweeper", sweeper.abort_handle()),
                    ("shard-watch", watch.abort_handle()),
                    ("analyst", analyst.abort_handle()),
                    ("poster-bell", ringer.abort_handle()),
                ],
            };
            tokio::spawn(exporter::serve(listener, Arc::new(exporter)))
        });
        let started = async {
            match settings.shards {
                Shards::Auto => client.start_shards(shard_count).await,
                Shards::Range { .. } if first == last => {
                    client.start_shard(first, shard_count).await
                }
                // Serenity's range includes its end, as ours does.
                Shards::Range { .. } => client.start_shard_range(first..last, shard_count).await,
            }
        };
        tokio::pin!(started);
        let result = tokio::select! {
            result = &mut started => result,
            () = shutdown => {
                tracing::info!("shutting down: closing the gateway connection");
                shards.shutdown_all().await;
                tokio::time::timeout(DISCONNECT_TIMEOUT, &mut started).await.unwrap_or(Ok(()))
            }
        };
        if !in_flight.drain(DRAIN_TIMEOUT).await {
            tracing::warn!("some work was still running after {DRAIN_TIMEOUT:?}");
        }
        // The clock stops first, so that nothing new is stored; then what is due goes out.
        sweeper.abort();
        forward_progress.abort();
        analyst.abort();
        watch.abort();
        ringer.abort();
        poster.drain(POSTER_GRACE).await;
        if let Some(exporter) = exporter {
            exporter.abort();
        }
        core.store().close().await;
        tracing::info!("stopped");
        result.map_err(|error| match error {
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
                RunError::TokenRejected
            }
            other => other.into(),
        })
    }
}

/// Runs a start-up request, trying again with a doubling pause while Discord answers 5xx or not at all.
async fn startup<T, F, Fut>(mut request: F) -> Result<T, RunError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut pause = STARTUP_PAUSE;
    for tries in 1.. {
        match request().await {
            Ok(value) => return Ok(value),
            Err(error) if errors::unauthorized(&error) => return Err(RunError::TokenRejected),
            Err(error) if tries < STARTUP_TRIES && errors::Failure::of(&error).retryable() => {
                tracing::warn!(error = %errors::summary(&error), "Discord did not answer; trying again");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(60));
            }
            Err(error) => return Err(error.into()),
        }
    }
    unreachable!("the loop returns")
}

/// The REST client: Discord itself through the given HTTP client (tests), or one of our own with a timeout
/// on every request; through the proxy of the settings, if any.
fn http_client(settings: &Settings, client: Option<reqwest::Client>) -> serenity::Http {
    let client = client.unwrap_or_else(|| {
        reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(REQUEST_TIMEOUT)
            .build()
            .expect("a TLS client can be built")
    });
    let builder = serenity::HttpBuilder::new(settings.token.expose()).client(client);
    match &settings.proxy_url {
        // Serenity only honours a proxy with its rate limiter off: the proxy keeps Discord's limits, for
        // every process that uses it.
        Some(proxy) => {
            // Serenity logs its client, proxy address included, in the span of every request: it is
            // never handed the address's user and password. They never reached the proxy anyway: each
            // request's `Authorization` header is the bot token, which replaces the Basic header a URL's
            // user and password would make.
            let bare = namnam_store::without_credentials(proxy);
            if bare != *proxy {
                tracing::warn!(proxy = %bare, "DISCORD_PROXY_URL's user and password are not sent \
                    (each request's Authorization is the bot token): protect the proxy by its network");
            }
            builder.proxy(bare).ratelimiter_disabled(true).build()
        }
        None => builder.build(),
    }
}

/// Registers the commands if they changed. A failure is logged, not fatal: the commands registered
/// before keep working.
async fn register(
    http: &serenity::Http,
    application: serenity::ApplicationId,
    commands: &[Command],
    data: &Data,
) {
    // Registering again is harmless (the command set replaces itself), so a Discord that did not answer is
    // asked again.
    let mut pause = STARTUP_PAUSE;
    let mut tries = 1;
    let outcome = loop {
        let outcome = registration::ensure_registered(
            http,
            &data.metrics,
            application,
            data.scope,
            commands,
            &data.core,
            &data.mentions,
        )
        .await;
        match &outcome {
            Err(registration::RegistrationError::Discord(error))
                if tries < STARTUP_TRIES && errors::Failure::of(error).retryable() =>
            {
                tracing::warn!(error = %errors::summary(error), "could not register the commands; trying again");
                tokio::time::sleep(pause).await;
                pause *= 2;
                tries += 1;
            }
            _ => break outcome,
        }
    };
    match outcome {
        Ok(Registration::Unchanged) => {
            tracing::info!(scope = %data.scope, "slash commands unchanged since the last registration")
        }
        Ok(Registration::ByAnotherProcess) => {
            tracing::info!(scope = %data.scope, "another process registered the slash commands")
        }
        Ok(Registration::Registered {
            commands,
            removed_from,
            global_kept,
        }) => {
            tracing::info!(scope = %data.scope, commands, "registered the slash commands");
            if let Some(guild) = removed_from {
                tracing::info!(%guild, "removed the commands registered before in that server");
            }
            if global_kept {
                tracing::warn!(
                    "the commands registered globally before stay, so this server shows each command \
                     twice: use a separate Discord application for development"
                );
            }
        }
        Err(error) => tracing::error!(?error, "could not register the slash commands"),
    }
}

impl From<serenity::Error> for RunError {
    fn from(error: serenity::Error) -> Self {
        // Boxed: serenity's error is large, and these travel through every handler's `Result`.
        Self::Discord(Box::new(error))
    }
}
