//! What Discord sends the bot, built rather than written out: the options of a slash command (with the
//! users they resolve), and a message with buttons to press.

use serde_json::{json, Map, Value};

use crate::support::fake_discord::Person;

/// Option types of Discord's application commands.
const SUB_COMMAND: u8 = 1;
const STRING: u8 = 3;
const INTEGER: u8 = 4;
const USER: u8 = 6;
const CHANNEL: u8 = 7;

/// The options of a slash command as Discord sends them, and the users they name (`resolved`).
#[derive(Clone, Default)]
pub struct Options {
    options: Vec<Value>,
    users: Map<String, Value>,
    channels: Map<String, Value>,
}

impl Options {
    /// No options.
    pub fn new() -> Self {
        Self::default()
    }

    /// An integer option; poise sends a choice option as its choice's index, so a choice too.
    pub fn int(mut self, name: &str, value: i64) -> Self {
        self.options
            .push(json!({"name": name, "type": INTEGER, "value": value}));
        self
    }

    /// A string option.
    pub fn text(mut self, name: &str, value: &str) -> Self {
        self.options
            .push(json!({"name": name, "type": STRING, "value": value}));
        self
    }

    /// A user option, with the user in the resolved data.
    pub fn user(mut self, name: &str, who: &Person) -> Self {
        let id = who.id.to_string();
        self.options
            .push(json!({"name": name, "type": USER, "value": id}));
        self.users.insert(id, who.user_json());
        self
    }

    /// A channel option, with the channel (a text channel) in the resolved data, as Discord sends a
    /// channel picked with `#`.
    pub fn channel(mut self, name: &str, channel: u64) -> Self {
        let id = channel.to_string();
        self.options
            .push(json!({"name": name, "type": CHANNEL, "value": id}));
        self.channels.insert(
            id.clone(),
            json!({"id": id, "name": format!("channel-{channel}"), "type": 0, "permissions": "0"}),
        );
        self
    }

    /// A subcommand with its own options.
    pub fn sub(mut self, name: &str, options: Options) -> Self {
        self.users.extend(options.users);
        self.channels.extend(options.channels);
        self.options.push(
            json!({"name": name, "type": SUB_COMMAND, "options": Value::Array(options.options)}),
        );
        self
    }

    /// The integer option being typed, still empty (autocomplete).
    pub fn typing(mut self, name: &str) -> Self {
        self.options
            .push(json!({"name": name, "type": INTEGER, "value": "", "focused": true}));
        self
    }

    /// These options followed by `more`.
    pub fn and(mut self, more: Options) -> Self {
        self.options.extend(more.options);
        self.users.extend(more.users);
        self.channels.extend(more.channels);
        self
    }

    /// The options' JSON.
    pub fn json(&self) -> Value {
        Value::Array(self.options.clone())
    }

    /// The resolved data: the users and channels named, if any.
    pub fn resolved(&self) -> Value {
        let mut resolved = Map::new();
        if !self.users.is_empty() {
            resolved.insert("users".into(), Value::Object(self.users.clone()));
        }
        if !self.channels.is_empty() {
            resolved.insert("channels".into(), Value::Object(self.channels.clone()));
        }
        Value::Object(resolved)
    }
}

/// `/move house:<label>`.
pub fn house(label: u8) -> Options {
    Options::new().int("house", label.into())
}

/// A message with one row of grey buttons, each `(label, custom id)`.
pub fn message_with_buttons(content: &str, buttons: &[(&str, &str)]) -> Value {
    let buttons: Vec<Value> = buttons
        .iter()
        .map(|(label, custom_id)| {
            json!({"type": 2, "style": 2, "label": label, "custom_id": custom_id})
        })
        .collect();
    json!({"content": content, "components": [{"type": 1, "components": buttons}]})
}
