//! Registering the slash commands with Discord, only when they changed: Discord limits how often an
//! application may register commands, and a global registration takes a while to reach every client, so
//! a restart with the same commands must not register again.
//!
//! What was registered last is remembered as a SHA-256 of the exact request (the command set, where it
//! was registered and for which application) in a small file next to the database, with where it was
//! registered: a bot moved from a development server to global commands removes the server's copy, which
//! would otherwise show every command twice there.

use std::io;
use std::path::{Path, PathBuf};

use poise::serenity_prelude as serenity;
use sha2::{Digest, Sha256};

use super::commands::Command;
use super::settings::CommandScope;

/// What [`ensure_registered`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registration {
    /// The same commands were registered before: nothing was sent.
    Unchanged,
    /// The commands were sent to Discord; `removed_from` is a server whose earlier copy was removed, and
    /// `global_kept` says that an earlier global registration was left in place.
    Registered {
        commands: usize,
        removed_from: Option<serenity::GuildId>,
        global_kept: bool,
    },
}

/// What the record file holds: the fingerprint, then where that registration went and for which
/// application (both absent in records written before they were kept).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Recorded {
    fingerprint: String,
    scope: Option<CommandScope>,
    application: Option<serenity::ApplicationId>,
}

#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    #[error("Discord refused the command registration")]
    Discord(#[source] Box<serenity::Error>),
    #[error("could not remember the registered commands in {path}")]
    Record { path: PathBuf, source: io::Error },
}

impl From<serenity::Error> for RegistrationError {
    fn from(error: serenity::Error) -> Self {
        // Boxed: serenity's error is large, and these travel through every handler's `Result`.
        Self::Discord(Box::new(error))
    }
}

/// The file that remembers the last registration.
#[derive(Debug, Clone)]
pub struct RegistrationRecord {
    path: PathBuf,
}

impl RegistrationRecord {
    /// The record that belongs to the database at `database`: `namnam.db` → `namnam.db.commands`.
    pub fn beside(database: &Path) -> Self {
        let mut name = database.as_os_str().to_owned();
        name.push(".commands");
        Self {
            path: PathBuf::from(name),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn load(&self) -> Option<Recorded> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let mut lines = text.lines().map(str::trim);
        let fingerprint = lines.next()?.to_owned();
        let scope = lines.next().and_then(parse_scope);
        let application = lines
            .next()
            .and_then(|line| line.strip_prefix("application "))
            .and_then(|id| id.parse().ok())
            .filter(|&id| id != 0)
            .map(serenity::ApplicationId::new);
        Some(Recorded {
            fingerprint,
            scope,
            application,
        })
    }

    fn save(
        &self,
        fingerprint: &str,
        scope: CommandScope,
        application: serenity::ApplicationId,
    ) -> Result<(), RegistrationError> {
        let record_error = |source| RegistrationError::Record {
            path: self.path.clone(),
            source,
        };
        // Write then rename, so that a crash never leaves half a fingerprint.
        let mut temporary = self.path.as_os_str().to_owned();
        temporary.push(".tmp");
        let text = format!("{fingerprint}\n{scope}\napplication {application}\n");
        std::fs::write(&temporary, text).map_err(record_error)?;
        std::fs::rename(&temporary, &self.path).map_err(record_error)
    }
}

/// A scope as [`CommandScope`]'s `Display` writes it: `global` or `guild <id>`.
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

/// The fingerprint of one registration request.
pub fn fingerprint(
    application: serenity::ApplicationId,
    scope: CommandScope,
    commands: &[serenity::CreateCommand],
) -> String {
    let body = serde_json::to_vec(commands).expect("command builders always serialize");
    let mut hash = Sha256::new();
    hash.update(format!("{application} {scope}\n").as_bytes());
    hash.update(&body);
    hash.finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Registers `commands` in `scope` unless exactly these were registered there last time.
pub async fn ensure_registered(
    http: &serenity::Http,
    application: serenity::ApplicationId,
    scope: CommandScope,
    commands: &[Command],
    record: &RegistrationRecord,
) -> Result<Registration, RegistrationError> {
    let builders = poise::builtins::create_application_commands(commands);
    let fingerprint = fingerprint(application, scope, &builders);
    let recorded = record.load();
    if let Some(r) = recorded.as_ref().filter(|r| r.fingerprint == fingerprint) {
        if r.scope.is_none() || r.application.is_none() {
            // A record from before the scope was kept: complete it, so that a later move can clean up.
            record.save(&fingerprint, scope, application)?;
        }
        return Ok(Registration::Unchanged);
    }
    let count = builders.len();
    match scope {
        CommandScope::Global => {
            serenity::Command::set_global_commands(http, builders).await?;
        }
        CommandScope::Guild(guild) => {
            guild.set_commands(http, builders).await?;
        }
    }
    // A development server's copy goes when the commands move elsewhere. (Global commands moving to one
    // server stay: removing them would take the bot's commands from every other server.) Only this
    // application's copy can be removed, and a failure (the bot was removed from that server) is not
    // worth registering again at every start.
    let before = recorded
        .filter(|r| r.application == Some(application))
        .and_then(|r| r.scope);
    let removed_from = match before {
        Some(CommandScope::Guild(old)) if scope != CommandScope::Guild(old) => {
            match old.set_commands(http, Vec::new()).await {
                Ok(_) => Some(old),
                Err(error) => {
                    tracing::warn!(guild = %old, %error, "could not remove the commands registered before in that server");
                    None
                }
            }
        }
        _ => None,
    };
    record.save(&fingerprint, scope, application)?;
    Ok(Registration::Registered {
        commands: count,
        removed_from,
        global_kept: before == Some(CommandScope::Global) && scope != CommandScope::Global,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::commands;

    #[test]
    fn fingerprint_changes_with_commands_scope_and_application() {
        let app = serenity::ApplicationId::new(1);
        let all = poise::builtins::create_application_commands(&commands::all());
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

    #[test]
    fn record_lives_beside_the_database_and_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let record = RegistrationRecord::beside(&dir.path().join("namnam.db"));
        assert_eq!(record.path(), dir.path().join("namnam.db.commands"));
        assert_eq!(record.load(), None);
        let guild = CommandScope::Guild(serenity::GuildId::new(42));
        let app = serenity::ApplicationId::new(7);
        record.save("abc", guild, app).unwrap();
        let loaded = record.load().unwrap();
        assert_eq!(loaded.fingerprint, "abc");
        assert_eq!(loaded.scope, Some(guild));
        assert_eq!(loaded.application, Some(app));
        record.save("def", CommandScope::Global, app).unwrap();
        assert_eq!(record.load().unwrap().scope, Some(CommandScope::Global));
        // A record from before the scope was kept: the fingerprint alone.
        std::fs::write(record.path(), "abc\n").unwrap();
        let old = record.load().unwrap();
        assert_eq!((old.fingerprint.as_str(), old.scope), ("abc", None));
        assert_eq!(old.application, None);
        assert_eq!(parse_scope("guild x"), None);
    }
}
