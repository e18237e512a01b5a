//! A member's menu (right-click → Apps → Challenge to Nam-nam): a private draft on the place's usual terms,
//! its term buttons updating it in place (the bot keeps nothing: the ids carry the draft), Send posting the
//! challenge `/challenge` would, bob pinged; refused on oneself, on a bot, and on a member who cannot see
//! the channel or is not in the server; and the same menu in a group DM where the players installed the
//! app.

use namnam_core::{ActionId, ChallengeDraft, Language};
use namnam_discord::texts::say;
use namnam_model::{FirstMover, UserId};
use namnam_store::Store;

use crate::checks::{board_match, button_ids, ephemeral_text, pinged, posted, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::support::fake_discord::payloads::permissions;
use crate::support::fake_discord::{Message, Person};

/// The menu command's name, as registered (Discord sends it so whatever the reader's language).
const MENU: &str = "Challenge to Nam-nam";

/// A group DM of alice and bob.
const LOUNGE: u64 = 1_200_000_000_000_000_021;

/// Another app's bot, in the server.
fn robot() -> Person {
    Person {
        bot: true,
        ..Person::member(1_000_000_000_000_000_009, "robot")
    }
}

/// How many challenges the bot has stored, whatever their state.
async fn challenges_stored(store: &Store) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM challenges")
        .fetch_one(store.reader())
        .await
        .unwrap()
}

/// A draft's buttons as the ids carry them: the three term buttons' drafts, then Send's.
fn drafts(message: &Message) -> ([ChallengeDraft; 3], ChallengeDraft) {
    let ids: Vec<ActionId> = button_ids(message)
        .iter()
        .map(|id| id.parse().expect("a Namnam id"))
        .collect();
    match ids.as_slice() {
        [ActionId::ChallengeDraft { draft: rounds }, ActionId::ChallengeDraft { draft: clock }, ActionId::ChallengeDraft { draft: first }, ActionId::ChallengeSend { draft }] => {
            ([*rounds, *clock, *first], *draft)
        }
        other => panic!("not a draft's buttons: {other:?}"),
    }
}

/// `who` picks the menu on `target` in `channel`: the private draft, its message id and the message.
async fn menu_draft(fx: &Fixture, who: &Person, channel: u64, target: &Person) -> (u64, Message) {
    let sent = fx.fake.menu(who, channel, MENU, target, true);
    ephemeral_text(&fx.fake.callback(&sent).await);
    let message = fx.fake.response(&sent).await;
    assert!(message.ephemeral, "only the challenger sees the draft");
    let id = fx.fake.interaction_state(&sent).original.unwrap();
    (id, message)
}

/// `who` presses a draft's button `custom_id`: the draft is updated in place (type 7), still private.
async fn change(fx: &Fixture, who: &Person, draft: u64, custom_id: &str) -> Message {
    let sent = fx.fake.press(who, draft, custom_id);
    let callback = fx.fake.callback(&sent).await;
    assert_eq!(
        callback["type"], 7,
        "the draft updated in place: {callback}"
    );
    let message = fx.fake.state().messages[&draft].clone();
    assert!(message.ephemeral, "still only the challenger's");
    message
}

/// The menu is refused: the private refusal's text, and no challenge is made.
async fn refused(fx: &Fixture, target: &Person, member: bool) -> String {
    let sent = fx.fake.menu(&alice(), GENERAL, MENU, target, member);
    ephemeral_text(&fx.fake.callback(&sent).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn member_menu_drafts_privately_changes_terms_in_place_and_sends_the_challenge() {
    let (fx, bot, store) = Fixture::table("member-menu.db").await;

    // Refused, each privately, before anything is stored: oneself, another bot, a member who cannot see
    // the channel, someone not in the server.
    let own = refused(&fx, &alice(), true).await;
    assert_eq!(own, say(Language::English, "error-self-challenge"));
    let on_bot = refused(&fx, &robot(), true).await;
    assert_eq!(
        on_bot, "robot is a bot: bots cannot be challenged.",
        "{on_bot}"
    );
    let hidden = Person {
        permissions: permissions::MEMBER & !permissions::VIEW_CHANNEL,
        ..carol_the_admin()
    };
    let unseen = say(Language::English, "discord-menu-unseen");
    assert_eq!(refused(&fx, &hidden, true).await, unseen);
    assert_eq!(refused(&fx, &carol_the_admin(), false).await, unseen);
    // In French, the French words.
    let french = alice().speaking("fr");
    let sent = fx.fake.menu(&french, GENERAL, MENU, &hidden, true);
    assert_eq!(
        ephemeral_text(&fx.fake.callback(&sent).await),
        say(Language::French, "discord-menu-unseen")
    );

    // On bob: a private draft on the usual terms (a day a move, no round limit, first by lot); nothing
    // public, nothing stored, nobody pinged.
    let (draft_id, draft) = menu_draft(&fx, &alice(), GENERAL, &bob()).await;
    let text = draft.content().to_owned();
    assert!(text.starts_with("Challenge bob to Nam-nam:"), "{text}");
    assert!(!text.contains("<@"), "it pings nobody: {text}");
    assert!(text.contains("no round limit"), "{text}");
    assert!(text.contains("drawn by lot"), "{text}");
    assert!(posted(&fx.fake.state(), GENERAL, "challenges bob").is_none());
    assert_eq!(challenges_stored(&store).await, 0);
    let ([rounds, _, _], usual) = drafts(&draft);
    assert_eq!(
        usual,
        ChallengeDraft {
            challenger: UserId(alice().id),
            opponent: UserId(bob().id),
            rounds: None,
            clock_secs: 24 * 3600,
            first: FirstMover::Random,
        }
    );

    // In the challenger's language: a draft is theirs alone.
    let (_, in_french) = menu_draft(&fx, &alice().speaking("fr"), GENERAL, &bob()).await;
    assert!(
        in_french.content().starts_with("Défier bob au Nam-nam :"),
        "{}",
        in_french.content()
    );
    assert_eq!(drafts(&in_french).1, usual);

    // Each term button updates the draft in place, its words and its ids.
    let one_round = change(&fx, &alice(), draft_id, &button_ids(&draft)[0]).await;
    assert!(
        one_round.content().contains("one round"),
        "{}",
        one_round.content()
    );
    let ([_, clock, _], now) = drafts(&one_round);
    assert_eq!(now, rounds, "Send carries the draft as it now is");
    assert_eq!(now.rounds, Some(1));
    assert_eq!(clock.clock_secs, 3600, "the clock's next: an hour");
    let an_hour = change(&fx, &alice(), draft_id, &button_ids(&one_round)[1]).await;
    assert!(
        an_hour.content().contains("1 h per move"),
        "{}",
        an_hour.content()
    );
    let me_first = change(&fx, &alice(), draft_id, &button_ids(&an_hour)[2]).await;
    assert!(
        me_first.content().contains("alice moves first"),
        "{}",
        me_first.content()
    );
    let (_, chosen) = drafts(&me_first);
    assert_eq!(
        (chosen.rounds, chosen.clock_secs, chosen.first),
        (Some(1), 3600, FirstMover::Challenger)
    );
    assert_eq!(challenges_stored(&store).await, 0, "a draft stores nothing");

    // Only alice sees her draft, so only she can press it; should a press by bob ever come (a client
    // gone wrong, a forged payload), it is refused privately and changes nothing.
    let send = button_ids(&me_first)[3].clone();
    let by_bob = fx.fake.press_forged(&bob(), draft_id, &send);
    assert_eq!(
        ephemeral_text(&fx.fake.callback(&by_bob).await),
        say(Language::English, "error-not-your-draft")
    );
    assert_eq!(challenges_stored(&store).await, 0);
    assert_eq!(button_ids(&fx.fake.state().messages[&draft_id]).len(), 4);

    // Send: the draft's buttons go, and the challenge follows in public, bob pinged, with its buttons.
    let (id, challenge) = fx.press_public(&alice(), draft_id, &send).await;
    assert!(button_ids(&fx.fake.state().messages[&draft_id]).is_empty());
    assert_eq!(pinged(&challenge), Some(bob().id));
    assert!(
        challenge.content().contains("alice challenges bob"),
        "{}",
        challenge.content()
    );
    assert_eq!(button_ids(&challenge).len(), 3, "accept, decline, cancel");
    assert_eq!(challenges_stored(&store).await, 1);

    // Accepted, it is a match on the terms chosen: an hour a move, one round, alice first.
    let (_, board) = fx
        .press_public(&bob(), id, &button_ids(&challenge)[0])
        .await;
    let row = stored_match(&store, board_match(&board)).await;
    assert_eq!(row.clock_secs, 3600);
    assert_eq!(row.game.options().round_limit(), Some(1));
    let players: [namnam_model::UserId; 2] = row.players.into();
    assert_eq!(players.map(|p| p.0), [alice().id, bob().id], "alice South");
    assert_eq!(
        row.players.get(row.game.position().to_move()),
        UserId(alice().id),
        "alice moves first"
    );
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn member_menu_in_a_group_dm_where_the_players_installed_the_app() {
    let (fx, bot, store) = Fixture::table("member-menu-group-dm.db").await;
    fx.fake.add_group_dm(LOUNGE, "lounge");
    fx.fake.install_for(&alice());
    fx.fake.install_for(&bob());

    // A group DM resolves no member: whoever Discord offers the menu on is there.
    let (draft_id, draft) = menu_draft(&fx, &alice(), LOUNGE, &bob()).await;
    assert!(draft.content().contains("bob"), "{}", draft.content());
    let send = button_ids(&draft)[3].clone();
    let (id, challenge) = fx.press_public(&alice(), draft_id, &send).await;
    assert_eq!(pinged(&challenge), Some(bob().id));
    let (_, board) = fx
        .press_public(&bob(), id, &button_ids(&challenge)[0])
        .await;
    let row = stored_match(&store, board_match(&board)).await;
    assert_eq!(
        row.place.kind(),
        namnam_model::PlaceKind::PrivateChannel,
        "{row:?}"
    );
    fx.close(bot, store).await;
}
