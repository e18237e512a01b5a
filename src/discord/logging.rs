//! Logs for the bot: structured `tracing` output on standard error, filtered by `RUST_LOG`, with the
//! token scrubbed from every line whatever a library decides to log.

use std::io::{self, Write};
use std::sync::Arc;

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

use super::settings::Token;

/// What is logged when `RUST_LOG` is not set: the bot's own news, and only warnings from the libraries.
pub const DEFAULT_FILTER: &str = "info,serenity=warn,poise=warn,tracing::span=warn";

/// Installs the global subscriber. Does nothing if one is already installed (tests).
pub fn init(token: &Token) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let writer = Redacting::new(token, io::stderr);
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .try_init();
}

/// A [`MakeWriter`] that replaces the token by `<token>` in everything written through it. The fmt
/// layer writes each event with one `write`, so a token is never split across two calls.
#[derive(Clone)]
pub struct Redacting<M> {
    secret: Arc<str>,
    inner: M,
}

impl<M> Redacting<M> {
    pub fn new(token: &Token, inner: M) -> Self {
        Self {
            secret: Arc::from(token.expose()),
            inner,
        }
    }
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter {
            secret: self.secret.clone(),
            inner: self.inner.make_writer(),
        }
    }
}

/// The writer made by [`Redacting`].
pub struct RedactingWriter<W> {
    secret: Arc<str>,
    inner: W,
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        if text.contains(&*self.secret) {
            self.inner
                .write_all(text.replace(&*self.secret, "<token>").as_bytes())?;
        } else {
            self.inner.write_all(buf)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
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
}
