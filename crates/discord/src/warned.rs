//! The channels whose missing permissions were reported already: a missing permission is logged once per
//! channel (until a restart), any other refusal every time.

use std::collections::HashSet;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;

use super::errors;

/// The channels whose missing permissions have been reported already.
#[derive(Debug, Default)]
pub(crate) struct Warned(Mutex<HashSet<serenity::ChannelId>>);

impl Warned {
    /// Logs `error` in `channel`; a missing permission only the first time. Returns whether this was the
    /// first report for a missing permission there (the player who asked is then told, once).
    pub(crate) fn first(&self, channel: serenity::ChannelId, error: &serenity::Error) -> bool {
        if !errors::missing_permission(error) {
            tracing::error!(error = %errors::summary(error), %channel, "Discord refused a request");
            return false;
        }
        let first = self
            .0
            .lock()
            .expect("the warned lock is never poisoned")
            .insert(channel);
        if first {
            tracing::warn!(%channel, "the bot lacks a permission in this channel");
        }
        first
    }
}
