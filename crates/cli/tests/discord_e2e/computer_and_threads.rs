//! Playing Namnam's computer (its move follows as a new message), and a thread per match: the board goes
//! to the match's thread, or stays in the channel, with a word why, where the bot may not open one.

use crate::checks::{
    assert_board_shows, assert_public, board_match, button_ids, house_ids, pinged, stored_match,
};
use crate::fixture::{alice, bob, carol_the_admin, namnam, person, Fixture, DUEL, GENERAL, QUIET};
use crate::payload::Options;
use namnam_model::MatchId;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn playing_the_computer_and_a_thread_per_match() {
    let (fx, bot, store) = Fixture::table("computer.db").await;
    let fake = &fx.fake;

    // alice challenges the bot itself at level 1: the match starts at once; her move is answered by the
    // computer's, in a new message that pings her.
    let options = Options::new()
        .user("opponent", &namnam())
        .int("level", 1)
        .int("first", 0); // challenger
    let sent = fx.run(&alice(), GENERAL, "challenge", options);
    assert_public(&fake.callback(&sent).await);
    let board = fake.response(&sent).await;
    let board_id = fake.interaction_state(&sent).original.unwrap();
    let match_id: MatchId = MatchId((board_match(&board)).0);
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.computer.map(|c| c.level.number()), Some(1));
    assert_board_shows(&board, &row);
    let (thinking_id, thinking) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    assert!(
        thinking.content().contains("thinking"),
        "{}",
        thinking.content()
    );
    assert!(
        house_ids(&thinking).is_empty(),
        "no buttons while the computer thinks"
    );
    // As a follow-up of alice's press, which the clock's sweep leaves to it.
    let answer = fake
        .wait_for("the computer's move", |s| {
            s.messages
                .range(thinking_id + 1..)
                .map(|(_, m)| m)
                .find(|m| m.channel_id == GENERAL && pinged(m) == Some(alice().id))
                .cloned()
        })
        .await;
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.moves_played, 2, "alice's move and the computer's");
    assert_board_shows(&answer, &row);
    assert!(!row.rated, "matches against the computer are not rated");

    // carol gives each match its own thread.
    let threads = Options::new().sub("settings", Options::new().int("threads", 0)); // yes
    let text = fx
        .private_answer(&carol_the_admin(), DUEL, "admin", threads)
        .await;
    assert!(text.contains("a thread per match: yes"), "{text}");

    // bob accepts alice's challenge: the answer names the thread, the board is posted in it, and the
    // match is played there; the channel is free for another challenge.
    let (id, message) = fx.challenge(&alice(), &bob(), DUEL, Options::new()).await;
    let accept = fake.press(&bob(), id, &button_ids(&message)[0]);
    assert_eq!(
        fake.callback(&accept).await["type"],
        7,
        "the challenge is updated"
    );
    let (announcement_id, announcement) = (id, fake.state().messages[&id].clone());
    assert!(
        announcement.button_rows().is_empty(),
        "the challenge's buttons go"
    );
    assert!(
        announcement.content().contains("own thread"),
        "{}",
        announcement.content()
    );
    let (thread_board_id, thread_board) = fake
        .wait_for("the board in the thread", |s| {
            s.messages.iter().find_map(|(id, m)| {
                (![GENERAL, DUEL].contains(&m.channel_id) && !house_ids(m).is_empty())
                    .then(|| (*id, m.clone()))
            })
        })
        .await;
    assert!(thread_board_id > announcement_id);
    let thread = thread_board.channel_id;
    let match_id: MatchId = MatchId((board_match(&thread_board)).0);
    assert_eq!(
        stored_match(&store, match_id).await.place.channel().0,
        thread
    );
    let mover = person(pinged(&thread_board).expect("a ping in the thread"));
    let (_, next) = fx
        .press_public(&mover, thread_board_id, &house_ids(&thread_board)[0])
        .await;
    assert_eq!(next.channel_id, thread);
    assert_eq!(stored_match(&store, match_id).await.moves_played, 1);
    fx.challenge(&carol_the_admin(), &bob(), DUEL, Options::new())
        .await;

    // Where the bot may not open threads, the match stays in the channel and the players are told why.
    fake.deny_channel(QUIET);
    let (id, message) = fx.challenge(&alice(), &bob(), QUIET, Options::new()).await;
    let accept = fake.press(&bob(), id, &button_ids(&message)[0]);
    assert_eq!(fake.callback(&accept).await["type"], 7);
    let fallback = fake
        .wait_for("the board in the channel", |s| {
            let id = *s.interactions[&accept.token].followups.first()?;
            Some(s.messages[&id].clone())
        })
        .await;
    assert_eq!(fallback.channel_id, QUIET);
    assert!(
        fallback.content().contains("could not open a thread"),
        "{}",
        fallback.content()
    );
    assert!(!house_ids(&fallback).is_empty());
    // ... and the one who asked is told privately what the bot needs (once per channel).
    let told = fake
        .wait_for("the private word on permissions", |s| {
            let id = *s.interactions[&accept.token].followups.get(1)?;
            Some(s.messages[&id].clone())
        })
        .await;
    assert!(
        told.ephemeral && told.content().contains("Create Public Threads"),
        "{}",
        told.content()
    );

    fx.close(bot, store).await;
}
