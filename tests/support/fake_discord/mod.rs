//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client: a REST server (hyper)
//! and a `ws://` gateway (tokio-tungstenite) that speak enough of Discord's protocol for the bot.
//!
//! It keeps what Discord would keep — registered commands, messages with their attachments, the state
//! of each interaction — records every REST request, and checks each one against Discord's OpenAPI
//! description when `NAMNAM_DISCORD_OPENAPI` names it. Tests drive it from the user's side: invoke a
//! slash command, press a button, then read what the bot sent.

mod gateway;
pub mod multipart;
pub mod openapi;
pub mod payloads;
mod rest;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;

pub use openapi::{Checked, OpenApi};
pub use payloads::Person;

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
    pub status: u16,
    pub check: Check,
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
    /// Channels where the bot lacks permission to post.
    pub denied_channels: HashSet<u64>,
    pub connections: usize,
    pub identifies: usize,
    pub heartbeats: usize,
    gateway: Option<mpsc::UnboundedSender<String>>,
    sequence: u64,
    next_id: u64,
}

impl State {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        // Plausible snowflakes, all distinct.
        1_300_000_000_000_000_000 + self.next_id
    }

    /// Whether a gateway connection has been identified and is open.
    pub fn online(&self) -> bool {
        self.gateway.is_some()
    }
}

pub(crate) struct Shared {
    pub token: String,
    pub application_id: u64,
    pub guild_id: u64,
    pub bot: Person,
    pub ws_url: String,
    pub heartbeat_interval: u64,
    pub openapi: Option<OpenApi>,
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

    /// Starts the REST server and the gateway on ephemeral ports of 127.0.0.1.
    pub async fn start(token: &str, openapi: Option<OpenApi>) -> Self {
        let rest = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST");
        let ws = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let base_url = format!("http://{}", rest.local_addr().unwrap());
        let shared = Arc::new(Shared {
            token: token.to_owned(),
            application_id: Self::APPLICATION_ID,
            guild_id: Self::GUILD_ID,
            bot: Person {
                bot: true,
                ..Person::member(Self::BOT_ID, "Namnam")
            },
            ws_url: format!("ws://{}", ws.local_addr().unwrap()),
            heartbeat_interval: 250,
            openapi,
            state: Mutex::default(),
            changed: Notify::new(),
        });
        let tasks = vec![
            tokio::spawn(rest::serve(rest, shared.clone())),
            tokio::spawn(gateway::serve(ws, shared.clone())),
        ];
        Self {
            shared,
            base_url,
            tasks,
        }
    }

    /// The REST base to give serenity as its proxy.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Reads the state.
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state()
    }

    /// Makes posting in `channel` fail with Discord's "Missing Permissions".
    pub fn deny_channel(&self, channel: u64) {
        self.state().denied_channels.insert(channel);
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

    /// Waits until the bot is connected and has sent at least one heartbeat on this connection.
    pub async fn wait_online(&self) {
        self.wait_for("the bot to come online", |s| s.online().then_some(()))
            .await;
    }

    fn place(&self, channel_id: u64, who: &Person) -> payloads::Where {
        payloads::Where {
            application_id: Self::APPLICATION_ID,
            guild_id: Self::GUILD_ID,
            channel_id,
            who: who.clone(),
            bot_permissions: payloads::permissions::MEMBER,
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
        state.interactions.insert(token.clone(), record);
        send_dispatch(&mut state, "INTERACTION_CREATE", payload);
        Sent { token, id }
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
        self.interaction(who, channel, name, options, resolved, false)
    }

    /// Discord asks for autocomplete choices while `who` types `/name`; the option being typed has
    /// `"focused": true`.
    pub fn autocomplete(&self, who: &Person, channel: u64, name: &str, options: Value) -> Sent {
        self.interaction(who, channel, name, options, json!({}), true)
    }

    fn interaction(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        options: Value,
        resolved: Value,
        autocomplete: bool,
    ) -> Sent {
        let command = self.command(name);
        let (id, token) = self.new_interaction_id();
        let at = self.place(channel, who);
        let payload = payloads::command(id, &token, &command, options, resolved, autocomplete, &at);
        let record = Interaction {
            id,
            channel_id: channel,
            ..Default::default()
        };
        self.dispatch_interaction(token, id, record, payload)
    }

    /// `who` presses the button `custom_id` on message `message_id`.
    pub fn press(&self, who: &Person, message_id: u64, custom_id: &str) -> Sent {
        let (message, channel) = {
            let state = self.state();
            let message = state.messages.get(&message_id).expect("no such message");
            (message.json.clone(), message.channel_id)
        };
        let (id, token) = self.new_interaction_id();
        let at = self.place(channel, who);
        let payload = payloads::button(id, &token, custom_id, &message, &at);
        let record = Interaction {
            id,
            channel_id: channel,
            source_message: Some(message_id),
            ..Default::default()
        };
        self.dispatch_interaction(token, id, record, payload)
    }

    /// Posts a message "from someone else" in `channel`, for buttons to be pressed on in tests.
    pub fn post_as(&self, author: &Person, channel: u64, body: Value) -> u64 {
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
            },
        );
        id
    }

    fn new_interaction_id(&self) -> (u64, String) {
        let id = self.state().new_id();
        (id, format!("interaction-token-{id}"))
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

/// Sends a dispatch (op 0) on the open gateway connection.
pub(crate) fn send_dispatch(state: &mut State, event: &str, data: Value) {
    state.sequence += 1;
    let frame = json!({"op": 0, "t": event, "s": state.sequence, "d": data}).to_string();
    let gateway = state
        .gateway
        .as_ref()
        .expect("the bot is not connected to the gateway");
    gateway.send(frame).expect("gateway connection closed");
}
