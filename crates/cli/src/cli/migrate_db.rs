//! `namnam migrate-db`: copies a whole installation into a new, empty database, SQLite or PostgreSQL
//! ([`namnam_store::copy`]).

use anyhow::Context;
use namnam_store::{self as store, Store};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The installation to copy (stop the bot first): sqlite://FILE or postgres://USER@HOST/DATABASE.
    #[arg(long, value_name = "URL")]
    from: String,
    /// The new database, which must be empty (a PostgreSQL database must exist: `createdb namnam`).
    #[arg(long, value_name = "URL")]
    to: String,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let (from, to) = (store::redacted(&args.from), store::redacted(&args.to));
        if args.from == args.to {
            anyhow::bail!("--from and --to name the same database, {from}");
        }
        // Read only: a typo must not create an empty installation, and an old source is refused in
        // words (start its bot once) rather than copied with a missing column.
        let source = Store::open_read_once(&args.from)
            .await
            .with_context(|| format!("opening {from}"))?;
        // Looked at before it is opened to write: opening it would migrate it (an older schema upgraded, a
        // newer one refused only after, another program's given tables), and it must be left as it was
        // unless it is new.
        store::copy::check_target(&args.to)
            .await
            .with_context(|| format!("checking {to}"))?;
        let target = Store::open(&args.to)
            .await
            .with_context(|| format!("opening {to}"))?;
        let copied = store::copy::copy_all(&source, &target)
            .await
            .with_context(|| format!("copying {from} into {to}"))?;
        source.close().await;
        target.close().await;
        let rows: u64 = copied.tables.iter().map(|(_, n)| n).sum();
        println!("Copied {rows} rows from {from} into {to}:");
        for (table, n) in &copied.tables {
            println!("  {table:<22} {n}");
        }
        println!("Point DATABASE_URL at {to} and start the bot.");
        Ok(())
    })
}
