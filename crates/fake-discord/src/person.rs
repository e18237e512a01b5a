//! The people on the fake server, and Discord's permission bits the tests use.

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
    /// Their Discord client's language, sent with each interaction (`locale`).
    pub locale: String,
}

/// Discord's permission bits the tests use.
pub mod permissions {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// What the bot has where nothing is denied: what the README's invite link with threads asks for
    /// (`permissions=309237746688`), no more (no Manage Threads: it cannot reopen a locked thread).
    pub const BOT: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    /// Lets a member's user-installed apps answer in public; on by default in every server (change log,
    /// 2024: "enabled for servers by default"; permissions, "Permission Flags").
    pub const USE_EXTERNAL_APPS: u64 = 1 << 50;
    /// What an ordinary member has.
    pub const MEMBER: u64 =
        VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | USE_APPLICATION_COMMANDS | USE_EXTERNAL_APPS;
    /// `app_permissions` in a group DM or a DM between users: "includes `ATTACH_FILES | EMBED_LINKS |
    /// MENTION_EVERYONE` permissions for (G)DMs with other users" (receiving-and-responding, "Interaction
    /// Structure"). What it holds in a server the bot is not in is not documented: the fake sends the same.
    pub const PRIVATE_APP: u64 = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE;
    /// `app_permissions` in the bot's own DM: the same "and additionally `USE_EXTERNAL_EMOJIS`", with what
    /// the bot does in its own DM (see, post, read back).
    pub const BOT_DM: u64 =
        PRIVATE_APP | USE_EXTERNAL_EMOJIS | VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY;
}

impl Person {
    pub fn member(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: false,
            permissions: permissions::MEMBER,
            locale: "en-GB".to_owned(),
        }
    }

    /// This person with their client in `locale` (`fr`, `en-US`…).
    pub fn speaking(self, locale: &str) -> Self {
        Self {
            locale: locale.to_owned(),
            ..self
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

#[cfg(test)]
mod tests {
    use super::permissions;

    /// The fake grants the bot what the README's invite links ask for, no more.
    #[test]
    fn the_bots_permissions_are_the_invites() {
        let readme = include_str!("../../../README.md");
        assert!(readme.contains(&format!("permissions={}", permissions::BOT)));
        let without_threads = permissions::BOT
            & !(permissions::CREATE_PUBLIC_THREADS | permissions::SEND_MESSAGES_IN_THREADS);
        assert!(readme.contains(&format!("permissions={without_threads}")));
        assert_eq!(without_threads, 101_376);
    }
}
