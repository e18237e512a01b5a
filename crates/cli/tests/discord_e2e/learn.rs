//! A new player's whole lessons' path through Discord, in English and in French: `/learn` answers
//! privately with the first stage (its board's picture, a button per house); each stage is pressed once
//! wrongly (the lesson turns into the hint in place, with the move's animation or the rule that refused
//! it), tried again, and passed; **Next lesson** steps on; the last stage's button starts a match against
//! the computer at level 1 in the channel, which a player of level 5's moves wins by pressing the
//! board's buttons; the win says that every lesson is passed, and `/learn` says so too.

use namnam_model::MatchId;

use namnam_ai::{choose_match_move, Level};
use namnam_core::lessons::StageId;
use namnam_core::{ActionId, Language, Text};
use namnam_game::Player;
use namnam_store::{self as store, Store};

use crate::checks::button_ids;
use crate::fixture::{alice, carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, Person, PATIENCE};
use crate::support::poll::poll_async;

/// `text` as `language` says it, as a message's content shows it (no markup).
fn said(language: Language, id: &str) -> String {
    Text::message(id, []).plain_in(language)
}

/// The id of the button of `message` whose action `wanted` picks.
fn button(message: &Message, wanted: impl Fn(ActionId) -> bool) -> String {
    button_ids(message)
        .into_iter()
        .find(|id| id.parse().is_ok_and(&wanted))
        .unwrap_or_else(|| panic!("no such button: {:?}", button_ids(message)))
}

/// `who` presses `custom_id` on their lesson `message`: it is updated in place and stays theirs alone.
async fn step(fx: &Fixture, who: &Person, message: u64, custom_id: &str) -> Message {
    let sent = fx.fake.press(who, message, custom_id);
    let callback = fx.fake.callback(&sent).await;
    assert_eq!(callback["type"], 7, "the lesson steps in place: {callback}");
    let updated = fx.fake.state().messages[&message].clone();
    assert!(updated.ephemeral, "only theirs");
    updated
}

/// Walks `who`'s path in `language` from `/learn` to the first match won.
async fn walk_the_path(fx: &Fixture, store: &Store, who: &Person, language: Language) {
    let fake = &fx.fake;
    let sent = fx.run(who, GENERAL, "learn", Options::new());
    let callback = fake.callback(&sent).await;
    assert_eq!(
        callback["data"]["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "private"
    );
    let lesson = fake.interaction_state(&sent).original.unwrap();
    let mut shown = fake.response(&sent).await;
    assert!(
        shown
            .content()
            .contains(&said(language, "lesson-sowing-title")),
        "{}",
        shown.content()
    );
    for stage in StageId::all().filter(|s| s.stage().position.is_some()) {
        let key = stage.key();
        assert!(
            shown
                .content()
                .contains(&said(language, &format!("lesson-{key}-task"))),
            "{key}: {}",
            shown.content()
        );
        assert!(
            shown.files[0].bytes.starts_with(b"\x89PNG"),
            "{key}: its board"
        );
        let (met, missed) = stage.stage().tries();
        let wrong = missed[0];
        let id = button(&shown, |a| {
            a == ActionId::LessonTry {
                stage,
                house: wrong,
            }
        });
        let tried = step(fx, who, lesson, &id).await;
        assert!(
            tried
                .content()
                .contains(&said(language, &format!("lesson-{key}-hint"))),
            "{key}: {}",
            tried.content()
        );
        let picture = &tried.files[0].bytes;
        assert!(
            picture.starts_with(b"GIF8") || picture.starts_with(b"\x89PNG"),
            "{key}: what the move did, or the board it could not be played on"
        );
        // A move the rules refuse leaves the stage's houses to try again; another, a button to.
        shown = match tried.files[0].bytes.starts_with(b"GIF8") {
            true => {
                let again = button(&tried, |a| a == ActionId::LessonOpen { stage });
                step(fx, who, lesson, &again).await
            }
            false => tried,
        };
        let right = met[0];
        let id = button(&shown, |a| {
            a == ActionId::LessonTry {
                stage,
                house: right,
            }
        });
        let passed = step(fx, who, lesson, &id).await;
        assert!(
            passed
                .content()
                .contains(&said(language, &format!("lesson-{key}-done"))),
            "{key}: {}",
            passed.content()
        );
        assert!(
            passed.files[0].bytes.starts_with(b"GIF8"),
            "{key}: the animation"
        );
        let next = stage.next().expect("the match comes last");
        let id = button(&passed, |a| a == ActionId::LessonOpen { stage: next });
        shown = step(fx, who, lesson, &id).await;
    }
    assert!(
        shown
            .content()
            .contains(&said(language, "lesson-first-match-explain")),
        "{}",
        shown.content()
    );
    // The match: public, in the channel, against the bot itself at level 1.
    let id = button(&shown, |a| a == ActionId::LessonMatch);
    let (_, board) = fx.press_public(who, lesson, &id).await;
    let match_id = crate::checks::board_match(&board);
    play_to_the_end(fake, store, who, match_id).await;
    let won = said(language, "lesson-first-win");
    let won = won.split(':').next().expect("its first words").to_owned();
    fake.wait_for("the first win", |s| {
        s.messages
            .values()
            .any(|m| !m.ephemeral && m.content().contains(&won))
            .then_some(())
    })
    .await;
    let overview = fx.run(who, GENERAL, "learn", Options::new());
    let text = crate::checks::ephemeral_text(&fake.callback(&overview).await);
    let all = match language {
        Language::French => "13 sur 13",
        _ => "13 of 13",
    };
    assert!(text.contains(all), "{text}");
}

/// `who` (South, moving first) plays level 5's moves by pressing the house buttons of each new board,
/// until the match is over.
async fn play_to_the_end(fake: &FakeDiscord, store: &Store, who: &Person, match_id: MatchId) {
    let strong = Level::new(5).unwrap();
    for ply in 0..2000u64 {
        let row = crate::checks::stored_match(store, match_id).await;
        if row.game.is_over() {
            return;
        }
        assert_eq!(row.game.to_move(), Some(Player::South), "the player's turn");
        let board = fake
            .wait_for("the board of the latest move", |s| {
                s.messages
                    .iter()
                    .rev()
                    .find(|(_, m)| {
                        let file = |f: &crate::support::fake_discord::File| {
                            namnam_discord::reply::is_board_file(&f.filename, match_id, row.version)
                        };
                        !m.ephemeral && m.files.iter().any(file)
                    })
                    .map(|(id, m)| (*id, m.clone()))
            })
            .await;
        let house = choose_match_move(&row.game, strong, ply).unwrap().house;
        let id = button(
            &board.1,
            |a| matches!(a, ActionId::Move { house: h, .. } if h == house),
        );
        fake.press(who, board.0, &id);
        // The computer answers by itself: the player's turn again, or the end.
        let version = row.version;
        poll_async("the computer's answer", PATIENCE, || async {
            let now = crate::checks::stored_match(store, match_id).await;
            let answered = now.version > version
                && (now.game.is_over() || now.game.to_move() == Some(Player::South));
            answered.then_some(())
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_player_learns_through_discord_to_a_first_win() {
    let (fx, bot, store) = Fixture::table("learn.db").await;
    walk_the_path(&fx, &store, &alice(), Language::English).await;
    let passed = store::lessons_passed(store.reader(), namnam_model::UserId(alice().id))
        .await
        .unwrap();
    assert_eq!(passed.len(), 13, "{passed:?}");
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_player_learns_through_discord_in_french() {
    let (fx, bot, store) = Fixture::table("learn-fr.db").await;
    // A French server, whose matches speak as Discord says the server does.
    fx.fake.set_guild_locale(FakeDiscord::GUILD_ID, "fr");
    let settings = Options::new().sub("settings", Options::new().int("language", 2));
    let set = fx
        .private_answer(
            &carol_the_admin().speaking("fr"),
            GENERAL,
            "admin",
            settings,
        )
        .await;
    assert!(set.contains("comme le dit Discord (Français)"), "{set}");
    walk_the_path(&fx, &store, &alice().speaking("fr"), Language::French).await;
    fx.close(bot, store).await;
}
