//! Gateway events besides slash commands, which poise dispatches itself: button presses. They are
//! handled here rather than with in-memory collectors, so a button keeps working after a restart —
//! everything needed is in its custom id.

use poise::serenity_prelude as serenity;

use super::buttons::{ButtonId, ButtonIdError};
use super::{CommandError, Data};

/// Poise's event hook.
pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, CommandError>,
    event: &serenity::FullEvent,
) -> Result<(), CommandError> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        let ctx = framework.serenity_context;
        if let Err(error) = on_button(ctx, framework.user_data, press).await {
            if !matches!(error, CommandError::User(_)) {
                tracing::error!(?error, custom_id = %press.data.custom_id, "button failed");
            }
            // A last try to tell the player; it may fail if the press was already answered.
            let _ = reply_privately(ctx, press, &error.for_player()).await;
        }
    }
    Ok(())
}

/// Answers one button press.
async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), CommandError> {
    let _working = data.in_flight.enter().ok_or(CommandError::ShuttingDown)?;
    let id = match press.data.custom_id.parse::<ButtonId>() {
        Ok(id) => id,
        Err(ButtonIdError::Foreign) => return Ok(()),
        Err(ButtonIdError::Malformed(_)) => {
            return Err(CommandError::user("I don't recognise this button."));
        }
    };
    tracing::info!(?id, user = %press.user.id, "button pressed");
    // The core decides what a button does; without it, no match can be found for any button.
    reply_privately(
        ctx,
        press,
        "This board belongs to a match I can't find any more.",
    )
    .await
}

/// An ephemeral answer to a press: only the presser sees it, and the board stays as it is.
async fn reply_privately(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    text: &str,
) -> Result<(), CommandError> {
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    press
        .create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(message),
        )
        .await?;
    Ok(())
}
