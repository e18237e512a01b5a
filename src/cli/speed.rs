//! `namnam speed`: nodes a second of a fixed-depth search from the opening, and, run in turn with it, the
//! plain alpha-beta of `shared/bench-kernel`, so that the ratio comes from one sitting on one machine.

use anyhow::{bail, Context};
use namnam::ai::{choose_move, Level};
use namnam::game::{Player, Position, Rules};
use namnam::speed::{self, median, Timed};
use std::path::PathBuf;
use std::process::Command;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Depth of the search, in moves (with --kernel, one the kernel searches: 12, 14, … 22).
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(1..=24))]
    depth: u32,
    /// Timed searches; the medians are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// A built `bench-kernel` binary (`cargo build --release` in shared/bench-kernel). It is run after each
    /// search, and its relay-sowing alpha-beta at the same depth is compared with this search.
    #[arg(long)]
    kernel: Option<PathBuf>,
}

/// The depths the kernel's alpha-beta prints (it also stops after a search of 8 s, which 22 may take).
const KERNEL_DEPTHS: [u32; 6] = [12, 14, 16, 18, 20, 22];

pub fn run(args: Args) -> anyhow::Result<()> {
    let depth = args.depth;
    if let Some(path) = &args.kernel {
        // Said before the first search, not after it.
        if !path.is_file() {
            bail!(
                "no kernel at {}: build it with `cargo build --release` in shared/bench-kernel",
                path.display()
            );
        }
        if !KERNEL_DEPTHS.contains(&depth) {
            bail!("the kernel searches depths {KERNEL_DEPTHS:?} only, not {depth}");
        }
    }
    println!("Fixed-depth search from the opening (South to move), depth {depth}:");
    // A first search, untimed, faults in this thread's table memory, which the searches of a running
    // bot reuse from one move to the next (the first one here ran 5–20% slower).
    speed::fixed_depth(depth);
    let (mut wall, mut cpu, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for run in 1..=args.runs {
        let t = speed::fixed_depth(depth);
        let mut line = format!(
            "  run {run}: {} nodes in {:.3} s: {} wall, {} CPU",
            t.result.nodes,
            t.wall.as_secs_f64(),
            millions(t.nodes_per_second()),
            t.nodes_per_cpu_second().map_or("-".into(), millions),
        );
        wall.push(t.nodes_per_second());
        cpu.extend(t.nodes_per_cpu_second());
        if let Some(path) = &args.kernel {
            let k = kernel_nodes_per_second(path, depth)?;
            let ratio = t.nodes_per_second() / k;
            line += &format!("; kernel {} wall: ratio {ratio:.2}", millions(k));
            ratios.push(ratio);
        }
        println!("{line}");
    }
    println!(
        "Median: {} nodes a second by the wall clock, {} of CPU time.",
        median(wall).map_or("-".into(), millions),
        median(cpu).map_or("-".into(), millions),
    );
    if let Some(ratio) = median(ratios) {
        // Each run's ratio is taken in the same minute, so a busy minute weighs on both sides of it.
        println!(
            "Against bench-kernel's plain alpha-beta at depth {depth}, by the wall clock: ratio {ratio:.2} \
             (median of the runs' ratios)."
        );
    }

    let opening = Position::opening(Player::South, Rules::default());
    let level = Level::new(5).expect("level 5 exists");
    let t: Timed = speed::timed(|| choose_move(&opening, level, 1).expect("the opening has moves"));
    println!(
        "A level-5 move from the opening: {} nodes (depth {}) in {:.2} s: {} wall, {} CPU.",
        t.result.nodes,
        t.result.depth,
        t.wall.as_secs_f64(),
        millions(t.nodes_per_second()),
        t.nodes_per_cpu_second().map_or("-".into(), millions),
    );
    Ok(())
}

fn millions(per_second: f64) -> String {
    format!("{:.1} M/s", per_second / 1e6)
}

/// Runs the kernel and reads its relay-sowing alpha-beta line for `depth`:
/// `  alpha-beta depth 18:     5682987 nodes in   0.184 s =   30.8 M nodes/s (value -4)`.
fn kernel_nodes_per_second(path: &PathBuf, depth: u32) -> anyhow::Result<f64> {
    let out = Command::new(path)
        .output()
        .with_context(|| format!("running the kernel {}", path.display()))?;
    if !out.status.success() {
        bail!("the kernel {} failed: {}", path.display(), out.status);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    parse_kernel(&text, depth).with_context(|| {
        format!(
            "no relay-sowing alpha-beta line for depth {depth} in the kernel's output (it stops after a \
             search of 8 s)"
        )
    })
}

fn parse_kernel(text: &str, depth: u32) -> Option<f64> {
    let relay = text.split_once("relay-sowing")?.1;
    let prefix = format!("alpha-beta depth {depth:>2}:");
    let line = relay
        .lines()
        .find(|l| l.trim_start().starts_with(&prefix))?;
    let (nodes, rest) = line.split_once(':')?.1.trim().split_once(" nodes in ")?;
    let seconds = rest.split_once(" s")?.0.trim();
    let (nodes, seconds): (f64, f64) = (nodes.trim().parse().ok()?, seconds.parse().ok()?);
    (seconds > 0.0).then(|| nodes / seconds)
}

#[cfg(test)]
mod tests {
    use super::parse_kernel;

    const OUTPUT: &str = "oware single-lap: random playouts 90000/s, 60.1 plies/game, 5.41 M plies/s
  alpha-beta depth 18:     9000000 nodes in   0.100 s =   90.0 M nodes/s (value 0)
relay-sowing/captures-of-4: random playouts 50000/s, 80.2 plies/game, 4.01 M plies/s, avg laps/move 2.30
  alpha-beta depth 12:      100000 nodes in   0.004 s =   25.0 M nodes/s (value -2)
  alpha-beta depth 18:     5682987 nodes in   0.200 s =   28.4 M nodes/s (value -4)
";

    #[test]
    fn reads_the_relay_line_of_the_depth() {
        let rate = parse_kernel(OUTPUT, 18).unwrap();
        assert!((rate - 5_682_987.0 / 0.2).abs() < 1.0, "{rate}");
        assert!(parse_kernel(OUTPUT, 12).is_some());
        assert_eq!(parse_kernel(OUTPUT, 20), None);
        assert_eq!(parse_kernel("garbage", 18), None);
    }
}
