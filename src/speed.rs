//! Measuring the search's speed: a fixed-depth search from the opening, timed by the wall clock and by the
//! CPU time of the thread that runs it (on a shared machine the CPU time is the steadier of the two:
//! waiting for a core does not count).

use crate::ai::{search, Limits, SearchResult, Stakes};
use crate::game::{Player, Position, Rules};
use std::time::{Duration, Instant};

/// One timed search.
#[derive(Clone, Copy, Debug)]
pub struct Timed {
    pub result: SearchResult,
    pub wall: Duration,
    /// The thread's CPU time, where the system tells it (Linux).
    pub cpu: Option<Duration>,
}

impl Timed {
    /// Nodes a second of wall-clock time.
    pub fn nodes_per_second(&self) -> f64 {
        per_second(self.result.nodes, self.wall)
    }

    /// Nodes a second of CPU time.
    pub fn nodes_per_cpu_second(&self) -> Option<f64> {
        self.cpu.map(|cpu| per_second(self.result.nodes, cpu))
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
    };
    timed(|| search(&opening, &limits, &Stakes::default()).expect("the opening has moves"))
}

/// Times `f` by the wall clock and by this thread's CPU time.
pub fn timed(f: impl FnOnce() -> SearchResult) -> Timed {
    let cpu_before = thread_cpu_time();
    let start = Instant::now();
    let result = f();
    let wall = start.elapsed();
    let cpu = thread_cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    Timed { result, wall, cpu }
}

/// The CPU time this thread has used: the first field of `/proc/thread-self/schedstat`, in nanoseconds.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// The median of some figures (the upper one of an even count); `None` for none.
pub fn median(mut figures: Vec<f64>) -> Option<f64> {
    figures.sort_by(f64::total_cmp);
    figures.get(figures.len() / 2).copied()
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
        if cfg!(target_os = "linux") {
            assert!(t.cpu.is_some(), "Linux tells a thread's CPU time");
        }
    }

    #[test]
    fn the_median_is_the_middle_figure() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), Some(3.0));
        assert_eq!(median(vec![]), None);
    }
}
