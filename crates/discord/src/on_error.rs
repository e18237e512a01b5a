//! Poise's error hook: what a player is told when a command fails, and what is logged.

use super::data::{Context, Data};
use super::errors::{missing_permission, summary, CommandError};

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
                    tracing::error!(command = %ctx.command().qualified_name, error = %summary(cause),
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
                tracing::error!(error = %summary(&cause), "error while handling an error");
            }
        }
    }
}

async fn tell_privately(ctx: Context<'_>, message: impl Into<String>) {
    let reply = poise::CreateReply::default()
        .content(message)
        .ephemeral(true);
    if let Err(cause) = ctx.send(reply).await {
        tracing::warn!(error = %summary(&cause), "could not tell the player about an error");
    }
}
