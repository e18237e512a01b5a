//! The Discord front end: slash commands, buttons and pictures through poise on serenity. It is a thin
//! adapter: it parses what Discord sends, hands it to the bot core and translates the core's plain
//! replies into messages. No game rule lives here.
//!
//! [`Bot::run`] connects, registers the commands when they changed ([`registration`]), answers until the
//! `shutdown` future completes, then lets the work in flight finish.

pub mod buttons;
mod commands;
pub mod errors;
mod events;
mod in_flight;
pub mod logging;
pub mod registration;
pub mod reply;
pub mod settings;
pub mod texts;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::Duration;

use poise::serenity_prelude as serenity;

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

/// The state shared by every handler.
#[derive(Debug)]
pub struct Data {
    scope: CommandScope,
    registration: RegistrationRecord,
    in_flight: InFlight,
}

impl Data {
    /// Checks the settings that can be checked before connecting, so that a bad one stops the bot at
    /// once with a clear message rather than after it went online.
    pub fn new(settings: &Settings) -> Result<Self, RunError> {
        let database = settings.database_path();
        let folder = match database.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        if !folder.is_dir() {
            return Err(RunError::DatabaseFolder(folder.to_owned()));
        }
        Ok(Self {
            scope: settings.command_scope,
            registration: RegistrationRecord::beside(&database),
            in_flight: InFlight::default(),
        })
    }
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
    #[error("could not talk to Discord")]
    Discord(#[source] Box<serenity::Error>),
}

/// The bot, ready to run.
pub struct Bot {
    settings: Settings,
    commands: Vec<Command>,
}

impl Bot {
    /// A bot with every command.
    pub fn new(settings: Settings) -> Self {
        Self {
            settings,
            commands: commands::all(),
        }
    }

    /// Replaces the command set (tests use this to see a changed set registered again).
    pub fn with_commands(mut self, commands: Vec<Command>) -> Self {
        self.commands = commands;
        self
    }

    /// Runs until `shutdown` completes or the connection fails for good.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<(), RunError> {
        let Self { settings, commands } = self;
        let data = Data::new(&settings)?;
        let in_flight = data.in_flight.clone();
        let http = http_client(&settings);

        // One cheap request first: a wrong token is then reported as such, not as a gateway failure.
        match http.get_current_user().await {
            Ok(me) => tracing::info!(bot = %me.name, id = %me.id, "logged in"),
            Err(error) if errors::unauthorized(&error) => return Err(RunError::TokenRejected),
            Err(error) => return Err(error.into()),
        }

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
fn http_client(settings: &Settings) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(settings.token.expose());
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
        Ok(Registration::Registered { commands }) => {
            tracing::info!(scope = %data.scope, commands, "registered the slash commands")
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
