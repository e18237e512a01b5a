//! Which language a reply is in: a private answer in the asker's, what everyone sees in the server's
//! (`admin settings language:`), stored with the post so that the poster draws it in that language.

use crate::common::*;
use namnam_core::ChallengeRefusal;
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
    let id = challenge.follows.post.expect("a stored post");
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
    assert!(refused.is_private());
    assert_eq!(refused.language, Language::English);
    assert_eq!(
        refused.text.plain_in(refused.language),
        UserError::Challenge(ChallengeRefusal::NotChallenged("bob".into()))
            .text()
            .plain()
    );
    request.language = Language::French;
    let refused = h.core.handle(&request).await;
    assert_eq!(
        refused.text.plain_in(refused.language),
        "Ce défi s'adresse à bob."
    );
}

/// `request` as a Discord client in `language` sends it, from a server Discord says speaks `server`.
async fn as_speaker(
    h: &Harness,
    user: &str,
    line: &str,
    language: Language,
    server: Option<Language>,
) -> namnam_core::Reply {
    let mut request = h.request("general", user, line);
    request.language = language;
    request.server_locale = server;
    h.core.handle(&request).await
}

async fn a_server_may_follow_the_language_discord_reports(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let (en, fr) = (Language::English, Language::French);
    let settings = as_speaker(&h, "admin", "admin settings language:discord", en, Some(fr)).await;
    assert!(
        settings
            .text
            .plain()
            .contains("language: as Discord says (Français)"),
        "{}",
        settings.text
    );
    // What everyone sees is in French, whoever asks.
    let challenge = as_speaker(&h, "alice", "challenge opponent:bob", en, Some(fr)).await;
    assert_eq!(challenge.language, fr, "{}", challenge.text);
    as_speaker(&h, "alice", "cancel", en, Some(fr)).await;
    // The server's admins switch it to English in Discord: the next interaction says so.
    h.clock.advance_secs(10 * 60);
    let challenge = as_speaker(&h, "alice", "challenge opponent:bob", en, Some(en)).await;
    assert_eq!(challenge.language, en, "{}", challenge.text);
    // A fixed choice wins over Discord's.
    as_speaker(&h, "alice", "cancel", en, Some(en)).await;
    as_speaker(&h, "admin", "admin settings language:fr", en, Some(en)).await;
    h.clock.advance_secs(10 * 60);
    let challenge = as_speaker(&h, "alice", "challenge opponent:bob", en, Some(en)).await;
    assert_eq!(challenge.language, fr, "{}", challenge.text);
}

async fn a_dm_is_in_the_language_of_its_readers_latest_interaction(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let (en, fr) = (Language::English, Language::French);
    // An English server; bob's client speaks French.
    as_speaker(&h, "bob", "notify on", fr, None).await;
    as_speaker(
        &h,
        "alice",
        "challenge opponent:bob first:challenger",
        en,
        None,
    )
    .await;
    let start = as_speaker(&h, "bob", "accept", fr, None).await;
    assert_eq!(start.language, en, "the board is the server's");
    h.clock.advance_secs(10 * 60);
    let house = legal_houses(&start)[0];
    let moved = as_speaker(&h, "alice", &format!("move house:{house}"), en, None).await;
    assert_eq!(to_move(&moved).as_deref(), Some("bob"));
    let dm = h
        .core
        .due_posts(50, &[])
        .await
        .unwrap()
        .into_iter()
        .find(|p| p.to.dm_user().is_some())
        .expect("bob's turn DM, stored with the move");
    assert_eq!(dm.reply.language, fr, "{}", dm.reply.text);
    assert!(
        dm.reply
            .text
            .plain_in(fr)
            .starts_with("À vous de jouer dans la partie n° 1 contre alice"),
        "{}",
        dm.reply.text.plain_in(fr)
    );
}

on_both_backends!(
    public_replies_follow_the_server_private_ones_the_asker,
    a_server_may_follow_the_language_discord_reports,
    a_dm_is_in_the_language_of_its_readers_latest_interaction
);
