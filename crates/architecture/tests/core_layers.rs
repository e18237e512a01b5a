//! The core's layers inside it, checked module by module (`vocabulary::play`, not just `vocabulary`): the
//! vocabulary sits below everything but the clock and the messages, the words and replies above it, the
//! core itself above those, the features above the core, and the dispatcher on top, imported by nobody
//! but the root that re-exports it.
//!
//! Each feature stands apart, and so does each feature's vocabulary: a feature imports another feature,
//! a feature's vocabulary another feature's vocabulary, and a feature a vocabulary it does not speak,
//! only through a hook listed below with its reason (`docs/architecture.md` draws the same tables).

use std::path::{Path, PathBuf};

use namnam_architecture::layers::{Hook, Layer, Layering, Speakers};
use namnam_architecture::ModuleGraph;

/// The core's layers, from the bottom up: each imports only from its own layer and those below it.
const CORE_LAYERS: &[Layer] = &[
    Layer {
        name: "below the vocabulary",
        // The clock's durations and dates, and messages as parts: what the vocabulary's words are made of;
        // the lessons' path, game content a lesson's button names (StageId).
        shared: &["clock", "message", "stages"],
        apart: &[],
    },
    Layer {
        name: "the vocabulary",
        // The sums (Command, UserError) with Request, Place, UserRef and Change; what every command
        // shares (options, InputRefusal, Wanted); the ids of buttons, each a feature's command.
        shared: &[
            "vocabulary",
            "vocabulary::input",
            "vocabulary::actions",
            // A match's terms, which challenges and tournaments both take.
            "vocabulary::terms",
        ],
        // Each feature's vocabulary: its command, its parser, its refusals and their words.
        apart: &[
            "vocabulary::admin",
            "vocabulary::challenges",
            "vocabulary::info",
            "vocabulary::lessons",
            "vocabulary::matches",
            "vocabulary::play",
            "vocabulary::puzzles",
            "vocabulary::records",
            "vocabulary::tournaments",
        ],
    },
    Layer {
        name: "words and replies",
        shared: &["text", "error", "pictures", "reply", "buttons"],
        apart: &[],
    },
    Layer {
        name: "the core itself",
        shared: &[
            "metrics",
            "budget",
            "watch",
            "searching",
            "search_permits",
            "known_languages",
            "context",
            "outbox",
            "languages",
            "web",
            "history",
            "matches",
            // The read models: what `leaderboard` and the web pages both read.
            "standings",
            // A move's line in words: why a puzzle's answer is right (and, later, an analysis' mistake).
            "explanations",
            // Glicko-2 both ways: a player and a puzzle rated by each answer, and the next puzzle chosen.
            "puzzle_ratings",
        ],
        apart: &[],
    },
    Layer {
        name: "the features",
        shared: &[],
        apart: &[
            "ratings",
            "notify",
            "play",
            "takeback",
            "challenges",
            "rematch",
            "records",
            "computer",
            "info",
            "admin",
            "seasons",
            "threads",
            "sweeper",
            "outage",
            "tournaments",
            "puzzles",
            "daily",
            "lessons",
            // A server's web pages, read: what `namnam web` shows, as the features make it.
            "site",
        ],
    },
    Layer {
        name: "the dispatcher",
        shared: &["dispatch"],
        apart: &[],
    },
    Layer {
        name: "delivery",
        // How every front end shows answers and posts: through the core's calls, never a feature's.
        shared: &["delivery", "delivery::posting"],
        apart: &[],
    },
];

/// The imports between modules that stand apart, each with its reason.
const CORE_HOOKS: &[Hook] = &[
    // A feature that uses another.
    (
        "admin",
        "seasons",
        "`admin season` is answered by the seasons (Core::season)",
    ),
    (
        "admin",
        "tournaments",
        "a match an admin stops is over for its tournament too (Core::tournament_match_over)",
    ),
    (
        "challenges",
        "notify",
        "an accepted challenge marks both players at the board, so no turn DM follows (Core::acted)",
    ),
    (
        "computer",
        "play",
        "the computer's move is committed as any move is (Core::commit_move)",
    ),
    (
        "daily",
        "puzzles",
        "the daily puzzle is shown as any puzzle is (puzzles::shown_as)",
    ),
    (
        "info",
        "ratings",
        "`stats` and `leaderboard` show ratings (show_rating, PROVISIONAL_GAMES)",
    ),
    (
        "play",
        "notify",
        "a move marks its mover at the board, so no turn DM follows (Core::acted)",
    ),
    (
        "puzzles",
        "ratings",
        "a puzzle rating is provisional for as many games as a match rating (PROVISIONAL_GAMES)",
    ),
    (
        "records",
        "daily",
        "the analyst, idle, mines the servers' daily puzzles (Core::mine_next)",
    ),
    (
        "rematch",
        "challenges",
        "a rematch against a person opens a challenge, with all its checks (Core::challenge)",
    ),
    (
        "seasons",
        "ratings",
        "a season's final standings show ratings (show_rating)",
    ),
    (
        "site",
        "tournaments",
        "a tournament's web page shows the sheet the tournaments make (Core::tournament_sheet)",
    ),
    (
        "sweeper",
        "challenges",
        "the sweep closes expired challenges (Core::expire)",
    ),
    (
        "sweeper",
        "computer",
        "the sweep plays the computer's turns a restart left waiting (Core::catch_up_computer)",
    ),
    (
        "sweeper",
        "daily",
        "the sweep posts the daily puzzles (Core::daily_puzzles)",
    ),
    (
        "sweeper",
        "play",
        "the sweep ends a match whose player to move ran out of time (Core::time_out)",
    ),
    (
        "sweeper",
        "seasons",
        "the sweep starts each month's season where a server asked for it (Core::monthly_seasons)",
    ),
    (
        "sweeper",
        "tournaments",
        "the sweep starts tournaments and moves their rounds on (Core::sweep_tournaments)",
    ),
    (
        "takeback",
        "notify",
        "asking for a takeback marks the asker at the board, so no turn DM follows (Core::acted)",
    ),
    (
        "tournaments",
        "notify",
        "a tournament's new match DMs its player to move (Core::turn_dm)",
    ),
    (
        "tournaments",
        "play",
        "a player who withdraws during a round resigns the match they are playing in it, ended as any \
         match is (Core::finish_with)",
    ),
    (
        "tournaments",
        "ratings",
        "a match ended by its round's running out is rated there (ratings::rate_match)",
    ),
    (
        "info",
        "lessons",
        "`stats` shows the lessons a player has passed (Core::lessons_line)",
    ),
    (
        "lessons",
        "challenges",
        "the lessons' last stage is a challenge to the computer, with all its checks (Core::challenge)",
    ),
    (
        "lessons",
        "vocabulary::challenges",
        "the lessons' match is asked for with a challenge's options (ChallengeOptions)",
    ),
    (
        "lessons",
        "vocabulary::play",
        "a lesson's move the rules refuse is told as a match's is (play::illegal_text)",
    ),
    // A feature that refuses in another feature's words.
    (
        "threads",
        "vocabulary::challenges",
        "moving a match to a thread with a match refuses as a challenge there would \
         (ChallengeRefusal::MatchInChannel)",
    ),
    (
        "tournaments",
        "vocabulary::challenges",
        "a tournament refuses a channel and the bot as a challenge does \
         (ChallengeRefusal::ChannelNotAllowed, ChallengeBot)",
    ),
    // A feature's vocabulary that names another's.
    (
        "vocabulary::play",
        "vocabulary::matches",
        "`move`, `resign`, `draw` and `takeback` name the match they act on (MatchRef)",
    ),
];

/// Each feature's vocabulary and the features that speak it: those that answer its commands.
const CORE_SPEAKERS: &[Speakers] = &[
    (
        "vocabulary::admin",
        &["admin", "seasons"],
        "`admin`; `admin season` is the seasons'",
    ),
    (
        "vocabulary::challenges",
        &["challenges", "rematch"],
        "`challenge`, `accept`, `decline`, `cancel`; `rematch` is the rematch's",
    ),
    (
        "vocabulary::info",
        &["info", "notify"],
        "`rules`, `help`, `leaderboard`, `stats`; `notify` is the turn DMs'",
    ),
    (
        "vocabulary::matches",
        &[
            "play",
            "info",
            "admin",
            "challenges",
            "records",
            "rematch",
            "seasons",
            "takeback",
            "threads",
            "tournaments",
        ],
        "`board` is play's, `matches` and `history` are info's; MatchRef, Expected and MatchRefusal are \
         every feature's that acts on a match (the match a request means)",
    ),
    (
        "vocabulary::play",
        &["play", "takeback"],
        "`move`, `resign`, `draw`; `takeback` is the takeback's",
    ),
    (
        "vocabulary::puzzles",
        &["puzzles", "daily"],
        "`puzzle`; `puzzle daily` is the daily puzzle's",
    ),
    (
        "vocabulary::records",
        &["records"],
        "`export`, `replay`, `analyse`",
    ),
    ("vocabulary::tournaments", &["tournaments"], "`tournament`"),
    ("vocabulary::lessons", &["lessons"], "`learn`"),
];

const CORE: Layering = Layering {
    layers: CORE_LAYERS,
    hooks: CORE_HOOKS,
    speakers: CORE_SPEAKERS,
};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace")
}

fn core_graph() -> ModuleGraph {
    ModuleGraph::submodules_of_crate(&workspace().join("crates/core/src"))
        .expect("the core's sources")
}

/// The messages with their places under the workspace.
fn shown(messages: Vec<String>) -> String {
    let prefix = format!("{}/", workspace().display());
    messages
        .iter()
        .map(|m| format!("  {}", m.replace(&prefix, "")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_core_keeps_its_layers() {
    let broken = CORE.broken(&core_graph());
    assert!(
        broken.is_empty(),
        "the core's layers are broken (tests/core_layers.rs has the tables):\n{}",
        shown(broken)
    );
}

#[test]
fn the_core_s_tables_name_what_it_has() {
    let stale = CORE.stale(&core_graph());
    assert!(
        stale.is_empty(),
        "the core's layer tables are out of date (tests/core_layers.rs):\n{}",
        shown(stale)
    );
}

#[test]
fn every_feature_s_vocabulary_has_its_speakers() {
    let vocabulary = CORE_LAYERS
        .iter()
        .find(|l| l.name == "the vocabulary")
        .unwrap();
    for module in vocabulary.apart {
        assert!(
            CORE_SPEAKERS.iter().any(|(m, _, _)| m == module),
            "{module} has no entry in CORE_SPEAKERS: which features answer its commands?"
        );
    }
}

#[test]
fn the_reading_sees_inside_the_core() {
    // The checks above must see the core's submodules, or they would pass on nothing.
    let graph = core_graph();
    assert!(graph.edges.len() > 40, "{:?}", graph.edges.keys());
    assert!(graph.edges["vocabulary::play"].contains_key("vocabulary::matches"));
    assert!(graph.edges["dispatch"].contains_key("vocabulary::play"));
    assert!(graph.edges["tournaments::words"].contains_key("tournaments::field"));
}

/// The imports a check refuses, as `from -> to`.
fn refused(graph: &ModuleGraph) -> Vec<String> {
    let mut edges: Vec<String> = CORE
        .broken(graph)
        .iter()
        .map(|m| m.split(" (").next().unwrap().to_owned())
        .collect();
    edges.sort();
    edges
}

/// A small crate with the core's names, laid out as the core is.
fn fake_core(extra: &[(&'static str, &'static str)]) -> ModuleGraph {
    let mut sources = vec![
        (
            "lib.rs",
            "mod clock;\nmod message;\npub mod vocabulary;\nmod context;\nmod challenges;\nmod play;\n\
             mod ratings;\nmod rematch;\nmod dispatch;\npub use dispatch::error_reply;\n\
             pub use vocabulary::{Command, MatchRef};\n",
        ),
        ("clock.rs", "pub fn now() {}\n"),
        ("message.rs", "use super::clock::now;\npub struct Text;\n"),
        (
            "vocabulary/mod.rs",
            "pub mod challenges;\npub mod matches;\npub mod play;\nuse super::message::Text;\n\
             pub use matches::MatchRef;\npub enum Command {}\n",
        ),
        ("vocabulary/challenges.rs", "use super::Command;\n"),
        ("vocabulary/matches.rs", "pub enum MatchRef {}\n"),
        ("vocabulary/play.rs", "use super::MatchRef;\n"),
        ("context.rs", "use crate::vocabulary::Command;\npub struct Core;\n"),
        (
            "challenges.rs",
            "use super::vocabulary::challenges::ChallengeCommand;\n",
        ),
        ("play.rs", "use super::{context::Core, vocabulary::play::PlayCommand};\n"),
        ("ratings.rs", "use super::context::Core;\n"),
        (
            "rematch.rs",
            "use super::challenges;\nuse crate::vocabulary::challenges::ChallengeOptions;\n",
        ),
        ("dispatch.rs", "use super::{play, ratings, rematch, challenges};\n"),
    ];
    for (path, text) in extra {
        match sources.iter_mut().find(|(p, _)| p == path) {
            Some(source) => source.1 = text,
            None => sources.push((path, text)),
        }
    }
    ModuleGraph::submodules_of_sources(&sources)
}

#[test]
fn the_core_s_rules_pass_a_crate_that_keeps_them() {
    // rematch -> challenges and vocabulary::play -> vocabulary::matches are documented hooks; the root
    // re-exports the dispatcher.
    assert_eq!(refused(&fake_core(&[])), Vec::<String>::new());
}

#[test]
fn the_core_s_rules_refuse_what_breaks_them() {
    let graph = fake_core(&[
        // A feature importing the dispatcher, and a module of the core itself too.
        (
            "play.rs",
            "use super::context::Core;\nfn f() { crate::dispatch::error_reply() }\n",
        ),
        (
            "context.rs",
            "use crate::dispatch::Handler;\npub struct Core;\n",
        ),
        // A vocabulary module importing a feature, and the core itself.
        (
            "vocabulary/play.rs",
            "use super::MatchRef;\nuse crate::challenges::accept;\nuse crate::context::Core;\n",
        ),
        // An undocumented feature -> feature import (ratings -> play has no hook).
        ("ratings.rs", "use super::play::f;\n"),
        // A feature's vocabulary naming another's without a hook, and a feature speaking another's.
        (
            "vocabulary/matches.rs",
            "use super::challenges::ChallengeRefusal;\n",
        ),
        (
            "challenges.rs",
            "use super::vocabulary::{challenges::ChallengeCommand, play::PlayRefusal};\n",
        ),
    ]);
    assert_eq!(
        refused(&graph),
        [
            "challenges -> vocabulary::play",
            "context -> dispatch",
            "play -> dispatch",
            "ratings -> play",
            "vocabulary::matches -> vocabulary::challenges",
            "vocabulary::play -> challenges",
            "vocabulary::play -> context",
        ]
    );
    let broken = CORE.broken(&graph);
    let play = broken
        .iter()
        .find(|m| m.starts_with("play -> dispatch"))
        .unwrap();
    assert_eq!(
        play,
        "play -> dispatch (play.rs:2): play (the features) imports from dispatch (the dispatcher), a \
         layer above it"
    );
    let ratings = broken
        .iter()
        .find(|m| m.starts_with("ratings -> play"))
        .unwrap();
    assert!(
        ratings.contains("(ratings.rs:1)") && ratings.contains("documented hook"),
        "{ratings}"
    );
}
