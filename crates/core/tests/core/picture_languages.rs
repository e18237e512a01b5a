//! The pictures speak as their reply does: a public board in the server's language, a private one in the
//! asker's, the move's animation in the reply's.

use crate::common::*;
use namnam_core::Language;

fn described(reply: &namnam_core::Reply) -> &str {
    &reply.board.picture.as_ref().expect("a picture").description
}

async fn pictures_are_in_the_language_of_their_reply(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("admin", "admin settings language:fr").await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    assert_eq!(start.language, Language::French);
    assert!(
        described(&start).starts_with("Plateau de Nam-nam, manche 1."),
        "{}",
        described(&start)
    );

    // rules.md §9.1: South's house 3 sows five laps, so the move comes with its animation.
    let mut moved = h.ok("alice", "move house:3").await;
    moved.render_animation().await;
    let gif = moved
        .board
        .animation
        .as_ref()
        .expect("the move's animation");
    assert!(
        gif.description.starts_with("Animation en 6 images : "),
        "{}",
        gif.description
    );

    let match_id = moved.board.state.as_ref().expect("the board").match_id;
    let replay = |language, public: &str| {
        let mut request = h.request(
            "general",
            "alice",
            &format!("replay match:{match_id} move:1 public:{public}"),
        );
        request.language = language;
        let core = h.core.clone();
        async move { core.handle(&request).await }
    };
    // A board shown without a change is drawn before its language is settled, then again in it.
    let mut request = h.request("general", "alice", "board");
    request.language = Language::French;
    let board = h.core.handle(&request).await;
    assert!(
        described(&board).starts_with("Plateau de Nam-nam"),
        "{}",
        described(&board)
    );

    // Privately, the asker's language, whatever the server's.
    let english = replay(Language::English, "no").await;
    assert!(english.is_private());
    assert!(
        described(&english).starts_with("Nam-nam board, round 1."),
        "{}",
        described(&english)
    );
    let french = replay(Language::French, "no").await;
    assert!(
        described(&french).starts_with("Plateau de Nam-nam"),
        "{}",
        described(&french)
    );
    // Shown to everyone, the server's.
    let public = replay(Language::English, "yes").await;
    assert!(!public.is_private());
    assert!(
        described(&public).starts_with("Plateau de Nam-nam"),
        "{}",
        described(&public)
    );
}

on_both_backends!(pictures_are_in_the_language_of_their_reply);
