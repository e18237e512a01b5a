//! What can go wrong while answering someone, split the way the player sees it: a [`CommandError::User`]
//! is shown to them privately in plain words; everything else is logged with its cause chain and the
//! player sees only a short apology. A database or HTTP message never reaches a player.

use poise::serenity_prelude as serenity;

use super::{Context, Data};

/// The error type of every command and button handler.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Something the player can fix or should know; shown to them as it is, privately.
    #[error("{0}")]
    User(String),
    /// The bot is shutting down and takes no new work.
    #[error("the bot is restarting")]
    ShuttingDown,
    /// Discord refused or failed a request.
    #[error("Discord request failed")]
    Discord(#[source] Box<serenity::Error>),
}

impl CommandError {
    pub fn user(message: impl Into<String>) -> Self {
        Self::User(message.into())
    }

    /// What the player is told.
    pub fn for_player(&self) -> String {
        match self {
            Self::User(message) => message.clone(),
            Self::ShuttingDown => "I'm restarting: try again in a minute.".to_owned(),
            Self::Discord(error) if missing_permission(error) => MISSING_PERMISSION.to_owned(),
            Self::Discord(_) => APOLOGY.to_owned(),
        }
    }
}

/// The apology for an internal error.
pub const APOLOGY: &str =
    "Sorry, something went wrong on my side. Nothing was changed; please try again.";

/// Told (once, privately) to a player whose channel does not let the bot post.
pub const MISSING_PERMISSION: &str = "I can't post in this channel: I need the View Channel, Send Messages \
and Attach Files permissions here (and Create Public Threads and Send Messages in Threads when matches get \
their own thread). Ask a server admin.";

/// Added to a match's board when the server wants a thread per match but the bot cannot make one.
pub const NO_THREADS: &str =
    "I could not open a thread for this match: I need the Create Public Threads \
and Send Messages in Threads permissions here. The match is played in this channel.";

/// Discord's codes for "Missing Access" and "Missing Permissions".
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;

/// Whether Discord refused a request because the bot lacks a permission in that channel.
pub fn missing_permission(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 403
                && matches!(response.error.code, MISSING_ACCESS | MISSING_PERMISSIONS)
        }
        _ => false,
    }
}

/// Whether Discord answered 401: the token is wrong or was reset.
pub fn unauthorized(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401
    )
}

/// Poise's error hook: answer the player privately, log what they do not see.
pub async fn on_error(error: poise::FrameworkError<'_, Data, CommandError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            match &error {
                CommandError::User(_) | CommandError::ShuttingDown => {}
                CommandError::Discord(cause) if missing_permission(cause) => {
                    tracing::warn!(command = %ctx.command().qualified_name, channel = %ctx.channel_id(),
                        "missing permission in channel");
                }
                CommandError::Discord(cause) => {
                    tracing::error!(command = %ctx.command().qualified_name, error = ?cause,
                        "command failed");
                }
            }
            tell_privately(ctx, error.for_player()).await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            tell_privately(
                ctx,
                "Only members who may manage this server can use this command.",
            )
            .await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            tell_privately(
                ctx,
                "Nam-nam is played in a server channel, not in direct messages.",
            )
            .await;
        }
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            tracing::info!(command = %ctx.command().qualified_name, ?input, %error, "bad argument");
            tell_privately(
                ctx,
                "I couldn't read that option; `/help` lists what each command takes.",
            )
            .await;
        }
        other => {
            if let Err(cause) = poise::builtins::on_error(other).await {
                tracing::error!(error = ?cause, "error while handling an error");
            }
        }
    }
}

async fn tell_privately(ctx: Context<'_>, message: impl Into<String>) {
    let reply = poise::CreateReply::default()
        .content(message)
        .ephemeral(true);
    if let Err(cause) = ctx.send(reply).await {
        tracing::warn!(error = ?cause, "could not tell the player about an error");
    }
}

impl From<serenity::Error> for CommandError {
    fn from(error: serenity::Error) -> Self {
        // Boxed: serenity's error is large, and these travel through every handler's `Result`.
        Self::Discord(Box::new(error))
    }
}
