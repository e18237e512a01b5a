//! Registering the slash commands with Discord, only when they changed: Discord limits how often an
//! application may register commands, and a global registration takes a while to reach every client, so
//! a restart with the same commands must not register again.
//!
//! What was registered is kept in the database per scope (global, or one development server): a SHA-256
//! of the exact request (the command set, where it was registered and for which application), and the id
//! Discord gave each command, which replies use to mention commands (`</board:id>`). A bot moved from a
//! development server to global commands removes the server's copy, which would otherwise show every
//! command twice there.

use namnam_model::{ApplicationId, CommandId};
use std::collections::BTreeMap;

use poise::serenity_prelude as serenity;
use sha2::{Digest, Sha256};

use super::commands::Command;
use super::metrics::{DiscordMetrics, Route};
use super::reply::Mentions;
use super::settings::CommandScope;
use namnam_core::Core;
use namnam_store::{self as store, Store, StoreError};

/// The lease of the process registering the commands, and how long it lasts.
const LEASE: &str = "command registration";
const LEASE_MS: i64 = 60_000;

/// What [`ensure_registered`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    /// The same commands were registered before: nothing was sent.
    Unchanged,
    /// Another process (of the same bot, on the same database) registered them meanwhile.
    ByAnotherProcess,
    /// The commands were sent to Discord; `removed_from` is a server whose earlier copy was removed, and
    /// `global_kept` says that an earlier global registration was left in place.
    Registered {
        commands: usize,
        removed_from: Option<serenity::GuildId>,
        global_kept: bool,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    #[error("Discord refused the command registration")]
    Discord(#[source] Box<serenity::Error>),
    #[error("could not read or record the registered commands")]
    Store(#[from] StoreError),
    #[error("another process held the registration for too long without registering")]
    Waited,
}

impl From<serenity::Error> for RegistrationError {
    fn from(error: serenity::Error) -> Self {
        // Boxed: serenity's error is large, and these travel through every handler's `Result`.
        Self::Discord(Box::new(error))
    }
}

/// A scope as the database keeps it: `CommandScope`'s `Display`, `global` or `guild <id>`.
fn parse_scope(text: &str) -> Option<CommandScope> {
    match text.split_once(' ') {
        None if text == "global" => Some(CommandScope::Global),
        Some(("guild", id)) => id
            .parse()
            .ok()
            .filter(|&id| id != 0)
            .map(|id| CommandScope::Guild(serenity::GuildId::new(id))),
        _ => None,
    }
}

/// The body of the registration of `commands` in `scope`. Where each command may be used
/// (`integration_types`, `contexts`) applies to global commands only (`interactions/application-commands`,
/// "Contexts"), so a development server's registration leaves it out: user installs can only be tried
/// with global commands.
pub fn body(commands: &[Command], scope: CommandScope) -> Vec<serde_json::Value> {
    let builders = poise::builtins::create_application_commands(commands);
    let mut body: Vec<serde_json::Value> = builders
        .iter()
        .map(|b| serde_json::to_value(b).expect("command builders always serialize"))
        .collect();
    menu_names(commands, &mut body);
    if let CommandScope::Guild(_) = scope {
        for command in &mut body {
            if let Some(fields) = command.as_object_mut() {
                fields.remove("integration_types");
                fields.remove("contexts");
            }
        }
    }
    body
}

/// Puts each menu command's names in other languages (`words::localise` found them) on its registration:
/// poise registers a menu command under its English name only.
fn menu_names(commands: &[Command], body: &mut [serde_json::Value]) {
    for command in commands.iter().filter(|c| c.slash_action.is_none()) {
        let (Some(shown), false) = (
            command.context_menu_name.as_deref(),
            command.name_localizations.is_empty(),
        ) else {
            continue;
        };
        let names: serde_json::Map<String, serde_json::Value> = command
            .name_localizations
            .iter()
            .map(|(locale, name)| (locale.to_string(), serde_json::Value::from(name.as_ref())))
            .collect();
        let menus = body
            .iter_mut()
            .filter(|b| b["type"] != 1 && b["name"] == shown);
        for menu in menus {
            menu["name_localizations"] = serde_json::Value::Object(names.clone());
        }
    }
}

/// The fingerprint of one registration request.
pub fn fingerprint(
    application: serenity::ApplicationId,
    scope: CommandScope,
    commands: &[serde_json::Value],
) -> String {
    let body = serde_json::to_vec(commands).expect("JSON always serializes");
    let mut hash = Sha256::new();
    hash.update(format!("{application} {scope}\n").as_bytes());
    hash.update(&body);
    hash.finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Registers `commands` in `scope` unless exactly these were registered there last time, and fills
/// `mentions` with the ids of the commands as registered.
pub async fn ensure_registered(
    http: &serenity::Http,
    calls: &DiscordMetrics,
    application: serenity::ApplicationId,
    scope: CommandScope,
    commands: &[Command],
    core: &Core,
    mentions: &Mentions,
) -> Result<Registration, RegistrationError> {
    let store = core.store();
    let builders = body(commands, scope);
    let fingerprint = fingerprint(application, scope, &builders);
    let application_id = ApplicationId(application.get());
    let here = scope.to_string();
    let same = |r: &store::Registration| {
        r.scope == here
            && r.application == application_id
            && r.fingerprint == fingerprint
            && !r.commands.is_empty()
    };
    let recorded = store::registrations(store.reader()).await?;
    if let Some(r) = recorded.iter().find(|r| same(r)) {
        mentions.set(&r.commands);
        return Ok(Registration::Unchanged);
    }
    // Processes of one bot starting together register once: the one holding the lease does, the others
    // wait for its record.
    // Named like the process's other claims: started again after dying mid-registration, it takes its own
    // lease back at once rather than waiting for it.
    let holder = core.process_name().to_owned();
    let waited_since = std::time::Instant::now();
    loop {
        let now = core.now_ms();
        let mut tx = store.begin().await?;
        let taken = store::take_lease(&mut tx, LEASE, &holder, now, now + LEASE_MS).await?;
        tx.commit().await.map_err(StoreError::from)?;
        if taken {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        let recorded = store::registrations(store.reader()).await?;
        if let Some(r) = recorded.iter().find(|r| same(r)) {
            mentions.set(&r.commands);
            return Ok(Registration::ByAnotherProcess);
        }
        if waited_since.elapsed().as_millis() > u128::from(LEASE_MS.unsigned_abs()) * 2 {
            return Err(RegistrationError::Waited);
        }
    }
    // What another process recorded while this one waited for the lease counts too.
    let recorded = store::registrations(store.reader()).await?;
    let outcome = register(
        http,
        calls,
        application,
        scope,
        builders,
        fingerprint,
        store,
        mentions,
        core.now_ms(),
        recorded,
    )
    .await;
    let mut tx = store.begin().await?;
    store::end_lease(&mut tx, LEASE, &holder).await?;
    tx.commit().await.map_err(StoreError::from)?;
    outcome
}

/// Registers `builders` and records them; removes the copy of another scope.
#[allow(clippy::too_many_arguments)]
async fn register(
    http: &serenity::Http,
    calls: &DiscordMetrics,
    application: serenity::ApplicationId,
    scope: CommandScope,
    builders: Vec<serde_json::Value>,
    fingerprint: String,
    store: &Store,
    mentions: &Mentions,
    now_ms: i64,
    recorded: Vec<store::Registration>,
) -> Result<Registration, RegistrationError> {
    let application_id = ApplicationId(application.get());
    let here = scope.to_string();
    let count = builders.len();
    let registered = match scope {
        CommandScope::Global => {
            let set = http.create_global_commands(&builders);
            calls.call(Route::Startup, set).await?
        }
        CommandScope::Guild(guild) => {
            let set = http.create_guild_commands(guild, &builders);
            calls.call(Route::Startup, set).await?
        }
    };
    let ids: BTreeMap<String, CommandId> = registered
        .iter()
        .map(|c| (c.name.clone(), CommandId(c.id.get())))
        .collect();
    let mut tx = store.begin().await?;
    store::save_registration(
        &mut tx,
        &store::Registration {
            scope: here.clone(),
            application: application_id,
            fingerprint,
            commands: ids.clone(),
        },
        now_ms,
    )
    .await?;
    tx.commit().await.map_err(StoreError::from)?;
    mentions.set(&ids);
    // A development server's copy goes when the commands move elsewhere. (Global commands moving to one
    // server stay: removing them would take the bot's commands from every other server.) Only this
    // application's copy can be removed, and a failure (the bot was removed from that server) is not
    // worth registering again at every start.
    let mut removed_from = None;
    for old in recorded
        .iter()
        .filter(|r| r.application == application_id && r.scope != here)
    {
        let Some(CommandScope::Guild(guild)) = parse_scope(&old.scope) else {
            continue;
        };
        match calls
            .call(Route::Startup, guild.set_commands(http, Vec::new()))
            .await
        {
            Ok(_) => removed_from = Some(guild),
            Err(error) => {
                tracing::warn!(%guild, %error, "could not remove the commands registered before in that server")
            }
        }
        let mut tx = store.begin().await?;
        store::forget_registration(&mut tx, &old.scope).await?;
        tx.commit().await.map_err(StoreError::from)?;
    }
    let global_kept = scope != CommandScope::Global
        && recorded
            .iter()
            .any(|r| r.application == application_id && r.scope == "global");
    Ok(Registration::Registered {
        commands: count,
        removed_from,
        global_kept,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands;

    #[test]
    fn fingerprint_changes_with_commands_scope_and_application() {
        let app = serenity::ApplicationId::new(1);
        let all = body(&commands::all(), CommandScope::Global);
        let base = fingerprint(app, CommandScope::Global, &all);
        assert_eq!(base, fingerprint(app, CommandScope::Global, &all), "stable");
        assert_ne!(base, fingerprint(app, CommandScope::Global, &all[1..]));
        assert_ne!(
            base,
            fingerprint(app, CommandScope::Guild(serenity::GuildId::new(5)), &all)
        );
        assert_ne!(
            base,
            fingerprint(serenity::ApplicationId::new(2), CommandScope::Global, &all)
        );
    }

    /// What breaks Discord's rules, and what lacks French, in the registration of `commands`.
    fn broken(commands: &[Command]) -> (Vec<String>, Vec<String>) {
        let body = body(commands, CommandScope::Global);
        let spec =
            fake_discord::OpenApi::load(std::path::Path::new(fake_discord::openapi::VENDORED));
        (
            fake_discord::commands::check(&body, &spec.locales()),
            fake_discord::commands::untranslated(&body, "fr"),
        )
    }

    #[test]
    fn where_each_command_may_be_used_is_said_globally_and_left_out_in_a_development_server() {
        let global = body(&commands::all(), CommandScope::Global);
        for command in &global {
            let name = command["name"].as_str().unwrap();
            let server = commands::SERVER_COMMANDS.contains(&name);
            let (installs, contexts) = match server {
                true => (serde_json::json!([0]), serde_json::json!([0])),
                false => (serde_json::json!([0, 1]), serde_json::json!([0, 1, 2])),
            };
            assert_eq!(command["integration_types"], installs, "/{name}");
            assert_eq!(command["contexts"], contexts, "/{name}");
        }
        let play = global.iter().find(|c| c["name"] == "challenge").unwrap();
        assert_eq!(play["contexts"], serde_json::json!([0, 1, 2]));
        let guild = body(
            &commands::all(),
            CommandScope::Guild(serenity::GuildId::new(5)),
        );
        assert_eq!(guild.len(), global.len());
        for command in &guild {
            assert!(
                command.get("integration_types").is_none() && command.get("contexts").is_none(),
                "{command}"
            );
        }
    }

    #[test]
    fn every_word_of_the_registration_obeys_discords_rules_and_is_in_french() {
        let (rules, lacking) = broken(&commands::all());
        assert!(rules.is_empty(), "{rules:#?}");
        assert!(lacking.is_empty(), "{lacking:#?}");
    }

    #[test]
    fn a_bad_translation_fails_the_check() {
        use std::borrow::Cow;
        let french = |name: &str| Cow::Owned(vec![(Cow::Borrowed("fr"), Cow::Owned(name.into()))]);
        let mut commands = commands::all();
        commands[0].name_localizations = french("Défier");
        commands[1].parameters.clear();
        commands[2].name_localizations = french(&"r".repeat(33));
        commands[3].name_localizations = french("coup");
        commands[6].description_localizations = Cow::Owned(Vec::new());
        let (rules, lacking) = broken(&commands);
        assert!(
            rules
                .iter()
                .any(|r| r.contains("\"Défier\" must be lowercase")),
            "{rules:#?}"
        );
        assert!(rules.iter().any(|r| r.contains("must match")), "{rules:#?}");
        assert!(
            rules.iter().any(|r| r.contains("2 named \"coup\" (fr)")),
            "{rules:#?}"
        );
        assert!(
            lacking.iter().any(|l| l.starts_with("/board: description")),
            "{lacking:#?}"
        );
    }

    #[test]
    fn scopes_read_back_as_written() {
        for scope in [
            CommandScope::Global,
            CommandScope::Guild(serenity::GuildId::new(42)),
        ] {
            assert_eq!(parse_scope(&scope.to_string()), Some(scope));
        }
        assert_eq!(parse_scope("guild x"), None);
        assert_eq!(parse_scope("guild 0"), None);
        assert_eq!(parse_scope("everywhere"), None);
    }
}
