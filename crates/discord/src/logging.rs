//! Logs for the bot: structured `tracing` output on standard error, filtered by `RUST_LOG`, as lines of
//! text or, with `NAMNAM_LOG_FORMAT=json`, one JSON object per line (tracing-subscriber's JSON layer), with
//! the secrets scrubbed from every line whatever a library decides to log: the bot token, and interaction
//! and webhook tokens (each lets anyone post as the bot for 15 minutes), which serenity puts in the routes
//! and URLs it logs at trace level and in its errors; and the password of every URL (`DATABASE_URL`,
//! `DISCORD_PROXY_URL`, any other a library prints), shown as `***`, with the settings' own passwords
//! hidden wherever they appear (a library's debug output of its options). Each interaction is logged within a span
//! `interaction` that names its command (or button) and, once known, its match.

use std::io::{self, Write};
use std::sync::Arc;

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

use super::settings::{LogFormat, Settings, Token};

/// What is logged when `RUST_LOG` is not set: the bot's own news, and only warnings from the libraries.
pub const DEFAULT_FILTER: &str = "info,serenity=warn,poise=warn,tracing::span=warn";

/// Installs the global subscriber of a tool (`namnam web`, `namnam console`) on standard error, filtered by
/// `RUST_LOG` or else `default`, with the passwords of `urls` (the database's) and every URL's hidden.
pub fn init_tool(default: &str, urls: &[&str]) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let secrets = urls.iter().flat_map(|url| namnam_store::url_secrets(url));
    let writer = Redacting::without_token(io::stderr).hiding(secrets.collect());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .try_init();
}

/// Installs the global subscriber, writing in the settings' format, every secret of the settings hidden.
/// Does nothing if one is already installed (tests).
pub fn init(settings: &Settings) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let writer = Redacting::new(&settings.token, io::stderr).hiding(settings.secrets());
    let format = settings.log_format;
    let text = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let _ = match format {
        LogFormat::Text => text.try_init(),
        LogFormat::Json => text.json().flatten_event(true).try_init(),
    };
}

/// The JSON layer [`init`] installs for `NAMNAM_LOG_FORMAT=json`, writing to `writer`: one object per line,
/// the event's fields at its top level, the current span and its parents (an interaction's command and
/// match) beside them. Tests put it beside a text layer, each with its own sink.
pub fn json_layer<S, W>(writer: W) -> impl tracing_subscriber::Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt::layer()
        .json()
        .flatten_event(true)
        .with_writer(writer)
}

/// A [`MakeWriter`] that replaces the token by `<token>` in everything written through it, every URL's
/// password and every hidden secret by `***`. The fmt layer writes each event with one `write`, so a
/// secret is never split across two calls.
#[derive(Clone)]
pub struct Redacting<M> {
    secret: Option<Arc<str>>,
    hidden: Arc<[String]>,
    inner: M,
}

impl<M> Redacting<M> {
    pub fn new(token: &Token, inner: M) -> Self {
        Self {
            secret: Some(Arc::from(token.expose())),
            hidden: Arc::from(Vec::new()),
            inner,
        }
    }

    /// For a tool that holds no bot token (`namnam web`, `namnam console`): URLs' passwords, interaction
    /// tokens and the secrets given to [`Self::hiding`] are hidden all the same.
    pub fn without_token(inner: M) -> Self {
        Self {
            secret: None,
            hidden: Arc::from(Vec::new()),
            inner,
        }
    }

    /// Also hides these (the passwords of the settings' URLs), wherever they appear.
    pub fn hiding(mut self, secrets: Vec<String>) -> Self {
        self.hidden = Arc::from(secrets);
        self
    }
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter {
            secret: self.secret.clone(),
            hidden: self.hidden.clone(),
            inner: self.inner.make_writer(),
        }
    }
}

/// The writer made by [`Redacting`].
pub struct RedactingWriter<W> {
    secret: Option<Arc<str>>,
    hidden: Arc<[String]>,
    inner: W,
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        match scrub_all(&text, self.secret.as_deref(), &self.hidden) {
            Some(clean) => self.inner.write_all(clean.as_bytes())?,
            None => self.inner.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Where an interaction or webhook token follows in a route or URL (`…/interactions/ID/TOKEN/callback`,
/// `…/webhooks/APP/TOKEN/…`), or a field that holds one (`token: "…"` in debug output, `"token":"…"` in
/// JSON).
const PATH_MARKERS: [&str; 2] = ["interactions/", "webhooks/"];
/// The last two are the same inside a JSON log line's string, where quotes come escaped (`token: \"…`).
const FIELD_MARKERS: [&str; 6] = [
    "token: \"",
    "\"token\":\"",
    "\"token\": \"",
    "token=\"",
    "token: \\\"",
    "\\\"token\\\":\\\"",
];

/// The characters a token is made of.
fn token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// `text` with the tokens replaced by `<token>` ([`scrub`]), every URL's password by `***`
/// ([`namnam_store::scrub_credentials`]) and each of `hidden` by `***`; `None` when there is none.
pub fn scrub_all(text: &str, bot_token: Option<&str>, hidden: &[String]) -> Option<String> {
    // Without a bot token of its own, a marker no text holds keeps the interaction tokens' scrub alone.
    let tokens = scrub(text, bot_token.unwrap_or("\u{0}no bot token\u{0}"));
    let text = tokens.as_deref().unwrap_or(text);
    let urls = namnam_store::scrub_credentials(text);
    let text = urls.as_deref().unwrap_or(text);
    let secrets = hidden
        .iter()
        .any(|secret| text.contains(secret.as_str()))
        .then(|| {
            hidden.iter().fold(text.to_owned(), |text, secret| {
                text.replace(secret.as_str(), "***")
            })
        });
    secrets.or(urls).or(tokens)
}

/// `text` with every token replaced by `<token>`; `None` when there is none.
pub fn scrub(text: &str, bot_token: &str) -> Option<String> {
    let has_marker = PATH_MARKERS
        .iter()
        .chain(FIELD_MARKERS.iter())
        .any(|m| text.contains(m));
    if !has_marker && !text.contains(bot_token) {
        return None;
    }
    let mut out = text.replace(bot_token, "<token>");
    for marker in PATH_MARKERS {
        out = replace_after(&out, marker, |rest| {
            // The id, its slash, then the token.
            let id = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            (id > 0 && rest[id..].starts_with('/')).then_some(id + 1)
        });
    }
    for marker in FIELD_MARKERS {
        out = replace_after(&out, marker, |_| Some(0));
    }
    Some(out)
}

/// Replaces the token that starts `skip(rest)` characters after each `marker` (when `skip` finds one).
fn replace_after(text: &str, marker: &str, skip: impl Fn(&str) -> Option<usize>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        let (before, after) = rest.split_at(at + marker.len());
        out.push_str(before);
        rest = after;
        let Some(start) = skip(rest) else {
            continue;
        };
        let len = rest[start..]
            .find(|c: char| !token_char(c))
            .unwrap_or(rest.len() - start);
        // `<token>` itself (from the bot token) and empty values stay as they are.
        if len > 0 {
            out.push_str(&rest[..start]);
            out.push_str("<token>");
            rest = &rest[start + len..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_token_never_reaches_the_log() {
        let token = Token::new("MTIz.SECRET.xyz").unwrap();
        let captured = Captured::default();
        let sink = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(Redacting::new(&token, move || sink.clone()))
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(header = "Bot MTIz.SECRET.xyz", "sending MTIz.SECRET.xyz");
        });
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert!(log.contains("sending <token>"), "{log}");
        assert!(!log.contains("SECRET"), "{log}");
    }

    #[test]
    fn no_password_of_a_url_reaches_the_log() {
        let token = Token::new("MTIz.SECRET.xyz").unwrap();
        let captured = Captured::default();
        let sink = captured.clone();
        let writer = Redacting::new(&token, move || sink.clone())
            .hiding(vec!["pr0xy-pass".to_owned(), "db-pass".to_owned()]);
        let subscriber = tracing_subscriber::fmt().with_writer(writer).finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(proxy = ?Some("http://bot:pr0xy-pass@proxy:3000"), "a request");
            tracing::info!(
                options = "PgConnectOptions { password: Some(\"db-pass\") }",
                "connecting"
            );
            tracing::info!("connecting to postgres://namnam:other-pass@db/namnam");
        });
        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        for secret in ["pr0xy-pass", "db-pass", "other-pass"] {
            assert!(!log.contains(secret), "{secret} in {log}");
        }
        assert!(log.contains("http://bot:***@proxy:3000"), "{log}");
        assert!(log.contains("postgres://namnam:***@db/namnam"), "{log}");
    }

    #[test]
    fn interaction_and_webhook_tokens_never_reach_the_log() {
        let token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OnNlY3JldA.x-y_z";
        let lines = [
            format!("POST https://discord.com/api/v10/interactions/123456/{token}/callback failed"),
            format!("PATCH /webhooks/99/{token}/messages/@original"),
            format!("route: InteractionResponse {{ interaction_id: 1, token: \"{token}\" }}"),
            format!(r#"{{"t":"INTERACTION_CREATE","d":{{"token":"{token}","id":"1"}}}}"#),
            // The same within a JSON log line's string: the debug output's quotes come escaped.
            format!(r#"{{"message":"route: InteractionResponse {{ token: \"{token}\" }}"}}"#),
            format!(r#"{{"message":"{{\"token\":\"{token}\",\"id\":\"1\"}}"}}"#),
        ];
        for line in lines {
            let clean = scrub(&line, "bot-token").expect("something to scrub");
            assert!(!clean.contains("aW50ZXJh"), "{clean}");
            assert!(clean.contains("<token>"), "{clean}");
        }
        assert_eq!(
            scrub("interactions/ are fine", "bot-token"),
            Some("interactions/ are fine".into())
        );
        assert_eq!(scrub("nothing secret", "bot-token"), None);
    }
}
