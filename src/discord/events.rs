//! Gateway events besides slash commands, which poise dispatches itself: button presses. They are
//! handled here rather than with in-memory collectors, so a button keeps working after a restart —
//! everything needed is in its custom id.

use poise::serenity_prelude as serenity;

use super::answer::{answer, Target};
use super::asking::Asker;
use super::{CommandError, Data};
use crate::bot::Command;

/// Every button the bot makes has an id starting so (see [`Command::from_action_id`]).
const BUTTON_PREFIX: &str = "nn:";

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
        let target = Target::of_button(press);
        if let Err(error) = on_button(ctx, framework.user_data, press, &target).await {
            if !matches!(error, CommandError::User(_)) {
                tracing::error!(?error, custom_id = %press.data.custom_id, "button failed");
            }
            if let Err(cause) = target.tell_privately(&ctx.http, &error.for_player()).await {
                tracing::warn!(error = ?cause, "could not tell the player about an error");
            }
        }
    }
    Ok(())
}

/// Answers one button press: its custom id is the core's action id, which says everything.
async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
    target: &Target,
) -> Result<(), CommandError> {
    let _working = data.in_flight.enter().ok_or(CommandError::ShuttingDown)?;
    let id = press.data.custom_id.as_str();
    if !id.starts_with(BUTTON_PREFIX) {
        // Another bot's button, or something else: not ours to answer.
        return Ok(());
    }
    let Some(command) = Command::from_action_id(id) else {
        return Err(CommandError::user("I don't recognise this button."));
    };
    tracing::info!(custom_id = id, user = %press.user.id, "button pressed");
    let request = Asker::of_button(press).request(&ctx.cache, command)?;
    answer(ctx, data, target, request).await
}
