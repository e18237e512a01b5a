//! `namnam console`: the local front end. Parses its options, opens the database and runs
//! [`namnam_console::run`] on standard input and output.

use anyhow::Context;
use namnam_console::{self as console, ConsoleOptions};
use namnam_core::message::{Arg, Language};
use namnam_core::{Core, CoreConfig, SystemClock, Text};
use namnam_store as store;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The database: sqlite://FILE (created if missing) or postgres://USER@HOST/DATABASE. Default:
    /// DATABASE_URL, else sqlite://namnam.db.
    #[arg(long, value_name = "URL")]
    db: Option<String>,
    /// Write pictures into this folder and print their paths.
    #[arg(long, value_name = "DIR")]
    images: Option<PathBuf>,
    /// A user who may use `admin` (repeat for several). Default: everybody.
    #[arg(long = "admin", value_name = "NAME")]
    admins: Vec<String>,
    /// How often the move clock is checked, in seconds.
    #[arg(long, default_value_t = 5, value_name = "SECS")]
    sweep_every: u64,
    /// The language of what the console says: en (English) or fr (French). The commands keep their names.
    #[arg(long = "lang", default_value = "en", value_name = "CODE", value_parser = language)]
    language: Language,
}

/// `--lang`: a language the bot speaks.
pub(crate) fn language(code: &str) -> Result<Language, String> {
    Language::of_code(code).ok_or_else(|| {
        let known: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        format!("no language {code:?}: one of {}", known.join(", "))
    })
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let url = store::database_url(args.db.as_deref());
    namnam_discord::logging::init_tool("warn", &[&url]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let opened = store::Store::open(&url)
            .await
            .with_context(|| format!("opening the database {}", store::redacted(&url)))?;
        // The console's one server speaks the console's language unless it chose another.
        let config = CoreConfig {
            default_language: args.language,
            web_url: std::env::var("NAMNAM_WEB_URL")
                .ok()
                .filter(|url| url.starts_with("http://") || url.starts_with("https://")),
            ..CoreConfig::default()
        };
        let core = Core::new(opened, Arc::new(SystemClock), config);
        let interactive = std::io::stdin().is_terminal();
        let options = ConsoleOptions {
            images: args.images,
            admins: args.admins,
            sweep_every: Duration::from_secs(args.sweep_every.max(1)),
            prompt: interactive,
            echo: !interactive,
            language: args.language,
            // Its core keeps no outbox: what it posts by itself comes back as notices, printed at once.
            outbox: false,
        };
        if interactive {
            let database = Arg::words(store::redacted(&url));
            let hello = Text::message("console-hello", [("database", database)]);
            println!("{}", hello.plain_in(args.language));
        }
        let core = Arc::new(core);
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let mut stdout = std::io::stdout();
        console::run(core.clone(), stdin, &mut stdout, options).await?;
        core.store().close().await;
        anyhow::Ok(())
    })?;
    // Reading standard input blocks a runtime thread until a line comes; do not wait for it at the end.
    runtime.shutdown_background();
    Ok(())
}
