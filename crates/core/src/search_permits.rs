//! The process's search permits, shared fairly: a search (the computer's move, a puzzle answer checked, an
//! explanation, an analysis, the daily puzzle's mining) takes a core for up to about a second, and the
//! process runs only a few at once. With one queue in arrival order, one player with twenty matches against
//! the strongest computer queued twenty seconds of searches in front of everyone else's moves. Here each
//! player may hold at most `per_player` permits at a time; a waiter whose player is at that bound lets the
//! waiters behind it pass, so the others' searches start as soon as a permit is free, and a player's own
//! searches wait behind each other only.
//!
//! The bound holds per process: with several processes (each its own permits), one player can hold
//! `per_player` in each process that serves one of their places (docs/security.md).

use namnam_model::UserId;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use tokio::sync::oneshot;

/// Whose share a search is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Share {
    /// A search a player's action called for: their move against the computer, their puzzle answer,
    /// their analysis.
    Player(UserId),
    /// Work nobody asked for just now (the daily puzzle's mining): a share of its own.
    Background,
}

/// At most `total` searches at once, at most `per_player` of them for one [`Share`]; the waiters are
/// served in arrival order among those whose share has room.
pub(crate) struct SearchPermits {
    total: usize,
    per_player: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    running: usize,
    held: HashMap<Share, usize>,
    waiting: VecDeque<(Share, oneshot::Sender<()>)>,
}

/// A permit held; given back when dropped (also when the search fails or its task is dropped).
pub(crate) struct SearchPermit<'a> {
    permits: &'a SearchPermits,
    share: Share,
}

/// A wait for a permit, which gives the permit back if it was granted after the wait was given up.
struct Waiting<'a> {
    permits: &'a SearchPermits,
    share: Share,
    granted: oneshot::Receiver<()>,
    done: bool,
}

impl SearchPermits {
    pub fn new(total: usize, per_player: usize) -> SearchPermits {
        SearchPermits {
            total: total.max(1),
            per_player: per_player.max(1),
            state: Mutex::new(State::default()),
        }
    }

    /// The permits in use now (for the metrics).
    pub fn in_use(&self) -> usize {
        self.lock().running
    }

    /// The searches waiting for a permit now.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Waits for a permit in `share`'s turn.
    pub async fn acquire(&self, share: Share) -> SearchPermit<'_> {
        let (grant, granted) = oneshot::channel();
        {
            let mut state = self.lock();
            state.waiting.push_back((share, grant));
            self.dispatch(&mut state);
        }
        let mut waiting = Waiting {
            permits: self,
            share,
            granted,
            done: false,
        };
        // The sender is only dropped unsent when its waiter was already gone: never while we wait here.
        let _ = (&mut waiting.granted).await;
        waiting.done = true;
        SearchPermit {
            permits: self,
            share,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Nothing panics while holding it: a poisoned lock is still consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Grants free permits to the first waiters whose share has room, in order.
    fn dispatch(&self, state: &mut State) {
        let mut i = 0;
        while state.running < self.total && i < state.waiting.len() {
            let share = state.waiting[i].0;
            if state.held.get(&share).copied().unwrap_or(0) >= self.per_player {
                i += 1;
                continue;
            }
            let (_, grant) = state.waiting.remove(i).expect("an index below the length");
            // A waiter that gave up is dropped from the queue; the permit goes to the next one.
            if grant.send(()).is_ok() {
                state.running += 1;
                *state.held.entry(share).or_default() += 1;
            }
        }
    }

    fn release(&self, share: Share) {
        let mut state = self.lock();
        state.running -= 1;
        if let Some(held) = state.held.get_mut(&share) {
            *held -= 1;
            if *held == 0 {
                state.held.remove(&share);
            }
        }
        self.dispatch(&mut state);
    }
}

impl Drop for SearchPermit<'_> {
    fn drop(&mut self) {
        self.permits.release(self.share);
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        // Given up while waiting: a permit granted in the meantime goes back.
        self.granted.close();
        if self.granted.try_recv().is_ok() {
            self.permits.release(self.share);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn player(n: u64) -> Share {
        Share::Player(UserId(n))
    }

    #[tokio::test]
    async fn a_player_at_their_bound_lets_the_others_pass() {
        let permits = Arc::new(SearchPermits::new(2, 1));
        let first = permits.acquire(player(1)).await;
        // Player 1's next searches wait behind their first, even with a permit free ...
        let queued: Vec<_> = (0..5)
            .map(|_| {
                let permits = permits.clone();
                tokio::spawn(async move {
                    let _p = permits.acquire(player(1)).await;
                })
            })
            .collect();
        while permits.waiting() < 5 {
            tokio::task::yield_now().await;
        }
        assert_eq!(permits.in_use(), 1);
        // ... and player 2 passes them at once.
        let second = permits.acquire(player(2)).await;
        assert_eq!(permits.in_use(), 2);
        drop(second);
        drop(first);
        for task in queued {
            task.await.unwrap();
        }
        assert_eq!((permits.in_use(), permits.waiting()), (0, 0));
    }

    #[tokio::test]
    async fn a_wait_given_up_gives_its_permit_back() {
        let permits = SearchPermits::new(1, 1);
        let held = permits.acquire(player(1)).await;
        {
            let waiting = permits.acquire(player(2));
            tokio::pin!(waiting);
            // Polled once, so that it is in the queue; then given up.
            assert!(futures_poll_once(waiting.as_mut()).await.is_none());
        }
        drop(held);
        // The abandoned waiter took nothing: the permit is free for the next.
        assert_eq!(permits.in_use(), 0);
        let _again = permits.acquire(player(3)).await;
        assert_eq!(permits.in_use(), 1);
    }

    /// Polls a future once: its output if it was ready.
    async fn futures_poll_once<F: std::future::Future + Unpin>(f: F) -> Option<F::Output> {
        let mut f = f;
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut f).poll(cx) {
                std::task::Poll::Ready(v) => Some(v),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }
}
