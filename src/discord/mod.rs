//! The Discord front end: slash commands, buttons and pictures through poise on serenity. It is a thin
//! adapter: it parses what Discord sends, hands it to the bot core and translates the core's plain
//! replies into messages. No game rule lives here.
//!
//! [`Bot::run`] connects, registers the commands when they changed ([`registration`]), answers until the
//! `shutdown` future completes, then lets the work in flight finish.

mod answer;
mod asking;
mod commands;
pub mod errors;
mod events;
mod in_flight;
pub mod logging;
mod notices;
pub mod registration;
pub mod reply;
pub mod settings;
pub mod texts;

use std::collections::HashSet;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::bot::{Clock, Core, CoreConfig, SystemClock};
use crate::store::{Store, StoreError};

pub use commands::{all as all_commands, Command};
pub use errors::CommandError;
pub use settings::{CommandScope, Settings, SettingsError, Token};

use in_flight::InFlight;
use registration::{Registration, RegistrationRecord};

/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, CommandError>;

/// How long a shutdown waits for commands and buttons in flight.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a shutdown waits for the gateway connection to close.
const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How often the move clock is checked (reminders, timeouts, expired challenges).
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// The state shared by every handler.
pub struct Data {
    scope: CommandScope,
    registration: RegistrationRecord,
    in_flight: InFlight,
    core: Arc<Core>,
    /// The bot's own user: challenging it means playing the computer.
    me: serenity::UserId,
    warned: Arc<Warned>,
}

impl Data {
    /// Logs that the bot may not do something in `channel`, once per channel (until a restart).
    fn warn_once(&self, channel: serenity::ChannelId, error: &serenity::Error) -> bool {
        self.warned.first(channel, error)
    }
}

/// The channels whose missing permissions have been reported already.
#[derive(Debug, Default)]
struct Warned(Mutex<HashSet<serenity::ChannelId>>);

impl Warned {
    /// Logs `error` in `channel`; a missing permission only the first time. Returns whether this was the
    /// first report for a missing permission there (the player who asked is then told, once).
    fn first(&self, channel: serenity::ChannelId, error: &serenity::Error) -> bool {
        if !errors::missing_permission(error) {
            tracing::error!(?error, %channel, "Discord refused a request");
            return false;
        }
        let first = self
            .0
            .lock()
            .expect("the warned lock is never poisoned")
            .insert(channel);
        if first {
            tracing::warn!(%channel, "the bot lacks a permission in this channel");
        }
        first
    }
}

/// Checks the settings that can be checked before connecting, so that a bad one stops the bot at once
/// with a clear message rather than after it went online.
fn check_database_folder(settings: &Settings) -> Result<PathBuf, RunError> {
    let database = settings.database_path();
    let folder = match database.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(RunError::DatabaseFolder(folder.to_owned()));
    }
    Ok(database)
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
        }
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
        } = self;
        let database = check_database_folder(&settings)?;
        let http = http_client(&settings, client);

        // One cheap request first: a wrong token is then reported as such, not as a gateway failure.
        let me = match http.get_current_user().await {
            Ok(me) => me,
            Err(error) if errors::unauthorized(&error) => return Err(RunError::TokenRejected),
            Err(error) => return Err(error.into()),
        };
        tracing::info!(bot = %me.name, id = %me.id, "logged in");
        let store = Store::open(&settings.database_url).await?;
        let core = Arc::new(Core::new(store, clock, CoreConfig::default()));
        let data = Data {
            scope: settings.command_scope,
            registration: RegistrationRecord::beside(&database),
            in_flight: InFlight::default(),
            core: core.clone(),
            me: me.id,
            warned: Arc::default(),
        };
        let in_flight = data.in_flight.clone();
        let warned = data.warned.clone();

        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands,
                on_error: |error| Box::pin(errors::on_error(error)),
                event_handler: |framework, event| Box::pin(events::handle(framework, event)),
                // Nobody is pinged unless a reply says so.
                allowed_mentions: Some(commands::no_mentions()),
                initialize_owners: false,
                ..Default::default()
            })
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
                .await?;
        let shards = client.shard_manager.clone();
        // The clock: reminders, timeouts and expired challenges are posted in their channels, and a
        // computer turn left waiting (by a restart) is played.
        let (notices, posted) = tokio::sync::mpsc::unbounded_channel();
        let sweeper = crate::bot::spawn_sweeper(core.clone(), sweep_every, notices);
        let poster = notices::spawn_poster(client.http.clone(), warned, posted);
        let started = client.start();
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
        sweeper.abort();
        poster.abort();
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

/// The REST client: Discord itself, or the address given in the settings (tests).
fn http_client(settings: &Settings, client: Option<reqwest::Client>) -> serenity::Http {
    let mut builder = serenity::HttpBuilder::new(settings.token.expose());
    if let Some(client) = client {
        builder = builder.client(client);
    }
    match &settings.api_base {
        // Serenity only honours the proxy with its rate limiter off; a test server does not rate-limit.
        Some(base) => builder
            .proxy(base.as_str())
            .ratelimiter_disabled(true)
            .build(),
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
    let outcome = registration::ensure_registered(
        http,
        application,
        data.scope,
        commands,
        &data.registration,
    )
    .await;
    match outcome {
        Ok(Registration::Unchanged) => {
            tracing::info!(scope = %data.scope, "slash commands unchanged since the last registration")
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
