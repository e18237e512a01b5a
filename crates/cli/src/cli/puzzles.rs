//! `namnam puzzles mine` and `namnam puzzles check`: puzzles found in self-play or in a database's
//! finished matches, and a puzzle file's answers proved again (`namnam_ai::puzzles`, docs/puzzles.md).

use anyhow::Context;
use namnam_ai::puzzles::{self, Budgets, Puzzle, SelfPlay, Theme};
use namnam_ai::selfplay::Contestant;
use namnam_game::Position;
use namnam_store as store;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find puzzles: in self-play games (the built-in set, by default), or in the finished matches of a
    /// database (--db). The same puzzles on every run and any number of threads.
    Mine {
        /// Mine this database's finished matches instead of self-play: a SQLite file (a plain path or
        /// sqlite://FILE, which must exist) or postgres://USER@HOST/DATABASE. The puzzles go to standard
        /// output unless --out is given.
        #[arg(long, value_name = "URL")]
        db: Option<String>,
        /// Where to write the puzzles. Default: crates/ai/data/puzzles.txt for self-play, standard output
        /// for --db.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Self-play games to mine.
        #[arg(long, default_value_t = SelfPlay::built_in().games)]
        games: u32,
        /// The seed of the self-play games.
        #[arg(long, default_value_t = SelfPlay::built_in().seed)]
        seed: u64,
        /// South's player in self-play: random, greedy or ai:1 … ai:5.
        #[arg(long, default_value_t = SelfPlay::built_in().south)]
        south: Contestant,
        /// North's player in self-play.
        #[arg(long, default_value_t = SelfPlay::built_in().north)]
        north: Contestant,
        /// Random moves at the start of each self-play game.
        #[arg(long, default_value_t = SelfPlay::built_in().random_plies)]
        random_plies: u32,
        /// Threads to mine on (the output does not depend on it). Default: the machine's cores.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Prove every answer of a puzzle file again with the engine (the built-in set by default); exit status
    /// 1 if any fails.
    Check {
        /// The puzzle file. Default: the built-in set.
        file: Option<PathBuf>,
        /// Threads to prove on. Default: the machine's cores.
        #[arg(long)]
        threads: Option<usize>,
    },
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        PuzzlesCommand::Mine {
            db: Some(db),
            out,
            threads,
            ..
        } => mine_database(&db, out, threads_or_cores(threads)),
        PuzzlesCommand::Mine {
            db: None,
            out,
            games,
            seed,
            south,
            north,
            random_plies,
            threads,
        } => {
            let settings = SelfPlay {
                games,
                seed,
                south,
                north,
                random_plies,
                budgets: Budgets::PUZZLES,
            };
            let out = out.unwrap_or_else(|| PathBuf::from("crates/ai/data/puzzles.txt"));
            mine_selfplay(&settings, &out, threads_or_cores(threads))
        }
        PuzzlesCommand::Check { file, threads } => check(file, threads_or_cores(threads)),
    }
}

fn threads_or_cores(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// A progress line on standard error, at most every hundredth of the work.
fn progress(what: &'static str, started: Instant) -> impl Fn(usize, usize) + Sync {
    move |done, total| {
        if done == total || done % (total / 100).max(1) == 0 {
            eprint!(
                "\r{what} {done}/{total} ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
            if done == total {
                eprintln!();
            }
        }
    }
}

fn mine_selfplay(settings: &SelfPlay, out: &PathBuf, threads: usize) -> anyhow::Result<()> {
    let started = Instant::now();
    let found = puzzles::mine_selfplay(settings, threads, &progress("games", started));
    let text = file_text(puzzles::header(settings), &found);
    std::fs::write(out, &text).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{} games mined on {threads} threads in {:.0} s: {} puzzles ({}), written to {} ({} bytes)",
        settings.games,
        started.elapsed().as_secs_f64(),
        found.len(),
        by_theme(&found),
        out.display(),
        text.len()
    );
    Ok(())
}

fn mine_database(url: &str, out: Option<PathBuf>, threads: usize) -> anyhow::Result<()> {
    let started = Instant::now();
    let matches = finished_matches(url)?;
    let budgets = Budgets::PUZZLES;
    let found = puzzles::mine_matches(&matches, threads, &budgets, &progress("matches", started));
    let text = file_text(puzzles::header_of_matches(matches.len(), &budgets), &found);
    match &out {
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?
        }
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    eprintln!(
        "{} finished matches mined in {:.0} s: {} puzzles ({})",
        matches.len(),
        started.elapsed().as_secs_f64(),
        found.len(),
        by_theme(&found)
    );
    Ok(())
}

/// Every finished match of the database, as the positions before each of its moves.
fn finished_matches(url: &str) -> anyhow::Result<Vec<(i64, Vec<Position>)>> {
    let url = store::database_url(Some(url));
    let shown = store::redacted(&url);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let db = store::Store::open_read_once(&url)
            .await
            .with_context(|| format!("opening the database {shown}"))?;
        let read = async {
            let mut matches = Vec::new();
            for id in store::finished_match_ids(db.reader()).await? {
                // One bad match is told and skipped: the others are still worth mining. A database
                // that cannot be read at all still ends the run.
                let record = match store::load_record(db.reader(), id).await {
                    Ok(Some(record)) => record,
                    Ok(None) => continue,
                    Err(e @ store::StoreError::Corrupt(_)) => {
                        eprintln!("skipped match #{id}: {e}");
                        continue;
                    }
                    Err(e) => return Err(e).with_context(|| format!("reading match #{id}")),
                };
                match record.replay() {
                    Ok(steps) => {
                        let positions = steps.iter().map(|s| *s.before.position()).collect();
                        matches.push((i64::from(id), positions));
                    }
                    Err(e) => eprintln!("skipped match #{id}: it does not replay: {e}"),
                }
            }
            anyhow::Ok(matches)
        };
        let matches = read.await;
        db.close().await;
        matches.with_context(|| format!("reading the finished matches of {shown}"))
    })
}

fn file_text(header: String, found: &[Puzzle]) -> String {
    let mut text = header;
    for p in found {
        text.push_str(&p.to_string());
        text.push('\n');
    }
    text
}

fn by_theme(found: &[Puzzle]) -> String {
    Theme::ALL
        .iter()
        .map(|t| format!("{t} {}", found.iter().filter(|p| p.theme == *t).count()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check(file: Option<PathBuf>, threads: usize) -> anyhow::Result<()> {
    let (name, set) = match &file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let set =
                puzzles::parse(&text).with_context(|| format!("reading {}", path.display()))?;
            (path.display().to_string(), set)
        }
        None => ("the built-in set".to_string(), puzzles::built_in()),
    };
    let started = Instant::now();
    let checked = puzzles::check_all(
        &set,
        threads,
        &Budgets::PUZZLES,
        &progress("puzzles", started),
    );
    let failed: Vec<(usize, puzzles::CheckFailed)> = checked
        .into_iter()
        .enumerate()
        .filter_map(|(i, r)| r.err().map(|why| (i, why)))
        .collect();
    for (i, why) in &failed {
        println!("FAILED {}: {why}", set[*i].source);
    }
    let exact = set.iter().filter(|p| p.proved_exactly()).count();
    println!(
        "proved exactly by the ending solver (at most {} seeds on the board, within {} positions): {exact}; \
         by the search ({} nodes a move): {}",
        namnam_ai::endings::MAX_SEEDS,
        Budgets::PUZZLES.proof_positions,
        Budgets::PUZZLES.proof,
        set.len() - exact
    );
    println!("{}", by_theme(&set));
    let difficulties: Vec<String> = (1..=3)
        .map(|d| {
            let n = set.iter().filter(|p| p.difficulty() == d).count();
            format!("difficulty {d}: {n}")
        })
        .collect();
    println!("{}", difficulties.join(", "));
    if failed.is_empty() {
        println!(
            "all {} puzzles of {name} proved again in {:.0} s on {threads} threads",
            set.len(),
            started.elapsed().as_secs_f64()
        );
        Ok(())
    } else {
        println!("{} of {} puzzles of {name} failed", failed.len(), set.len());
        std::process::exit(1);
    }
}
