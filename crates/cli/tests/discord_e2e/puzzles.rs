//! Puzzles through Discord (the bot showing the three puzzles of `support/puzzle_set.rs`): `/puzzle play`
//! answers privately with the board's picture and a button per legal house; a wrong press turns the
//! puzzle into its verdict in place (both moves' GIFs, the rating down), a forged or old press is refused,
//! **Next puzzle** shows the next, a right press moves the rating up; `/puzzle stats` tells the record.

use namnam_model::UserId;
use std::sync::Arc;

use namnam_core::ActionId;
use namnam_store::{self as store, Store};

use crate::checks::{button_ids, ephemeral_text};
use crate::fixture::{alice, bob, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{Message, Person};
use crate::support::puzzle_set::test_set;

const DATABASE: &str = "puzzles.db";

fn sub(name: &str) -> Options {
    Options::new().sub(name, Options::new())
}

/// `who` runs `/puzzle play`: a private message with the puzzle; returns it and its id.
async fn show_puzzle(fx: &Fixture, who: &Person) -> (u64, Message) {
    let sent = fx.run(who, GENERAL, "puzzle", sub("play"));
    let text = ephemeral_text(&fx.fake.callback(&sent).await);
    assert!(
        text.contains("to move: find the move that wins the most"),
        "{text}"
    );
    let message = fx.fake.response(&sent).await;
    let id = fx.fake.interaction_state(&sent).original.unwrap();
    (id, message)
}

/// The puzzle's house buttons: their ids by house label.
fn house_buttons(message: &Message) -> Vec<(u8, String)> {
    button_ids(message)
        .into_iter()
        .filter_map(|id| match id.parse() {
            Ok(ActionId::PuzzleAnswer { house, .. }) => Some((house.label(), id)),
            _ => None,
        })
        .collect()
}

fn button_of(message: &Message, label: u8) -> String {
    house_buttons(message)
        .into_iter()
        .find(|(l, _)| *l == label)
        .unwrap_or_else(|| panic!("no house {label}: {:?}", button_ids(message)))
        .1
}

/// `who` presses a house of their puzzle: the puzzle's message is updated in place with the verdict.
async fn answer(fx: &Fixture, who: &Person, puzzle: u64, label: u8) -> Message {
    let before = fx.fake.state().messages[&puzzle].clone();
    let sent = fx.fake.press(who, puzzle, &button_of(&before, label));
    let callback = fx.fake.callback(&sent).await;
    assert_eq!(
        callback["type"], 7,
        "the puzzle becomes its verdict: {callback}"
    );
    let message = fx.fake.state().messages[&puzzle].clone();
    assert!(message.ephemeral, "still only theirs");
    message
}

async fn rating(store: &Store, who: &Person) -> store::PuzzleRating {
    store::load_puzzle_rating(store.reader(), UserId(who.id))
        .await
        .unwrap()
        .expect("a puzzle rating")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_through_discord_wrong_then_right() {
    let (fx, bot, store) = Fixture::puzzle_table(DATABASE, Arc::new(test_set())).await;
    fx.warn_unless_checked();

    let none = fx
        .private_answer(&alice(), GENERAL, "puzzle", sub("stats"))
        .await;
    assert!(
        none.starts_with("You have not answered a puzzle yet"),
        "{none}"
    );

    // The puzzle: private, the board's picture, a button per legal house (North's, for a new player).
    let (puzzle, shown) = show_puzzle(&fx, &alice()).await;
    assert!(shown.ephemeral);
    assert!(
        shown.content().contains("North to move"),
        "{}",
        shown.content()
    );
    assert!(
        !shown.content().contains("What it teaches"),
        "the theme comes with the answer"
    );
    assert_eq!(shown.files.len(), 1, "the board");
    assert!(shown.files[0].bytes.starts_with(b"\x89PNG"));
    let labels: Vec<u8> = house_buttons(&shown).into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, vec![7, 9, 12]);
    let labelled: Vec<String> = shown.json["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(labelled, ["7", "9", "12"]);

    // bob presses alice's button (a forged press: he cannot see her message).
    let forged = fx
        .press_removed_refused(&bob(), puzzle, &button_of(&shown, 12))
        .await;
    assert!(
        forged.starts_with("That puzzle is someone else's"),
        "{forged}"
    );

    // A wrong answer: the verdict in place, both moves' animations, the rating down, no streak.
    let best_of_12 = button_of(&shown, 12);
    let wrong = answer(&fx, &alice(), puzzle, 7).await;
    let content = wrong.content();
    assert!(
        content.starts_with(
            "**Not the best move**: house 12 captures 4 seeds in 1 lap, and ends the round; \
             yours, house 7 captures nothing in 1 lap."
        ),
        "{content}"
    );
    assert!(
        content.contains("What it teaches: a capture with the last seed."),
        "{content}"
    );
    assert!(content.contains("no streak (best 0)"), "{content}");
    // The puzzle's own rating: a newcomer's answer does not move it yet.
    assert!(
        content.contains("This puzzle's rating: 1300 (your answers move it"),
        "{content}"
    );
    assert!(
        content.contains("**Why**: you play house 12, taking 4 seeds, and the round ends"),
        "the answer's line: {content}"
    );
    assert!(
        content.contains("Against yours, South replies with house"),
        "{content}"
    );
    // Where the answer's line leads, then both moves' animations.
    let names: Vec<&str> = wrong.files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(
        names,
        [
            "nam-nam-board.png",
            "nam-nam-move.gif",
            "nam-nam-move-2.gif"
        ]
    );
    assert!(wrong.files[0].bytes.starts_with(b"\x89PNG"));
    for file in &wrong.files[1..] {
        assert!(file.bytes.starts_with(b"GIF89a"), "{}", file.filename);
    }
    assert_eq!(button_ids(&wrong), ["nn:puzzle:next"]);
    let after_wrong = rating(&store, &alice()).await;
    assert!(after_wrong.rating < 1500.0, "{after_wrong:?}");
    assert_eq!(
        (after_wrong.attempts, after_wrong.solved, after_wrong.streak),
        (1, 0, 0)
    );

    // The best house, pressed late from a client that still shows the old buttons: only the first answer counts.
    let late = fx
        .press_removed_refused(&alice(), puzzle, &best_of_12)
        .await;
    assert!(
        late.starts_with("You have answered that puzzle already"),
        "{late}"
    );
    assert_eq!(rating(&store, &alice()).await, after_wrong);

    // Next puzzle: a new private message (South's); the right answer.
    let sent = fx.fake.press(&alice(), puzzle, "nn:puzzle:next");
    let text = ephemeral_text(&fx.fake.callback(&sent).await);
    assert!(text.contains("South to move"), "{text}");
    let next = fx.fake.interaction_state(&sent).original.unwrap();
    assert_ne!(next, puzzle);
    let shown = fx.fake.response(&sent).await;
    assert_eq!(house_buttons(&shown).len(), 3);
    let right = answer(&fx, &alice(), next, 6).await;
    assert!(
        right
            .content()
            .starts_with("**Right**: house 6 captures 4 seeds in 1 lap, and ends the round."),
        "{}",
        right.content()
    );
    assert!(
        right.content().contains("1 solved in a row (best 1)"),
        "{}",
        right.content()
    );
    assert_eq!(
        right.files.len(),
        2,
        "where the answer's line leads, and the move's animation"
    );
    let after_right = rating(&store, &alice()).await;
    assert!(after_right.rating > after_wrong.rating, "{after_right:?}");
    assert_eq!(
        (after_right.attempts, after_right.solved, after_right.streak),
        (2, 1, 1)
    );

    // The stats, and nothing left to answer.
    let stats = fx
        .private_answer(&alice(), GENERAL, "puzzle", sub("stats"))
        .await;
    assert_eq!(
        stats,
        format!(
            "alice's puzzles: rating {} ± {} (provisional); 1 solved of 2; streak 1, best 1.",
            after_right.rating.round(),
            (2.0 * after_right.deviation).round()
        )
    );
    let nothing = fx
        .private_answer(
            &alice(),
            GENERAL,
            "puzzle",
            Options::new().sub("answer", Options::new().int("house", 6)),
        )
        .await;
    assert!(
        nothing.starts_with("You have no puzzle to answer"),
        "{nothing}"
    );

    assert!(fx.close(bot, store).await > 0);
}
