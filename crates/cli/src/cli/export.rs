//! `namnam export`: a stored match as a Nam-nam record (docs/record-format.md) on standard output.

use anyhow::Context;
use namnam_model::MatchId;
use namnam_store as store;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The database: a SQLite file (a plain path or sqlite://FILE, which must exist) or
    /// postgres://USER@HOST/DATABASE. Default: DATABASE_URL, else sqlite://namnam.db.
    #[arg(long, value_name = "URL")]
    db: Option<String>,
    /// The match's number, as the bot shows it (`Match #42`).
    #[arg(long = "match", value_name = "ID", value_parser = match_number)]
    match_id: i64,
}

/// Prints the record, or one line on standard error and exit status 1.
pub fn run(args: Args) -> anyhow::Result<()> {
    match export(&args) {
        Ok(text) => {
            print!("{text}");
            Ok(())
        }
        Err(e) => {
            eprintln!("namnam export: {e:#}");
            std::process::exit(1);
        }
    }
}

fn export(args: &Args) -> anyhow::Result<String> {
    let url = store::database_url(args.db.as_deref());
    let shown = store::redacted(&url);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let store = store::Store::open_read_once(&url)
            .await
            .with_context(|| format!("opening the database {shown}"))?;
        let record = store::load_record(store.reader(), MatchId(args.match_id)).await;
        store.close().await;
        let record = record.with_context(|| format!("reading match #{}", args.match_id))?;
        let record =
            record.with_context(|| format!("there is no match #{} in {shown}", args.match_id))?;
        Ok(record.to_text())
    })
}

/// `42` or `#42`, as the bot writes it.
fn match_number(given: &str) -> Result<i64, String> {
    given
        .trim_start_matches('#')
        .parse()
        .ok()
        .filter(|&id: &i64| id > 0)
        .ok_or_else(|| format!("{given:?} is not a match number like 42 or #42"))
}
