//! `namnam render`: draw a position (the engine's JSON) as a PNG, and optionally play a house and write
//! the move's animation. Anyone can preview the pictures without Discord.

use anyhow::Context;
use namnam::game::{conclude_round, ByPlayer, House, MatchOptions, Position};
use namnam::render::{board_png, move_gif, MatchView};
use std::io::Read;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position as the engine's JSON (RULES §8); `-` reads standard input.
    #[arg(long)]
    position: String,
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
}

pub fn run(a: Args) -> anyhow::Result<()> {
    let json = if a.position == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        std::fs::read_to_string(&a.position).with_context(|| format!("reading {}", a.position))?
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
        names: ByPlayer::new(a.south.as_str(), a.north.as_str()),
        round: a.round,
        position: shown,
        last_move: record.as_ref(),
        round_summary: concluded.as_ref().map(|(summary, _)| summary),
        result: concluded.and_then(|(_, result)| result),
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
