//! The poster's transport ([`Postman`]): the core's poster claims the outbox's posts — clock notices
//! (reminders, timeouts, expired challenges), the computer's moves played by the clock, and every reply an
//! interaction could not show — and hands each here, to be sent as an ordinary channel message.
//!
//! Each message carries the post's id as its `nonce` with `enforce_nonce`, so Discord shows it once however
//! often it is sent: a post whose request got no answer is simply sent again. A post that an interaction's
//! follow-up may have shown already (the answer was lost) is first looked for in the channel. Discord's
//! 5xx and silences are retried with a doubling pause; what can never be delivered (the channel is gone,
//! the bot was removed, or may not post there) is dropped with one log line, the match itself being
//! stored already. A match's thread that is locked or deleted gets its board in the parent channel.

use namnam_model::{ChannelId, MatchId, MessageId, PostId, PostTo, UserId};
use std::collections::HashMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::channels::{Belongs, ChannelOwners, ReadHistory};
use super::errors::{
    self, retrying, Failure, CANNOT_DM, MISSING_ACCESS, MISSING_PERMISSIONS, NO_MUTUAL_GUILDS,
    THREAD_ARCHIVED, THREAD_LOCKED, UNKNOWN_CHANNEL,
};
use super::metrics::{DiscordMetrics, DmFate, PostFate, Route};
use super::reply::{board_file, custom_ids, fit, Mentions, Outgoing};
use super::texts::say;
use super::warned::Warned;
use namnam_core::{cause_chain, Core, Delivered, Fate, Language, Post, Postman};

/// How far Discord's clock may be from ours, in milliseconds.
const CLOCK_SKEW_MS: i64 = 60_000;

/// How many recent messages of a channel are searched for a post that may have been shown.
const LOOK_BACK: u8 = 50;

/// Added to a board posted in a match's parent channel because its thread is locked or gone (a message
/// of `discord.ftl`).
pub const THREAD_CLOSED: &str = "discord-thread-closed";

/// A post's text as shown in the parent channel of its closed thread, with a word in the post's
/// language on why.
fn moved_here(content: &str, language: Language) -> String {
    fit(format!("{content}\n{}", say(language, THREAD_CLOSED)))
}

/// The nonce of a post's message: Discord shows one message per nonce (up to 25 characters).
pub fn nonce(post: Option<PostId>) -> String {
    match post {
        Some(id) => format!("nn-post-{id}"),
        // Not from the outbox: any unique value will do.
        None => format!("nn-{}", std::process::id()),
    }
}

/// Why a pairing's thread was not opened.
enum ThreadRefused {
    /// Discord did not answer: try the post again later.
    Later,
    /// Threads are not allowed here (or the match has ended): the board goes in the channel.
    NotAllowed,
}

/// What the poster needs.
pub(super) struct Poster {
    pub http: Arc<serenity::Http>,
    /// What the gateway told of the servers' channels.
    pub cache: Arc<serenity::Cache>,
    /// Which server each channel belongs to: a post goes only to a channel of its own server.
    pub owners: ChannelOwners,
    /// Where the bot may not read the messages.
    pub history: ReadHistory,
    pub core: Arc<Core>,
    pub warned: Arc<Warned>,
    /// The bot's own user, to find its messages.
    pub me: serenity::UserId,
    pub mentions: Mentions,
    /// The DM channel of each player DMed so far (opening one is a request of its own).
    pub dm_channels: std::sync::Mutex<HashMap<UserId, serenity::ChannelId>>,
    /// What the poster counts (and its requests to Discord go through).
    pub metrics: Arc<DiscordMetrics>,
}

impl Postman for Poster {
    async fn deliver(&self, post: &mut Post) -> Delivered {
        self.try_post(post).await
    }

    fn counted(&self, post: &Post, fate: Fate) {
        match fate {
            Fate::Delivered => {
                self.metrics.post(PostFate::Delivered);
                self.metrics
                    .post_delivered(self.core.now_ms() - post.created_at);
                if post.to.dm_user().is_some() {
                    self.metrics.dm(DmFate::Sent);
                }
            }
            Fate::Retried => self.metrics.post(PostFate::Retried),
            Fate::Dropped => self.metrics.post(PostFate::Dropped),
            Fate::DmRefused => self.metrics.dm(DmFate::Refused),
        }
    }
}

impl Poster {
    async fn try_post(&self, post: &mut Post) -> Delivered {
        let (channel, fallback) = match post.to {
            PostTo::Dm(user) => match self.dm_channel(post, user).await {
                Ok(channel) => (channel, None),
                Err(tried) => return tried,
            },
            PostTo::Channel { channel, fallback } => (
                serenity::ChannelId::new(channel.0),
                fallback.map(|c| serenity::ChannelId::new(c.0)),
            ),
        };
        // A channel of a server is checked to be one of its own; a post outside any server is the bot's DM
        // channel with a player, where that player's interaction came from.
        if let (None, Some(server)) = (post.to.dm_user(), post.server) {
            let server = serenity::GuildId::new(server.0);
            match self
                .owners
                .belongs(&self.cache, &self.http, &self.metrics, channel, server)
                .await
            {
                Belongs::Yes | Belongs::Gone => {}
                Belongs::Unknown => return Delivered::LATER,
                Belongs::No => return self.foreign(post, channel),
            }
        }
        if post.maybe_shown {
            // The follow-up went where the button was pressed: the match's channel, or its parent.
            let places = std::iter::once(channel).chain(fallback);
            for place in places.collect::<Vec<_>>() {
                match self.find(place, post).await {
                    Ok(Some(found)) => return Delivered::Shown(Some(found)),
                    Ok(None) => {}
                    // Not known yet: look again later rather than risk showing it twice.
                    Err(()) => return Delivered::LATER,
                }
            }
            post.maybe_shown = false;
        }
        if let Err(error) = self.core.draw_post(post).await {
            tracing::error!(error = %cause_chain(&error), post = %post.id, "could not draw a post");
            return Delivered::LATER;
        }
        let mut channel = channel;
        let mut no_thread = None;
        if let (Some(name), Some(match_id), None) = (
            post.reply.follows.open_thread.clone(),
            post.match_id,
            post.to.dm_user(),
        ) {
            match self.open_thread(channel, post, &name, match_id).await {
                Ok(thread) => channel = thread,
                Err(ThreadRefused::Later) => return Delivered::LATER,
                Err(ThreadRefused::NotAllowed) => no_thread = Some(errors::NO_THREADS),
            }
        }
        post.reply.render_animation().await;
        let mut outgoing = Outgoing::of(&post.reply, true, &self.mentions);
        if let Some(word) = no_thread {
            let word = say(post.reply.language, word);
            outgoing.content = fit(format!("{}\n{word}", outgoing.content));
        }
        let error = match self.send(channel, outgoing.clone(), post.id).await {
            Ok(message) => return Delivered::Shown(Some(message)),
            Err(error) => error,
        };
        let failure = Failure::of(&error);
        // A player whose DMs refuse the bot, or whom Discord will not let it DM for sharing no server with
        // it (one who knows it only through the app they installed): remembered by the core, not retried.
        if let (Some(user), Some(CANNOT_DM | NO_MUTUAL_GUILDS)) =
            (post.to.dm_user(), failure.code())
        {
            return Delivered::DmRefused(user);
        }
        // A thread that is gone, locked, closed or out of reach: its parent channel takes the post.
        let closed = matches!(
            failure.code(),
            Some(UNKNOWN_CHANNEL | THREAD_LOCKED | THREAD_ARCHIVED | MISSING_ACCESS)
        );
        if let (true, Some(parent)) = (closed, fallback) {
            let mut moved = outgoing;
            moved.content = moved_here(&moved.content, post.reply.language);
            match self.send(parent, moved, post.id).await {
                Ok(message) => return Delivered::Shown(Some(message)),
                Err(error) => return self.failed(post, parent, &error).await,
            }
        }
        self.failed(post, channel, &error).await
    }

    /// A tournament's pairing gets a thread of its own: a line in the tournament's channel starts it (the
    /// thread hangs under it), the match moves there, and the board goes in it. Each step is safe to repeat:
    /// the line carries a nonce of its own, a thread already started from it is the one with its id, and a
    /// match already moved is left where it is. Without the permission to make threads, the match stays
    /// in the channel.
    async fn open_thread(
        &self,
        channel: serenity::ChannelId,
        post: &Post,
        name: &str,
        match_id: MatchId,
    ) -> Result<serenity::ChannelId, ThreadRefused> {
        match self.core.thread_of(match_id).await {
            Ok(Some(thread)) => return Ok(serenity::ChannelId::new(thread.0)),
            Ok(None) => {}
            Err(error) => {
                tracing::error!(error = %cause_chain(&error), %match_id, "could not read a match");
                return Err(ThreadRefused::Later);
            }
        }
        let line = post.reply.text.first_line();
        let starter = Outgoing::of(&namnam_core::Reply::public(line), false, &self.mentions);
        let message = starter
            .channel_message()
            .nonce(serenity::Nonce::String(format!(
                "{}-t",
                nonce(Some(post.id))
            )))
            .enforce_nonce(true);
        let sent = retrying(Failure::retryable, |_| {
            self.metrics.call(
                Route::ChannelMessage,
                channel.send_message(self.http.as_ref(), message.clone()),
            )
        })
        .await;
        let started = match sent {
            Ok(message) => message.id,
            Err(error) => return Err(self.thread_refused(channel, &error)),
        };
        let made = retrying(Failure::retryable, |_| async move {
            let thread = serenity::CreateThread::new(name)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
            let made = channel.create_thread_from_message(self.http.as_ref(), started, thread);
            match self.metrics.call(Route::Thread, made).await {
                Ok(thread) => Ok(thread.id),
                Err(error) if Failure::of(&error).code() == Some(errors::THREAD_EXISTS) => {
                    Ok(serenity::ChannelId::new(started.get()))
                }
                Err(error) => Err(error),
            }
        })
        .await;
        let thread = match made {
            Ok(thread) => thread,
            Err(error) => {
                let refused = self.thread_refused(channel, &error);
                if matches!(refused, ThreadRefused::NotAllowed) {
                    // The line was there to start the thread; the board, posted in the channel with a
                    // note, says it all.
                    let removed = self
                        .metrics
                        .call(
                            Route::Edit,
                            channel.delete_message(self.http.as_ref(), started),
                        )
                        .await;
                    if let Err(error) = removed {
                        tracing::warn!(error = %errors::summary(&error), %channel,
                            "could not remove the line that was to start a match's thread");
                    }
                }
                return Err(refused);
            }
        };
        let thread_id = ChannelId(thread.get());
        match self
            .core
            .move_match_to_thread(match_id, thread_id, name)
            .await
        {
            Ok(()) => Ok(thread),
            Err(error) => {
                // Ended meanwhile, say: the board goes where the match is.
                tracing::warn!(error = %cause_chain(&error), %match_id,
                    "could not move a match into its thread");
                Err(ThreadRefused::NotAllowed)
            }
        }
    }

    /// Why a thread could not be opened: for now (Discord is unwell), or not here (the permissions).
    fn thread_refused(
        &self,
        channel: serenity::ChannelId,
        error: &serenity::Error,
    ) -> ThreadRefused {
        if Failure::of(error).retryable() {
            return ThreadRefused::Later;
        }
        if self.warned.first(channel, error) {
            tracing::warn!(error = %errors::summary(error), %channel,
                "could not open a thread for a tournament match: it is played in the channel");
        }
        ThreadRefused::NotAllowed
    }

    /// Sends one message with the post's nonce.
    async fn send(
        &self,
        channel: serenity::ChannelId,
        outgoing: Outgoing,
        post: PostId,
    ) -> serenity::Result<MessageId> {
        let message = outgoing
            .channel_message()
            .nonce(serenity::Nonce::String(nonce(Some(post))))
            .enforce_nonce(true);
        let sent = self
            .metrics
            .call(
                Route::ChannelMessage,
                channel.send_message(self.http.as_ref(), message),
            )
            .await?;
        Ok(MessageId(sent.id.get()))
    }

    /// Looks for the post among the channel's recent messages (a follow-up whose answer was lost): a board
    /// by its file name, which names its match and version, anything else by its words.
    /// `Err` when the channel could not be read for now.
    async fn find(
        &self,
        channel: serenity::ChannelId,
        post: &Post,
    ) -> Result<Option<MessageId>, ()> {
        let outgoing = Outgoing::of(&post.reply, true, &self.mentions);
        let texts = [
            outgoing.content.clone(),
            moved_here(&outgoing.content, post.reply.language),
        ];
        let buttons: Vec<String> = post
            .reply
            .buttons
            .actions
            .iter()
            .map(|a| a.id.to_string())
            .collect();
        // The picture names the post itself: a message of another post showing the same board is not this.
        let board = post
            .reply
            .board
            .state
            .as_ref()
            .map(|b| board_file(Some(b), Some(post.id)));
        // The same words, made after the change was stored (give or take a minute between our clock and
        // Discord's), with the same buttons unless a press took them away since, and for a board the same
        // picture (named by its match, version and post): an earlier message that merely looks alike, such as
        // the same challenge made again, differs in one of them.
        let same = |m: &serenity::Message| {
            texts.contains(&m.content)
                && super::ids::snowflake_ms(m.id.get()) >= post.created_at - CLOCK_SKEW_MS
                && (m.components.is_empty() || custom_ids(m) == buttons)
                && board.as_ref().map_or(true, |file| {
                    m.attachments.iter().any(|a| &a.filename == file)
                })
        };
        if self.history.lacking(channel) {
            // Discord would answer with no messages: nothing tells whether the post was shown.
            tracing::warn!(post = %post.id, %channel, match_id = ?post.match_id,
                "the bot may not read this channel's history (Read Message History): a post that may have been shown is sent again, and may show twice");
            return Ok(None);
        }
        let recent = serenity::GetMessages::new().limit(LOOK_BACK);
        let read = retrying(Failure::retryable, |_| {
            self.metrics
                .call(Route::Lookup, channel.messages(self.http.as_ref(), recent))
        })
        .await;
        match read {
            Ok(messages) => Ok(messages
                .iter()
                .find(|m| m.author.id == self.me && same(m))
                .map(|m| MessageId(m.id.get()))),
            Err(error) if Failure::of(&error).retryable() => Err(()),
            Err(error) => {
                // The channel cannot be read (a permission, or it is gone): sending is all that is left.
                tracing::warn!(error = %errors::summary(&error), post = %post.id,
                    "could not read the channel to see whether a post was shown: it may show twice");
                Ok(None)
            }
        }
    }

    /// The DM channel with `user`, opened the first time.
    async fn dm_channel(
        &self,
        post: &Post,
        user: UserId,
    ) -> Result<serenity::ChannelId, Delivered> {
        let known = self
            .dm_channels
            .lock()
            .expect("never poisoned")
            .get(&user)
            .copied();
        if let Some(channel) = known {
            return Ok(channel);
        }
        let opened = self
            .metrics
            .call(
                Route::Dm,
                serenity::UserId::new(user.0).create_dm_channel(self.http.as_ref()),
            )
            .await;
        match opened {
            Ok(dm) => {
                let mut channels = self.dm_channels.lock().expect("never poisoned");
                channels.insert(user, dm.id);
                Ok(dm.id)
            }
            Err(error) => match Failure::of(&error).code() {
                Some(CANNOT_DM | NO_MUTUAL_GUILDS) => Err(Delivered::DmRefused(user)),
                _ => Err(self
                    .failed(post, serenity::ChannelId::new(user.0), &error)
                    .await),
            },
        }
    }

    /// A post whose channel is not one of its server's: whoever named that channel, it is not posted to.
    fn foreign(&self, post: &Post, channel: serenity::ChannelId) -> Delivered {
        let reason = "the channel is not one of the post's server";
        tracing::warn!(post = %post.id, %channel, server = ?post.server, match_id = ?post.match_id,
            "refused a message for a channel of another server");
        Delivered::Never(reason)
    }

    /// Decides what a failed send means: try again later, or drop the post with one log line.
    async fn failed(
        &self,
        post: &Post,
        channel: serenity::ChannelId,
        error: &serenity::Error,
    ) -> Delivered {
        let failure = Failure::of(error);
        if failure.retryable() {
            tracing::debug!(error = %errors::summary(error), post = %post.id, "a post will be tried again");
            return Delivered::Later {
                unanswered: failure == Failure::NoAnswer,
            };
        }
        let reason = match failure.code() {
            Some(UNKNOWN_CHANNEL) => "the channel no longer exists",
            Some(THREAD_LOCKED) => "the match's thread is locked",
            Some(MISSING_ACCESS) => {
                "the bot cannot see the channel (or was removed from the server)"
            }
            Some(MISSING_PERMISSIONS) => {
                self.warned.first(channel, error);
                "the bot may not post in the channel"
            }
            Some(_) => "Discord refused it",
            None => "it cannot be sent as it is",
        };
        tracing::warn!(post = %post.id, %channel, match_id = ?post.match_id,
            error = %errors::summary(error), "dropped a message that cannot be delivered: {reason}");
        Delivered::Never(reason)
    }
}
