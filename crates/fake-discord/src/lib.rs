//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client: a REST server (hyper
//! over rustls, for `https://discord.com` with a certificate made at start) and a `ws://` gateway
//! (tokio-tungstenite) that speak enough of Discord's protocol for the bot, as hostile as Discord:
//! rate-limit headers, seeded faults (429s, 5xx, dropped connections), interaction deadlines on the
//! test's clock, threads that archive and lock, deleted channels, missing permissions; on the gateway
//! (`gateway.rs`), a session that can be resumed with the events it missed replayed, op 7 Reconnect,
//! op 9 Invalid Session, dropped sockets, outages, and a guild that becomes unavailable; and user installs
//! (`installs.rs`): interactions from a group DM, the bot's DM and a server the bot is not in, with their
//! `context` and `authorizing_integration_owners`, where the app may only answer (no channel request, at
//! most 5 follow-ups, ephemeral without Use External Apps), and DMs refused per user (50007, 50278).
//!
//! It keeps what Discord would keep — registered commands, messages with their attachments, the state
//! of each interaction — records every REST request, and checks each one against Discord's OpenAPI
//! description when `NAMNAM_DISCORD_OPENAPI` names it. Tests drive it from the user's side: invoke a
//! slash command, press a button, then read what the bot sent.

pub mod commands;
pub mod faults;
mod gateway;
mod gateway_faults;
mod installs;
pub mod multipart;
pub mod openapi;
pub mod payloads;
mod person;
mod rest;
#[cfg(test)]
mod selftest;
pub mod tls;
mod world;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::Notify;

pub use faults::{Fault, FaultPlan};
pub(crate) use gateway::{send_dispatch, thread_update};
pub use openapi::{Checked, OpenApi};
pub use person::Person;
pub use rest::USER_INSTALL_FOLLOWUPS;
pub use world::{
    Channel, Check, FakeDiscord, FakeOptions, File, Interaction, Message, Perm, RateLimit,
    Recorded, Sent, State, CALLBACK_DEADLINE_MS, DEFAULT_NOW_MS, DISCORD_EPOCH_MS, NONCE_WINDOW_MS,
    PATIENCE, TOKEN_LIFETIME_MS,
};
use world::{NewInteraction, Shared};

impl FakeDiscord {
    pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
    pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
    pub const BOT_ID: u64 = 1_100_000_000_000_000_001;
    /// A second guild, made a millisecond after [`Self::GUILD_ID`]: with two shards, on the other one
    /// (`GUILD_ID` is on shard 1, this one on shard 0); with one shard, on the same when asked for.
    pub const OTHER_GUILD_ID: u64 = Self::GUILD_ID + (1 << 22);
    /// A guild the bot is not in, where players may use the app they installed for themselves.
    pub const GUEST_GUILD_ID: u64 = Self::GUILD_ID + (2 << 22);

    /// Starts the REST server and the gateway on ephemeral ports of 127.0.0.1, with no faults and a
    /// clock that never moves.
    pub async fn start(token: &str, openapi: Option<OpenApi>) -> Self {
        Self::start_with(
            token,
            FakeOptions {
                openapi,
                ..FakeOptions::default()
            },
        )
        .await
    }

    /// Starts the fake with these options.
    pub async fn start_with(token: &str, options: FakeOptions) -> Self {
        let FakeOptions {
            openapi,
            clock,
            faults,
            rate_limit,
            shards,
            other_guild,
        } = options;
        let rest = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST");
        let plain = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind plain REST");
        let plain_addr = plain.local_addr().unwrap();
        let ws = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_addr = rest.local_addr().unwrap();
        let base_url = format!("https://{}:{}", tls::HOST, rest_addr.port());
        let tls = tls::Tls::generate();
        let state = State {
            plan: faults,
            clock: Some(clock.clone()),
            shard_count: shards.max(1),
            ..State::default()
        };
        let mut guilds = vec![Self::GUILD_ID];
        if shards > 1 || other_guild {
            guilds.push(Self::OTHER_GUILD_ID);
        }
        let shared = Arc::new(Shared {
            token: token.to_owned(),
            application_id: Self::APPLICATION_ID,
            guild_id: Self::GUILD_ID,
            guilds,
            bot: Person {
                bot: true,
                ..Person::member(Self::BOT_ID, "Namnam")
            },
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            heartbeat_interval: 250,
            openapi,
            clock,
            rate_limit,
            state: Mutex::new(state),
            changed: Notify::new(),
        });
        let tasks = vec![
            tokio::spawn(rest::serve(rest, Some(tls.acceptor), shared.clone())),
            tokio::spawn(rest::serve(plain, None, shared.clone())),
            tokio::spawn(gateway::serve(ws, shared.clone())),
        ];
        Self {
            shared,
            base_url,
            rest_addr,
            plain_addr,
            authority: tls.authority,
            tasks,
        }
    }

    /// The REST base, `https://discord.com:PORT` (only [`Self::http_client`] resolves it).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The same REST API over plain HTTP, `http://127.0.0.1:PORT`, as an HTTP proxy in front of Discord
    /// serves it (`DISCORD_PROXY_URL`): for bot processes started by a test.
    pub fn proxy_url(&self) -> String {
        format!("http://{}", self.plain_addr)
    }

    /// Makes `channel` a text channel of `guild`.
    pub fn add_channel(&self, guild: u64, channel: u64) {
        assert!(self.shared.guilds.contains(&guild), "no guild {guild}");
        self.state().channel_mut(channel).guild = guild;
    }

    /// Where the REST server listens.
    pub fn rest_addr(&self) -> SocketAddr {
        self.rest_addr
    }

    /// A client for serenity (`Bot::with_http_client`): `https://discord.com` goes to the fake, whose
    /// certificate authority is the only one trusted; requests time out after 10 s.
    pub fn http_client(&self) -> reqwest::Client {
        tls::client(&self.authority, self.rest_addr)
    }

    /// Injected faults so far, by kind (`429 route`, `429 global`, `500`, `502`, `503`,
    /// `drop before`, `drop after`, `lag (defer)`, `lag (expired)`).
    pub fn faults(&self) -> BTreeMap<String, usize> {
        self.state().faults.clone()
    }

    /// How many faults were injected in all.
    pub fn fault_total(&self) -> usize {
        self.state().faults.values().sum()
    }

    /// A Community server's admin sets its preferred locale (`fr`): later interactions from the guild carry
    /// it as `guild_locale`. (Discord also dispatches GUILD_UPDATE, which the bot does not read.)
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.state().guild_locales.insert(guild, locale.to_owned());
    }

    /// The next request of `template` (`POST /webhooks/{id}/{token}`, as [`Recorded::template`] says)
    /// fails with `fault`, whatever the fault plan.
    pub fn fail_next(&self, template: &str, fault: Fault) {
        self.state().next_faults.push((template.to_owned(), fault));
    }

    /// Changes the fault rate (0 turns faults and lag off), keeping the seed.
    pub fn set_fault_rate(&self, rate: f64) {
        self.state().plan.rate = rate;
    }

    /// The fake's clock now.
    pub fn now_ms(&self) -> i64 {
        self.shared.clock.now_ms()
    }

    /// The channel or thread `id` as the fake knows it.
    pub fn channel(&self, id: u64) -> Channel {
        self.state().channel(id)
    }

    /// The threads the bot made, oldest first.
    pub fn threads(&self) -> Vec<Channel> {
        self.state()
            .channels
            .values()
            .filter(|c| c.is_thread())
            .cloned()
            .collect()
    }

    /// The non-ephemeral messages of `channel` (a thread too), oldest first: what players see.
    pub fn shown(&self, channel: u64) -> Vec<Message> {
        self.state().shown(channel)
    }

    /// Denies the bot `perm` in `channel`.
    pub fn deny(&self, channel: u64, perm: Perm) {
        self.state().channel_mut(channel).denied.insert(perm);
    }

    /// Gives `perm` back.
    pub fn allow(&self, channel: u64, perm: Perm) {
        self.state().channel_mut(channel).denied.remove(&perm);
    }

    /// A moderator (or inactivity) archives the thread: THREAD_UPDATE is dispatched.
    pub fn archive_thread(&self, id: u64) {
        let mut state = self.state();
        let thread = state.channel_mut(id);
        assert!(thread.is_thread(), "{id} is not a thread");
        thread.archived = true;
        thread_update(&self.shared, &mut state, id);
    }

    /// A moderator locks (and archives) the thread: THREAD_UPDATE is dispatched.
    pub fn lock_thread(&self, id: u64) {
        let mut state = self.state();
        let thread = state.channel_mut(id);
        assert!(thread.is_thread(), "{id} is not a thread");
        thread.archived = true;
        thread.locked = true;
        thread_update(&self.shared, &mut state, id);
    }

    /// A moderator deletes the channel or thread: CHANNEL_DELETE (THREAD_DELETE) is dispatched, and
    /// every request on it then gets 404 10003 "Unknown Channel".
    pub fn delete_channel(&self, id: u64) {
        let mut state = self.state();
        let channel = state.channel_mut(id);
        channel.deleted = true;
        let channel = channel.clone();
        if channel.is_thread() {
            let payload = payloads::thread_delete(channel.guild, &channel);
            send_dispatch(&mut state, channel.guild, "THREAD_DELETE", payload);
        } else {
            let payload = payloads::channel(channel.guild, self.shared.bot.id, &channel);
            send_dispatch(&mut state, channel.guild, "CHANNEL_DELETE", payload);
        }
    }

    /// The bot is kicked: GUILD_DELETE without `unavailable`; requests on the guild's channels then
    /// get 403 50001 "Missing Access", and no interaction comes from the guild.
    pub fn remove_bot(&self) {
        let mut state = self.state();
        state.guild_removed = true;
        let payload = json!({"id": self.shared.guild_id.to_string()});
        send_dispatch(&mut state, self.shared.guild_id, "GUILD_DELETE", payload);
    }

    /// Reads the state.
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state()
    }

    /// Makes posting in `channel`, in its threads, and opening threads there fail with Discord's
    /// "Missing Permissions" (`SendMessages`, `SendMessagesInThreads`, `CreatePublicThreads`).
    pub fn deny_channel(&self, channel: u64) {
        self.deny(channel, Perm::SendMessages);
        self.deny(channel, Perm::SendMessagesInThreads);
        self.deny(channel, Perm::CreatePublicThreads);
    }

    /// Waits until `probe` finds what it looks for in the state.
    pub async fn wait_for<T>(&self, what: &str, probe: impl Fn(&State) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let notified = self.shared.changed.notified();
            if let Some(found) = probe(&self.state()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("gave up waiting for {what}");
            }
        }
    }

    /// Waits until a connection carries the bot's session: READY or RESUMED was sent on it.
    pub async fn wait_online(&self) {
        self.wait_for("the bot to come online", |s| s.online().then_some(()))
            .await;
    }

    /// Where an interaction happens; panics where Discord would not let it happen (a command not offered
    /// there, a guild that is gone or down, a deleted channel or an archived thread).
    fn place(
        &self,
        channel_id: u64,
        who: &Person,
        what: &str,
        source: installs::Source<'_>,
    ) -> (payloads::Where, bool) {
        let state = self.state();
        let channel = state.channel(channel_id);
        assert!(
            !state.outage,
            "Discord's gateway is down (begin_outage): no {what} can be dispatched"
        );
        if installs::bot_member(&self.shared, &channel) {
            assert!(
                !state.guild_removed,
                "no {what} comes from a guild the bot was removed from"
            );
            assert!(
                !state.guild_unavailable,
                "the guild is unavailable (guild_unavailable): no {what} comes from it"
            );
        }
        assert!(
            !channel.deleted,
            "channel {channel_id} was deleted: no {what}"
        );
        assert!(
            !channel.archived,
            "thread {channel_id} is archived: Discord refuses {what} there"
        );
        let reach = installs::reach(&self.shared, &state, &channel, who, source)
            .unwrap_or_else(|why| panic!("Discord would send no {what} in {channel_id}: {why}"));
        let at = payloads::Where {
            application_id: Self::APPLICATION_ID,
            guild_id: reach.guild_id,
            channel_id,
            who: reach.who,
            bot_permissions: reach.app_permissions,
            channel: reach.channel,
            guild_locale: state.guild_locale(channel.guild).to_owned(),
            owners: reach.owners,
            context: reach.context,
        };
        (at, reach.forced_ephemeral)
    }

    /// Makes `channel` a text channel of [`Self::GUEST_GUILD_ID`], a server the bot is not in: only an app
    /// a player installed for themselves reaches it.
    pub fn add_guest_channel(&self, channel: u64) {
        self.state().channel_mut(channel).guild = Self::GUEST_GUILD_ID;
    }

    /// Makes `channel` a group DM named `name`.
    pub fn add_group_dm(&self, channel: u64, name: &str) {
        self.state()
            .channels
            .insert(channel, Channel::group_dm(channel, name));
    }

    /// The bot's DM channel with `who` (opened as a player opens it, by writing to the bot).
    pub fn bot_dm(&self, who: &Person) -> u64 {
        self.state().dm_channel(who.id)
    }

    /// `who` installs the app to their account (Installation → User Install): its global commands that
    /// allow it reach them everywhere.
    pub fn install_for(&self, who: &Person) {
        self.state().user_installs.insert(who.id);
    }

    /// A moderator of `guild` takes Use External Apps from @everyone: a user-installed app's answers there
    /// become ephemeral.
    pub fn turn_external_apps_off(&self, guild: u64) {
        self.state().external_apps_off.insert(guild);
    }

    /// Discord refuses the bot's DMs to `who` for sharing no server with it (50278).
    pub fn share_no_guild_with(&self, who: &Person) {
        self.state().no_mutual_guild.insert(who.id);
    }

    /// The registered command called `name` (in any scope).
    pub fn command(&self, name: &str) -> Value {
        let state = self.state();
        state
            .commands
            .values()
            .flatten()
            .find(|c| c["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("no command /{name} registered"))
    }

    fn dispatch_interaction(
        &self,
        token: String,
        id: u64,
        record: Interaction,
        payload: Value,
    ) -> Sent {
        let mut state = self.state();
        let guild = state.channel(record.channel_id).guild;
        state.interactions.insert(token.clone(), record);
        send_dispatch(&mut state, guild, "INTERACTION_CREATE", payload);
        Sent { token, id }
    }

    /// A new interaction's id and token. Its id is a snowflake of its creation time: now, less the
    /// lag asked for or, under a fault plan, a gateway lag drawn from (seed, interaction number).
    fn new_interaction(&self, lag: Option<Duration>) -> NewInteraction {
        let now = self.shared.clock.now_ms();
        let mut state = self.state();
        state.interaction_count += 1;
        let number = state.interaction_count;
        let lag_ms = match lag {
            Some(lag) => lag.as_millis() as i64,
            None => match state.plan.lag(number) {
                Some((fault, lag)) => {
                    state.count_fault(fault);
                    lag.as_millis() as i64
                }
                None => 0,
            },
        };
        let created_ms = now - lag_ms;
        let id = (((created_ms - DISCORD_EPOCH_MS) as u64) << 22) | (number & 0x3f_ffff);
        NewInteraction {
            id,
            token: format!("interaction-token-{id}"),
            created_ms,
            lag_ms,
        }
    }

    /// `who` runs `/name` in `channel` with these options (Discord's JSON form) and resolved data.
    pub fn invoke(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        options: Value,
        resolved: Value,
    ) -> Sent {
        self.interaction(who, channel, name, options, resolved, false, None)
    }

    /// [`Self::invoke`], dispatched already `lag` old (over 3 s: any callback fails with 10062).
    pub fn invoke_with_lag(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        options: Value,
        resolved: Value,
        lag: Duration,
    ) -> Sent {
        self.interaction(who, channel, name, options, resolved, false, Some(lag))
    }

    /// Discord asks for autocomplete choices while `who` types `/name`; the option being typed has
    /// `"focused": true`.
    pub fn autocomplete(&self, who: &Person, channel: u64, name: &str, options: Value) -> Sent {
        self.interaction(who, channel, name, options, json!({}), true, None)
    }

    #[allow(clippy::too_many_arguments)]
    fn interaction(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        options: Value,
        resolved: Value,
        autocomplete: bool,
        lag: Option<Duration>,
    ) -> Sent {
        let command = self.command(name);
        let what = format!("/{name}");
        let (at, forced_ephemeral) =
            self.place(channel, who, &what, installs::Source::Command(&command));
        let new = self.new_interaction(lag);
        let payload = payloads::command(
            new.id,
            &new.token,
            &command,
            options,
            resolved,
            autocomplete,
            &at,
        );
        let record = Interaction {
            id: new.id,
            channel_id: channel,
            created_ms: new.created_ms,
            lag_ms: new.lag_ms,
            owners: at.owners.clone(),
            context: at.context,
            forced_ephemeral,
            user: who.id,
            ..Default::default()
        };
        self.dispatch_interaction(new.token, new.id, record, payload)
    }

    /// `who` picks the menu command `name` on `target` in `channel` (right-click → Apps → `name`). In a
    /// server's channel Discord resolves the member too, with `target.permissions` as theirs in that
    /// channel; `member: false` leaves them out, as for someone not in the server.
    pub fn menu(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        target: &Person,
        member: bool,
    ) -> Sent {
        let command = self.command(name);
        assert_eq!(command["type"], 2, "{name:?} is not a user command");
        let what = format!("the menu command {name:?}");
        let (at, forced_ephemeral) =
            self.place(channel, who, &what, installs::Source::Command(&command));
        let new = self.new_interaction(None);
        let payload = payloads::user_command(new.id, &new.token, &command, target, member, &at);
        let record = Interaction {
            id: new.id,
            channel_id: channel,
            created_ms: new.created_ms,
            lag_ms: new.lag_ms,
            owners: at.owners.clone(),
            context: at.context,
            forced_ephemeral,
            user: who.id,
            ..Default::default()
        };
        self.dispatch_interaction(new.token, new.id, record, payload)
    }

    /// `who` presses the button `custom_id` on message `message_id`, which carries it (as Discord, the
    /// fake sends only the ids of a message's own buttons).
    pub fn press(&self, who: &Person, message_id: u64, custom_id: &str) -> Sent {
        let carried = {
            let state = self.state();
            let message = state.messages.get(&message_id).expect("no such message");
            message
                .button_rows()
                .iter()
                .flatten()
                .any(|id| id == custom_id)
        };
        assert!(carried, "message {message_id} has no button {custom_id}: Discord would send no such press (see press_forged)");
        let viewer = self.state().messages[&message_id].viewer;
        assert!(
            viewer.map_or(true, |viewer| viewer == who.id),
            "message {message_id} is ephemeral, seen by {viewer:?} only: Discord would send no press by {} (see press_forged)",
            who.id
        );
        self.press_inner(who, message_id, custom_id, None)
    }

    /// A press of `custom_id` on message `message_id` that the message does not carry, or by someone
    /// who does not see the message (an ephemeral message is its viewer's alone): Discord sends neither,
    /// so this is what a bot would see if those checks ever failed.
    pub fn press_forged(&self, who: &Person, message_id: u64, custom_id: &str) -> Sent {
        self.press_inner(who, message_id, custom_id, None)
    }

    /// [`Self::press`], dispatched already `lag` old.
    pub fn press_with_lag(
        &self,
        who: &Person,
        message_id: u64,
        custom_id: &str,
        lag: Duration,
    ) -> Sent {
        self.press_inner(who, message_id, custom_id, Some(lag))
    }

    fn press_inner(
        &self,
        who: &Person,
        message_id: u64,
        custom_id: &str,
        lag: Option<Duration>,
    ) -> Sent {
        let (message, channel, owners) = {
            let state = self.state();
            let message = state.messages.get(&message_id).expect("no such message");
            (
                message.json.clone(),
                message.channel_id,
                message.owners.clone(),
            )
        };
        // Buttons on a message in an archived thread are refused like commands (taken as Discord's
        // behaviour without having confirmed it).
        let source = installs::Source::Press(owners.as_ref());
        let (at, forced_ephemeral) = self.place(channel, who, "button press", source);
        let new = self.new_interaction(lag);
        let payload = payloads::button(new.id, &new.token, custom_id, &message, &at);
        let record = Interaction {
            id: new.id,
            channel_id: channel,
            source_message: Some(message_id),
            created_ms: new.created_ms,
            lag_ms: new.lag_ms,
            owners: at.owners.clone(),
            context: at.context,
            forced_ephemeral,
            user: who.id,
            ..Default::default()
        };
        self.dispatch_interaction(new.token, new.id, record, payload)
    }

    /// Posts a message "from someone else" in `channel`, for buttons to be pressed on in tests.
    pub fn post_as(&self, author: &Person, channel: u64, body: Value) -> u64 {
        let now = self.shared.clock.now_ms();
        let mut state = self.state();
        let id = state.new_id();
        let json = payloads::message(id, channel, &author.user_json(), &body, vec![]);
        state.messages.insert(
            id,
            Message {
                json,
                channel_id: channel,
                files: vec![],
                ephemeral: false,
                allowed_mentions: None,
                edits: 0,
                nonce: None,
                created_ms: now,
                owners: None,
                viewer: None,
            },
        );
        id
    }

    /// Waits for the bot's first callback to an interaction.
    pub async fn callback(&self, sent: &Sent) -> Value {
        self.wait_for("an interaction callback", |s| {
            s.interactions[&sent.token].callbacks.first().cloned()
        })
        .await
    }

    /// Waits for the interaction's response message (after a callback of type 4, or an edit of a
    /// deferred response).
    pub async fn response(&self, sent: &Sent) -> Message {
        self.wait_for("an interaction response message", |s| {
            let id = s.interactions[&sent.token].original?;
            let message = s.messages.get(&id)?;
            (!message.content().is_empty() || !message.files.is_empty()).then(|| message.clone())
        })
        .await
    }

    /// The interaction as the fake knows it now.
    pub fn interaction_state(&self, sent: &Sent) -> Interaction {
        self.state().interactions[&sent.token].clone()
    }

    /// Every request recorded so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state().requests.clone()
    }
}
