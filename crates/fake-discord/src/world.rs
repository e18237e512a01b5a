//! The fake Discord's world: its guild, channels, messages and interactions, what it was asked, and the
//! handle a test holds. The REST server (`rest`) and the gateway (`gateway`) both act on it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use namnam_clock::Clock;
use serde_json::Value;
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;

use crate::faults::{Fault, FaultPlan};
use crate::openapi::{Checked, OpenApi};
use crate::person::{permissions, Person};

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
    /// Whether the bot is also in [`FakeDiscord::OTHER_GUILD_ID`] with one shard (with two it always is).
    pub other_guild: bool,
}

impl Default for FakeOptions {
    fn default() -> Self {
        Self {
            openapi: None,
            // Discord's clock is the real one; a test on a hand-moved clock gives the fake its own.
            clock: Arc::new(namnam_clock::SystemClock),
            faults: FaultPlan::default(),
            rate_limit: RateLimit::default(),
            shards: 1,
            other_guild: false,
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
        use permissions::*;
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
    /// A group DM (channel type 3): no guild, and the bot is never in it.
    pub group_dm: bool,
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
            group_dm: false,
        }
    }

    /// A group DM between players (channel type 3): only an app a player installed reaches it, and only
    /// through interactions.
    pub fn group_dm(id: u64, name: &str) -> Self {
        Self {
            guild: 0,
            name: name.to_owned(),
            group_dm: true,
            ..Self::text(id)
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

    /// The interaction context Discord reports from here (receiving-and-responding, "Interaction Context
    /// Types"): 0 a server's channel, 1 the bot's DM, 2 a group DM or a DM between users.
    pub fn context(&self) -> u8 {
        match (self.dm_with, self.group_dm) {
            (Some(_), _) => 1,
            (None, true) => 2,
            (None, false) => 0,
        }
    }
}

/// How long a test waits for the bot before failing: the one generous bound that only a bug reaches (a
/// test waits for the event itself, never for a time), as `namnam_testkit::PATIENCE`.
pub const PATIENCE: Duration = Duration::from_secs(120);

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
    /// When it came, by the fake's clock.
    pub at_ms: i64,
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
    /// For a message an interaction made (its response or a follow-up): that interaction's
    /// `authorizing_integration_owners`, which a press of its buttons carries too.
    pub owners: Option<Value>,
    /// For an ephemeral message an interaction made: the one user who sees it, and so the only one who
    /// can press its buttons (EPHEMERAL: "this message is only visible to the user who invoked the
    /// Interaction", resources/message, Message Flags).
    pub viewer: Option<u64>,
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
    /// Its `authorizing_integration_owners`: `{"0": guild}` where the server installed the app (`"0"` in
    /// the bot's DM), `{"1": user}` for a user's install.
    pub owners: Value,
    /// Its `context`: 0 a server, 1 the bot's DM, 2 a private channel.
    pub context: u8,
    /// Discord makes every answer to it ephemeral: an app only a user installed, in a server whose member
    /// lacks Use External Apps.
    pub forced_ephemeral: bool,
    /// Follow-ups refused as over the limit of 5 (40094).
    pub refused_followups: usize,
    /// Who made it (ran the command, pressed the button).
    pub user: u64,
}

impl Interaction {
    /// Whether only a user installed the app where it was made: no `"0"` (guild install) owner. Such an
    /// interaction takes at most 5 follow-ups (receiving-and-responding, "Create Followup Message").
    pub fn user_installed_only(&self) -> bool {
        self.owners.get("1").is_some() && self.owners.get("0").is_none()
    }
}

/// Everything the fake remembers.
#[derive(Default)]
pub struct State {
    pub requests: Vec<Recorded>,
    /// Registered commands, by the registration path (global or one guild).
    pub commands: BTreeMap<String, Vec<Value>>,
    /// How many times the commands were registered (PUT).
    pub registrations: usize,
    /// The registrations refused for breaking Discord's rules on commands' words, each with what broke.
    pub refused_registrations: Vec<Vec<String>>,
    pub messages: BTreeMap<u64, Message>,
    /// Interactions by token.
    pub interactions: HashMap<String, Interaction>,
    /// The channels and threads the fake knows; any other id is a text channel of the guild.
    pub channels: BTreeMap<u64, Channel>,
    /// The bot was removed from the guild.
    pub guild_removed: bool,
    /// The guild is unavailable (GUILD_DELETE with `unavailable: true` was dispatched).
    pub guild_unavailable: bool,
    /// Guilds' preferred locales (a Community server's setting), by guild id; any other guild's is
    /// `en-US`, as Discord reports for a server that is not a Community server.
    pub guild_locales: HashMap<u64, String>,
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
    /// RESUMEs are left unanswered until [`FakeDiscord::release_resumes`]: the connection is open and
    /// heartbeats are acknowledged, but the session does not come back (a slow gateway).
    pub resumes_held: bool,
    /// The RESUMEs waiting meanwhile: the connection and the payload's `d`.
    pub held_resumes: Vec<(u64, serde_json::Value)>,
    /// Dispatches replayed by the resumes.
    pub replayed: usize,
    pub heartbeats: usize,
    /// The gateway is down ([`FakeDiscord::begin_outage`]).
    pub outage: bool,
    /// REST is down too: every request is answered 503.
    pub rest_outage: bool,
    /// The fault plan in force.
    pub plan: FaultPlan,
    /// Faults a test asked for: the next request of the route template gets the fault, whatever the plan.
    pub next_faults: Vec<(String, Fault)>,
    /// Requests so far by route template.
    pub route_counts: HashMap<String, u64>,
    /// Injected faults by kind.
    pub faults: BTreeMap<String, usize>,
    /// Real 429s: requests over the announced limit.
    pub limit_hits: usize,
    /// Interactions dispatched so far.
    pub interaction_count: u64,
    pub(crate) buckets: HashMap<String, Bucket>,
    /// The fake's clock, for the ids it makes.
    pub(crate) clock: Option<Arc<dyn Clock>>,
    /// The open gateway connections, by number.
    pub(crate) sockets: BTreeMap<u64, mpsc::UnboundedSender<Out>>,
    /// The bot's sessions by shard, while they can be resumed.
    pub(crate) sessions: BTreeMap<u32, Session>,
    /// The shard of each IDENTIFY accepted, in order.
    pub identified_shards: Vec<u32>,
    /// How many shards the gateway serves.
    pub(crate) shard_count: u32,
    pub(crate) next_id: u64,
    /// The DM channel opened with each user.
    pub dm_channels: BTreeMap<u64, u64>,
    /// Users whose privacy settings refuse DMs from the bot (sending one gets 50007).
    pub closed_dms: BTreeSet<u64>,
    /// Users Discord will not let the bot DM because they share no server with it (50278, "Cannot send
    /// messages to this user due to having no mutual guilds"). Whether a user install counts as a way to
    /// DM a user is not documented: a test says which it means by putting them here or not.
    pub no_mutual_guild: BTreeSet<u64>,
    /// Users who installed the app to their account (Installation → User Install).
    pub user_installs: BTreeSet<u64>,
    /// Guilds whose @everyone lacks Use External Apps (`1 << 50`): a user-installed app's answers there are
    /// ephemeral (permissions, "Permission Flags").
    pub external_apps_off: BTreeSet<u64>,
}

impl State {
    /// The guild's preferred locale, as Discord reports it (`guild_locale`, `preferred_locale`).
    pub fn guild_locale(&self, guild: u64) -> &str {
        self.guild_locales
            .get(&guild)
            .map_or("en-US", String::as_str)
    }

    pub(crate) fn new_id(&mut self) -> u64 {
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

    pub(crate) fn channel_mut(&mut self, id: u64) -> &mut Channel {
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
        .fold(permissions::BOT, |bits, perm| bits & !perm.bit())
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

    pub(crate) fn count_fault(&mut self, fault: Fault) {
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
    pub(crate) shared: Arc<Shared>,
    pub(crate) base_url: String,
    pub(crate) rest_addr: SocketAddr,
    pub(crate) plain_addr: SocketAddr,
    pub(crate) authority: Vec<u8>,
    pub(crate) tasks: Vec<JoinHandle<()>>,
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

/// One rate-limit bucket: (route template, major parameter), in wall-clock windows.
#[derive(Debug)]
pub struct Bucket {
    pub window_start: Instant,
    pub used: u32,
}

/// One shard's gateway session, while it can be resumed.
pub(crate) struct Session {
    pub id: String,
    /// The last sequence number given.
    pub seq: u64,
    /// Every dispatch of the session, with its sequence number, for replay. Discord keeps a bounded
    /// backlog; the fake keeps it all, since its sessions are short.
    pub sent: Vec<(u64, String)>,
    /// The connection that carries it (READY or RESUMED was sent there), if one does.
    pub socket: Option<u64>,
}

/// What the fake has a connection do.
pub(crate) enum Out {
    /// Send this text frame.
    Text(String),
    /// Close the TCP connection without a close frame, as a network failure does.
    Drop,
}

pub(crate) struct NewInteraction {
    pub id: u64,
    pub token: String,
    pub created_ms: i64,
    pub lag_ms: i64,
}
