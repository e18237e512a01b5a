//! A bot running in the background of an end-to-end test, and a sink that keeps what it logs.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use namnam::discord::{Bot, RunError};

/// A bot running in the background until [`Running::stop`].
pub struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
}

impl Running {
    pub fn start(bot: Bot) -> Self {
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(bot.run(async move {
            let _ = stopped.await;
        }));
        Self { stop, task }
    }

    /// Stops the bot, which must stop within 30 s and without an error.
    pub async fn stop(self) {
        self.stop.send(()).expect("the bot is still running");
        let result = tokio::time::timeout(Duration::from_secs(30), self.task)
            .await
            .expect("the bot stops within 30 s")
            .expect("the bot task did not panic");
        result.expect("the bot stops without an error");
    }
}

/// Keeps everything written to it, for a test to read.
#[derive(Clone)]
pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
