//! Answering one interaction (a slash command or a button) with the core's reply, and everything that
//! follows from it: the move's animation, a match's own thread, the computer's answer.
//!
//! The core validates and commits first, which takes milliseconds; its reply is then the interaction's
//! first response, so a refusal is seen at once and privately, and a move's board arrives as a new message
//! that pings the player to move. Only if the core has not answered within [`DEFER_AFTER`] (Discord drops
//! an interaction left unanswered for 3 seconds) is the response deferred and the reply sent as a
//! follow-up. Slow work — the GIF of a long move, the computer's search — happens after the first response.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::Builder as _;

use super::reply::Outgoing;
use super::{errors, CommandError, Data};
use crate::bot::{cause_chain, Command, Reply, Request};
use crate::store::Snowflake;

/// How long the core may take before the response is deferred.
const DEFER_AFTER: Duration = Duration::from_millis(2000);

/// The interaction being answered.
pub struct Target {
    pub id: serenity::InteractionId,
    pub token: String,
    pub channel: serenity::ChannelId,
    /// For a button: the message it is on, unless that message is ephemeral (it cannot be edited through
    /// the channel).
    pub source: Option<serenity::MessageId>,
    /// Whether the interaction has had its first response.
    responded: AtomicBool,
}

impl Target {
    pub fn of_command(interaction: &serenity::CommandInteraction) -> Self {
        Self {
            id: interaction.id,
            token: interaction.token.clone(),
            channel: interaction.channel_id,
            source: None,
            responded: AtomicBool::new(false),
        }
    }

    pub fn of_button(press: &serenity::ComponentInteraction) -> Self {
        let ephemeral = press
            .message
            .flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
        Self {
            id: press.id,
            token: press.token.clone(),
            channel: press.channel_id,
            source: (!ephemeral).then_some(press.message.id),
            responded: AtomicBool::new(false),
        }
    }

    /// Whether the interaction has had its first response (further messages are follow-ups).
    pub fn responded(&self) -> bool {
        self.responded.load(Ordering::SeqCst)
    }

    /// A private message to the one who asked: the first response, or a follow-up after it.
    pub async fn tell_privately(&self, http: &serenity::Http, text: &str) -> serenity::Result<()> {
        let reply = Outgoing::of(&Reply::private(text), false);
        if self.responded() {
            self.follow_up(http, reply.followup()).await.map(drop)
        } else {
            self.respond(http, reply.response()).await
        }
    }

    async fn respond(
        &self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        response.execute(http, (self.id, &self.token)).await?;
        self.responded.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn follow_up(
        &self,
        http: &serenity::Http,
        message: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        message.execute(http, (None, &self.token)).await
    }
}

/// Hands `request` to the core and answers the interaction with its reply.
pub async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    target: &Target,
    request: Request,
) -> Result<(), CommandError> {
    let http = ctx.http.as_ref();
    let handling = data.core.handle(&request);
    tokio::pin!(handling);
    let command = request.command.clone();
    let (mut reply, deferred) = tokio::select! {
        reply = &mut handling => (reply, false),
        () = tokio::time::sleep(DEFER_AFTER) => {
            let thinking = serenity::CreateInteractionResponseMessage::new();
            target.respond(http, serenity::CreateInteractionResponse::Defer(thinking)).await?;
            (handling.await, true)
        }
    };
    if deferred {
        // A late reply replaces the "thinking…" placeholder with a new message, which (unlike an edit)
        // can ping, and can be private.
        http.delete_original_interaction_response(&target.token)
            .await?;
        reply.render_animation().await;
        target
            .follow_up(http, Outgoing::of(&reply, true).followup())
            .await?;
    } else if let Some(thread) = reply.open_thread.clone() {
        open_thread(ctx, data, target, &reply, &thread).await?;
    } else {
        target
            .respond(http, Outgoing::of(&reply, true).response())
            .await?;
        if reply.pending_animation.is_some() {
            reply.render_animation().await;
            // The board goes up again with the animation: an edit keeps only the files it names. The
            // text stays as it was, mention included (an edit notifies nobody again).
            let edit = Outgoing::of(&reply, true).edit();
            if let Err(error) = edit.execute(http, &target.token).await {
                // The board is out already; the computer's turn below must not wait on this.
                tracing::warn!(?error, "could not add a move's animation");
            }
        }
    }
    if supersedes_source(&command, &reply) {
        retire_buttons(http, target).await;
    }
    play_computer_turns(http, data, target, &reply).await;
    Ok(())
}

/// Whether the answer makes the buttons that were pressed useless: a new board (after a move, an
/// accepted challenge, a resignation…) or an answered challenge. A draw offer leaves the board's buttons.
fn supersedes_source(command: &Command, reply: &Reply) -> bool {
    let answered = matches!(
        command,
        Command::Accept { .. } | Command::Decline { .. } | Command::Cancel { .. }
    );
    !reply.private && (reply.board.is_some() || answered)
}

/// The buttons of the message that was pressed are spent once the action was taken: they go, the picture
/// stays (an edit that does not mention attachments keeps them).
async fn retire_buttons(http: &serenity::Http, target: &Target) {
    let Some(source) = target.source else {
        return;
    };
    let edit = serenity::EditMessage::new().components(Vec::new());
    if let Err(error) = http
        .edit_message(target.channel, source, &edit, Vec::new())
        .await
    {
        // Harmless: the old buttons are refused as out of date anyway.
        tracing::debug!(?error, "could not remove the buttons of an old message");
    }
}

/// The server wants a thread per match: the answer says where the match went, the thread starts from
/// it, the match moves into it, and the board is posted there. Without the permission to make threads,
/// the match stays in the channel.
async fn open_thread(
    ctx: &serenity::Context,
    data: &Data,
    target: &Target,
    reply: &Reply,
    name: &str,
) -> Result<(), CommandError> {
    let http = ctx.http.as_ref();
    let announcement = Reply::public(format!(
        "{}\nThe match is played in its own thread: **{name}**.",
        reply.text.lines().next().unwrap_or_default()
    ));
    target
        .respond(http, Outgoing::of(&announcement, false).response())
        .await?;
    let started = http
        .get_original_interaction_response(&target.token)
        .await?;
    let thread = target
        .channel
        .create_thread_from_message(http, started.id, serenity::CreateThread::new(name))
        .await;
    let thread = match thread {
        Ok(thread) => thread,
        Err(error) => {
            let first = data.warn_once(target.channel, &error);
            let mut board = Outgoing::of(reply, true);
            if errors::missing_permission(&error) {
                board.content = format!("{}\n({})", board.content, errors::NO_THREADS);
            }
            target.follow_up(http, board.followup()).await?;
            if first {
                // Said once, privately, to whoever asked: an admin may want to fix it.
                target
                    .tell_privately(http, errors::MISSING_PERMISSION)
                    .await?;
            }
            return Ok(());
        }
    };
    let Some(board) = &reply.board else {
        return Ok(());
    };
    if let Err(error) = data
        .core
        .move_match_to_thread(board.match_id, Snowflake(thread.id.get()), name)
        .await
    {
        tracing::error!(error = %cause_chain(&error), match_id = board.match_id,
            "could not move a match into its thread");
        target
            .follow_up(http, Outgoing::of(reply, true).followup())
            .await?;
        return Ok(());
    }
    thread
        .id
        .send_message(http, Outgoing::of(reply, true).channel_message())
        .await?;
    Ok(())
}

/// Plays the computer's turns that follow `reply` (two running when it starts a new round), each sent as
/// a follow-up of the interaction. A failure is logged: the clock sweep plays a computer turn left waiting.
async fn play_computer_turns(http: &serenity::Http, data: &Data, target: &Target, reply: &Reply) {
    let mut turn = reply.computer_turn;
    while let Some(next) = turn.take() {
        match data.core.computer_turn(next).await {
            Ok(Some(mut answer)) => {
                answer.render_animation().await;
                let message = Outgoing::of(&answer, true).followup();
                if let Err(error) = target.follow_up(http, message).await {
                    tracing::warn!(
                        ?error,
                        match_id = next.match_id,
                        "could not send the computer's move"
                    );
                    return;
                }
                turn = answer.computer_turn;
            }
            Ok(None) => {}
            Err(error) => {
                tracing::error!(error = %cause_chain(&error), match_id = next.match_id,
                    "the computer's move failed");
            }
        }
    }
}
