//! Making and playing matches: challenge, answer, move, look, resign, draw.

use poise::serenity_prelude as serenity;

use super::{not_yet, Clock, CommandError, Context, Endgame, First, YesNo};

/// Challenge someone to a match of Nam-nam in this channel
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash option
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
    #[description = "Who takes the last seeds of a round (default: capturer)"] endgame: Option<
        Endgame,
    >,
    #[description = "Play the chain capture (default: no)"] chain: Option<YesNo>,
    #[description = "Who moves first in round 1 (default: random)"] first: Option<First>,
    #[description = "Houses that win the match (default: 10)"]
    #[min = 7]
    #[max = 12]
    target: Option<u8>,
    #[description = "End the match after this many rounds (default: no limit)"]
    #[min = 1]
    #[max = 99]
    rounds: Option<u8>,
    #[description = "Time for each move (default: 24h)"] clock: Option<Clock>,
) -> Result<(), CommandError> {
    let _ = (
        opponent,
        endgame,
        chain,
        first,
        target,
        rounds,
        clock.map(Clock::as_str),
    );
    not_yet(ctx).await
}

/// Accept the challenge open for you in this channel
#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Decline the challenge open for you in this channel
#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Withdraw your open challenge in this channel
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Play a house in this channel's match
#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "The house to play, 1–12 (start typing: your legal houses are offered)"]
    #[min = 1]
    #[max = 12]
    #[autocomplete = "legal_houses"]
    house: u8,
) -> Result<(), CommandError> {
    let _ = house;
    not_yet(ctx).await
}

/// The choices offered while typing `/move house:`: the legal houses of the player to move.
async fn legal_houses(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    // The legal houses come from the core's match in this channel; without it there are none to offer.
    let _ = (ctx, partial);
    serenity::CreateAutocompleteResponse::new()
}

/// Show this channel's match board again
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Resign this channel's match (asks for confirmation)
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Offer a draw, or accept your opponent's offer
#[poise::command(slash_command, guild_only)]
pub async fn draw(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}
