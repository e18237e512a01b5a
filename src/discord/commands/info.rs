//! `/rules` and `/help`: fixed texts, shown only to the one who asked so that a channel's match is not
//! buried under them.

use super::{begin, say_privately, CommandError, Context};
use crate::discord::texts;

/// The rules of Nam-nam in brief
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    say_privately(ctx, texts::RULES).await
}

/// How to play Nam-nam here: the commands
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    say_privately(ctx, texts::HELP).await
}
