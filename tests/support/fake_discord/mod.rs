//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client: a REST server (hyper
//! over rustls, for `https://discord.com` with a certificate made at start) and a `ws://` gateway
//! (tokio-tungstenite) that speak enough of Discord's protocol for the bot, as hostile as Discord:
//! rate-limit headers, seeded faults (429s, 5xx, dropped connections), interaction deadlines on the
//! test's clock, threads that archive and lock, deleted channels, missing permissions; on the gateway
//! (`gateway.rs`), a session that can be resumed with the events it missed replayed, op 7 Reconnect,
//! op 9 Invalid Session, dropped sockets, outages, and a guild that becomes unavailable.
//!
//! It keeps what Discord would keep — registered commands, messages with their attachments, the state
//! of each interaction — records every REST request, and checks each one against Discord's OpenAPI
//! description when `NAMNAM_DISCORD_OPENAPI` names it. Tests drive it from the user's side: invoke a
//! slash command, press a button, then read what the bot sent.

pub mod faults;
mod gateway;
pub mod multipart;
pub mod openapi;
pub mod payloads;
mod rest;
#[cfg(test)]
mod selftest;
pub mod tls;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use namnam::bot::Clock;
use serde_json::{json, Value};
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;

pub use faults::{Fault, FaultPlan};
pub(crate) use gateway::send_dispatch;
pub use openapi::{Checked, OpenApi};
pub use payloads::Person;

/// Discord's epoch (2015-01-01), for snowflakes.
pub const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
/// Where the fake's clock stands when a test gives none (2026-01-01); it never moves.
pub const DEFAULT_NOW_MS: i64 = 1_767_225_600_000;
/// An interaction must be answered this soon after its creation.
pub const CALLBACK_DEADLINE_MS: i64 = 3_000;
/// Its token works this long after its creation.
pub const TOKEN_LIFETIME_MS: i64 = 15 * 60 * 1000;
/// How long Discord remembers a message's nonce (`enforce_nonce`).
pub const NONCE_WINDOW_MS: i64 = 5 * 60 * 1000;

/// How the fake starts.
pub struct FakeOptions {
    pub openapi: Option<OpenApi>,
    /// The clock interactions are timed on (the bot's `ManualClock` in tests).
    pub clock: Arc<dyn Clock>,
    pub faults: FaultPlan,
    pub rate_limit: RateLimit,
    /// How many shards the gateway serves (`GET /gateway/bot` recommends this many); with two, the
    /// guild [`FakeDiscord::OTHER_GUILD_ID`] is there too, on the shard [`FakeDiscord::GUILD_ID`] is not.
    pub shards: u32,
}

impl Default for FakeOptions {
    fn default() -> Self {
        Self {
            openapi: None,
            // Discord's clock is the real one; a test on a hand-moved clock gives the fake its own.
            clock: Arc::new(namnam::bot::SystemClock),
            faults: FaultPlan::default(),
            rate_limit: RateLimit::default(),
            shards: 1,
        }
    }
}

/// The per-route limit the fake announces in `X-RateLimit-*` and enforces with a real 429, per
/// (route template, major parameter), in wall-clock windows.
#[derive(Clone, Copy, Debug)]
pub struct RateLimit {
    pub limit: u32,
    pub window: Duration,
}

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            limit: 50,
            window: Duration::from_secs(1),
        }
    }
}

/// A channel permission the fake can deny the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Perm {
    /// Everything on the channel → 403 50001 "Missing Access".
    ViewChannel,
    /// Posts (and, as before, edits) → 403 50013.
    SendMessages,
    /// Posts with files → 403 50013.
    AttachFiles,
    /// Posts in a thread of the channel → 403 50013.
    SendMessagesInThreads,
    /// Thread creation → 403 50013.
    CreatePublicThreads,
    /// Reading the channel's messages → an empty list.
    ReadMessageHistory,
}

impl Perm {
    pub fn bit(self) -> u64 {
        use payloads::permissions::*;
        match self {
            Perm::ViewChannel => VIEW_CHANNEL,
            Perm::SendMessages => SEND_MESSAGES,
            Perm::AttachFiles => ATTACH_FILES,
            Perm::SendMessagesInThreads => SEND_MESSAGES_IN_THREADS,
            Perm::CreatePublicThreads => CREATE_PUBLIC_THREADS,
            Perm::ReadMessageHistory => READ_MESSAGE_HISTORY,
        }
    }
}

/// A text channel of the guild, or a thread the bot made.
#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    /// The guild it belongs to.
    pub guild: u64,
    pub name: String,
    /// The parent channel, for a thread.
    pub parent: Option<u64>,
    /// The message the thread was started from.
    pub starter: Option<u64>,
    pub archived: bool,
    pub locked: bool,
    /// What the bot asked for (`None`: it sent none, and Discord used the channel's default, 1440).
    pub auto_archive_duration: Option<u64>,
    pub deleted: bool,
    /// Permissions denied to the bot here (for a thread, its parent's count too).
    pub denied: BTreeSet<Perm>,
    /// For a DM channel: the user the bot talks to there.
    pub dm_with: Option<u64>,
}

impl Channel {
    pub fn text(id: u64) -> Self {
        Self {
            id,
            guild: FakeDiscord::GUILD_ID,
            name: format!("channel-{}", id % 10_000),
            parent: None,
            starter: None,
            archived: false,
            locked: false,
            auto_archive_duration: None,
            deleted: false,
            denied: BTreeSet::new(),
            dm_with: None,
        }
    }

    pub fn thread(id: u64, parent: u64, name: &str) -> Self {
        Self {
            name: name.to_owned(),
            parent: Some(parent),
            ..Self::text(id)
        }
    }

    pub fn is_thread(&self) -> bool {
        self.parent.is_some()
    }
}

/// How long a test waits for the bot before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A file the bot uploaded.
#[derive(Clone, Debug)]
pub struct File {
    pub filename: String,
    pub description: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// The outcome of checking one request against the OpenAPI description.
#[derive(Clone, Debug)]
pub enum Check {
    /// No description was loaded.
    Skipped,
    Passed(Checked),
    Failed(String),
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    /// The path after `/api/v10`.
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub files: Vec<File>,
    /// The status sent; 0 when the connection was dropped without an answer.
    pub status: u16,
    pub check: Check,
    /// The route template, e.g. `POST /channels/{id}/messages`.
    pub template: String,
    /// The injected fault, if any (`429 route`, `429 global`, `500`, `502`, `503`, `drop before`,
    /// `drop after`), or `outage` for a 503 during [`FakeDiscord::begin_outage_with_rest`].
    pub fault: Option<String>,
}

/// A message as the fake keeps it.
#[derive(Clone, Debug)]
pub struct Message {
    /// The message as Discord would return it.
    pub json: Value,
    pub channel_id: u64,
    /// The files currently attached, in order.
    pub files: Vec<File>,
    pub ephemeral: bool,
    /// The `allowed_mentions` of the request that created it.
    pub allowed_mentions: Option<Value>,
    pub edits: usize,
    /// The `nonce` it was created with.
    pub nonce: Option<String>,
    /// When it was created, by the fake's clock.
    pub created_ms: i64,
}

impl Message {
    pub fn content(&self) -> &str {
        self.json["content"].as_str().unwrap_or_default()
    }

    /// The custom ids of its buttons, row by row.
    pub fn button_rows(&self) -> Vec<Vec<String>> {
        self.json["components"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|row| {
                row["components"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
                    .collect()
            })
            .collect()
    }
}

/// What the fake knows about one interaction it dispatched.
#[derive(Clone, Debug, Default)]
pub struct Interaction {
    pub id: u64,
    pub channel_id: u64,
    /// The message the button was on, for a button press.
    pub source_message: Option<u64>,
    /// Every callback body the bot posted (more than one is an error Discord reports).
    pub callbacks: Vec<Value>,
    /// The interaction's own response message, once there is one.
    pub original: Option<u64>,
    /// The follow-up messages, in order.
    pub followups: Vec<u64>,
    /// When Discord created it (by the fake's clock; its id's timestamp).
    pub created_ms: i64,
    /// How old it was when dispatched.
    pub lag_ms: i64,
    /// A late callback killed its token: follow-ups and `@original` get 10015.
    pub dead: bool,
    /// Callbacks refused for lateness, with the refusal.
    pub late_callbacks: Vec<(Value, Value)>,
}

/// Everything the fake remembers.
#[derive(Default)]
pub struct State {
    pub requests: Vec<Recorded>,
    /// Registered commands, by the registration path (global or one guild).
    pub commands: BTreeMap<String, Vec<Value>>,
    /// How many times the commands were registered (PUT).
    pub registrations: usize,
    pub messages: BTreeMap<u64, Message>,
    /// Interactions by token.
    pub interactions: HashMap<String, Interaction>,
    /// The channels and threads the fake knows; any other id is a text channel of the guild.
    pub channels: BTreeMap<u64, Channel>,
    /// The bot was removed from the guild.
    pub guild_removed: bool,
    /// The guild is unavailable (GUILD_DELETE with `unavailable: true` was dispatched).
    pub guild_unavailable: bool,
    /// Gateway connections opened (the websocket handshake done).
    pub connections: usize,
    /// Connections refused with 503 during an outage.
    pub refused_connections: usize,
    /// IDENTIFYs accepted: each started a new session.
    pub identifies: usize,
    /// RESUMEs accepted: the missed dispatches replayed, then RESUMED.
    pub resumes: usize,
    /// RESUMEs refused with op 9 `d: false`.
    pub refused_resumes: usize,
    /// Dispatches replayed by the resumes.
    pub replayed: usize,
    pub heartbeats: usize,
    /// The gateway is down ([`FakeDiscord::begin_outage`]).
    pub outage: bool,
    /// REST is down too: every request is answered 503.
    pub rest_outage: bool,
    /// The fault plan in force.
    pub plan: FaultPlan,
    /// Requests so far by route template.
    pub route_counts: HashMap<String, u64>,
    /// Injected faults by kind.
    pub faults: BTreeMap<String, usize>,
    /// Real 429s: requests over the announced limit.
    pub limit_hits: usize,
    /// Interactions dispatched so far.
    pub interaction_count: u64,
    buckets: HashMap<String, rest::Bucket>,
    /// The fake's clock, for the ids it makes.
    clock: Option<Arc<dyn Clock>>,
    /// The open gateway connections, by number.
    sockets: BTreeMap<u64, mpsc::UnboundedSender<gateway::Out>>,
    /// The bot's sessions by shard, while they can be resumed.
    sessions: BTreeMap<u32, gateway::Session>,
    /// The shard of each IDENTIFY accepted, in order.
    pub identified_shards: Vec<u32>,
    /// How many shards the gateway serves.
    shard_count: u32,
    next_id: u64,
    /// The DM channel opened with each user.
    pub dm_channels: BTreeMap<u64, u64>,
    /// Users whose privacy settings refuse DMs from the bot (sending one gets 50007).
    pub closed_dms: BTreeSet<u64>,
}

impl State {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        // Snowflakes of the fake's clock, as Discord's are of its own: the time in the top bits, then a
        // counter (kept apart from the interactions' by its top bit), so that they are distinct and grow.
        let now = self
            .clock
            .as_ref()
            .map_or(DEFAULT_NOW_MS, |clock| clock.now_ms());
        (((now - DISCORD_EPOCH_MS) as u64) << 22) | 0x20_0000 | (self.next_id & 0x1f_ffff)
    }

    /// How many shards the gateway serves.
    pub fn shard_count(&self) -> u32 {
        self.shard_count.max(1)
    }

    /// The shard that carries `guild`'s events: Discord's rule, `(guild_id >> 22) % shard_count`.
    pub fn shard_of(&self, guild: u64) -> u32 {
        ((guild >> 22) % u64::from(self.shard_count.max(1))) as u32
    }

    /// The channel `id` (a text channel of the guild when it is unknown).
    pub fn channel(&self, id: u64) -> Channel {
        self.channels
            .get(&id)
            .cloned()
            .unwrap_or_else(|| Channel::text(id))
    }

    fn channel_mut(&mut self, id: u64) -> &mut Channel {
        self.channels.entry(id).or_insert_with(|| Channel::text(id))
    }

    /// Whether `perm` is denied to the bot in `channel` (in a thread: there or in its parent).
    pub fn denied(&self, channel: u64, perm: Perm) -> bool {
        let here = self.channel(channel);
        here.denied.contains(&perm)
            || here
                .parent
                .is_some_and(|parent| self.channel(parent).denied.contains(&perm))
    }

    /// The bot's permissions in `channel`, as `app_permissions` says.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        use Perm::*;
        [
            ViewChannel,
            SendMessages,
            AttachFiles,
            SendMessagesInThreads,
            CreatePublicThreads,
            ReadMessageHistory,
        ]
        .into_iter()
        .filter(|perm| self.denied(channel, *perm))
        .fold(payloads::permissions::BOT, |bits, perm| bits & !perm.bit())
    }

    /// The DM channel with `user`, opened if it is not yet.
    pub fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(&channel) = self.dm_channels.get(&user) {
            return channel;
        }
        let id = self.new_id();
        let channel = Channel {
            guild: 0,
            name: String::new(),
            dm_with: Some(user),
            ..Channel::text(id)
        };
        self.channels.insert(id, channel);
        self.dm_channels.insert(user, id);
        id
    }

    /// The messages the bot sent `user` by DM, oldest first.
    pub fn dms_to(&self, user: u64) -> Vec<Message> {
        match self.dm_channels.get(&user) {
            Some(&channel) => self.shown(channel),
            None => Vec::new(),
        }
    }

    /// The non-ephemeral messages of `channel`, oldest first.
    pub fn shown(&self, channel: u64) -> Vec<Message> {
        self.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.ephemeral)
            .cloned()
            .collect()
    }

    fn count_fault(&mut self, fault: Fault) {
        *self.faults.entry(fault.name()).or_default() += 1;
    }
}

pub(crate) struct Shared {
    pub token: String,
    pub application_id: u64,
    pub guild_id: u64,
    /// Every guild of the bot: [`Self::guild_id`] first.
    pub guilds: Vec<u64>,
    pub bot: Person,
    pub ws_url: String,
    pub heartbeat_interval: u64,
    pub openapi: Option<OpenApi>,
    pub clock: Arc<dyn Clock>,
    pub rate_limit: RateLimit,
    pub state: Mutex<State>,
    pub changed: Notify,
}

impl Shared {
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The running fake. Dropping it stops its servers.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    base_url: String,
    rest_addr: SocketAddr,
    plain_addr: SocketAddr,
    authority: Vec<u8>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.tasks.iter().for_each(JoinHandle::abort);
    }
}

/// A handle on a dispatched interaction.
#[derive(Clone, Debug)]
pub struct Sent {
    pub token: String,
    pub id: u64,
}

impl FakeDiscord {
    pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
    pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
    pub const BOT_ID: u64 = 1_100_000_000_000_000_001;
    /// A second guild, made a millisecond after [`Self::GUILD_ID`]: with two shards, on the other one
    /// (`GUILD_ID` is on shard 1, this one on shard 0).
    pub const OTHER_GUILD_ID: u64 = Self::GUILD_ID + (1 << 22);

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
        let tls = tls::Tls::new();
        let state = State {
            plan: faults,
            clock: Some(clock.clone()),
            shard_count: shards.max(1),
            ..State::default()
        };
        let mut guilds = vec![Self::GUILD_ID];
        if shards > 1 {
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

    /// Where an interaction happens; panics where Discord would not let it happen.
    fn place(&self, channel_id: u64, who: &Person, what: &str) -> payloads::Where {
        let state = self.state();
        assert!(
            !state.outage,
            "Discord's gateway is down (begin_outage): no {what} can be dispatched"
        );
        assert!(
            !state.guild_removed,
            "no {what} comes from a guild the bot was removed from"
        );
        assert!(
            !state.guild_unavailable,
            "the guild is unavailable (guild_unavailable): no {what} comes from it"
        );
        let channel = state.channel(channel_id);
        assert!(
            !channel.deleted,
            "channel {channel_id} was deleted: no {what}"
        );
        assert!(
            !channel.archived,
            "thread {channel_id} is archived: Discord refuses {what} there"
        );
        payloads::Where {
            application_id: Self::APPLICATION_ID,
            guild_id: channel.guild,
            channel_id,
            who: who.clone(),
            bot_permissions: state.bot_permissions(channel_id),
            channel: payloads::channel(channel.guild, Self::BOT_ID, &channel),
        }
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
        let at = self.place(channel, who, &format!("/{name}"));
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
            ..Default::default()
        };
        self.dispatch_interaction(new.token, new.id, record, payload)
    }

    /// `who` presses the button `custom_id` on message `message_id`.
    pub fn press(&self, who: &Person, message_id: u64, custom_id: &str) -> Sent {
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
        let (message, channel) = {
            let state = self.state();
            let message = state.messages.get(&message_id).expect("no such message");
            (message.json.clone(), message.channel_id)
        };
        // Buttons on a message in an archived thread are refused like commands (taken as Discord's
        // behaviour without having confirmed it).
        let at = self.place(channel, who, "button press");
        let new = self.new_interaction(lag);
        let payload = payloads::button(new.id, &new.token, custom_id, &message, &at);
        let record = Interaction {
            id: new.id,
            channel_id: channel,
            source_message: Some(message_id),
            created_ms: new.created_ms,
            lag_ms: new.lag_ms,
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

struct NewInteraction {
    id: u64,
    token: String,
    created_ms: i64,
    lag_ms: i64,
}

/// Dispatches THREAD_UPDATE with the thread as it now is.
pub(crate) fn thread_update(shared: &Shared, state: &mut State, id: u64) {
    let thread = state.channel(id);
    let payload = payloads::channel(thread.guild, shared.bot.id, &thread);
    send_dispatch(state, thread.guild, "THREAD_UPDATE", payload);
}
