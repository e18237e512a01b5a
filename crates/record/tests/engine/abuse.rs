//! A record may come from anyone (the bot tells people to replay the files others share): whatever its
//! text, reading and replaying it is an answer or a clear error, never a panic.

use namnam_game::{House, Match, MatchOptions};
use namnam_record::Record;
use proptest::prelude::*;

/// A short real record, to mutate.
fn sample() -> String {
    let mut game = Match::new(MatchOptions::default());
    let mut record = Record::new("alice", "bob", *game.options());
    for label in [3, 7, 2, 9, 4] {
        let Ok(played) = game.play(House::from_label(label).unwrap()) else {
            continue;
        };
        record.push_move(&played, None);
    }
    record.set_outcome_from(&game, false);
    record.to_text()
}

fn read_and_replay(text: &str) {
    if let Ok(record) = Record::parse(text) {
        let _ = record.replay();
        let _ = record.result_sentence();
        let _ = record.to_text();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_text_panics_the_record_reader(text in "\\PC{0,400}") {
        read_and_replay(&text);
    }

    #[test]
    fn no_changed_line_panics_the_record_reader(
        line in 0usize..40,
        replacement in "\\PC{0,60}|[a-z_]{1,10} [0-9]{1,30}|[a-z_]{1,10}=[0-9]{15,30}|round [0-9]{1,25} .{0,20}|[0-9]{1,25} (south|north) [0-9]{1,3} laps=[0-9]{1,25} captures=.{0,20}",
    ) {
        let text = sample();
        let mut lines: Vec<&str> = text.lines().collect();
        let at = line % lines.len();
        lines[at] = &replacement;
        read_and_replay(&lines.join("\n"));
    }
}

#[test]
fn the_sample_reads_back() {
    // The mutations above start from a record that reads: else they would prove little.
    let text = sample();
    let record = Record::parse(&text).unwrap();
    assert!(record.replay().is_ok());
}
