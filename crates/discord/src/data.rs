//! The state every handler shares, and the context poise hands each command.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use namnam_core::Core;

use super::channels::{ChannelOwners, ReadHistory};
use super::errors::CommandError;
use super::in_flight::InFlight;
use super::reply::Mentions;
use super::settings::CommandScope;
use super::warned::Warned;
use namnam_core::PosterBell;

/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, CommandError>;

/// The state shared by every handler.
pub struct Data {
    pub(crate) scope: CommandScope,
    /// The ids of the registered commands, for replies that mention them.
    pub(crate) mentions: Mentions,
    pub(crate) in_flight: InFlight,
    pub(crate) core: Arc<Core>,
    /// The bot's own user: challenging it means playing the computer.
    pub(crate) me: serenity::UserId,
    pub(crate) warned: Arc<Warned>,
    /// Rung when a reply was handed to the poster.
    pub(crate) poster: PosterBell,
    /// Which server each channel belongs to.
    pub(crate) owners: ChannelOwners,
    /// Where the bot may not read the messages.
    pub(crate) history: ReadHistory,
    /// What the front end counts (and every request to Discord goes through).
    pub(crate) metrics: Arc<super::metrics::DiscordMetrics>,
    /// Held while a server's GUILD_CREATE or GUILD_DELETE is handled (`events.rs`): one at a time, each
    /// checked against serenity's cache.
    pub(crate) server_events: tokio::sync::Mutex<()>,
}

impl Data {
    /// Logs that the bot may not do something in `channel`, once per channel (until a restart).
    pub(crate) fn warn_once(&self, channel: serenity::ChannelId, error: &serenity::Error) -> bool {
        self.warned.first(channel, error)
    }
}
