//! Gateway events besides slash commands, which poise dispatches itself: button presses, handled here
//! rather than with in-memory collectors so that a button keeps working after a restart (everything needed
//! is in its custom id); a match's thread that Discord archives, which the bot opens again so that its
//! players can still use commands there; the bot's removal from a server; and a server that Discord marks
//! unavailable, and available again (its clocks wait meanwhile).

use namnam_core::{MatchRefusal, Place, PuzzleRefusal};
use namnam_model::{ChannelId, ServerId};
use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use super::answer::{answer, Target};
use super::asking::Asker;
use super::errors::{self, retrying, Failure};
use super::metrics::{OutcomeLabel, Route};
use super::reply::custom_ids;
use super::{CommandError, Data};
use namnam_core::{cause_chain, ActionId, Language, Outcome, UserError};

/// Poise's event hook.
pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, CommandError>,
    event: &serenity::FullEvent,
) -> Result<(), CommandError> {
    let (ctx, data) = (framework.serenity_context, framework.user_data);
    // A shutdown waits for these as for commands and buttons: each is one change to the database.
    let ours = matches!(
        event,
        serenity::FullEvent::ThreadUpdate { .. }
            | serenity::FullEvent::ThreadDelete { .. }
            | serenity::FullEvent::GuildDelete { .. }
            | serenity::FullEvent::GuildCreate { .. }
    );
    let _working = match (ours, data.in_flight.enter()) {
        (false, _) => None,
        (true, Some(working)) => Some(working),
        (true, None) => {
            tracing::info!("shutting down: a server or thread event is left to the next start");
            return Ok(());
        }
    };
    match event {
        serenity::FullEvent::ThreadUpdate { new, .. } => thread_changed(ctx, data, new).await,
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            thread_closed(data, thread.guild_id, thread.id).await;
        }
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            removed_from(data, incomplete.id).await;
        }
        // An outage of Discord's in that server: its clocks wait until it is back.
        serenity::FullEvent::GuildDelete { incomplete, .. } => {
            let _in_order = data.server_events.lock().await;
            let server = ServerId(incomplete.id.get());
            if !unavailable_now(ctx, incomplete.id) {
                tracing::debug!(%server, "a GUILD_DELETE overtaken by the server's GUILD_CREATE: left alone");
            } else if let Err(error) = data.core.server_unavailable(server).await {
                tracing::error!(error = %cause_chain(&error), %server, "could not record an outage");
            }
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            let _in_order = data.server_events.lock().await;
            let server = ServerId(guild.id.get());
            if unavailable_now(ctx, guild.id) {
                tracing::debug!(%server, "a GUILD_CREATE overtaken by the server's GUILD_DELETE: left alone");
                return Ok(());
            }
            match data.core.server_available(server).await {
                Ok(notices) if !notices.is_empty() => data.poster.wake(),
                Ok(_) => {}
                Err(error) => {
                    tracing::error!(error = %cause_chain(&error), %server, "could not end an outage")
                }
            }
        }
        _ => {}
    }
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        let ctx = framework.serenity_context;
        let target = Target::of_button(press, framework.user_data);
        let kind = press
            .data
            .custom_id
            .parse::<ActionId>()
            .map_or("unknown", |action| action.kind());
        let span = tracing::info_span!(
            "interaction",
            via = "button",
            command = kind,
            match_id = tracing::field::Empty
        );
        let answered = on_button(ctx, framework.user_data, press, &target)
            .instrument(span)
            .await;
        let counted = match &answered {
            Ok(Some(outcome)) => Some(OutcomeLabel::from(*outcome)),
            Ok(None) => None,
            Err(error) if error.is_players() => Some(OutcomeLabel::Refused),
            Err(CommandError::ShuttingDown) => Some(OutcomeLabel::Refused),
            Err(_) => Some(OutcomeLabel::Failed),
        };
        if let Some(outcome) = counted {
            framework.user_data.metrics.press(kind, outcome);
        }
        if let Err(error) = answered {
            if !error.is_players() {
                tracing::error!(error = %cause_chain(&error), custom_id = %press.data.custom_id,
                    "button failed");
            }
            if let Err(cause) = target
                .tell_privately(&ctx.http, error.for_player(target.language))
                .await
            {
                tracing::warn!(error = %errors::summary(&cause), "could not tell the player about an error");
            }
        }
    }
    Ok(())
}

/// Whether serenity's cache has `server` unavailable now. Serenity updates its cache in the gateway's order
/// but hands each event to a task of its own (and poise holds those that come before its setup is done,
/// polling every 100 ms), so a server's GUILD_CREATE at start-up can be handled after the GUILD_DELETE that
/// followed it: each is acted on only while the cache still says what it said, under
/// [`Data::server_events`], so that whatever the order the last one decides.
fn unavailable_now(ctx: &serenity::Context, server: serenity::GuildId) -> bool {
    ctx.cache.unavailable_guilds().get(&server).is_some()
}

/// Answers one button press: its custom id is the core's action id, which says everything. `None`: not
/// the bot's button, left alone.
async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
    target: &Target,
) -> Result<Option<Outcome>, CommandError> {
    let _working = data.in_flight.enter().ok_or(CommandError::ShuttingDown)?;
    let id = press.data.custom_id.as_str();
    if !id.starts_with(namnam_core::vocabulary::actions::PREFIX) {
        // Another bot's button, or something else: not ours to answer.
        tracing::debug!(custom_id = id, "a button that is not ours: left alone");
        return Ok(None);
    }
    // Discord sends only the ids of buttons its message carries; should that ever fail, a made-up id (a
    // replay's, say) would act on whatever message was pressed.
    if !custom_ids(&press.message).contains(&id) {
        tracing::warn!(custom_id = id, message = %press.message.id, user = %press.user.id,
            "a press of a button its message does not carry: refused");
        let refusal = match id.parse::<ActionId>() {
            // What takes a puzzle's houses off its message is its answer.
            Ok(ActionId::PuzzleAnswer { .. }) => UserError::Puzzle(PuzzleRefusal::PuzzleAnswered),
            // What takes another button off its message is the match (or challenge) moving on.
            _ => UserError::Match(MatchRefusal::Stale),
        };
        let language = Language::of_locale(&press.locale);
        let stale = data.mentions.render_in(&refusal.text(), language);
        return Err(CommandError::user(stale));
    }
    let Ok(action) = id.parse::<ActionId>() else {
        return Err(CommandError::Said("discord-unknown-button"));
    };
    let command = action.command();
    tracing::info!(custom_id = id, user = %press.user.id, "button pressed");
    let request = Asker::of_button(press).request(&ctx.cache, command)?;
    answer(ctx, data, target, request).await.map(Some)
}

/// Discord archived a thread (after its auto-archive time without messages): if a match is still being
/// played there, it is opened again, since slash commands do not work in an archived thread. A locked
/// thread is left alone: a moderator closed it, and its boards go to the parent channel.
async fn thread_changed(ctx: &serenity::Context, data: &Data, thread: &serenity::GuildChannel) {
    let Some(meta) = thread.thread_metadata.as_ref() else {
        return;
    };
    if meta.locked {
        return thread_closed(data, thread.guild_id, thread.id).await;
    }
    if !meta.archived {
        return;
    }
    let (server, channel) = (ServerId(thread.guild_id.get()), ChannelId(thread.id.get()));
    match data
        .core
        .live_match_in(Place::ServerChannel { server, channel })
        .await
    {
        Ok(Some(match_id)) => {
            let reopened = retrying(Failure::retryable, |_| {
                let edit = serenity::EditThread::new().archived(false);
                data.metrics
                    .call(Route::Thread, thread.id.edit_thread(&ctx.http, edit))
            })
            .await;
            match reopened {
                Ok(_) => {
                    tracing::info!(%channel, %match_id, "reopened the archived thread of a live match")
                }
                Err(error) => tracing::warn!(%channel, %match_id, error = %errors::summary(&error),
                    "could not reopen the archived thread of a live match"),
            }
        }
        Ok(None) => {}
        Err(error) => {
            tracing::error!(error = %cause_chain(&error), "could not look up a thread's match")
        }
    }
}

/// A match's thread was locked or deleted: the match goes on in the parent channel, where its board is
/// posted again.
async fn thread_closed(data: &Data, guild: serenity::GuildId, thread: serenity::ChannelId) {
    let (server, channel) = (ServerId(guild.get()), ChannelId(thread.get()));
    match data
        .core
        .thread_closed(Place::ServerChannel { server, channel })
        .await
    {
        Ok(Some(match_id)) => {
            tracing::info!(%channel, %match_id, "a live match's thread was closed: its board goes to the parent channel");
            data.poster.wake();
        }
        Ok(None) => {}
        Err(error) => {
            tracing::error!(error = %cause_chain(&error), "could not move a closed thread's match")
        }
    }
}

/// The bot was removed from a server (not an outage: Discord then says the server is unavailable): its
/// live matches end unrated, and nothing more is posted there.
async fn removed_from(data: &Data, guild: serenity::GuildId) {
    match data.core.bot_removed(ServerId(guild.get())).await {
        Ok(stopped) => tracing::info!(%guild, matches = ?stopped,
            "removed from a server: its live matches were stopped, unrated"),
        Err(error) => tracing::error!(error = %cause_chain(&error), %guild,
            "could not stop the matches of a server the bot was removed from"),
    }
}
