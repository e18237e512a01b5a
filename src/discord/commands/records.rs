//! What happened and who is best: your matches, a match's moves, the leaderboard, a player's record.

use poise::serenity_prelude as serenity;

use super::{not_yet, CommandError, Context};

/// Your active matches in this server, and where it is your turn
#[poise::command(slash_command, guild_only)]
pub async fn matches(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// The moves of this channel's match
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// The best players of this server
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page of the leaderboard (default: 1)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), CommandError> {
    let _ = page;
    not_yet(ctx).await
}

/// A player's rating and record in this server
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] player: Option<serenity::User>,
) -> Result<(), CommandError> {
    let _ = player;
    not_yet(ctx).await
}
