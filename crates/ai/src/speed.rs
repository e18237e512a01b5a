//! Measuring the search's speed: a fixed-depth search from the opening, timed by the wall clock and by the
//! CPU time of the thread that runs it (on a shared machine the CPU time is the steadier of the two:
//! waiting for a core does not count), and the same for the [`yardstick`]'s plain alpha-beta, to run in
//! turn with it.

pub mod yardstick;

use crate::{search, Limits, SearchResult, Stakes};
use namnam_game::{Player, Position, Rules};
use std::time::{Duration, Instant};

/// One timed search: the engine's ([`SearchResult`]) or the yardstick's ([`yardstick::Search`]).
#[derive(Clone, Copy, Debug)]
pub struct Timed<R = SearchResult> {
    pub result: R,
    pub wall: Duration,
    /// The thread's CPU time, where the system tells it (Unix).
    pub cpu: Option<Duration>,
}

/// A search's result that counts the nodes it visited.
pub trait Nodes {
    fn nodes(&self) -> u64;
}

impl Nodes for SearchResult {
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Nodes for yardstick::Search {
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl<R: Nodes> Timed<R> {
    /// Nodes a second of wall-clock time.
    pub fn nodes_per_second(&self) -> f64 {
        per_second(self.result.nodes(), self.wall)
    }

    /// Nodes a second of CPU time.
    pub fn nodes_per_cpu_second(&self) -> Option<f64> {
        self.cpu.map(|cpu| per_second(self.result.nodes(), cpu))
    }
}

fn per_second(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

/// Searches the opening (South to move, default rules) to exactly `depth` moves, with no node limit that
/// could stop it first.
pub fn fixed_depth(depth: u32) -> Timed {
    let opening = Position::opening(Player::South, Rules::default());
    let limits = Limits {
        nodes: u64::MAX,
        max_depth: depth,
        order: None,
    };
    timed(|| search(&opening, &limits, &Stakes::default()).expect("the opening has moves"))
}

/// The [`yardstick`]'s plain alpha-beta from its opening (South to move) to exactly `depth` moves.
pub fn yardstick_depth(depth: u32) -> Timed<yardstick::Search> {
    timed(|| yardstick::search(&yardstick::Board::OPENING, depth))
}

/// Times `f` by the wall clock and by this thread's CPU time.
pub fn timed<R>(f: impl FnOnce() -> R) -> Timed<R> {
    let cpu_before = thread_cpu_time();
    let start = Instant::now();
    let result = f();
    let wall = start.elapsed();
    let cpu = thread_cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    Timed { result, wall, cpu }
}

/// The CPU time this thread has used (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, exact to the nanosecond;
/// `/proc`'s figures only move at scheduler ticks).
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill; the clock id is a constant every Unix has.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// The median of some figures (the mean of the middle two of an even count); `None` for none.
pub fn median(mut figures: Vec<f64>) -> Option<f64> {
    figures.sort_by(f64::total_cmp);
    let n = figures.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(figures[n / 2]),
        _ => Some((figures[n / 2 - 1] + figures[n / 2]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_depth_search_reaches_its_depth_and_counts_time() {
        let t = fixed_depth(6);
        assert_eq!(t.result.depth, 6);
        assert!(t.result.nodes > 100, "{:?}", t.result);
        assert!(t.nodes_per_second() > 0.0);
        // Where the system tells a thread's CPU time, a search of a hundred nodes takes some.
        if let Some(cpu) = t.cpu {
            assert!(
                cpu > Duration::ZERO && cpu <= t.wall * 2,
                "{cpu:?} of {:?}",
                t.wall
            );
        }
    }

    #[test]
    fn the_yardstick_is_timed_too() {
        let t = yardstick_depth(8);
        assert_eq!(t.result, yardstick::search(&yardstick::Board::OPENING, 8));
        assert!(t.nodes_per_second() > 0.0);
    }

    #[test]
    fn the_median_is_the_middle_figure() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(vec![]), None);
    }
}
