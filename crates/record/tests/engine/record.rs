//! The record format (docs/record-format.md): self-play matches under every option and every ending are
//! written, read back equal and replayed to the same match; a record that contradicts the rules or itself
//! is refused, naming the line, or the round and move.

use namnam_game::rng::SeededRng;
use namnam_game::{
    Endgame, House, IllegalMove, Match, MatchMove, MatchOptions, Player, Rules, Territory,
};
use namnam_record::{MoveFault, Outcome, Record, RecordError, ResultFault, RoundFault, Timestamp};
use proptest::prelude::*;
use std::time::Duration;

/// How a self-played match stops.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Played until the board ends it (or still in progress after the cap).
    Board,
    Resign(Player),
    Timeout,
    Agreement,
    Abort,
    /// Stopped after a number of moves, still going on.
    InProgress,
}

/// A match played by random legal moves: at most `plies` moves, then `ending`. Returns the match, its
/// moves, and whether it was aborted.
fn self_play(
    options: MatchOptions,
    seed: u64,
    plies: usize,
    ending: Ending,
) -> (Match, Vec<MatchMove>, bool) {
    let mut game = Match::new(options);
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    while moves.len() < plies && !game.is_over() {
        let legal = game.position().legal_moves();
        let house = legal.get(rng.below(legal.len()));
        moves.push(game.play(house).expect("a legal move"));
    }
    let mut aborted = false;
    if !game.is_over() {
        match ending {
            Ending::Board | Ending::InProgress => {}
            Ending::Resign(p) => {
                game.resign(p).unwrap();
            }
            Ending::Timeout => {
                let loser = game.to_move().unwrap();
                game.time_out(loser).unwrap();
            }
            Ending::Agreement => {
                game.agree_draw().unwrap();
            }
            Ending::Abort => aborted = true,
        }
    }
    (game, moves, aborted)
}

/// The record of a self-played match, with the header's optional lines and some moves' clocks and comments
/// chosen by `seed`.
fn record_of(
    game: &Match,
    moves: &[MatchMove],
    aborted: bool,
    seed: u64,
    names: (&str, &str),
) -> Record {
    let mut rng = SeededRng::new(seed ^ 0x5eed);
    let mut record = Record::new(names.0, names.1, *game.options());
    if rng.below(2) == 0 {
        record.server = Some("The \"Oware\" club \\ Accra".into());
        record.channel = Some("général".into());
        record.match_number = Some(1 + rng.below(100_000) as i64);
        record.date = Timestamp::from_unix_secs(1_767_225_600 + rng.below(1 << 30) as i64);
        record.clock = Some(Duration::from_secs(300 + rng.below(604_500) as u64));
        record
            .extra
            .push(("event".into(), "Accra open, round 2".into()));
    }
    for played in moves {
        let clock = (rng.below(3) > 0).then(|| Duration::from_millis(rng.below(10_000_000) as u64));
        record.push_move(played, clock);
        if rng.below(10) == 0 {
            let last = record.rounds.last_mut().unwrap().moves.last_mut().unwrap();
            last.comment = Some("a relay \"to\" house 9\nsecond line\t\u{1}".into());
        }
    }
    record.set_outcome_from(game, aborted);
    record
}

fn options_strategy() -> impl Strategy<Value = MatchOptions> {
    (
        prop_oneof![Just(Endgame::Capturer), Just(Endgame::Starter)],
        any::<bool>(),
        prop_oneof![Just(Player::South), Just(Player::North)],
        prop::option::weighted(0.3, 7u8..=12),
        prop::option::weighted(0.3, 1u8..=6),
    )
        .prop_map(|(endgame, chain, first, target, rounds)| {
            MatchOptions::new(Rules { endgame, chain }, first, target, rounds).unwrap()
        })
}

fn ending_strategy() -> impl Strategy<Value = Ending> {
    prop_oneof![
        3 => Just(Ending::Board),
        1 => Just(Ending::Resign(Player::South)),
        1 => Just(Ending::Resign(Player::North)),
        1 => Just(Ending::Timeout),
        1 => Just(Ending::Agreement),
        1 => Just(Ending::Abort),
        1 => Just(Ending::InProgress),
    ]
}

proptest! {
    #![proptest_config(crate::common::proptest_config(64))]

    #[test]
    fn records_round_trip_and_replay_to_the_same_match(
        options in options_strategy(),
        ending in ending_strategy(),
        seed in any::<u64>(),
        plies in 0usize..400,
        south in "[a-zA-Z0-9 _.'\"\\\\é]{1,12}",
    ) {
        let plies = if matches!(ending, Ending::Board) { 3000 } else { plies };
        let (game, moves, aborted) = self_play(options, seed, plies, ending);
        let record = record_of(&game, &moves, aborted, seed, (&south, "North #2"));
        let text = record.to_text();
        let read = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&read, &record);
        let replay = read.play_through().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&replay.game, &game);
        let played: Vec<&MatchMove> = replay.steps.iter().map(|s| &s.played).collect();
        prop_assert_eq!(played, moves.iter().collect::<Vec<_>>());
        for (i, step) in replay.steps.iter().enumerate() {
            prop_assert_eq!(step.ply as usize, i + 1);
            prop_assert_eq!(step.name.as_str(), record.name(step.mover));
            prop_assert_eq!(step.before.position(), &step.played.record.before);
        }
    }
}

/// A match of the default options, 40 moves in, as text.
fn sample() -> (Record, String) {
    let (game, moves, _) = self_play(MatchOptions::default(), 7, 40, Ending::InProgress);
    let record = record_of(&game, &moves, false, 7, ("alice", "bob"));
    let text = record.to_text();
    (record, text)
}

/// The number (from 1) of the text's line for `move_in_round` of round `round`.
fn line_of_move(text: &str, round: u32, move_in_round: u32) -> usize {
    let round_line = format!("round {round} ");
    let start = text
        .lines()
        .position(|l| l.starts_with(&round_line))
        .expect("the round is there");
    let prefix = format!("{move_in_round} ");
    start
        + 1
        + text
            .lines()
            .skip(start)
            .position(|l| l.starts_with(&prefix))
            .expect("the move is there")
}

/// `text` with line `number` (from 1) changed by `change`.
fn edit_line(text: &str, number: usize, change: impl Fn(&str) -> String) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == number {
                change(l)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The move line `line` with its house replaced by `house`.
fn with_house(line: &str, house: u8) -> String {
    let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
    words[2] = house.to_string();
    words.join(" ")
}

#[test]
fn a_move_changed_to_an_illegal_house_is_refused_naming_its_round_and_move() {
    let (record, text) = sample();
    let mv = &record.rounds[0].moves[2];
    // A house the mover does not own in round 1 (six houses each).
    let other = if mv.mover == Player::South { 9 } else { 3 };
    let changed = edit_line(&text, line_of_move(&text, 1, 3), |l| with_house(l, other));
    let err = Record::parse(&changed).unwrap().replay().unwrap_err();
    assert_eq!(
        err,
        RecordError::Move {
            round: 1,
            move_in_round: 3,
            fault: MoveFault::Illegal {
                mover: mv.mover,
                house: other,
                why: IllegalMove::NotOwner
            }
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "round 1, move 3: {} cannot sow house {other}: that house belongs to the other player",
            if mv.mover == Player::South {
                "South"
            } else {
                "North"
            }
        )
    );
}

#[test]
fn a_move_by_the_wrong_player_is_refused() {
    let (mut record, _) = sample();
    let mv = &mut record.rounds[0].moves[4];
    mv.mover = mv.mover.other();
    let err = record.replay().unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Move {
                round: 1,
                move_in_round: 5,
                fault: MoveFault::WrongMover { .. }
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("turn, not"), "{err}");
}

#[test]
fn a_malformed_line_is_refused_naming_its_number() {
    let (_, text) = sample();
    let number = line_of_move(&text, 1, 6);
    for (broken, why) in [
        ("6 south 13", "there is no house 13"),
        ("6 west 3", "a player is south or north"),
        ("6 south 3 laps=0", "laps must be 1 or more"),
        ("6 south 3 captures=south", "captures are"),
        ("6 south 3 colour=red", "not an annotation"),
        ("6 south 3 \"open comment", "no closing quote"),
        ("7 south 3", "move 7 where move 6 comes next"),
    ] {
        let err = Record::parse(&edit_line(&text, number, |_| broken.to_owned())).unwrap_err();
        assert!(
            matches!(&err, RecordError::Line { line, reason } if *line == number && reason.contains(why)),
            "{broken}: {err}"
        );
        assert!(err.to_string().starts_with(&format!("line {number}: ")));
    }
    let err = Record::parse(&text.replace("target none", "target 13")).unwrap_err();
    assert!(matches!(err, RecordError::Line { .. }), "{err}");
    let err = Record::parse(&text.replace("chain no\n", "")).unwrap_err();
    assert!(
        err.to_string().contains("the header has no `chain` line"),
        "{err}"
    );
    let err = Record::parse("namnam-record 2\n").unwrap_err();
    assert_eq!(
        err,
        RecordError::Line {
            line: 1,
            reason: "this is version 2 of the record format; this program reads version 1".into()
        }
    );
}

#[test]
fn an_annotation_that_contradicts_the_move_is_refused() {
    let (record, text) = sample();
    let laps = record.rounds[0].moves[0].laps.unwrap();
    let changed = edit_line(&text, line_of_move(&text, 1, 1), |l| {
        l.replace(&format!("laps={laps}"), &format!("laps={}", laps + 2))
    });
    let err = Record::parse(&changed).unwrap().replay().unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "round 1, move 1: the record says {} laps, the move makes {laps}",
            laps + 2
        )
    );

    let mut wrong = record.clone();
    let mv = wrong.rounds[0]
        .moves
        .iter_mut()
        .find(|m| m.captures == Some(Default::default()))
        .unwrap();
    mv.captures = Some(namnam_game::ByPlayer::new(4, 0));
    let err = wrong.replay().unwrap_err();
    assert!(
        err.to_string()
            .contains("the record says captures=south:4, the move makes captures=none"),
        "{err}"
    );

    let mut wrong = record.clone();
    wrong.rounds[0].territory = Territory::new(8).unwrap();
    assert_eq!(
        wrong.replay().unwrap_err(),
        RecordError::Round {
            round: 1,
            fault: RoundFault::Territory {
                written: Territory::new(8).unwrap(),
                actual: Territory::EVEN
            }
        }
    );
    assert_eq!(
        wrong.replay().unwrap_err().to_string(),
        "round 1: the round's territory should be 6, not 8"
    );
}

#[test]
fn a_result_that_contradicts_the_moves_is_refused() {
    let (mut record, _) = sample();
    record.outcome = Outcome::Finished(namnam_game::MatchResult {
        winner: Some(Player::South),
        reason: namnam_game::MatchEnd::WholeBoard,
    });
    assert!(matches!(
        record.replay(),
        Err(RecordError::Result(ResultFault::NotOver { .. }))
    ));
    // Finished by the board, recorded as resigned.
    let (game, moves, _) = self_play(MatchOptions::default(), 3, 5000, Ending::Board);
    assert!(game.is_over());
    let mut record = record_of(&game, &moves, false, 3, ("a", "b"));
    record.outcome = Outcome::Finished(namnam_game::MatchResult {
        winner: Some(Player::North),
        reason: namnam_game::MatchEnd::Resignation,
    });
    assert!(matches!(
        record.replay(),
        Err(RecordError::Result(ResultFault::AlreadyOver { .. }))
    ));
}

#[test]
fn a_move_after_the_round_ended_is_refused() {
    let (game, moves, _) = self_play(MatchOptions::default(), 11, 5000, Ending::Board);
    let mut record = record_of(&game, &moves, false, 11, ("a", "b"));
    let ended = record.rounds[0].moves.len() as u32;
    let next = record.rounds[1].moves.remove(0);
    record.rounds[0].moves.push(next);
    assert_eq!(
        record.replay().unwrap_err().to_string(),
        format!(
            "round 1, move {}: the round ended with move {ended}",
            ended + 1
        )
    );
}

/// The example of docs/record-format.md reads and replays.
#[test]
fn the_specification_s_example_replays() {
    let spec = include_str!("../../../../docs/record-format.md");
    let example = spec
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the spec has an example");
    let record = Record::parse(example).unwrap_or_else(|e| panic!("{e}"));
    let replay = record.play_through().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        record.rounds[0].moves[0].house,
        House::from_label(6).unwrap()
    );
    assert_eq!(
        replay.game.result().map(|r| r.winner),
        Some(Some(Player::North))
    );
    assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
}
