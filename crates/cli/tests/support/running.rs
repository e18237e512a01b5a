//! A bot running in the background of an end-to-end test, and a sink that keeps what it logs.

use std::io::Write;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use namnam_core::Progress;
use namnam_discord::{Bot, RunError};
use namnam_testkit::PATIENCE;

/// A bot running in the background until [`Running::stop`].
pub struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
    progress: tokio::sync::watch::Receiver<Progress>,
}

impl Running {
    pub fn start(bot: Bot) -> Self {
        let progress = bot.progress();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(bot.run(async move {
            let _ = stopped.await;
        }));
        Self {
            stop,
            task,
            progress,
        }
    }

    /// Waits until this bot's core shows what `done` looks for in its background work: the event that
    /// proves a thing did not happen (a sweep ran at the moved clock, and fired nothing).
    pub async fn wait_progress(&self, what: &str, done: impl Fn(&Progress) -> bool) {
        let mut progress = self.progress.clone();
        let waited = tokio::time::timeout(PATIENCE, progress.wait_for(|p| done(p))).await;
        assert!(
            matches!(waited, Ok(Ok(_))),
            "gave up waiting for {what}: {:?}",
            *self.progress.borrow()
        );
    }

    /// Waits for a sweep of the move clock that began at `now_ms` or later, by the bot's clock.
    pub async fn swept_at(&self, now_ms: i64) {
        self.wait_progress(&format!("a sweep at {now_ms} or later"), |p| {
            p.swept_at.is_some_and(|at| at >= now_ms)
        })
        .await;
    }

    /// Stops the bot, which must stop (it lets its work in flight finish for 10 s at most) and without an
    /// error.
    pub async fn stop(self) {
        self.stop.send(()).expect("the bot is still running");
        let result = tokio::time::timeout(PATIENCE, self.task)
            .await
            .expect("the bot stops")
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
