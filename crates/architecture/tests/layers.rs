//! The architecture, checked: no crate of the workspace has modules that import each other in a circle, and
//! each layer depends only on what it may (as `cargo tree -e normal` shows it).

use namnam_architecture::ModuleGraph;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn crates() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(workspace().join("crates"))
        .expect("the crates folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.join("Cargo.toml").exists())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut circles = Vec::new();
    for dir in crates() {
        let graph = ModuleGraph::of_crate(&dir.join("src")).expect("the crate's sources");
        for cycle in graph.cycles() {
            circles.push(format!(
                "{}: {}\n{}",
                dir.file_name().unwrap().to_string_lossy(),
                cycle.join(", "),
                graph.explain(&cycle)
            ));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_core_has_modules_to_check() {
    // The check above must see the core's modules, or it would pass on nothing.
    let graph = ModuleGraph::of_crate(&workspace().join("crates/core/src")).unwrap();
    assert!(graph.edges.len() > 20, "{:?}", graph.edges.keys());
    assert!(graph.edges.values().map(|e| e.len()).sum::<usize>() > 40);
}

/// The names of the packages `package` depends on as built for it (not its tests): all of them, or with
/// `depth` 1 only those it names in its own `[dependencies]`.
fn dependencies(package: &str, depth: Option<u32>) -> Vec<String> {
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(workspace()).args([
        "tree",
        "--offline",
        "--locked",
        "-e",
        "normal",
        "--prefix",
        "none",
        "--format",
        "{p}",
        "-p",
        package,
    ]);
    if let Some(depth) = depth {
        cargo.args(["--depth", &depth.to_string()]);
    }
    let output = cargo.output().expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<String> = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .filter(|name| name != package)
        .collect();
    names.sort();
    names.dedup();
    names
}

fn normal_dependencies(package: &str) -> Vec<String> {
    dependencies(package, None)
}

/// The packages `package` names in its own `[dependencies]`.
fn direct_dependencies(package: &str) -> Vec<String> {
    dependencies(package, Some(1))
}

const RUNTIME_DATABASE_DISCORD: [&str; 7] = [
    "tokio", "sqlx", "serenity", "poise", "reqwest", "rustls", "hyper",
];

#[test]
fn the_light_crates_build_without_runtime_database_or_discord() {
    for package in [
        "namnam-game",
        "namnam-ai",
        "namnam-record",
        "namnam-render",
        "namnam-tournament",
        "namnam-clock",
    ] {
        let deps = normal_dependencies(package);
        let heavy: Vec<&String> = deps
            .iter()
            .filter(|d| RUNTIME_DATABASE_DISCORD.contains(&d.as_str()))
            .collect();
        assert!(heavy.is_empty(), "{package} depends on {heavy:?}");
    }
}

#[test]
fn each_layer_depends_only_on_those_below_it() {
    let ours = |package: &str| -> Vec<String> {
        normal_dependencies(package)
            .into_iter()
            .filter(|d| d.starts_with("namnam") || d == "fake-discord")
            .collect()
    };
    assert!(ours("namnam-game").is_empty());
    assert!(!normal_dependencies("namnam-store").contains(&"serenity".to_owned()));
    let core = ours("namnam-core");
    assert!(core
        .iter()
        .all(|d| !["namnam-discord", "namnam-console"].contains(&d.as_str())));
    // The Discord front end draws nothing itself: every picture comes through the core.
    let discord = normal_dependencies("namnam-discord");
    let direct = direct_dependencies("namnam-discord");
    for banned in ["namnam-render", "tiny-skia", "png", "gif", "sqlx"] {
        assert!(
            !direct.contains(&banned.to_owned()),
            "namnam-discord names {banned}"
        );
    }
    assert!(discord.contains(&"serenity".to_owned()));
    // The web reads through the core's read models, never the store's queries (its tests may fill a
    // database: the store is one of its dev-dependencies only).
    let web = direct_dependencies("namnam-web");
    assert!(web.contains(&"namnam-core".to_owned()));
    assert!(
        !web.contains(&"namnam-store".to_owned()),
        "namnam-web names namnam-store"
    );
    // No test-only crate reaches a build of the bot.
    for package in ["namnam-core", "namnam-discord", "namnam"] {
        let deps = ours(package);
        assert!(!deps.contains(&"fake-discord".to_owned()), "{package}");
        assert!(!deps.contains(&"namnam-testkit".to_owned()), "{package}");
        assert!(!deps.contains(&"namnam-browser".to_owned()), "{package}");
    }
    // The fake Discord depends on nothing of ours but the clock.
    assert_eq!(ours("fake-discord"), ["namnam-clock"]);
}

/// Each crate's own dependencies, as `docs/architecture.md` draws them: a crate may use only these.
const LAYERS: [(&str, &[&str]); 18] = [
    ("namnam-game", &[]),
    ("namnam-clock", &[]),
    ("namnam-words", &[]),
    ("namnam-ai", &["namnam-game"]),
    ("namnam-record", &["namnam-game"]),
    ("namnam-render", &["namnam-game", "namnam-words"]),
    ("namnam-tournament", &["namnam-game"]),
    // The vocabulary every layer above the rules shares: typed ids, names, terms.
    ("namnam-model", &["namnam-game"]),
    (
        "namnam-store",
        &["namnam-ai", "namnam-game", "namnam-model", "namnam-record"],
    ),
    (
        "namnam-core",
        &[
            "namnam-ai",
            "namnam-clock",
            "namnam-game",
            "namnam-model",
            "namnam-record",
            "namnam-render",
            "namnam-store",
            "namnam-tournament",
            "namnam-words",
        ],
    ),
    (
        "namnam-console",
        &["namnam-core", "namnam-model", "namnam-store"],
    ),
    (
        "namnam-discord",
        // The Discord layer's own words and its commands' names are its own resources (`namnam-words`).
        &[
            "namnam-ai",
            "namnam-core",
            "namnam-game",
            "namnam-model",
            "namnam-store",
            "namnam-words",
        ],
    ),
    (
        "namnam",
        &[
            "namnam-ai",
            "namnam-console",
            "namnam-core",
            "namnam-discord",
            "namnam-game",
            "namnam-model",
            "namnam-record",
            "namnam-render",
            "namnam-store",
            "namnam-web",
        ],
    ),
    (
        "namnam-web",
        // A front end like the console and Discord: the core's read models, views and words (on the
        // store opened read-only, which the core hands on), the renderer's pictures of any move. Not the
        // store: every page reads through the core.
        &[
            "namnam-core",
            "namnam-game",
            "namnam-model",
            "namnam-record",
            "namnam-render",
            "namnam-words",
        ],
    ),
    ("fake-discord", &["namnam-clock"]),
    ("namnam-testkit", &[]),
    ("namnam-browser", &[]),
    ("namnam-architecture", &[]),
];

#[test]
fn each_crate_names_only_the_layers_it_may() {
    let mut members: Vec<String> = crates()
        .iter()
        .map(|dir| {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            let name = manifest
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .expect("a package name");
            name.trim_matches('"').to_owned()
        })
        .collect();
    members.sort();
    let mut listed: Vec<String> = LAYERS.iter().map(|(n, _)| (*n).to_owned()).collect();
    listed.sort();
    assert_eq!(members, listed, "every crate has its place in LAYERS");
    for (package, allowed) in LAYERS {
        let ours: Vec<String> = direct_dependencies(package)
            .into_iter()
            .filter(|d| d.starts_with("namnam") || d == "fake-discord")
            .collect();
        for dep in &ours {
            assert!(
                allowed.contains(&dep.as_str()),
                "{package} depends on {dep}, which is not below it"
            );
        }
    }
}

#[test]
fn only_the_store_names_sqlx_and_only_discord_names_serenity() {
    for dir in crates() {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let normal = manifest
            .split("\n[")
            .find(|section| section.starts_with("dependencies]"))
            .unwrap_or("");
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let names = |dep: &str| {
            normal
                .lines()
                .any(|l| l.starts_with(&format!("{dep}.")) || l.starts_with(&format!("{dep} ")))
        };
        if name != "store" && name != "testkit" {
            assert!(!names("sqlx"), "{name} names sqlx in [dependencies]");
        }
        if name != "discord" {
            assert!(
                !names("serenity") && !names("poise"),
                "{name} names serenity or poise"
            );
        }
    }
}
