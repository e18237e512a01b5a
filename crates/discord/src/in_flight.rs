//! Work in flight: every command and button holds a [`Working`] guard while it runs, so that a shutdown
//! can stop taking new work and wait for the current work to finish before the database closes.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// More concurrent handlers than the bot will ever run; a shutdown takes all of them at once.
const CAPACITY: u32 = 1 << 20;

/// The counter of running handlers.
#[derive(Clone, Debug)]
pub struct InFlight {
    permits: Arc<Semaphore>,
}

/// Held by a running handler.
#[derive(Debug)]
pub struct Working {
    _permit: OwnedSemaphorePermit,
}

impl Default for InFlight {
    fn default() -> Self {
        Self {
            permits: Arc::new(Semaphore::new(CAPACITY as usize)),
        }
    }
}

impl InFlight {
    /// Starts a piece of work, or `None` once the bot is shutting down.
    pub fn enter(&self) -> Option<Working> {
        self.permits
            .clone()
            .try_acquire_owned()
            .ok()
            .map(|permit| Working { _permit: permit })
    }

    /// Refuses new work, then waits up to `timeout` for the running work to finish. Returns whether
    /// it all finished.
    pub async fn drain(&self, timeout: Duration) -> bool {
        let all = tokio::time::timeout(timeout, self.permits.acquire_many(CAPACITY)).await;
        let finished = matches!(all, Ok(Ok(_)));
        self.permits.close();
        finished
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn drain_waits_for_running_work_and_then_refuses_more() {
        let in_flight = InFlight::default();
        let working = in_flight.enter().expect("open");
        let drained = tokio::spawn({
            let in_flight = in_flight.clone();
            async move { in_flight.drain(Duration::from_secs(5)).await }
        });
        tokio::task::yield_now().await;
        assert!(!drained.is_finished());
        drop(working);
        assert!(drained.await.unwrap());
        assert!(in_flight.enter().is_none());
    }

    #[tokio::test]
    async fn drain_gives_up_after_the_timeout() {
        let in_flight = InFlight::default();
        let _stuck = in_flight.enter().unwrap();
        assert!(!in_flight.drain(Duration::from_millis(20)).await);
    }
}
