//! Lessons through the core: every stage tried wrongly (its hint) and rightly (passed, recorded once), the
//! path resumed after a restart, the first match won against level 1 by a player that plays a strong
//! level's moves, and the lessons in `stats`.

use crate::common::*;
use crate::vs_computer::beat_the_computer;
use namnam_core::lessons::{path, StageId};
use namnam_core::{ActionId, Command, Reply};
use namnam_store as store;

/// The player's house buttons in a lesson's reply.
fn lesson_houses(reply: &Reply) -> Vec<u8> {
    reply
        .buttons
        .actions
        .iter()
        .filter_map(|a| match a.id {
            ActionId::LessonTry { house, .. } => Some(house.label()),
            _ => None,
        })
        .collect()
}

/// Plays alice's lessons from `learn` to the match stage: each stage once wrongly, then rightly.
async fn walk_the_stages(h: &Harness) {
    let shown = h.ok("alice", "learn").await;
    assert!(shown.is_private());
    assert!(shown.text.has_message("lesson-overview"), "{}", shown.text);
    assert!(shown.text.has_message("lesson-sowing-explain"));
    assert!(shown.board.picture.is_some(), "the stage's board");
    for stage in StageId::all().filter(|s| s.stage().position.is_some()) {
        let key = stage.key();
        let shown = h
            .ok("alice", &format!("learn stage:{}", stage.number()))
            .await;
        assert!(shown.text.has_message(&format!("lesson-{key}-task")));
        let (met, missed) = stage.stage().tries();
        let mut offered = [met.clone(), missed.clone()].concat();
        offered.sort();
        assert_eq!(
            lesson_houses(&shown),
            offered.iter().map(|h| h.label()).collect::<Vec<_>>(),
            "{key}: a button per house with seeds"
        );
        // A wrong try: not passed, with the hint (and the animation, or the rule that refused it).
        let wrong = missed[0];
        let tried = h
            .press(
                "alice",
                ActionId::LessonTry {
                    stage,
                    house: wrong,
                },
            )
            .await
            .expect("a lesson's press is answered");
        assert!(tried.is_private());
        assert!(
            tried.text.has_message(&format!("lesson-{key}-hint")),
            "{key}: {}",
            tried.text
        );
        assert!(!tried.text.has_message("lesson-passed"));
        // Passed by the current stage's `learn house:N`, as typed (the player's current stage).
        let right = met[met.len() - 1];
        let passed = h
            .ok("alice", &format!("learn house:{}", right.label()))
            .await;
        assert!(
            passed.text.has_message("lesson-passed"),
            "{key}: {}",
            passed.text
        );
        assert!(passed.text.has_message(&format!("lesson-{key}-done")));
        assert!(passed.board.animation.is_some(), "{key}: what the move did");
        let next = stage.next().expect("the match comes last");
        assert_eq!(
            passed.buttons.actions[0].id,
            ActionId::LessonOpen { stage: next }
        );
    }
}

async fn a_new_player_walks_the_whole_path_and_wins_a_first_match(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "stats").await.to_string(),
        namnam_core::UserError::Info(namnam_core::InfoRefusal::NoStats).to_string(),
        "nothing to show yet"
    );
    walk_the_stages(&h).await;
    let alice = namnam_model::UserId::of_name("alice");
    let passed = store::lessons_passed(h.core.store().reader(), alice)
        .await
        .unwrap();
    assert_eq!(
        passed.len(),
        path().len() - 1,
        "one row per stage: {passed:?}"
    );
    // Passing a stage again keeps its first row.
    h.ok("alice", "learn stage:1 house:3").await;
    assert_eq!(
        store::lessons_passed(h.core.store().reader(), alice)
            .await
            .unwrap(),
        passed
    );
    let stats = h.ok("alice", "stats").await;
    assert!(stats.text.has_message("lesson-stats"), "{}", stats.text);

    // A restart: the path resumes where alice was, at the match.
    let h = h.restart().await;
    let shown = h.ok("alice", "learn").await;
    assert!(
        shown.text.has_message("lesson-first-match-explain"),
        "{}",
        shown.text
    );
    assert_eq!(shown.buttons.actions[0].id, ActionId::LessonMatch);

    // The match: alice moves first, and plays level 5's moves.
    let reply = h
        .press("alice", ActionId::LessonMatch)
        .await
        .expect("the match starts");
    assert!(reply.text.has_message("level-name-1"), "{}", reply.text);
    let reply = beat_the_computer(&h, "alice", reply).await;
    assert!(reply.text.has_message("result-win"), "{}", reply.text);
    assert!(reply.text.has_message("lesson-first-win"), "{}", reply.text);
    let shown = h.ok("alice", "learn").await;
    assert!(shown.text.plain().contains("13 of 13"), "{}", shown.text);
}

/// Out-of-range stages and houses are refused with what is expected; the match stage has no houses to
/// play, so a move there shows the stage.
async fn lessons_refuse_what_does_not_exist(backend: Backend) {
    for options in [
        [("stage", "0")],
        [("stage", "14")],
        [("stage", "-3")],
        [("stage", "x")],
        [("house", "13")],
    ] {
        let refused = Command::parse("learn", &[], &options, &TestNames)
            .expect_err("refused")
            .to_string();
        assert!(
            refused.contains("lesson") || refused.contains("1 to 12"),
            "{options:?}: {refused}"
        );
    }
    let h = Harness::new(backend).await;
    let last = StageId::all().last().unwrap();
    let shown = h
        .press(
            "bob",
            ActionId::LessonTry {
                stage: last,
                house: namnam_game::House::from_label(1).unwrap(),
            },
        )
        .await
        .unwrap();
    assert!(shown.text.has_message("lesson-first-match-explain"));
}

on_both_backends!(
    a_new_player_walks_the_whole_path_and_wins_a_first_match,
    lessons_refuse_what_does_not_exist,
);
