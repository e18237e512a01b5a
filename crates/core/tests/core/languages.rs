//! Which language a reply is in: a private answer in the asker's, what everyone sees in the server's
//! (`admin settings language:`), stored with the post so that the poster draws it in that language.

use crate::common::*;
use namnam_core::{Language, UserError};

async fn public_replies_follow_the_server_private_ones_the_asker(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let challenge = h.ok("alice", "challenge opponent:bob").await;
    assert_eq!(challenge.language, Language::English, "English by default");
    h.ok("alice", "cancel").await;

    let settings = h.ok("admin", "admin settings language:fr").await;
    assert!(
        settings.text.plain().contains("language: Français"),
        "{}",
        settings.text
    );
    h.clock.advance_secs(10 * 60);
    let challenge = h.ok("alice", "challenge opponent:bob").await;
    assert_eq!(challenge.language, Language::French);
    let id = challenge.post.expect("a stored post");
    h.core.release_post(id, false).await.unwrap();
    let due = h.core.due_posts(20, &[]).await.unwrap();
    let stored = due.iter().find(|p| p.id == id).expect("the post, due");
    assert_eq!(
        stored.reply.language,
        Language::French,
        "the poster draws it in French"
    );

    // A refusal is the asker's: English for an English client in a French server.
    let mut request = h.request("general", "carol", "accept");
    request.language = Language::English;
    let refused = h.core.handle(&request).await;
    assert!(refused.private);
    assert_eq!(refused.language, Language::English);
    assert_eq!(
        refused.text.plain_in(refused.language),
        UserError::NotChallenged("bob".into()).text().plain()
    );
    request.language = Language::French;
    let refused = h.core.handle(&request).await;
    assert_eq!(
        refused.text.plain_in(refused.language),
        "Ce défi s'adresse à bob."
    );
}

on_both_backends!(public_replies_follow_the_server_private_ones_the_asker);
