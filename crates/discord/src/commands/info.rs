//! `/rules` and `/help`: fixed texts, shown only to the one who asked so that a channel's match is not
//! buried under them.

use super::{begin, say_privately, CommandError, Context};
use crate::metrics::Route;
use crate::{reply, texts};
use namnam_core::text;

/// The file name of the board picture that comes with `/rules`.
pub const RULES_PICTURE: &str = "nam-nam-opening.png";

/// The rules of Nam-nam in brief
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    // The opening board shows how the houses are numbered, which the text refers to.
    let language = super::language(ctx);
    let picture = namnam_core::pictures::opening_board_in(language);
    let answer = poise::CreateReply::default()
        .content(text::rules().plain_in(language))
        .attachment(reply::attachment(&picture, RULES_PICTURE))
        .ephemeral(true);
    ctx.data()
        .metrics
        .call(Route::Answer, ctx.send(answer))
        .await?;
    Ok(())
}

/// How to play Nam-nam here: the commands
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), CommandError> {
    let _working = begin(ctx)?;
    say_privately(ctx, texts::help(super::language(ctx))).await
}
