//! `namnam speed`: nodes a second of a fixed-depth search from the opening and, run in turn with it, of the
//! in-repo yardstick's plain alpha-beta at the same depth (`namnam_ai::speed::yardstick`), so that the ratio
//! comes from one sitting on one machine.

use namnam_ai::speed::{self, median, Timed};
use namnam_ai::{search, Level, Limits, Stakes};
use namnam_game::{Player, Position, Rules};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Depth of the searches, in moves (the engine's and the yardstick's).
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(1..=24))]
    depth: u32,
    /// Timed pairs of searches (the engine's, then the yardstick's); the medians are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let depth = args.depth;
    println!(
        "Fixed-depth search from the opening (South to move), depth {depth}, each run followed by the \
         yardstick's plain alpha-beta at the same depth:"
    );
    // A first search, untimed, faults in this thread's table memory, which the searches of a running
    // bot reuse from one move to the next (the first one here ran 5–20% slower).
    speed::fixed_depth(depth);
    speed::yardstick_depth(depth);
    let mut engine = Rates::default();
    let mut yardstick = Rates::default();
    let (mut ratios, mut cpu_ratios) = (Vec::new(), Vec::new());
    for run in 1..=args.runs {
        let e = speed::fixed_depth(depth);
        let y = speed::yardstick_depth(depth);
        let ratio = e.nodes_per_second() / y.nodes_per_second();
        let cpu_ratio = e
            .nodes_per_cpu_second()
            .zip(y.nodes_per_cpu_second())
            .map(|(e, y)| e / y);
        println!(
            "  run {run}: engine {}; yardstick {}; ratio {ratio:.2} wall, {} CPU",
            rates(&e),
            rates(&y),
            cpu_ratio.map_or("-".into(), |r| format!("{r:.2}")),
        );
        engine.push(&e);
        yardstick.push(&y);
        ratios.push(ratio);
        cpu_ratios.extend(cpu_ratio);
    }
    println!(
        "Median: engine {}, yardstick {} (nodes a second by the wall clock / of CPU time).",
        engine.medians(),
        yardstick.medians()
    );
    // Each run's ratio is taken in the same minute, so a busy minute weighs on both sides of it.
    println!(
        "Engine against the yardstick at depth {depth}: ratio {} by the wall clock, {} by CPU time \
         (medians of the runs' ratios).",
        median(ratios).map_or("-".into(), |r| format!("{r:.2}")),
        median(cpu_ratios).map_or("-".into(), |r| format!("{r:.2}")),
    );

    // The search level 6 makes, not its move: at a round start level 6 plays from its opening book.
    let opening = Position::opening(Player::South, Rules::default());
    let limits = Limits::nodes(Level::STRONGEST.nodes());
    let t: Timed = speed::timed(|| {
        search(&opening, &limits, &Stakes::default()).expect("the opening has moves")
    });
    println!(
        "A level-6 search from the opening (level 6's budget; its move there comes from the book): {} \
         nodes (depth {}) in {:.2} s: {} wall, {} CPU.",
        t.result.nodes,
        t.result.depth,
        t.wall.as_secs_f64(),
        millions(t.nodes_per_second()),
        t.nodes_per_cpu_second().map_or("-".into(), millions),
    );
    Ok(())
}

/// One side's figures over the runs.
#[derive(Default)]
struct Rates {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl Rates {
    fn push<R: speed::Nodes>(&mut self, t: &Timed<R>) {
        self.wall.push(t.nodes_per_second());
        self.cpu.extend(t.nodes_per_cpu_second());
    }

    fn medians(&self) -> String {
        format!(
            "{} / {}",
            median(self.wall.clone()).map_or("-".into(), millions),
            median(self.cpu.clone()).map_or("-".into(), millions),
        )
    }
}

/// `4323968 nodes in 0.196 s: 22.1 M/s wall, 22.1 M/s CPU`.
fn rates<R: speed::Nodes>(t: &Timed<R>) -> String {
    format!(
        "{} nodes in {:.3} s: {} wall, {} CPU",
        t.result.nodes(),
        t.wall.as_secs_f64(),
        millions(t.nodes_per_second()),
        t.nodes_per_cpu_second().map_or("-".into(), millions),
    )
}

fn millions(per_second: f64) -> String {
    format!("{:.1} M/s", per_second / 1e6)
}
