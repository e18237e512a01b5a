//! The words of the replies: moves, rounds, results, houses, the board as text, help and rules.

use super::message::{Arg, Language, Text};
use namnam_game::{
    CaptureKind, EndReason, Endgame, MatchEnd, MatchResult, MoveEvent, MoveRecord, Player,
    Position, RoundSummary, Territory,
};
use namnam_model::{Names, Terms};

/// `1–7`, `8–12`, `3–5 and 12`… the houses a player owns, as labels.
pub fn houses_owned(territory: Territory, player: Player) -> Text {
    let owned: Vec<u8> = namnam_game::House::all()
        .filter(|&h| territory.owner(h) == player)
        .map(|h| h.label())
        .collect();
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for l in owned {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == l => *end = l,
            _ => runs.push((l, l)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                format!("{a}")
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    match parts.as_slice() {
        [] => Text::message("houses-none", []),
        [one] => Text::from(one.as_str()),
        [init @ .., last] => Text::message(
            "list-last",
            [
                ("list", Arg::words(init.join(", "))),
                ("last", Arg::words(last.as_str())),
            ],
        ),
    }
}

/// `alice sowed house 3: 2 laps; bob took 4 seeds (house 7).`
pub fn describe_move(record: &MoveRecord, names: &Names) -> Text {
    let text = Text::message(
        "move-sowed",
        [
            ("mover", Arg::player(names.get(record.mover))),
            ("house", Arg::number(record.house.label())),
            ("laps", Arg::number(record.laps() as i64)),
        ],
    );
    with_captures_and_passes(text, &record.events, names)
}

/// `text` followed by every capture of a move's `events` (`; bob took 4 seeds (house 7)`), whoever took
/// it, a full stop, and every pass.
pub fn with_captures_and_passes(mut text: Text, events: &[MoveEvent], names: &Names) -> Text {
    for event in events {
        let MoveEvent::Capture(c) = event else {
            continue;
        };
        let houses: Vec<String> = c.houses.iter().map(|h| h.label().to_string()).collect();
        let id = match c.kind {
            CaptureKind::MidLap => "move-capture-mid-lap",
            CaptureKind::LastSeed => "move-capture-last-seed",
            CaptureKind::Chain => "move-capture-chain",
        };
        text = text.then_message("clause-separator", []).then_message(
            id,
            [
                ("player", Arg::player(names.get(c.player))),
                ("seeds", Arg::number(c.seeds as i64)),
                ("count", Arg::number(houses.len() as i64)),
                ("houses", Arg::words(houses.join(", "))),
            ],
        );
    }
    text = text.words(".");
    for event in events {
        if let MoveEvent::Pass { player } = event {
            text = text
                .words(" ")
                .then_message("move-pass", [("player", Arg::player(names.get(*player)))]);
        }
    }
    text
}

fn end_reason(reason: EndReason) -> Text {
    let id = match reason {
        EndReason::LastSeeds => "round-reason-last-seeds",
        EndReason::Stall => "round-reason-stall",
        EndReason::Stuck => "round-reason-stuck",
    };
    Text::message(id, [])
}

/// The end of a round and the territory of the next.
pub fn describe_round(s: &RoundSummary, names: &Names, next_round_starts: bool) -> Text {
    let t = s.territory_after;
    let mut text = Text::message(
        "round-over",
        [
            ("round", Arg::number(s.round)),
            ("reason", Arg::Text(end_reason(s.end_reason))),
            ("south", Arg::player(names.get(Player::South))),
            ("south_seeds", Arg::number(s.stores.south as i64)),
            ("north", Arg::player(names.get(Player::North))),
            ("north_seeds", Arg::number(s.stores.north as i64)),
        ],
    );
    text = match s.winner {
        Some(w) => text
            .words(" ")
            .then_message("round-winner", [("name", Arg::player(names.get(w)))]),
        None => text.words(" ").then_message("round-drawn", []),
    };
    if next_round_starts && !t.is_whole_board() {
        text = text.words(" ").then_message(
            "round-next",
            [
                ("round", Arg::number(s.round + 1)),
                ("territory", Arg::Text(territory(t, names))),
                ("starter", Arg::player(names.get(s.starter.other()))),
            ],
        );
    }
    text
}

/// `alice plays South (houses 1–6), bob plays North (houses 7–12)`.
pub fn sides(t: Territory, names: &Names) -> Text {
    let plays = |player: Player, id: &str| {
        Text::message(
            id,
            [
                ("name", Arg::player(names.get(player))),
                ("houses", Arg::Text(houses_owned(t, player))),
            ],
        )
    };
    plays(Player::South, "side-south")
        .words(", ")
        .then(plays(Player::North, "side-north"))
}

/// `alice owns 7 houses (1–7), bob owns 5 houses (8–12)`.
pub fn territory(t: Territory, names: &Names) -> Text {
    let owns = |player| {
        Text::message(
            "owns-houses",
            [
                ("name", Arg::player(names.get(player))),
                ("count", Arg::number(t.houses_of(player) as i64)),
                ("houses", Arg::Text(houses_owned(t, player))),
            ],
        )
    };
    owns(Player::South).words(", ").then(owns(Player::North))
}

/// `alice wins the match (the target of houses was reached).`
pub fn describe_result(result: &MatchResult, names: &Names) -> Text {
    let why = match result.reason {
        MatchEnd::WholeBoard => "result-why-whole-board",
        MatchEnd::Target => "result-why-target",
        MatchEnd::RoundLimit => "result-why-round-limit",
        MatchEnd::Resignation => "result-why-resignation",
        MatchEnd::Timeout => "result-why-timeout",
        MatchEnd::Agreement => "result-why-agreement",
        MatchEnd::Adjudicated => "result-why-adjudicated",
    };
    let why = ("why", Arg::Text(Text::message(why, [])));
    match result.winner {
        Some(w) => Text::message("result-win", [("name", Arg::player(names.get(w))), why]),
        None => Text::message("result-draw", [why]),
    }
}

/// What the player to move should know before choosing: the stall near (from
/// [`namnam_render::STALL_SHOWN_FROM`] moves without a capture), and the houses with seeds that have no
/// button because their move would never end.
pub fn what_is_coming(position: &Position) -> Vec<Text> {
    let mut lines = Vec::new();
    let since = position.since_capture();
    if since >= namnam_render::STALL_SHOWN_FROM {
        lines.push(Text::message(
            "match-stall-near",
            [
                ("count", Arg::number(since)),
                ("left", Arg::number(namnam_game::STALL_MOVES - since)),
            ],
        ));
    }
    let endless: Vec<String> = namnam_game::House::all()
        .filter(|&h| position.play(h) == Err(namnam_game::IllegalMove::Endless))
        .map(|h| h.label().to_string())
        .collect();
    if let Some((last, init)) = endless.split_last() {
        let houses = match init {
            [] => Text::from(last.as_str()),
            _ => Text::message(
                "list-last",
                [
                    ("list", Arg::words(init.join(", "))),
                    ("last", Arg::words(last.as_str())),
                ],
            ),
        };
        lines.push(Text::message(
            "match-endless-houses",
            [
                ("count", Arg::number(endless.len() as i64)),
                ("houses", Arg::Text(houses)),
            ],
        ));
    }
    lines
}

/// The houses each player owns at the end of `game`: `Final houses: alice 8, bob 4.` (the territory the
/// last finished round gave, which is also the one of a round cut short).
pub fn final_houses(game: &namnam_game::Match, names: &Names) -> Text {
    let territory = game
        .rounds()
        .last()
        .map_or(game.position().territory(), |s| s.territory_after);
    Text::message(
        "match-final-houses",
        [
            ("south", Arg::player(&names.south)),
            (
                "south_houses",
                Arg::number(territory.houses_of(Player::South)),
            ),
            ("north", Arg::player(&names.north)),
            (
                "north_houses",
                Arg::number(territory.houses_of(Player::North)),
            ),
        ],
    )
}

/// `bob to move, by 2026-11-30 13:40 UTC (24h per move).`
pub fn describe_turn(names: &Names, to_move: Player, deadline_ms: i64, clock_secs: u32) -> Text {
    Text::message(
        "turn",
        [
            ("name", Arg::player(names.get(to_move))),
            ("deadline", Arg::time(deadline_ms)),
            ("clock", Arg::Text(duration(clock_secs))),
        ],
    )
}

/// A move clock's or a wait's length in words: `24 h`, `3 d`, `10 min`.
/// A change of rating as shown: whole points, signed, with a true minus sign ("+12", "−8").
pub fn signed(change: f64) -> Arg {
    Arg::words(format!("{:+}", change.round() as i64).replace('-', "−"))
}

pub fn duration(secs: u32) -> Text {
    format_span(i64::from(secs) * 1000)
}

/// A length of time in words, to the minute: `2 h 14 min`, `45 min`, `3 d 2 h` (under a minute: `1 min`).
pub fn format_span(ms: i64) -> Text {
    let minutes = (ms.max(0) + 30_000) / 60_000;
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let n = Arg::number;
    match (days, hours, minutes) {
        (0, 0, m) => Text::message("span-minutes", [("minutes", n(m.max(1)))]),
        (0, h, 0) => Text::message("span-hours", [("hours", n(h))]),
        (0, h, m) => Text::message("span-hours-minutes", [("hours", n(h)), ("minutes", n(m))]),
        (d, 0, _) => Text::message("span-days", [("days", n(d))]),
        (d, h, _) => Text::message("span-days-hours", [("days", n(d)), ("hours", n(h))]),
    }
}

/// The board as text, North's row on top, read from the left as the picture shows it:
///
/// ```text
///        12  11  10   9   8   7     bob (north), store 0
///       [ 4][ 4][ 4][ 4][ 4][ 4]
///       [ 4][ 4][ 4][ 4][ 4][ 4]
///         1   2   3   4   5   6     alice (south), store 0
/// ```
/// A house's number is marked `*` when South owns it, `.` when North does.
pub fn board_text(position: &Position, names: &Names, language: Language) -> String {
    let stores = position.stores();
    let said = |id: &str, name: &str, store: u8| {
        let args = [("name", Arg::player(name)), ("store", Arg::number(store))];
        Text::message(id, args).plain_in(language)
    };
    let legend = Text::message(
        "board-text-legend",
        [
            ("south", Arg::player(&names.south)),
            ("north", Arg::player(&names.north)),
        ],
    );
    laid_out(
        position,
        said("board-text-north", &names.north, stores.north),
        said("board-text-south", &names.south, stores.south),
        legend.plain_in(language),
    )
}

/// A puzzle's board as text, as [`board_text`], its sides named South and North (no player's name).
pub fn puzzle_board_text(position: &Position, language: Language) -> String {
    let stores = position.stores();
    let said =
        |id: &str, store: u8| Text::message(id, [("store", Arg::number(store))]).plain_in(language);
    laid_out(
        position,
        said("board-text-side-north", stores.north),
        said("board-text-side-south", stores.south),
        Text::message("board-text-side-legend", []).plain_in(language),
    )
}

/// The board's rows, with North's label, South's label and the legend.
fn laid_out(
    position: &Position,
    north_label: String,
    south_label: String,
    legend: String,
) -> String {
    let b = position.board();
    let t = position.territory();
    let mark = |h: usize| {
        let house = namnam_game::House::new(h).expect("0–11");
        if t.owner(house) == Player::South {
            '*'
        } else {
            '.'
        }
    };
    let row =
        |hs: &[usize], f: &dyn Fn(usize) -> String| hs.iter().map(|&h| f(h)).collect::<String>();
    let north: Vec<usize> = (6..12).rev().collect();
    let south: Vec<usize> = (0..6).collect();
    format!(
        "  {}   {}\n  {}\n  {}\n  {}   {}\n  {}",
        row(&north, &|h| format!(" {:>2}{}", h + 1, mark(h))),
        north_label,
        row(&north, &|h| format!("[{:>2}]", b[h])),
        row(&south, &|h| format!("[{:>2}]", b[h])),
        row(&south, &|h| format!(" {:>2}{}", h + 1, mark(h))),
        south_label,
        legend
    )
}

/// The console's help: its commands with their options (the same in every language) and what they do.
pub fn help() -> Text {
    Text::message("help-console", [])
}

/// The parts of the rules, in short, and the sections of docs/rules.md each one tells (§1–§7: the engine's
/// protocol and the examples are not rules a player needs).
pub const RULES_PARTS: [(&str, &[&str]); 14] = [
    ("rules-board", &["1"]),
    ("rules-sowing", &["2", "2.1", "2.2"]),
    ("rules-fours", &["2.3"]),
    ("rules-laps", &["2.4"]),
    ("rules-endless", &["2.5"]),
    ("rules-feeding", &["3", "3.1"]),
    ("rules-passing", &["3.2"]),
    ("rules-stuck", &["3.3", "4.3"]),
    ("rules-last-seeds", &["4", "4.1", "2.6"]),
    ("rules-stall", &["4.2"]),
    ("rules-chain", &["5"]),
    ("rules-territory", &["6", "6.1", "6.2", "4.4"]),
    ("rules-next-round", &["6.3"]),
    ("rules-match-end", &["7"]),
];

/// The rules of Nam-nam, in short: every part of [`RULES_PARTS`], a line each.
pub fn rules() -> Text {
    Text::lines(
        std::iter::once(Text::message("rules-intro", []))
            .chain(RULES_PARTS.iter().map(|(id, _)| Text::message(id, []))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_says_when_the_stall_is_near_and_which_houses_are_endless() {
        use namnam_game::Rules;
        // rules.md §9.4: South's house 1 never ends; houses 3, 5 and 6 are legal.
        let endless = Position::from_parts(
            6,
            [2, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1],
            [18, 18],
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap();
        let said: Vec<String> = what_is_coming(&endless)
            .iter()
            .map(|t| t.plain_in(Language::English))
            .collect();
        assert_eq!(
            said,
            ["No button for house 1: its move would sow round for ever (an endless move), which the rules forbid."]
        );
        let near = endless.with_since_capture(85).unwrap();
        let said = what_is_coming(&near)[0].plain_in(Language::English);
        assert_eq!(
            said,
            "85 moves without a capture: 15 more and the round ends, the seeds in each house going to its owner."
        );
        let not_yet = endless.with_since_capture(79).unwrap();
        assert_eq!(what_is_coming(&not_yet).len(), 1, "only the endless house");
        assert!(what_is_coming(&Position::opening(Player::South, Rules::default())).is_empty());
    }

    #[test]
    fn a_moves_line_names_every_capture_whoever_took_it_and_every_pass() {
        use namnam_game::{House, Rules};
        let names = Names {
            south: "alice".into(),
            north: "bob".into(),
        };
        let line = |board: [u8; 12], stores: [u8; 2], house: i64| {
            let p = Position::from_parts(
                6,
                board,
                stores,
                Player::South,
                Player::South,
                Rules::default(),
            )
            .unwrap();
            let played = p.play(House::from_label(house).unwrap()).unwrap();
            with_captures_and_passes(Text::from("alice sowed"), &played.events, &names)
                .plain_in(Language::English)
        };
        // rules.md §9.8: a four made mid-lap is its owner's, North's, in South's move.
        assert_eq!(
            line([0, 0, 1, 0, 3, 1, 3, 0, 1, 1, 1, 1], [18, 18], 5),
            "alice sowed; bob took 4 seeds (house 7)."
        );
        // rules.md §9.10: South takes North's last seeds, and North passes.
        assert_eq!(
            line([7, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0], [18, 19], 6),
            "alice sowed; alice took 4 seeds with the last seed (house 7). bob has no seeds and passes."
        );
    }

    #[test]
    fn french_reads_right_before_a_vowel_for_anyone_and_a_lap_is_no_turn() {
        let fr =
            |id: &str, args: [(&str, Arg); 1]| Text::message(id, args).plain_in(Language::French);
        let alice = || ("name", Arg::player("alice"));
        assert_eq!(
            fr("error-not-your-turn", [alice()]),
            "C'est à alice de jouer."
        );
        let shown = fr("matches-turn-theirs", [("player", Arg::player("alice"))]);
        assert!(!shown.contains("de alice"), "{shown}");
        let only = fr("console-only-sees", [("user", Arg::player("alice"))]);
        assert!(!only.contains("seul "), "{only}");
        for laps in [1, 5] {
            let sowed = Text::message(
                "move-sowed",
                [
                    ("mover", Arg::player("alice")),
                    ("house", Arg::number(3)),
                    ("laps", Arg::number(laps)),
                ],
            )
            .plain_in(Language::French);
            assert!(sowed.ends_with(&format!("{laps} semis")), "{sowed}");
        }
    }

    #[test]
    fn the_consoles_help_names_every_command_and_option() {
        for language in [Language::English, Language::French] {
            let help = help().plain_in(language);
            for command in crate::vocabulary::COMMANDS {
                assert!(
                    help.lines().any(|l| l.trim_start().starts_with(command)
                        || l.contains(&format!("| {command}"))),
                    "{language:?}: `{command}` missing from help"
                );
            }
            for option in [
                "history [match:N]",
                "daily [day:N]",
                "daily-puzzle:",
                "web:",
                "replay match:N",
            ] {
                assert!(
                    help.contains(option),
                    "{language:?}: `{option}` missing from help"
                );
            }
        }
    }

    #[test]
    fn the_rules_tell_every_section() {
        // Every numbered section of docs/rules.md §1–§7 is told by a part, and every part is in every
        // language and in the reply.
        let rules_md = include_str!("../../../docs/rules.md");
        let sections: Vec<&str> = rules_md
            .lines()
            .filter_map(|line| {
                line.strip_prefix("## ")
                    .or_else(|| line.strip_prefix("### "))
            })
            .filter_map(|heading| {
                heading
                    .split_once(' ')
                    .map(|(number, _)| number.trim_end_matches('.'))
            })
            .filter(|number| {
                matches!(
                    number.split('.').next(),
                    Some("1" | "2" | "3" | "4" | "5" | "6" | "7")
                )
            })
            .collect();
        assert!(sections.len() >= 20, "{sections:?}");
        for section in &sections {
            assert!(
                RULES_PARTS.iter().any(|(_, told)| told.contains(section)),
                "§{section} of docs/rules.md is told by no part of the rules"
            );
        }
        let shown = rules();
        for language in [Language::English, Language::French] {
            for (id, _) in RULES_PARTS {
                let words = namnam_words::find(language, id, None)
                    .unwrap_or_else(|| panic!("{id} in {language:?}"));
                assert!(
                    shown.plain_in(language).contains(words.trim()),
                    "{id} shown"
                );
            }
        }
    }

    #[test]
    fn spans_read_to_the_minute() {
        assert_eq!(format_span(134 * 60_000 + 10_000).plain(), "2 h 14 min");
        assert_eq!(format_span(3 * 3_600_000).plain(), "3 h");
        assert_eq!(format_span(45 * 60_000).plain(), "45 min");
        assert_eq!(format_span(20_000).plain(), "1 min");
        let days = format_span((3 * 24 + 2) * 3_600_000 + 59_000);
        assert_eq!(days.plain(), "3 d 2 h");
        let french = format_span((3 * 24 + 2) * 3_600_000).plain_in(Language::French);
        assert_eq!(french, "3 j 2 h");
    }
}

/// How much of a match's terms [`describe_terms`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermsForm {
    /// Every term, the usual ones too (a challenge: `target 10 houses, no round limit, 1d per move, last
    /// seeds to the capturer, no chain captures`).
    Full,
    /// What a player must know, for a line of several things (a tournament's: `target 10 houses · 1d a
    /// move · chain captures`): no "no target", no "last seeds to the capturer".
    Brief,
}

/// A match's terms in words, one part each: the one place that says them, for a challenge and a
/// tournament alike (a new term is added here once).
pub fn describe_terms(form: TermsForm, terms: &Terms) -> Vec<Text> {
    let full = form == TermsForm::Full;
    let id = |full_id: &'static str, brief_id: &'static str| if full { full_id } else { brief_id };
    let mut parts = Vec::new();
    match terms.target {
        Some(houses) => parts.push(Text::message(
            id("terms-target", "tournament-terms-target"),
            [("houses", Arg::number(houses))],
        )),
        None if full => parts.push(Text::message("terms-no-target", [])),
        None => {}
    }
    match terms.round_limit {
        Some(rounds) => parts.push(Text::message(
            id("terms-rounds", "tournament-terms-round-limit"),
            [("rounds", Arg::number(rounds))],
        )),
        None if full => parts.push(Text::message("terms-no-round-limit", [])),
        None => {}
    }
    parts.push(Text::message(
        id("terms-clock", "tournament-terms-clock"),
        [("clock", Arg::Text(duration(terms.clock_secs)))],
    ));
    match terms.rules.endgame {
        Endgame::Capturer if full => parts.push(Text::message("terms-endgame-capturer", [])),
        Endgame::Capturer => {}
        Endgame::Starter => parts.push(Text::message(
            id("terms-endgame-starter", "tournament-terms-endgame-starter"),
            [],
        )),
    }
    match terms.rules.chain {
        true => parts.push(Text::message(
            id("terms-chain-on", "tournament-terms-chain"),
            [],
        )),
        false if full => parts.push(Text::message("terms-chain-off", [])),
        false => {}
    }
    parts
}
