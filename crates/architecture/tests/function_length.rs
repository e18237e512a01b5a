//! No function of the core is longer than 80 lines, tests left out: a longer one is split by meaning
//! before it lands (`cargo run -p namnam-architecture --bin longest-functions -- --crate core` lists them).

use std::path::Path;

use namnam_architecture::functions::functions_under;

/// The longest a function of the core may be, in lines.
const MOST_LINES: usize = 80;

#[test]
fn no_function_of_the_core_is_over_80_lines() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/src");
    let all = functions_under(&core).expect("the core's sources read as Rust");
    assert!(
        all.len() > 300,
        "the check must see the core: {}",
        all.len()
    );
    let long: Vec<String> = all
        .iter()
        .filter(|f| !f.test && f.lines > MOST_LINES)
        .map(|f| {
            format!(
                "{} ({} lines, {}:{})",
                f.name,
                f.lines,
                f.file.display(),
                f.line
            )
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines:\n{}",
        long.join("\n")
    );
}
