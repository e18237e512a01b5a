//! The JSON objects the fake Discord sends: users, members, messages, interactions. Each is checked by
//! deserializing it with serenity's own model in the fake's tests, so a field serenity requires is never
//! forgotten.

use serde_json::{json, Value};

/// A timestamp that serenity accepts; the fake's clock does not matter to the bot.
pub const TIMESTAMP: &str = "2026-01-01T12:00:00.000000+00:00";

/// A person (or the bot) on the fake server.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: u64,
    pub name: String,
    pub bot: bool,
    /// The member's permissions in the channel, as Discord puts them in an interaction.
    pub permissions: u64,
}

/// Discord's permission bits the tests use.
pub mod permissions {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    /// What an ordinary member has.
    pub const MEMBER: u64 = VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | USE_APPLICATION_COMMANDS;
}

impl Person {
    pub fn member(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: false,
            permissions: permissions::MEMBER,
        }
    }

    pub fn admin(id: u64, name: &str) -> Self {
        Self {
            permissions: permissions::MEMBER | permissions::MANAGE_GUILD,
            ..Self::member(id, name)
        }
    }

    pub fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
            "bot": self.bot,
            "public_flags": 0,
        })
    }

    pub fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": null,
            "avatar": null,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
        })
    }
}

/// A message as Discord returns it after a create or an edit.
pub fn message(
    id: u64,
    channel_id: u64,
    author: &Value,
    body: &Value,
    attachments: Vec<Value>,
) -> Value {
    let field = |name: &str, default: Value| body.get(name).cloned().unwrap_or(default);
    json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": author,
        "content": field("content", json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": field("embeds", json!([])),
        "pinned": false,
        "type": 0,
        "flags": field("flags", json!(0)),
        "components": field("components", json!([])),
    })
}

/// An attachment as Discord describes it in a message.
pub fn attachment(id: u64, filename: &str, description: Option<&str>, size: usize) -> Value {
    json!({
        "id": id.to_string(),
        "filename": filename,
        "description": description,
        "size": size,
        "url": format!("https://cdn.example.invalid/{id}/{filename}"),
        "proxy_url": format!("https://media.example.invalid/{id}/{filename}"),
    })
}

/// The fields every interaction carries.
pub struct Where {
    pub application_id: u64,
    pub guild_id: u64,
    pub channel_id: u64,
    pub who: Person,
    pub bot_permissions: u64,
}

fn interaction(id: u64, token: &str, kind: u8, data: Value, at: &Where) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": at.application_id.to_string(),
        "type": kind,
        "data": data,
        "guild_id": at.guild_id.to_string(),
        "channel_id": at.channel_id.to_string(),
        "channel": {"id": at.channel_id.to_string(), "type": 0, "name": "general"},
        "member": at.who.member_json(),
        "token": token,
        "version": 1,
        "app_permissions": at.bot_permissions.to_string(),
        "locale": "en-GB",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": at.guild_id.to_string()},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    })
}

/// A slash command invocation (`type` 2), or its autocomplete (`type` 4).
pub fn command(
    id: u64,
    token: &str,
    command: &Value,
    options: Value,
    resolved: Value,
    autocomplete: bool,
    at: &Where,
) -> Value {
    let data = json!({
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": options,
        "resolved": resolved,
        "guild_id": at.guild_id.to_string(),
    });
    interaction(id, token, if autocomplete { 4 } else { 2 }, data, at)
}

/// A button press (`type` 3) on `message`.
pub fn button(id: u64, token: &str, custom_id: &str, message: &Value, at: &Where) -> Value {
    let mut payload = interaction(
        id,
        token,
        3,
        json!({"custom_id": custom_id, "component_type": 2}),
        at,
    );
    payload["message"] = message.clone();
    payload
}

#[cfg(test)]
mod tests {
    //! Serenity must accept everything the fake sends: a missing field would make the bot ignore an
    //! event, and the tests would fail far from the cause.

    use super::*;
    use poise::serenity_prelude as serenity;

    fn place() -> Where {
        Where {
            application_id: 11,
            guild_id: 12,
            channel_id: 13,
            who: Person::member(14, "alice"),
            bot_permissions: permissions::MEMBER,
        }
    }

    #[test]
    fn serenity_reads_the_fake_interactions_and_messages() {
        let command_json = json!({"id": "15", "name": "rules"});
        let slash = command(
            16,
            "t",
            &command_json,
            json!([]),
            json!({}),
            false,
            &place(),
        );
        let parsed: serenity::Interaction = serde_json::from_value(slash).expect("slash command");
        let serenity::Interaction::Command(parsed) = parsed else {
            panic!("not a command")
        };
        assert_eq!(parsed.user.id.get(), 14, "the user comes from the member");
        assert_eq!(
            parsed.member.unwrap().permissions.unwrap().bits(),
            permissions::MEMBER
        );

        let typing = command(17, "t", &command_json, json!([]), json!({}), true, &place());
        let parsed: serenity::Interaction = serde_json::from_value(typing).expect("autocomplete");
        assert!(matches!(parsed, serenity::Interaction::Autocomplete(_)));

        let bot = Person {
            bot: true,
            ..Person::member(1, "Namnam")
        };
        let body = json!({"content": "hi", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "3", "custom_id": "nn:m1:0:h3"}]}]});
        let attachments = vec![attachment(19, "board.png", Some("the board"), 10)];
        let message_json = message(18, 13, &bot.user_json(), &body, attachments);
        let parsed: serenity::Message =
            serde_json::from_value(message_json.clone()).expect("message");
        assert_eq!(
            parsed.attachments[0].description.as_deref(),
            Some("the board")
        );

        let press = button(20, "t", "nn:m1:0:h3", &message_json, &place());
        let parsed: serenity::Interaction = serde_json::from_value(press).expect("button press");
        let serenity::Interaction::Component(parsed) = parsed else {
            panic!("not a component")
        };
        assert_eq!(parsed.data.custom_id, "nn:m1:0:h3");
        assert_eq!(parsed.message.id.get(), 18);
    }
}
