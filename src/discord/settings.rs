//! The bot's settings, read once at start-up from the environment (and a `.env` file, loaded by the
//! caller): parsed at the edge, so everything after holds only valid values.

use std::fmt;
use std::path::PathBuf;

use poise::serenity_prelude as serenity;

use crate::bot::clock::parse_duration;
use crate::bot::DEFAULT_GRACE_SECS;
use crate::store::{self, Backend};

/// Where the bot keeps its database when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://namnam.db";

/// A Discord bot token. Its `Debug` and `Display` never show it, so that no log line can leak it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// Accepts a token as copied from the Developer Portal; surrounding spaces and a `Bot ` prefix are
    /// dropped.
    pub fn new(raw: &str) -> Result<Self, SettingsError> {
        let token = raw.trim();
        let token = token.strip_prefix("Bot ").unwrap_or(token).trim();
        if token.is_empty() {
            return Err(SettingsError::MissingToken);
        }
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(SettingsError::MalformedToken);
        }
        Ok(Self(token.to_owned()))
    }

    /// The token itself, for the HTTP client and the log redactor only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// Where slash commands are registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandScope {
    /// Everywhere the bot is; Discord may take a while to show changes.
    Global,
    /// One server only, updated instantly: for development.
    Guild(serenity::GuildId),
}

impl fmt::Display for CommandScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Global => f.write_str("global"),
            Self::Guild(id) => write!(f, "guild {id}"),
        }
    }
}

/// Everything the Discord front end needs to start.
#[derive(Clone, Debug)]
pub struct Settings {
    pub token: Token,
    pub database_url: String,
    pub command_scope: CommandScope,
    /// Discord's REST API base (`https://discord.com` when `None`). Tests point it at a fake Discord.
    pub api_base: Option<String>,
    /// How long after an outage the move clock still fires nothing (`OUTAGE_GRACE`, default 5 minutes).
    pub outage_grace_secs: u32,
}

/// A setting that is missing or wrong; each message tells the admin what to do.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SettingsError {
    #[error(
        "no Discord token: set DISCORD_TOKEN in the environment or in a .env file.\n\
         Get one at https://discord.com/developers/applications: create an application, open \"Bot\", \
         press \"Reset Token\" and copy it (README.md, section \"Running the bot\", walks through it).\n\
         To play without Discord, run `namnam console`."
    )]
    MissingToken,
    #[error("DISCORD_TOKEN contains spaces or control characters: copy the token again from the Developer Portal")]
    MalformedToken,
    #[error("DISCORD_GUILD_ID must be a server id (a positive number), not {0:?}")]
    BadGuildId(String),
    #[error(
        "DATABASE_URL must be sqlite://FILE (such as sqlite://namnam.db) or postgres://USER@HOST/DATABASE, not {0:?}"
    )]
    BadDatabaseUrl(String),
    #[error(
        "OUTAGE_GRACE must be a length of time such as 5m, 90s or 1h (at most a day), not {0:?}"
    )]
    BadOutageGrace(String),
}

impl Settings {
    /// Reads the settings from the process environment.
    pub fn from_env() -> Result<Self, SettingsError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `lookup` (the environment, or a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, SettingsError> {
        let token = Token::new(&lookup("DISCORD_TOKEN").unwrap_or_default())?;
        let database_url = lookup("DATABASE_URL")
            .map(|url| url.trim().to_owned())
            .filter(|url| !url.is_empty())
            .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        match Backend::of_url(&database_url) {
            Ok(Backend::Sqlite)
                if database_url.starts_with("sqlite:")
                    && store::sqlite_file(&database_url).is_some() => {}
            Ok(Backend::Sqlite) => return Err(SettingsError::BadDatabaseUrl(database_url)),
            Ok(Backend::Postgres) => {}
            Err(_) => {
                return Err(SettingsError::BadDatabaseUrl(crate::store::redacted(
                    &database_url,
                )))
            }
        }
        let command_scope = match lookup("DISCORD_GUILD_ID").map(|id| id.trim().to_owned()) {
            None => CommandScope::Global,
            Some(id) if id.is_empty() => CommandScope::Global,
            Some(id) => match id.parse::<u64>() {
                Ok(n) if n > 0 => CommandScope::Guild(serenity::GuildId::new(n)),
                _ => return Err(SettingsError::BadGuildId(id)),
            },
        };
        let outage_grace_secs = match lookup("OUTAGE_GRACE").map(|g| g.trim().to_owned()) {
            None => DEFAULT_GRACE_SECS,
            Some(g) if g.is_empty() => DEFAULT_GRACE_SECS,
            Some(g) => parse_duration(&g)
                .filter(|&secs| secs <= 86_400)
                .ok_or(SettingsError::BadOutageGrace(g))?,
        };
        Ok(Self {
            token,
            database_url,
            command_scope,
            api_base: None,
            outage_grace_secs,
        })
    }

    /// The database file named by `database_url`, if it names SQLite's (PostgreSQL's database is a server's).
    pub fn database_path(&self) -> Option<PathBuf> {
        store::sqlite_file(&self.database_url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(vars: &[(&str, &str)]) -> Result<Settings, SettingsError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn missing_or_blank_token_is_refused_with_guidance() {
        assert_eq!(read(&[]).unwrap_err(), SettingsError::MissingToken);
        assert_eq!(
            read(&[("DISCORD_TOKEN", "  ")]).unwrap_err(),
            SettingsError::MissingToken
        );
        let message = SettingsError::MissingToken.to_string();
        assert!(message.contains("DISCORD_TOKEN") && message.contains("namnam console"));
    }

    #[test]
    fn defaults_are_global_commands_and_the_local_database() {
        let settings = read(&[("DISCORD_TOKEN", "Bot abc.def ")]).unwrap();
        assert_eq!(settings.token.expose(), "abc.def");
        assert_eq!(settings.command_scope, CommandScope::Global);
        assert_eq!(settings.database_path(), Some(PathBuf::from("namnam.db")));
    }

    #[test]
    fn guild_id_and_database_url_are_checked() {
        let settings = read(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_GUILD_ID", "42"),
            ("DATABASE_URL", "sqlite:///tmp/x.db?mode=rwc"),
        ])
        .unwrap();
        assert_eq!(
            settings.command_scope,
            CommandScope::Guild(serenity::GuildId::new(42))
        );
        assert_eq!(settings.database_path(), Some(PathBuf::from("/tmp/x.db")));
        let postgres = read(&[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "postgres://namnam@db.internal/namnam"),
        ])
        .unwrap();
        assert_eq!(postgres.database_path(), None);
        assert!(matches!(
            read(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "abc")]),
            Err(SettingsError::BadGuildId(_))
        ));
        assert!(matches!(
            read(&[("DISCORD_TOKEN", "t"), ("DATABASE_URL", "mysql://x")]),
            Err(SettingsError::BadDatabaseUrl(_))
        ));
    }

    #[test]
    fn outage_grace_defaults_to_five_minutes_and_is_checked() {
        let grace = |value: &str| read(&[("DISCORD_TOKEN", "t"), ("OUTAGE_GRACE", value)]);
        assert_eq!(
            read(&[("DISCORD_TOKEN", "t")]).unwrap().outage_grace_secs,
            300
        );
        assert_eq!(grace("").unwrap().outage_grace_secs, 300);
        assert_eq!(grace("90s").unwrap().outage_grace_secs, 90);
        assert_eq!(grace("1h").unwrap().outage_grace_secs, 3600);
        for bad in ["5", "soon", "2d"] {
            assert_eq!(
                grace(bad).unwrap_err(),
                SettingsError::BadOutageGrace(bad.into())
            );
        }
    }

    #[test]
    fn token_never_shows_in_debug_output() {
        let settings = read(&[("DISCORD_TOKEN", "SECRET.TOKEN")]).unwrap();
        assert!(!format!("{settings:?}").contains("SECRET"));
    }
}
