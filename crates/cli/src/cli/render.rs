//! `namnam render`: draw a position (the engine's JSON) as a PNG, and optionally play a house and write
//! the move's animation; or draw a stored match's current board (`--db PATH --match ID`). Anyone can
//! preview the pictures without Discord, in English or, with `--lang fr`, in French.

use anyhow::Context;
use namnam_game::{conclude_round, ByPlayer, House, MatchOptions, Position};
use namnam_model::MatchId;
use namnam_render::{board_png, move_gif, Language, MatchView};
use namnam_store as store;
use std::io::Read;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position as the engine's JSON (docs/rules.md §8.1); `-` reads standard input.
    #[arg(
        long,
        required_unless_present = "match_id",
        conflicts_with = "match_id"
    )]
    position: Option<String>,
    /// Draw this stored match's current board instead (with its players' names, round and result).
    #[arg(long = "match", value_name = "ID", requires = "db", conflicts_with_all = ["house", "gif"])]
    match_id: Option<MatchId>,
    /// The database holding --match (a path or sqlite:// URL, as for `namnam console`).
    #[arg(long, value_name = "PATH")]
    db: Option<String>,
    /// Where to write the board PNG (after the move, when --house is given).
    #[arg(long)]
    out: PathBuf,
    /// Play this house (1–12) first; the PNG then shows the board after it.
    #[arg(long)]
    house: Option<i64>,
    /// Where to write the move's animated GIF (needs --house).
    #[arg(long, requires = "house")]
    gif: Option<PathBuf>,
    /// South's display name.
    #[arg(long, default_value = "South")]
    south: String,
    /// North's display name.
    #[arg(long, default_value = "North")]
    north: String,
    /// The round number shown.
    #[arg(long, default_value_t = 1)]
    round: u32,
    /// The language of the pictures' words and descriptions: en (English) or fr (French).
    #[arg(long = "lang", default_value = "en", value_name = "CODE", value_parser = super::console::language)]
    language: Language,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    if let (Some(id), Some(db)) = (a.match_id, a.db.as_deref()) {
        return render_stored(db, id.0, &a.out, a.language);
    }
    let path = a
        .position
        .as_deref()
        .context("give --position or --match")?;
    let json = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?
    };
    let position: Position = serde_json::from_str(&json).context("parsing the position")?;
    let record = match a.house {
        Some(label) => {
            let house = House::from_label(label)?;
            Some(
                position
                    .play(house)
                    .with_context(|| format!("playing house {label}"))?,
            )
        }
        None => None,
    };
    let shown = record.as_ref().map_or(&position, |r| &r.after);
    // A move that ends the round gets the round's banner, as in a match with the default options.
    let options = MatchOptions::new(position.rules(), position.starter(), None, None)?;
    let concluded = record
        .as_ref()
        .and_then(|r| Some((r, r.round_end()?)))
        .map(|(r, reason)| conclude_round(&r.after, a.round, &options, reason));
    let view = MatchView {
        language: a.language,
        names: ByPlayer::new(a.south.as_str(), a.north.as_str()),
        heading: namnam_render::Heading::Round(a.round),
        position: shown,
        last_move: record.as_ref(),
        round_summary: concluded.as_ref().map(|(summary, _)| summary),
        result: concluded.and_then(|(_, result)| result),
        note: None,
    };
    let png = board_png(&view);
    std::fs::write(&a.out, &png.bytes).with_context(|| format!("writing {}", a.out.display()))?;
    println!("{}: {} bytes", a.out.display(), png.bytes.len());
    println!("{}", png.description);
    if let (Some(path), Some(record)) = (&a.gif, &record) {
        let gif = move_gif(&view, record);
        std::fs::write(path, &gif.bytes).with_context(|| format!("writing {}", path.display()))?;
        println!("{}: {} bytes", path.display(), gif.bytes.len());
    }
    Ok(())
}

/// Draws the current board of match `id` stored in `db`, loaded (and validated) by the store.
fn render_stored(db: &str, id: i64, out: &Path, language: Language) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let row = runtime.block_on(async {
        let url = store::database_url(Some(db));
        // Named without its password, as every tool names a database.
        let shown = store::redacted(&url);
        let store = store::Store::open_read_once(&url)
            .await
            .with_context(|| format!("opening the database {shown}"))?;
        let row = store::load_match(store.reader(), MatchId(id))
            .await
            .with_context(|| format!("loading match {id}"))?;
        store.close().await;
        row.with_context(|| format!("there is no match {id} in {shown}"))
    })?;
    let view = MatchView {
        language,
        names: row.names.as_refs(),
        heading: namnam_render::Heading::Round(row.game.round()),
        position: row.game.position(),
        last_move: None,
        round_summary: None,
        result: row.game.result(),
        note: None,
    };
    let png = board_png(&view);
    std::fs::write(out, &png.bytes).with_context(|| format!("writing {}", out.display()))?;
    println!("{}: {} bytes", out.display(), png.bytes.len());
    println!("{}", png.description);
    Ok(())
}
