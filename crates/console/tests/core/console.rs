//! `namnam console` driven by a script, as a person would pipe one: replies come out, a second run on the
//! same database finds the match where the first left it.

use crate::common::*;
use namnam_console::{parse_line, run, ConsoleOptions};

async fn run_script(h: &Harness, script: &str) -> String {
    let mut out = Vec::new();
    let options = ConsoleOptions {
        echo: true,
        images: Some(h.db.dir.path().join("pictures")),
        ..ConsoleOptions::default()
    };
    run(h.core.clone(), script.as_bytes(), &mut out, options)
        .await
        .expect("the console runs");
    String::from_utf8(out).expect("UTF-8 output")
}

async fn a_scripted_session_plays_and_a_second_session_finds_the_match_as_it_was(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "# a comment\n\
         alice challenge opponent:bob first:challenger\n\
         bob accept\n\
         alice move house:3\n\
         bob move house:7\n\
         #side carol help\n\
         alice move house:13\n",
    )
    .await;
    assert!(
        out.contains("> bob accept\n[#general]\nbob accepts. Match #1"),
        "{out}"
    );
    // rules.md §9.2: after South's 3 and North's 7.
    assert!(out.contains("[ 1][ 9][ 2][10][ 0][ 0]"), "{out}");
    assert!(
        out.contains("[#side] (only carol sees this)\nCommands"),
        "{out}"
    );
    assert!(
        out.contains("(only alice sees this)\nThere is no house 13"),
        "{out}"
    );
    // A comment is echoed but answers nothing.
    assert!(out.starts_with("> # a comment\n> alice challenge"), "{out}");
    // Pictures are written and their paths printed: the board after each change, the five laps as a GIF.
    let written: Vec<&str> = out
        .lines()
        .filter_map(|l| {
            l.strip_prefix("picture: ")
                .or(l.strip_prefix("animation: "))
        })
        .collect();
    assert!(written.len() >= 4, "{out}");
    for path in &written {
        assert!(std::fs::metadata(path).unwrap().len() > 1000, "{path}");
    }
    assert!(written.iter().any(|p| p.ends_with(".gif")), "{out}");

    let h = h.restart().await;
    let out = run_script(&h, "carol board\n").await;
    assert!(out.contains("[ 1][ 9][ 2][10][ 0][ 0]"), "{out}");
    assert!(out.contains("alice to move"), "{out}");
}

async fn a_script_replays_exports_and_waits_for_its_analysis(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "alice challenge opponent:bob first:challenger\n\
         bob accept\n\
         alice move house:3\n\
         bob move house:7\n\
         alice resign confirm:yes\n\
         carol replay match:1 move:1\n\
         carol export match:1\n\
         bob analyse match:1\n",
    )
    .await;
    // The replay after move 1, with what can be typed next: each place once, none that goes nowhere.
    assert!(out.contains("Move 1 of 2 (round 1, move 1)"), "{out}");
    assert!(
        out.contains("next: replay match:1 move:0 | replay match:1 move:2\n"),
        "{out}"
    );
    // The record, printed whole and written beside the pictures.
    assert!(
        out.contains("--- namnam-match-1.nnr ---\nnamnam-record 1\n"),
        "{out}"
    );
    let file = h.db.dir.path().join("pictures").join("namnam-match-1.nnr");
    let record = namnam_record::Record::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(record.replay().unwrap().len(), 2);
    // The input ended with `analyse`: its verdict is waited for and printed.
    assert!(out.contains("The computer's analysis of match #1"), "{out}");
}

#[test]
fn lines_name_an_optional_channel_a_user_a_command_and_options() {
    let line = parse_line("#games alice challenge opponent:bob first:challenger")
        .unwrap()
        .unwrap();
    assert_eq!(line.channel, "games");
    assert_eq!(line.user, "alice");
    assert_eq!(line.command, "challenge");
    assert_eq!(
        line.options,
        vec![("opponent", "bob"), ("first", "challenger")]
    );
    let line = parse_line("  admin admin abort ").unwrap().unwrap();
    assert_eq!((line.channel, line.words), ("general", vec!["abort"]));
    assert!(parse_line("").is_none() && parse_line("# note").is_none());
    assert!(parse_line("alice").unwrap().is_err());
    assert!(parse_line("al!ce help").unwrap().is_err());
}

/// What people type as they would in Discord: a bare opponent, a space after an option's colon.
async fn a_challenge_names_its_opponent_bare_and_an_option_may_have_a_space(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "alice challenge bob first:challenger\n\
         bob accept\n\
         alice move house: 3\n",
    )
    .await;
    assert!(out.contains("bob accepts. Match #1"), "{out}");
    // rules.md §9.1: South's house 3 sows five laps.
    assert!(out.contains("alice sowed house 3: 5 laps"), "{out}");
    // The deadline with the time left (the default clock is a day a move).
    assert!(out.contains("(1 d left to move)"), "{out}");
}

/// A player's menu on Discord (Apps → Challenge to Nam-nam) as a command: `challenge-menu NAME` answers
/// with a draft only the challenger sees, on the usual terms, whose buttons are lines to type: the draft
/// with a term changed (`challenge-menu NAME rounds:… clock:… first:…`), and Send (`challenge NAME …`).
/// A draft takes no other option, and a challenge to oneself is refused.
async fn a_menu_challenge_is_drafted_then_sent(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "alice challenge-menu alice\n\
         alice challenge-menu bob endgame:starter\n\
         alice challenge-menu bob\n\
         alice challenge-menu bob rounds:1 clock:1d first:random\n\
         alice challenge bob rounds:1 clock:1d first:random\n\
         bob accept\n",
    )
    .await;
    let section = |from: &str, to: &str| {
        let start = out.find(from).unwrap_or_else(|| panic!("{from}\n{out}"));
        let end = out[start..].find(to).map_or(out.len(), |e| start + e);
        out[start..end].to_owned()
    };
    let own = section(
        "> alice challenge-menu alice",
        "> alice challenge-menu bob endgame",
    );
    assert!(own.contains("You cannot challenge yourself"), "{own}");
    let with_option = section(
        "> alice challenge-menu bob endgame",
        "> alice challenge-menu bob\n",
    );
    assert!(!with_option.contains("Challenge bob"), "{with_option}");
    let menu = section(
        "> alice challenge-menu bob\n",
        "> alice challenge-menu bob rounds",
    );
    assert!(menu.contains("Challenge bob to Nam-nam"), "{menu}");
    assert!(menu.contains("1 d per move"), "the usual clock: {menu}");
    assert!(menu.contains("(only alice sees this)"), "{menu}");
    assert!(
        !menu.contains("alice challenges bob"),
        "nothing sent yet: {menu}"
    );
    // Its buttons, as lines to type: each term's next value, then Send.
    assert!(
        menu.contains("challenge-menu bob rounds:1 clock:1d first:random"),
        "{menu}"
    );
    assert!(
        menu.contains("challenge-menu bob clock:1h first:random"),
        "{menu}"
    );
    assert!(
        menu.contains("challenge-menu bob clock:1d first:challenger"),
        "{menu}"
    );
    assert!(
        menu.contains("challenge bob clock:1d first:random"),
        "{menu}"
    );
    let one_round = section("> alice challenge-menu bob rounds", "> alice challenge bob");
    assert!(one_round.contains("one round"), "{one_round}");
    assert!(
        one_round.contains("challenge-menu bob rounds:3 clock:1d first:random"),
        "{one_round}"
    );
    assert!(out.contains("alice challenges bob"), "{out}");
    assert!(out.contains("bob accepts. Match #1"), "{out}");
}

/// `challenge` without an opponent is open to anyone in the channel: its challenger cannot take it, the
/// first other player to accept plays, and it is gone for the next.
async fn an_open_challenge_is_taken_by_the_first_to_accept(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "#lobby alice challenge\n\
         #lobby alice accept\n\
         #lobby bob accept\n\
         #lobby carol accept\n",
    )
    .await;
    assert!(
        out.contains("alice offers a match of Nam-nam to anyone here"),
        "{out}"
    );
    assert!(out.contains("wait for someone to accept it"), "{out}");
    assert!(out.contains("bob accepts. Match #1"), "{out}");
    let last = &out[out.find("> #lobby carol accept").expect("carol's line")..];
    assert!(
        last.contains("There is no open challenge in this channel"),
        "{last}"
    );
}

/// Someone looking at another pair's board is not told the mover's moves; a channel the core names by id
/// is shown by the name it was typed with.
async fn an_onlooker_gets_no_moves_and_channels_are_shown_by_name(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "alice challenge bob first:challenger
         bob accept
         carol board
         alice board
         carol admin settings daily-puzzle:#puzzles
",
    )
    .await;
    let section = |from: &str, to: &str| {
        let start = out.find(from).unwrap_or_else(|| {
            panic!(
                "{from}
{out}"
            )
        });
        let end = out[start..].find(to).map_or(out.len(), |e| start + e);
        out[start..end].to_owned()
    };
    let onlooker = section("> carol board", "> alice board");
    assert!(onlooker.contains("[ 4][ 4][ 4][ 4][ 4][ 4]"), "{onlooker}");
    assert!(!onlooker.contains("next:"), "{onlooker}");
    let player = section("> alice board", "> carol admin");
    assert!(player.contains("next: move house:1 |"), "{player}");
    let settings = section("> carol admin", "\n\n\n");
    assert!(settings.contains("daily puzzle: in #puzzles"), "{settings}");
    assert!(!settings.contains("in channel "), "{settings}");
}

/// Matches outside the console's server (`private#`, `guest#`) move the everywhere rating: `leaderboard`
/// there shows, privately, only the asker and the players they met, and the server's leaderboard none of
/// them; `stats` shows it, and another's only to who met them.
async fn matches_outside_the_server_move_the_everywhere_rating(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = run_script(
        &h,
        "private#lounge alice challenge opponent:bob first:challenger\n\
         private#lounge bob accept\n\
         private#lounge alice move house:3\n\
         private#lounge bob resign confirm:yes\n\
         guest#games carol challenge opponent:bob first:challenger\n\
         guest#games bob accept\n\
         guest#games carol move house:3\n\
         guest#games bob resign confirm:yes\n\
         private#lounge alice leaderboard\n\
         guest#games bob leaderboard\n\
         alice leaderboard\n\
         dm dave leaderboard\n\
         private#lounge alice stats\n\
         private#lounge alice stats player:carol\n\
         bob stats\n",
    )
    .await;
    let section = |from: &str, to: &str| {
        let start = out.find(from).unwrap_or_else(|| panic!("{from}\n{out}"));
        let end = out[start + from.len()..]
            .find(to)
            .map_or(out.len(), |e| start + from.len() + e);
        out[start..end].to_owned()
    };
    let ended = section("> private#lounge bob resign", "> guest#games");
    assert!(
        ended.contains("Everywhere ratings: alice +") && !ended.contains("1500"),
        "{ended}"
    );
    let alices = section("> private#lounge alice leaderboard", "> ");
    assert!(alices.contains("(only alice sees this)"), "{alices}");
    assert!(
        alices.contains("1. alice — ") && alices.contains("2. bob — "),
        "{alices}"
    );
    assert!(alices.contains("You are number 1 of 2."), "{alices}");
    assert!(!alices.contains("carol"), "{alices}");
    let bobs = section("> guest#games bob leaderboard", "> ");
    assert!(
        bobs.contains("3. bob — ") && bobs.contains("carol"),
        "{bobs}"
    );
    assert!(bobs.contains("You are number 3 of 3."), "{bobs}");
    let server = section("> alice leaderboard", "> ");
    assert!(
        server.contains("Nobody has finished a rated match here"),
        "{server}"
    );
    assert!(!server.contains("bob"), "{server}");
    let daves = section("> dm dave leaderboard", "> ");
    assert!(
        daves.contains("You have no everywhere rating yet"),
        "{daves}"
    );
    let stats = section("> private#lounge alice stats\n", "> ");
    assert!(stats.contains("alice, everywhere: rating "), "{stats}");
    let unmet = section("> private#lounge alice stats player:carol", "> ");
    assert!(unmet.contains("You have not met carol"), "{unmet}");
    let both = section("> bob stats", "\n\n\n");
    assert!(both.contains("bob, everywhere: rating "), "{both}");
    assert!(both.contains("2 games: 0 won, 0 drawn, 2 lost"), "{both}");
}

on_both_backends!(
    matches_outside_the_server_move_the_everywhere_rating,
    a_menu_challenge_is_drafted_then_sent,
    an_open_challenge_is_taken_by_the_first_to_accept,
    an_onlooker_gets_no_moves_and_channels_are_shown_by_name,
    a_challenge_names_its_opponent_bare_and_an_option_may_have_a_space,
    a_scripted_session_plays_and_a_second_session_finds_the_match_as_it_was,
    a_script_replays_exports_and_waits_for_its_analysis,
);
