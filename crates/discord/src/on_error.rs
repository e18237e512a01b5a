//! Poise's error hook: what a player is told when a command fails, in their language, and what is
//! logged.

use super::data::{Context, Data};
use super::errors::{missing_permission, summary, CommandError, APOLOGY};
use super::metrics::{OutcomeLabel, Route};
use super::texts::say;
use namnam_core::Language;

/// Poise's error hook: answer the player privately, log what they do not see.
pub async fn on_error(error: poise::FrameworkError<'_, Data, CommandError>) {
    count(&error);
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            match &error {
                CommandError::User(_) | CommandError::Said(_) | CommandError::ShuttingDown => {}
                CommandError::Discord(cause) if missing_permission(cause) => {
                    tracing::warn!(command = %ctx.command().qualified_name, channel = %ctx.channel_id(),
                        "missing permission in channel");
                }
                CommandError::Discord(cause) => {
                    tracing::error!(command = %ctx.command().qualified_name, error = %summary(cause),
                        "command failed");
                }
            }
            tell_privately(ctx, error.for_player(language(ctx))).await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            tell_privately(ctx, say(language(ctx), "discord-managers-only")).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            tell_privately(ctx, say(language(ctx), "discord-server-only")).await;
        }
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            tracing::info!(command = %ctx.command().qualified_name, ?input, %error, "bad argument");
            tell_privately(ctx, say(language(ctx), "discord-bad-option")).await;
        }
        // Poise's own answers to these are English; the player gets the bot's words in theirs.
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().qualified_name, description,
                "a command's options are not the registered ones");
            let ctx = poise::Context::Application(ctx);
            tell_privately(ctx, say(language(ctx), "discord-command-changed")).await;
        }
        poise::FrameworkError::CommandPanic { ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "a command panicked");
            tell_privately(ctx, say(language(ctx), APOLOGY)).await;
        }
        poise::FrameworkError::SubcommandRequired { ctx } => {
            // Discord never sends a command with subcommands without one: a client out of date.
            tell_privately(ctx, say(language(ctx), "discord-command-changed")).await;
        }
        other => {
            if let Err(cause) = poise::builtins::on_error(other).await {
                tracing::error!(error = %summary(&cause), "error while handling an error");
            }
        }
    }
}

/// Counts a command that ended in an error: refused when the player can do something about it, failed
/// when the bot must.
fn count(error: &poise::FrameworkError<'_, Data, CommandError>) {
    use poise::FrameworkError as E;
    let (ctx, outcome) = match error {
        E::Command { error, ctx, .. } => match error {
            CommandError::Discord(_) => (*ctx, OutcomeLabel::Failed),
            _ => (*ctx, OutcomeLabel::Refused),
        },
        E::MissingUserPermissions { ctx, .. }
        | E::GuildOnly { ctx, .. }
        | E::ArgumentParse { ctx, .. }
        | E::SubcommandRequired { ctx } => (*ctx, OutcomeLabel::Refused),
        E::CommandStructureMismatch { ctx, .. } => {
            (poise::Context::Application(*ctx), OutcomeLabel::Refused)
        }
        E::CommandPanic { ctx, .. } => (*ctx, OutcomeLabel::Failed),
        _ => return,
    };
    ctx.data()
        .metrics
        .command(&ctx.command().qualified_name, outcome);
}

/// The language of the one who invoked the command, as their Discord client says.
fn language(ctx: Context<'_>) -> Language {
    ctx.locale().map(Language::of_locale).unwrap_or_default()
}

async fn tell_privately(ctx: Context<'_>, message: impl Into<String>) {
    let reply = poise::CreateReply::default()
        .content(message)
        .ephemeral(true);
    if let Err(cause) = ctx
        .data()
        .metrics
        .call(Route::Answer, ctx.send(reply))
        .await
    {
        tracing::warn!(error = %summary(&cause), "could not tell the player about an error");
    }
}
