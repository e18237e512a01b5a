//! `namnam match-engines`: two engine processes (`namnam engine`, or any program that speaks the protocol's
//! `best` op) against each other, one-round matches from the opening and from seeded random starts, both
//! colours from each start (`namnam_ai::duel`).

use anyhow::{bail, Context};
use namnam_ai::duel::{self, Engine, Game};
use namnam_game::{House, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Engine A's command, its words split at spaces (for example `target/release/namnam engine`). Wins,
    /// draws and losses are counted for A.
    #[arg(long)]
    a: String,
    /// Engine B's command (for example an older build: `/tmp/old/namnam engine`).
    #[arg(long)]
    b: String,
    /// The level A is asked to play at (1–6; an engine from before level 1 for beginners counts 1–5, its 5
    /// being today's 6).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(i64).range(1..=6))]
    level_a: i64,
    /// The level B is asked to play at (1–6, as for A).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(i64).range(1..=6))]
    level_b: i64,
    /// Starts: the opening, then positions a few random moves in; two matches each (A as South, then as
    /// North).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    starts: u32,
    /// Random moves from the opening to each start after the first.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Seed of the starts and of the engines' moves: the same seed plays the same matches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let mut a = Process::spawn(&args.a, args.level_a)?;
    let mut b = Process::spawn(&args.b, args.level_b)?;
    let starts = duel::starts(args.starts, args.random_plies, args.seed);
    println!(
        "A: `{}` at level {}; B: `{}` at level {}; {} starts (the opening, then {} random moves in), \
         both colours: {} one-round matches",
        args.a,
        args.level_a,
        args.b,
        args.level_b,
        starts.len(),
        args.random_plies,
        2 * starts.len()
    );
    let started = Instant::now();
    let games = duel::run(&starts, &mut a, &mut b, args.seed, |g: &Game| {
        let verdict = match g.a_houses {
            7.. => "A wins",
            6 => "drawn",
            _ => "B wins",
        };
        println!(
            "  start {}, A plays {}: A {} houses of 12, {verdict} ({} moves)",
            g.start, g.a_plays, g.a_houses, g.moves
        );
    })
    .map_err(anyhow::Error::msg)?;
    let (w, d, l, elo) = duel::tally(&games);
    println!(
        "A against B: {} matches, {w} won / {d} drawn / {l} lost, {} (95% intervals: normal \
         approximation over the matches, a draw counting half), in {:.0} s",
        games.len(),
        elo.map_or("-".into(), |e| e.to_string()),
        started.elapsed().as_secs_f64()
    );
    for (name, e) in [("A", &a), ("B", &b)] {
        println!(
            "{name}: {} moves, {:.3} s a move on average, {} nodes a move on average",
            e.moves,
            e.time.as_secs_f64() / e.moves.max(1) as f64,
            e.nodes / e.moves.max(1)
        );
    }
    Ok(())
}

/// An engine process, spoken to one JSON line at a time.
struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    level: i64,
    moves: u64,
    nodes: u64,
    time: Duration,
}

impl Process {
    fn spawn(command: &str, level: i64) -> anyhow::Result<Process> {
        let mut words = command.split_whitespace();
        let Some(program) = words.next() else {
            bail!("an engine command is empty");
        };
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("starting `{command}`"))?;
        let stdin = child.stdin.take().context("the engine's input")?;
        let stdout = BufReader::new(child.stdout.take().context("the engine's output")?);
        Ok(Process {
            child,
            stdin,
            stdout,
            level,
            moves: 0,
            nodes: 0,
            time: Duration::ZERO,
        })
    }

    fn ask(&mut self, p: &Position, seed: u64) -> anyhow::Result<House> {
        let request = serde_json::json!({
            "op": "best", "position": p.to_raw(), "level": self.level, "seed": seed,
        });
        let started = Instant::now();
        writeln!(self.stdin, "{request}")?;
        self.stdin.flush()?;
        let mut line = String::new();
        if self.stdout.read_line(&mut line)? == 0 {
            bail!("the engine closed its output");
        }
        self.time += started.elapsed();
        let answer: serde_json::Value = serde_json::from_str(&line)
            .with_context(|| format!("the engine's answer `{}`", line.trim()))?;
        if answer["ok"] != true {
            bail!("the engine answered {answer}");
        }
        self.moves += 1;
        self.nodes += answer["nodes"].as_u64().unwrap_or(0);
        answer["house"]
            .as_u64()
            .and_then(|h| House::new(h as usize))
            .with_context(|| format!("no house in the engine's answer {answer}"))
    }
}

impl Engine for Process {
    fn best(&mut self, p: &Position, seed: u64) -> Result<House, String> {
        self.ask(p, seed).map_err(|e| format!("{e:#}"))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closing its input ends `namnam engine`; a program that does not stop is killed.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
