//! The bot's settings, read once at start-up from the environment (and a `.env` file, loaded by the
//! caller): parsed at the edge, so everything after holds only valid values.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use namnam_core::clock::parse_duration;
use namnam_core::DEFAULT_GRACE_SECS;
use namnam_store::{self as store, Backend};

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

/// Which of the bot's shards this process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// All of them, as many as Discord recommends (one process per bot: the default).
    Auto,
    /// Shards `first` to `last` (both included) of `count`: one process of several.
    Range { first: u32, last: u32, count: u32 },
}

impl Shards {
    /// The process's name among those sharing the database: stable across restarts, and one per range.
    pub fn process_name(self) -> String {
        match self {
            Shards::Auto => "all shards".to_owned(),
            Shards::Range { first, last, count } => format!("shards {first}-{last} of {count}"),
        }
    }

    /// Reads `DISCORD_SHARDS` (`FIRST-LAST`, or one shard `N`) and `DISCORD_SHARD_COUNT`: both or neither.
    fn parse(range: Option<String>, count: Option<String>) -> Result<Shards, SettingsError> {
        let blank = |v: &Option<String>| v.as_deref().map_or(true, |v| v.trim().is_empty());
        if blank(&range) && blank(&count) {
            return Ok(Shards::Auto);
        }
        let (range, count) = (
            range.unwrap_or_default().trim().to_owned(),
            count.unwrap_or_default().trim().to_owned(),
        );
        let bad = || SettingsError::BadShards {
            range: range.clone(),
            count: count.clone(),
        };
        let (first, last) = range.split_once('-').unwrap_or((&range, &range));
        let number = |text: &str| text.trim().parse::<u32>().map_err(|_| bad());
        let (first, last, count) = (number(first)?, number(last)?, number(&count)?);
        if first > last || last >= count {
            return Err(bad());
        }
        Ok(Shards::Range { first, last, count })
    }
}

/// Settings that only tests use, to make a process's slow work fast or its fast work slow. Not for
/// production: read from `NAMNAM_TEST_*` variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TestSettings {
    /// How often the move clock is checked, instead of every 30 seconds (`NAMNAM_TEST_SWEEP_MS`).
    pub sweep_every: Option<Duration>,
    /// A pause in every computer search once its turn is claimed (`NAMNAM_TEST_SEARCH_DELAY_MS`).
    pub search_delay: Duration,
    /// The nodes of each position an analysis searches, instead of the bot's own budget
    /// (`NAMNAM_TEST_ANALYSIS_NODES`).
    pub analysis_nodes: Option<u64>,
}

/// Everything the Discord front end needs to start. Its `Debug` shows no secret: the token, and the
/// passwords in the database's and the proxy's URLs, are left out.
#[derive(Clone)]
pub struct Settings {
    pub token: Token,
    pub database_url: String,
    pub command_scope: CommandScope,
    /// An HTTP proxy for Discord's REST API that shares its rate limits between processes
    /// (`DISCORD_PROXY_URL`, e.g. twilight-http-proxy); serenity's own rate limiter is off behind it.
    pub proxy_url: Option<String>,
    /// The shards this process runs (`DISCORD_SHARDS`, `DISCORD_SHARD_COUNT`).
    pub shards: Shards,
    pub test: TestSettings,
    /// How long after an outage the move clock still fires nothing (`OUTAGE_GRACE`, default 5 minutes).
    pub outage_grace_secs: u32,
    /// The public address of `namnam web` (`NAMNAM_WEB_URL`): replies link to a server's pages there.
    pub web_url: Option<String>,
    /// Where the operator's `/metrics`, `/healthz` and `/readyz` are served (`NAMNAM_METRICS_ADDR`,
    /// `namnam run --metrics`); none when unset.
    pub metrics_addr: Option<SocketAddr>,
    /// How the logs are written (`NAMNAM_LOG_FORMAT`: `text`, the default, or `json`).
    pub log_format: LogFormat,
}

/// How the logs are written on standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text per event, for people.
    #[default]
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

impl Settings {
    /// The passwords the settings' URLs carry (the database's, the proxy's, the web's), for the logs to
    /// hide wherever they appear.
    pub fn secrets(&self) -> Vec<String> {
        let urls = [
            Some(&self.database_url),
            self.proxy_url.as_ref(),
            self.web_url.as_ref(),
        ];
        urls.into_iter()
            .flatten()
            .flat_map(|url| namnam_store::url_secrets(url))
            .collect()
    }
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("token", &self.token)
            .field("database_url", &namnam_store::redacted(&self.database_url))
            .field("command_scope", &self.command_scope)
            .field(
                "proxy_url",
                &self.proxy_url.as_deref().map(namnam_store::redacted),
            )
            .field("shards", &self.shards)
            .field("test", &self.test)
            .field("outage_grace_secs", &self.outage_grace_secs)
            .field(
                "web_url",
                &self.web_url.as_deref().map(namnam_store::redacted),
            )
            .field("metrics_addr", &self.metrics_addr)
            .field("log_format", &self.log_format)
            .finish()
    }
}

/// A setting that is missing or wrong; each message tells the admin what to do. A URL is named without
/// its password.
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
        "DISCORD_SHARDS and DISCORD_SHARD_COUNT (or --shards and --shard-count) go together: shards FIRST-LAST \
         (or one shard N) of COUNT, counted from 0, such as 0-3 and 8; not {range:?} and {count:?}"
    )]
    BadShards { range: String, count: String },
    #[error("DISCORD_PROXY_URL must be an http:// or https:// address, not {0:?}")]
    BadProxyUrl(String),
    #[error("NAMNAM_WEB_URL must be the http:// or https:// address of `namnam web`, not {0:?}")]
    BadWebUrl(String),
    #[error(
        "NAMNAM_METRICS_ADDR (or --metrics) must be an address and port to listen on, such as \
         127.0.0.1:9100, not {0:?}"
    )]
    BadMetricsAddr(String),
    #[error("NAMNAM_LOG_FORMAT must be text or json, not {0:?}")]
    BadLogFormat(String),
    #[error(
        "{0} must be a whole number of milliseconds, above 0 for a period (a test-only setting)"
    )]
    BadTestSetting(&'static str),
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
            Ok(Backend::Sqlite) => {
                return Err(SettingsError::BadDatabaseUrl(namnam_store::redacted(
                    &database_url,
                )))
            }
            Ok(Backend::Postgres) => {}
            Err(_) => {
                return Err(SettingsError::BadDatabaseUrl(namnam_store::redacted(
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
        let shards = Shards::parse(lookup("DISCORD_SHARDS"), lookup("DISCORD_SHARD_COUNT"))?;
        let proxy_url = match lookup("DISCORD_PROXY_URL").map(|url| url.trim().to_owned()) {
            None => None,
            Some(url) if url.is_empty() => None,
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => Some(url),
            Some(url) => return Err(SettingsError::BadProxyUrl(namnam_store::redacted(&url))),
        };
        let web_url = match lookup("NAMNAM_WEB_URL").map(|url| url.trim().to_owned()) {
            None => None,
            Some(url) if url.is_empty() => None,
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => Some(url),
            Some(url) => return Err(SettingsError::BadWebUrl(namnam_store::redacted(&url))),
        };
        let metrics_addr = match lookup("NAMNAM_METRICS_ADDR").map(|a| a.trim().to_owned()) {
            None => None,
            Some(addr) if addr.is_empty() => None,
            Some(addr) => Some(
                addr.parse::<SocketAddr>()
                    .map_err(|_| SettingsError::BadMetricsAddr(addr))?,
            ),
        };
        let log_format = match lookup("NAMNAM_LOG_FORMAT").map(|f| f.trim().to_ascii_lowercase()) {
            None => LogFormat::Text,
            Some(f) if f.is_empty() || f == "text" => LogFormat::Text,
            Some(f) if f == "json" => LogFormat::Json,
            Some(f) => return Err(SettingsError::BadLogFormat(f)),
        };
        let millis = |name: &'static str| -> Result<Option<Duration>, SettingsError> {
            lookup(name)
                .map(|value| value.trim().parse::<u64>().map(Duration::from_millis))
                .transpose()
                .map_err(|_| SettingsError::BadTestSetting(name))
        };
        let sweep_every = millis("NAMNAM_TEST_SWEEP_MS")?;
        if sweep_every.is_some_and(|every| every.is_zero()) {
            return Err(SettingsError::BadTestSetting("NAMNAM_TEST_SWEEP_MS"));
        }
        let test = TestSettings {
            sweep_every,
            search_delay: millis("NAMNAM_TEST_SEARCH_DELAY_MS")?.unwrap_or_default(),
            analysis_nodes: lookup("NAMNAM_TEST_ANALYSIS_NODES")
                .map(|value| value.trim().parse::<u64>())
                .transpose()
                .map_err(|_| SettingsError::BadTestSetting("NAMNAM_TEST_ANALYSIS_NODES"))?,
        };
        Ok(Self {
            token,
            database_url,
            command_scope,
            proxy_url,
            shards,
            outage_grace_secs,
            test,
            web_url,
            metrics_addr,
            log_format,
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

    /// No secret in `Settings`' `Debug`, nor in the message about a malformed URL.
    mod abuse {
        use super::*;

        const SECRETS: [&str; 3] = ["t0ken.SECRET", "pa55word", "pr0xypass"];

        #[test]
        fn settings_debug_shows_no_secret() {
            let settings = read(&[
                ("DISCORD_TOKEN", "t0ken.SECRET"),
                ("DATABASE_URL", "postgres://namnam:pa55word@db/namnam"),
                ("DISCORD_PROXY_URL", "http://bot:pr0xypass@proxy:3000"),
            ])
            .unwrap();
            let shown = format!("{settings:?}");
            for secret in SECRETS {
                assert!(!shown.contains(secret), "{secret} in {shown}");
            }
            assert!(shown.contains("postgres://namnam:***@db/namnam"), "{shown}");
        }

        #[test]
        fn a_malformed_url_is_named_without_its_credentials() {
            for (name, url) in [
                ("DATABASE_URL", "mysql://namnam:pa55word@db/namnam"),
                ("DATABASE_URL", "namnam:pa55word@db"),
                ("DATABASE_URL", "postgres//namnam:pa55word@db"),
                ("DISCORD_PROXY_URL", "socks5://bot:pr0xypass@proxy"),
                ("DISCORD_PROXY_URL", "bot:pr0xypass@proxy:3000"),
            ] {
                let error = read(&[("DISCORD_TOKEN", "t"), (name, url)]).unwrap_err();
                let shown = format!("{error} {error:?}");
                for secret in SECRETS {
                    assert!(!shown.contains(secret), "{url}: {shown}");
                }
            }
        }
    }

    #[test]
    fn the_metrics_address_and_the_log_format_are_checked() {
        let base = [("DISCORD_TOKEN", "t")];
        let default = read(&base).unwrap();
        assert_eq!(
            (default.metrics_addr, default.log_format),
            (None, LogFormat::Text)
        );
        let set = read(&[
            base[0],
            ("NAMNAM_METRICS_ADDR", "127.0.0.1:9100"),
            ("NAMNAM_LOG_FORMAT", "JSON"),
        ])
        .unwrap();
        assert_eq!(set.metrics_addr, Some("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(set.log_format, LogFormat::Json);
        assert_eq!(
            read(&[base[0], ("NAMNAM_METRICS_ADDR", "9100")]).unwrap_err(),
            SettingsError::BadMetricsAddr("9100".into())
        );
        assert_eq!(
            read(&[base[0], ("NAMNAM_LOG_FORMAT", "yaml")]).unwrap_err(),
            SettingsError::BadLogFormat("yaml".into())
        );
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
    fn shards_default_to_all_and_a_range_is_checked() {
        let shards = |range: &str, count: &str| {
            read(&[
                ("DISCORD_TOKEN", "t"),
                ("DISCORD_SHARDS", range),
                ("DISCORD_SHARD_COUNT", count),
            ])
            .map(|s| s.shards)
        };
        assert_eq!(
            read(&[("DISCORD_TOKEN", "t")]).unwrap().shards,
            Shards::Auto
        );
        assert_eq!(shards("", "").unwrap(), Shards::Auto);
        let two_of_four = Shards::Range {
            first: 2,
            last: 3,
            count: 4,
        };
        assert_eq!(shards("2-3", "4").unwrap(), two_of_four);
        assert_eq!(two_of_four.process_name(), "shards 2-3 of 4");
        assert_eq!(
            shards("1", "2").unwrap(),
            Shards::Range {
                first: 1,
                last: 1,
                count: 2
            }
        );
        for (range, count) in [
            ("0-1", ""),
            ("", "2"),
            ("2-1", "4"),
            ("0-4", "4"),
            ("a", "2"),
        ] {
            assert!(
                matches!(shards(range, count), Err(SettingsError::BadShards { .. })),
                "{range:?} of {count:?}"
            );
        }
    }

    #[test]
    fn a_proxy_is_an_http_address() {
        let proxy = |url: &str| read(&[("DISCORD_TOKEN", "t"), ("DISCORD_PROXY_URL", url)]);
        assert_eq!(proxy("").unwrap().proxy_url, None);
        assert_eq!(
            proxy("http://127.0.0.1:3000").unwrap().proxy_url.as_deref(),
            Some("http://127.0.0.1:3000")
        );
        assert!(matches!(
            proxy("127.0.0.1:3000"),
            Err(SettingsError::BadProxyUrl(_))
        ));
    }

    #[test]
    fn test_only_settings_are_checked() {
        let test = |name: &str, value: &str| read(&[("DISCORD_TOKEN", "t"), (name, value)]);
        assert_eq!(
            read(&[("DISCORD_TOKEN", "t")]).unwrap().test,
            TestSettings::default()
        );
        let fast = test("NAMNAM_TEST_SWEEP_MS", "200").unwrap().test;
        assert_eq!(fast.sweep_every, Some(Duration::from_millis(200)));
        let slow = test("NAMNAM_TEST_SEARCH_DELAY_MS", "2000").unwrap().test;
        assert_eq!(slow.search_delay, Duration::from_secs(2));
        for (name, bad) in [
            ("NAMNAM_TEST_SWEEP_MS", "0"),
            ("NAMNAM_TEST_SEARCH_DELAY_MS", "2s"),
        ] {
            assert_eq!(
                test(name, bad).unwrap_err(),
                SettingsError::BadTestSetting(if name.contains("SWEEP") {
                    "NAMNAM_TEST_SWEEP_MS"
                } else {
                    "NAMNAM_TEST_SEARCH_DELAY_MS"
                })
            );
        }
    }

    #[test]
    fn token_never_shows_in_debug_output() {
        let settings = read(&[("DISCORD_TOKEN", "SECRET.TOKEN")]).unwrap();
        assert!(!format!("{settings:?}").contains("SECRET"));
    }
}
