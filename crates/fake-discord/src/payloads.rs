//! The JSON objects the fake Discord sends: users, members, messages, interactions. Each is checked by
//! deserializing it with serenity's own model in the fake's tests, so a field serenity requires is never
//! forgotten.

use serde_json::{json, Value};

pub use crate::person::{permissions, Person, TIMESTAMP};

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
    /// The guild, where the interaction comes from a server's channel (the bot a member there or not).
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub who: Person,
    /// `app_permissions`: the bot's permissions in a guild it is in, else what Discord documents for
    /// (G)DMs (see [`permissions::PRIVATE_APP`]).
    pub bot_permissions: u64,
    /// The channel (or thread) object, as Discord puts it in an interaction.
    pub channel: Value,
    /// The guild's preferred locale (`en-US` unless a Community server chose another).
    pub guild_locale: String,
    /// `authorizing_integration_owners` (receiving-and-responding, "Authorizing Integration Owners
    /// Object"): `"0"` the guild's id where the server installed the app (`"0"` in the bot's DM), `"1"` the
    /// id of the user who installed it.
    pub owners: Value,
    /// `context`: 0 a server's channel, 1 the bot's DM, 2 a group DM or a DM between users.
    pub context: u8,
}

fn interaction(id: u64, token: &str, kind: u8, data: Value, at: &Where) -> Value {
    let mut json = json!({
        "id": id.to_string(),
        "application_id": at.application_id.to_string(),
        "type": kind,
        "data": data,
        "channel_id": at.channel_id.to_string(),
        "channel": at.channel,
        "token": token,
        "version": 1,
        "app_permissions": at.bot_permissions.to_string(),
        "locale": at.who.locale,
        "entitlements": [],
        "authorizing_integration_owners": at.owners,
        "context": at.context,
        "attachment_size_limit": 10 * 1024 * 1024,
    });
    // `member` is sent when the interaction is invoked in a guild, `user` when invoked in a DM
    // (receiving-and-responding, "Interaction Structure"); `guild_locale` only from a guild.
    match at.guild_id {
        Some(guild) => {
            json["guild_id"] = json!(guild.to_string());
            json["member"] = at.who.member_json();
            json["guild_locale"] = json!(at.guild_locale);
        }
        None => json["user"] = at.who.user_json(),
    }
    json
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
    let mut data = json!({
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": options,
        "resolved": resolved,
    });
    // Only a guild command carries its guild.
    if let Some(guild) = command["guild_id"].as_str() {
        data["guild_id"] = json!(guild);
    }
    interaction(id, token, if autocomplete { 4 } else { 2 }, data, at)
}

/// A user command (`type` 2, command `type` 2: a member's Apps menu) on `target`. Discord resolves the
/// target: the user, and in a server the member, whose `permissions` are theirs in the channel
/// (receiving-and-responding, "Resolved Data Structure": partial members without `user`, `deaf`, `mute`);
/// `member` is `false` for someone who is not in the server.
pub fn user_command(
    id: u64,
    token: &str,
    command: &Value,
    target: &Person,
    member: bool,
    at: &Where,
) -> Value {
    let key = target.id.to_string();
    let mut resolved = json!({"users": {key.clone(): target.user_json()}});
    if at.guild_id.is_some() && member {
        let mut partial = target.member_json();
        if let Some(fields) = partial.as_object_mut() {
            for field in ["user", "deaf", "mute"] {
                fields.remove(field);
            }
        }
        resolved["members"] = json!({key.clone(): partial});
    }
    let data = json!({
        "id": command["id"],
        "name": command["name"],
        "type": 2,
        "target_id": key,
        "resolved": resolved,
    });
    interaction(id, token, 2, data, at)
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

/// A channel or thread as Discord describes it (GET /channels/{id}, THREAD_UPDATE, GUILD_CREATE).
/// A DM channel with `user`, as `POST /users/@me/channels` answers.
pub fn dm_channel(id: u64, user: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [{
            "id": user.to_string(),
            "username": format!("user-{}", user % 10_000),
            "global_name": null,
            "discriminator": "0",
            "avatar": null,
            "public_flags": 0,
        }],
    })
}

pub fn channel(guild_id: u64, owner_id: u64, channel: &super::Channel) -> Value {
    let mut json = json!({
        "id": channel.id.to_string(),
        "type": 0,
        "guild_id": guild_id.to_string(),
        "name": channel.name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "parent_id": null,
        "flags": 0,
    });
    if let Some(parent) = channel.parent {
        json["type"] = json!(11);
        json["parent_id"] = json!(parent.to_string());
        json["owner_id"] = json!(owner_id.to_string());
        json["member_count"] = json!(1);
        json["message_count"] = json!(0);
        json["total_message_sent"] = json!(0);
        json["thread_metadata"] = json!({
            "archived": channel.archived,
            "auto_archive_duration": channel.auto_archive_duration.unwrap_or(1440),
            "archive_timestamp": TIMESTAMP,
            "locked": channel.locked,
            "create_timestamp": TIMESTAMP,
        });
    }
    json
}

/// A group DM (type 3) as an interaction's partial channel describes it.
pub fn group_dm(channel: &super::Channel) -> Value {
    json!({
        "id": channel.id.to_string(),
        "type": 3,
        "name": channel.name,
        "last_message_id": null,
        "flags": 0,
    })
}

/// THREAD_DELETE's payload.
pub fn thread_delete(guild_id: u64, channel: &super::Channel) -> Value {
    json!({
        "id": channel.id.to_string(),
        "guild_id": guild_id.to_string(),
        "parent_id": channel.parent.map(|p| p.to_string()),
        "type": 11,
    })
}

/// GUILD_CREATE's payload: the guild, the bot as its only member, its channels and active threads.
pub fn guild(
    guild_id: u64,
    bot: &Person,
    channels: Vec<Value>,
    threads: Vec<Value>,
    locale: &str,
) -> Value {
    let mut member = bot.member_json();
    member.as_object_mut().unwrap().remove("permissions");
    let mut guild = json!({
        "id": guild_id.to_string(),
        "name": "Fake Oware Club",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": "1",
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": guild_id.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": permissions::BOT.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
    });
    // In two parts: one `json!` this long exceeds the macro recursion limit.
    let more = json!({
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": locale,
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": TIMESTAMP,
        "large": false,
        "unavailable": false,
        "member_count": 1,
        "voice_states": [],
        "members": [member],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    let object = guild.as_object_mut().unwrap();
    object.extend(more.as_object().unwrap().clone());
    guild
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
            guild_id: Some(12),
            channel_id: 13,
            who: Person::member(14, "alice"),
            bot_permissions: permissions::MEMBER,
            channel: json!({"id": "13", "type": 0, "name": "general"}),
            guild_locale: "en-US".to_owned(),
            owners: json!({"0": "12"}),
            context: 0,
        }
    }

    /// A group DM where alice installed the app.
    fn group_dm_place() -> Where {
        Where {
            guild_id: None,
            bot_permissions: permissions::PRIVATE_APP,
            channel: group_dm(&super::super::Channel::group_dm(13, "lounge")),
            owners: json!({"1": "14"}),
            context: 2,
            ..place()
        }
    }

    #[test]
    fn serenity_reads_the_fake_channels_threads_and_guild() {
        use super::super::Channel;
        let text = Channel::text(13);
        let thread = Channel {
            archived: true,
            locked: true,
            auto_archive_duration: Some(60),
            ..Channel::thread(21, 13, "Match 1")
        };
        let parsed: serenity::GuildChannel =
            serde_json::from_value(channel(12, 1, &thread)).expect("thread");
        let metadata = parsed.thread_metadata.expect("thread metadata");
        assert!(metadata.archived && metadata.locked);
        assert_eq!(u16::from(metadata.auto_archive_duration), 60);
        let _: serenity::GuildChannel =
            serde_json::from_value(channel(12, 1, &text)).expect("text");
        let event = json!({"op": 0, "s": 1, "t": "THREAD_UPDATE", "d": channel(12, 1, &thread)});
        let _: serenity::GatewayEvent = serde_json::from_value(event).expect("THREAD_UPDATE");
        let event = json!({"op": 0, "s": 2, "t": "THREAD_DELETE", "d": thread_delete(12, &thread)});
        let _: serenity::GatewayEvent = serde_json::from_value(event).expect("THREAD_DELETE");
        let bot = Person {
            bot: true,
            ..Person::member(1, "Namnam")
        };
        let guild_json = guild(
            12,
            &bot,
            vec![channel(12, 1, &text)],
            vec![channel(12, 1, &Channel::thread(22, 13, "Match 2"))],
            "fr",
        );
        let _: serenity::Guild = serde_json::from_value(guild_json.clone()).expect("guild");
        let event = json!({"op": 0, "s": 3, "t": "GUILD_CREATE", "d": guild_json});
        let parsed: serenity::GatewayEvent = serde_json::from_value(event).expect("GUILD_CREATE");
        let serenity::GatewayEvent::Dispatch(_, serenity::Event::GuildCreate(created)) = parsed
        else {
            panic!("not a guild create: {parsed:?}")
        };
        assert_eq!(created.guild.channels.len(), 1);
        assert_eq!(created.guild.threads.len(), 1);
        assert_eq!(created.guild.preferred_locale, "fr");
        let event = json!({"op": 0, "s": 4, "t": "GUILD_DELETE", "d": {"id": "12"}});
        let _: serenity::GatewayEvent = serde_json::from_value(event).expect("GUILD_DELETE");
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
        assert_eq!(parsed.context, Some(serenity::InteractionContext::Guild));
    }

    #[test]
    fn serenity_reads_an_interaction_from_a_group_dm() {
        let command_json = json!({"id": "15", "name": "board"});
        let at = group_dm_place();
        let slash = command(16, "t", &command_json, json!([]), json!({}), false, &at);
        let parsed: serenity::Interaction = serde_json::from_value(slash).expect("slash command");
        let serenity::Interaction::Command(parsed) = parsed else {
            panic!("not a command")
        };
        assert_eq!(parsed.user.id.get(), 14, "the user comes from `user`");
        assert!(parsed.member.is_none() && parsed.guild_id.is_none());
        assert_eq!(
            parsed.context,
            Some(serenity::InteractionContext::PrivateChannel)
        );
        assert!(matches!(
            parsed.authorizing_integration_owners.0[..],
            [serenity::AuthorizingIntegrationOwner::UserInstall(user)] if user.get() == 14
        ));
        assert_eq!(
            parsed.app_permissions.map(|p| p.bits()),
            Some(permissions::PRIVATE_APP)
        );
    }
}
