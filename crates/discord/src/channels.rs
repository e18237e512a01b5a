//! Which server a channel belongs to. A channel id that a person gives (a setting) or that a post names is
//! trusted only once Discord has said it is a channel, or a thread, of that server: from what the gateway
//! sent (GUILD_CREATE, channel and thread events, which serenity's cache keeps), else from `GET
//! /channels/{id}`. A channel never moves to another server, so what Discord said once is remembered.

use super::metrics::{DiscordMetrics, Route};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use super::errors::{Failure, MISSING_ACCESS, UNKNOWN_CHANNEL};

/// Whether a channel belongs to a server, as far as Discord says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Belongs {
    Yes,
    /// Another server's channel, or not a server's channel at all.
    No,
    /// Discord knows no such channel, or the bot cannot see it: sending there fails by itself.
    Gone,
    /// Discord did not answer: ask again later.
    Unknown,
}

/// The servers of the channels seen so far.
#[derive(Clone, Default)]
pub struct ChannelOwners(Arc<Mutex<HashMap<serenity::ChannelId, serenity::GuildId>>>);

impl ChannelOwners {
    /// Whether `channel` is a channel or thread of `server`.
    pub async fn belongs(
        &self,
        cache: &serenity::Cache,
        http: &serenity::Http,
        calls: &DiscordMetrics,
        channel: serenity::ChannelId,
        server: serenity::GuildId,
    ) -> Belongs {
        if let Some(owner) = self.known(cache, channel, server) {
            return if owner == server {
                Belongs::Yes
            } else {
                Belongs::No
            };
        }
        match calls.call(Route::Lookup, http.get_channel(channel)).await {
            Ok(serenity::Channel::Guild(found)) => {
                self.remember(channel, found.guild_id);
                if found.guild_id == server {
                    Belongs::Yes
                } else {
                    Belongs::No
                }
            }
            Ok(_) => Belongs::No,
            Err(error) => match Failure::of(&error) {
                failure if matches!(failure.code(), Some(UNKNOWN_CHANNEL | MISSING_ACCESS)) => {
                    Belongs::Gone
                }
                failure if failure.retryable() => Belongs::Unknown,
                _ => Belongs::No,
            },
        }
    }

    /// The server of `channel` from what the gateway sent, or from an earlier answer.
    fn known(
        &self,
        cache: &serenity::Cache,
        channel: serenity::ChannelId,
        server: serenity::GuildId,
    ) -> Option<serenity::GuildId> {
        // Threads are kept apart from channels, with their server's other threads.
        let here = cache.guild(server).is_some_and(|guild| {
            guild.channels.contains_key(&channel) || guild.threads.iter().any(|t| t.id == channel)
        });
        if here {
            return Some(server);
        }
        let known = self.0.lock().expect("the owners lock is never poisoned");
        known.get(&channel).copied()
    }

    fn remember(&self, channel: serenity::ChannelId, server: serenity::GuildId) {
        let mut known = self.0.lock().expect("the owners lock is never poisoned");
        known.insert(channel, server);
    }
}

/// Where the bot may not read the messages (no Read Message History), as the permissions Discord sends
/// with each interaction say. There Discord answers a read of the channel with no messages at all, so a
/// post that may have been shown cannot be looked for.
#[derive(Clone, Default)]
pub struct ReadHistory(Arc<Mutex<HashMap<serenity::ChannelId, bool>>>);

impl ReadHistory {
    /// Notes the bot's permissions in `channel`, from an interaction there.
    pub fn note(&self, channel: serenity::ChannelId, permissions: serenity::Permissions) {
        let mut known = self.0.lock().expect("the history lock is never poisoned");
        known.insert(channel, permissions.read_message_history());
    }

    /// Whether the bot is known to lack Read Message History in `channel`.
    pub fn lacking(&self, channel: serenity::ChannelId) -> bool {
        let known = self.0.lock().expect("the history lock is never poisoned");
        known.get(&channel) == Some(&false)
    }
}
