//! `namnam replay`: plays a Nam-nam record (docs/record-format.md) move by move, printing each board and,
//! with `--images`, drawing it.

use anyhow::Context;
use namnam_core::message::{shown_plain, Arg, Language};
use namnam_core::text::{board_text, describe_result};
use namnam_core::Text;
use namnam_model::Names;
use namnam_record::{Outcome, Record};
use namnam_render::{board_png, MatchView};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record (a `.nnr` file).
    file: PathBuf,
    /// Write the board after each move into this folder as a PNG, and print its path.
    #[arg(long, value_name = "DIR")]
    images: Option<PathBuf>,
    /// The language of its words: en (English) or fr (French).
    #[arg(long = "lang", default_value = "en", value_name = "CODE", value_parser = super::console::language)]
    language: Language,
}

/// Prints the replay; a record that cannot be read or replayed is one line on standard error (`FILE: line
/// N: …`, `FILE: round R, move M: …`) and exit status 1.
pub fn run(args: Args) -> anyhow::Result<()> {
    let file = args.file.display();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(text) => text,
        Err(e) => fail(format!("{file}: {e}")),
    };
    let record = Record::parse(&text).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let steps = record
        .replay()
        .unwrap_or_else(|e| fail(format!("{file}: {e}")));
    if let Some(dir) = &args.images {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // A record may come from anyone: what it says is shown with its control characters escaped, so that
    // it cannot command the terminal (`board_text` does the same for the names in the board).
    let names = Names {
        south: record.south.clone(),
        north: record.north.clone(),
    };
    for step in &steps {
        let played = &step.played;
        let said = Text::message(
            "replay-step",
            [
                ("round", Arg::number(step.round)),
                ("in_round", Arg::number(step.move_in_round)),
                ("player", Arg::player(step.name.as_str())),
                ("house", Arg::number(played.record.house.label())),
            ],
        );
        println!("{}", said.plain_in(args.language));
        println!(
            "{}",
            board_text(&played.record.after, &names, args.language)
        );
        if let Some(dir) = &args.images {
            let view = MatchView {
                language: args.language,
                names: names.as_refs(),
                heading: namnam_render::Heading::Round(played.round),
                position: &played.record.after,
                last_move: Some(&played.record),
                round_summary: played.round_summary.as_ref(),
                result: played.result,
                note: None,
            };
            let path = dir.join(format!("move-{:03}.png", step.ply));
            write_picture(&path, &board_png(&view).bytes)?;
            println!("picture: {}", path.display());
        }
    }
    // The result in the chosen language, as the bot says it at the end of a match.
    let result = match record.outcome {
        Outcome::Finished(result) => describe_result(&result, &names),
        Outcome::InProgress => Text::message("replay-in-progress", []),
        Outcome::Aborted => Text::message("replay-aborted", []),
    };
    let result = Text::message("replay-result", [("result", Arg::Text(result))]);
    println!("{}", result.plain_in(args.language));
    Ok(())
}

fn write_picture(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Says why on standard error, in one line, and exits with status 1.
fn fail(message: String) -> ! {
    eprintln!("{}", shown_plain(&message));
    std::process::exit(1)
}
