//! Lists the longest functions of the workspace, tests left out: `cargo run -p namnam-architecture --bin
//! longest-functions -- [--top N] [--over LINES] [--crate NAME]`.
//!
//! Each line gives the length in lines, the deepest nesting, the function and where it starts. `--over`
//! lists every function longer than LINES instead of the top N, and the exit status is 1 when any is.

use std::path::Path;
use std::process::ExitCode;

use namnam_architecture::functions::{functions_under, Function};

fn main() -> ExitCode {
    let mut top = 20;
    let mut over = None;
    let mut only = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--top" => top = value("--top").parse().unwrap_or_else(|_| usage("--top N")),
            "--over" => {
                over = Some(
                    value("--over")
                        .parse()
                        .unwrap_or_else(|_| usage("--over LINES")),
                )
            }
            "--crate" => only = Some(value("--crate")),
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let crates = workspace.join("crates");
    let mut all: Vec<Function> = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(&crates)
        .expect("the crates folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if only.as_ref().is_some_and(|o| *o != name) {
            continue;
        }
        all.extend(functions_under(&dir.join("src")).expect("the crate's sources"));
    }
    all.retain(|f| !f.test);
    all.sort_by(|a, b| b.lines.cmp(&a.lines).then(a.name.cmp(&b.name)));
    let shown: Vec<&Function> = match over {
        Some(limit) => all.iter().filter(|f| f.lines > limit).collect(),
        None => all.iter().take(top).collect(),
    };
    println!(
        "lines depth  function  (file:line), of {} functions",
        all.len()
    );
    for f in &shown {
        let file = f.file.strip_prefix(&crates).unwrap_or(&f.file);
        println!(
            "{:5} {:5}  {}  ({}:{})",
            f.lines,
            f.depth,
            f.name,
            file.display(),
            f.line
        );
    }
    if over.is_some() && !shown.is_empty() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn usage(why: &str) -> ! {
    eprintln!("longest-functions: {why}\nusage: longest-functions [--top N] [--over LINES] [--crate NAME]");
    std::process::exit(2)
}
