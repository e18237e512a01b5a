//! What happened and who is best: your matches, a match's moves, the leaderboard, a player's record.

use poise::serenity_prelude as serenity;

use super::{serve, CommandError, Context};
use crate::bot::Command;
use crate::discord::asking;

/// Your active matches in this server, and where it is your turn
#[poise::command(slash_command, guild_only)]
pub async fn matches(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::Matches).await
}

/// The moves of this channel's match
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(ctx, Command::History).await
}

/// The best players of this server
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page of the leaderboard (default: 1)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Leaderboard {
            page: page.unwrap_or(1),
        },
    )
    .await
}

/// A player's rating and record in this server
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] player: Option<serenity::User>,
) -> Result<(), CommandError> {
    let poise::Context::Application(app) = ctx else {
        return Err(CommandError::user("Use the slash command."));
    };
    let player = player.map(|user| {
        let member = app.interaction.data.resolved.members.get(&user.id);
        asking::opponent(&user, member, ctx.data().me)
    });
    serve(ctx, Command::Stats { player }).await
}
