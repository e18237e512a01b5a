//! A console run live beside its test: the test types lines into it and waits for what it prints, never
//! for a time.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// The console's output, shared with the test while it runs.
#[derive(Clone, Default)]
pub struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).expect("UTF-8 output")
    }

    /// Waits until the output holds `what` after position `from`; returns where it ends.
    pub async fn wait_for(&self, what: &str, from: usize) -> usize {
        // A bound far beyond any machine's need, so that a missing line fails the test instead of hanging it.
        let give_up = tokio::time::Instant::now() + Duration::from_secs(120);
        loop {
            let text = self.text();
            if let Some(at) = text[from..].find(what) {
                return from + at + what.len();
            }
            assert!(
                tokio::time::Instant::now() < give_up,
                "never printed: {what}\n{text}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

pub async fn send(input: &mut tokio::io::DuplexStream, line: &str) {
    input
        .write_all(format!("{line}\n").as_bytes())
        .await
        .expect("the console reads");
}

/// Waits until `done` says so (a bound far beyond any machine's need fails the test instead of hanging).
pub async fn wait_until<F, Fut>(done: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let give_up = tokio::time::Instant::now() + Duration::from_secs(120);
    while !done().await {
        assert!(tokio::time::Instant::now() < give_up, "never happened");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
