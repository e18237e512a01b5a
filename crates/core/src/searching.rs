//! The computer's searches: whose turn calls for one, those this process runs (one per match at a time),
//! and their count while they run or wait (an analysis gives way to them).

use namnam_model::MatchId;
use namnam_store::MatchRow;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Is it the computer's turn in this match? Its clock never runs: its move is searched, not waited for.
pub(crate) fn computer_to_move(row: &MatchRow) -> bool {
    row.computer
        .is_some_and(|c| row.game.to_move() == Some(c.side))
}

/// The matches whose computer move this process is searching: one search per match at a time. (Across
/// processes, the turn is claimed in the database too.)
#[derive(Default)]
pub(crate) struct Searching(Mutex<HashSet<MatchId>>);

/// A match's place in [`Searching`], given back when dropped (also when the search fails).
pub(crate) struct SearchClaim<'a> {
    searching: &'a Searching,
    match_id: MatchId,
}

impl Searching {
    /// Claims the match; `None` when a search for it is already running.
    pub fn claim(&self, match_id: MatchId) -> Option<SearchClaim<'_>> {
        // The lock is released at the end of this statement: a claim built (and dropped) while it was held
        // would deadlock in its `Drop`, and would free the other caller's claim.
        let inserted = self
            .0
            .lock()
            .expect("the search set lock is never poisoned")
            .insert(match_id);
        inserted.then(|| SearchClaim {
            searching: self,
            match_id,
        })
    }
}

impl Drop for SearchClaim<'_> {
    fn drop(&mut self) {
        self.searching
            .0
            .lock()
            .expect("the search set lock is never poisoned")
            .remove(&self.match_id);
    }
}

/// A live computer search, counted in the core's `live_searches` while it runs or waits for its turn.
pub(crate) struct LiveSearch<'a>(&'a AtomicUsize);

impl<'a> LiveSearch<'a> {
    /// Counts a search in `count` until the guard is dropped (also when the search fails).
    pub fn enter(count: &'a AtomicUsize) -> LiveSearch<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        LiveSearch(count)
    }

    /// Whether any live search counted in `count` runs or waits.
    pub fn any(count: &AtomicUsize) -> bool {
        count.load(Ordering::SeqCst) > 0
    }
}

impl Drop for LiveSearch<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}
