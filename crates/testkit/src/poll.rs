//! Waiting in a test for something the bot does in the background.

use std::future::Future;
use std::time::Duration;

/// How often a probe is asked again.
const EVERY: Duration = Duration::from_millis(20);

/// Asks `probe` until it finds something, and gives up with a panic naming `what` after `patience`.
pub async fn poll_async<T, F, Fut>(what: &str, patience: Duration, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        if let Some(found) = probe().await {
            return found;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "gave up waiting for {what}"
        );
        tokio::time::sleep(EVERY).await;
    }
}

/// [`poll_async`] with a probe that answers at once.
pub async fn poll<T>(what: &str, patience: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    poll_async(what, patience, || std::future::ready(probe())).await
}
