//! Who installed the app where, as Discord tells it with each interaction, and what an app installed only
//! by a user may do (Discord's developer docs: `interactions/receiving-and-responding`,
//! `interactions/application-commands`, `topics/permissions`):
//!
//! - an interaction's `context` is 0 in a server's channel, 1 in the bot's DM, 2 in a group DM or a DM
//!   between users ("Interaction Context Types");
//! - its `authorizing_integration_owners` has `"0"` (guild install) with the guild's id, or `"0"` in the
//!   bot's DM, where the server installed the app, and `"1"` (user install) with the installing user's id
//!   where a user did; a key is there only if the command supports that installation context
//!   (`integration_types`, which "defaults to `GUILD_INSTALL` (`[0]`)") and the place supports the
//!   command (`contexts`) ("Authorizing Integration Owners Object");
//! - a press of a button carries the owners of the interaction whose message it is on: "it can be used to
//!   tell the difference between the authorizing user and the user that triggered an interaction (like a
//!   message component)";
//! - an app installed only by a user can do nothing there but answer ("limited to using commands",
//!   `quick-start/getting-started`): the REST server refuses its channel requests (403 50001), and takes at
//!   most 5 follow-ups per interaction ("Create Followup Message"; 40094 "This interaction has hit the
//!   maximum number of follow up messages", `topics/opcodes-and-status-codes`);
//! - where a member lacks Use External Apps (`1 << 50`), an app not installed to the server answers them
//!   ephemerally ("When disabled, users will still be allowed to use their apps but the responses will be
//!   ephemeral. This only applies to apps not also installed to the server", `topics/permissions`);
//! - global commands reach the bot's DM "if that app has a bot that shares a mutual guild with the user";
//!   guild commands only their guild, where `integration_types` and `contexts` do not apply ("only for
//!   globally-scoped commands").

use serde_json::{json, Value};

use crate::payloads;
use crate::person::{permissions, Person};
use crate::world::{Channel, Shared, State};

/// What an interaction is answering: a command (as registered), or a press of a button on a message.
pub(crate) enum Source<'a> {
    Command(&'a Value),
    /// The owners of the interaction that made the pressed message, if an interaction made it.
    Press(Option<&'a Value>),
}

/// Where an interaction comes from, as Discord describes it.
pub(crate) struct Reach {
    pub guild_id: Option<u64>,
    pub owners: Value,
    pub context: u8,
    pub app_permissions: u64,
    /// The person as Discord describes them there (Use External Apps taken away where it is off).
    pub who: Person,
    pub channel: Value,
    pub forced_ephemeral: bool,
}

/// Whether the bot is a member of the guild `channel` belongs to.
pub(crate) fn bot_member(shared: &Shared, channel: &Channel) -> bool {
    channel.guild != 0 && shared.guilds.contains(&channel.guild)
}

/// Where `who` makes an interaction in `channel` from `source`; `Err` says why Discord would not let them
/// (the command is not shown there).
pub(crate) fn reach(
    shared: &Shared,
    state: &State,
    channel: &Channel,
    who: &Person,
    source: Source<'_>,
) -> Result<Reach, String> {
    let context = channel.context();
    let member = bot_member(shared, channel);
    let guild_owner = match context {
        0 if member => Some(json!(channel.guild.to_string())),
        1 if !state.no_mutual_guild.contains(&who.id) => Some(json!("0")),
        _ => None,
    };
    let user_owner = state
        .user_installs
        .contains(&who.id)
        .then(|| json!(who.id.to_string()));
    let owners = match source {
        Source::Command(command) => {
            command_owners(command, channel, context, guild_owner, user_owner)?
        }
        Source::Press(Some(owners)) => owners.clone(),
        Source::Press(None) => match guild_owner {
            Some(guild) => json!({"0": guild}),
            None => return Err("a message the bot posted where it is not a member".into()),
        },
    };
    let guest = owners.get("0").is_none();
    let external_apps_off = context == 0 && state.external_apps_off.contains(&channel.guild);
    let mut who = who.clone();
    if external_apps_off {
        who.permissions &= !permissions::USE_EXTERNAL_APPS;
    }
    let app_permissions = match context {
        0 if member => state.bot_permissions(channel.id),
        1 => permissions::BOT_DM,
        _ => permissions::PRIVATE_APP,
    };
    let channel_json = match context {
        0 => payloads::channel(channel.guild, shared.bot.id, channel),
        1 => payloads::dm_channel(channel.id, channel.dm_with.unwrap_or_default()),
        _ => payloads::group_dm(channel),
    };
    Ok(Reach {
        guild_id: (context == 0).then_some(channel.guild),
        owners,
        context,
        app_permissions,
        who,
        channel: channel_json,
        forced_ephemeral: guest && external_apps_off,
    })
}

/// The owners of a command's interaction here: the installations that reach this place and that the
/// command supports; an error where Discord would not show the command at all.
fn command_owners(
    command: &Value,
    channel: &Channel,
    context: u8,
    guild_owner: Option<Value>,
    user_owner: Option<Value>,
) -> Result<Value, String> {
    let name = command["name"].as_str().unwrap_or_default();
    if let Some(guild) = command["guild_id"].as_str() {
        // A guild command: that guild only, installed there; its contexts and integration types are
        // ignored.
        return match (context, guild_owner) {
            (0, Some(owner)) if guild == channel.guild.to_string() => Ok(json!({"0": owner})),
            _ => Err(format!("/{name} is a command of guild {guild} only")),
        };
    }
    let listed = |field: &str, default: &[u64]| -> Vec<u64> {
        command[field]
            .as_array()
            .map(|values| values.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_else(|| default.to_vec())
    };
    let types = listed("integration_types", &[0]);
    let contexts = listed("contexts", &[0, 1, 2]);
    if !contexts.contains(&u64::from(context)) {
        return Err(format!("/{name} is not offered in context {context}"));
    }
    let mut owners = serde_json::Map::new();
    if let Some(owner) = guild_owner.filter(|_| types.contains(&0)) {
        owners.insert("0".into(), owner);
    }
    if let Some(owner) = user_owner.filter(|_| types.contains(&1)) {
        owners.insert("1".into(), owner);
    }
    if owners.is_empty() {
        return Err(format!(
            "/{name} is installed nowhere that reaches here (integration types {types:?})"
        ));
    }
    Ok(Value::Object(owners))
}
