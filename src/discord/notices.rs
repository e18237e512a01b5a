//! Messages the bot posts by itself, from the move clock: reminders, timeouts, expired challenges, and
//! the computer's moves played after a restart. They go to the match's channel (or its thread) as
//! ordinary messages, so they need the bot's permission to post there; without it the bot logs it once
//! per channel and carries on — the match itself is already stored.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::reply::Outgoing;
use super::Warned;
use crate::bot::Notice;

/// Posts every notice that arrives on `notices` until the sender is gone.
pub(super) fn spawn_poster(
    http: Arc<serenity::Http>,
    warned: Arc<Warned>,
    mut notices: mpsc::UnboundedReceiver<Notice>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(notice) = notices.recv().await {
            post(&http, &warned, notice).await;
        }
    })
}

async fn post(http: &serenity::Http, warned: &Warned, mut notice: Notice) {
    // No interaction waits for this message: the animation can be drawn first and sent with the board.
    notice.reply.render_animation().await;
    let channel = serenity::ChannelId::new(notice.channel.0);
    let message = Outgoing::of(&notice.reply, true).channel_message();
    if let Err(error) = channel.send_message(http, message).await {
        warned.first(channel, &error);
    }
}
