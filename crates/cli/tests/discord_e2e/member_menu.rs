//! A member's menu (right-click → Apps → Challenge to Nam-nam): a challenge on the place's usual terms, the
//! challenger told privately how to offer others; refused on oneself, on a bot, and on a member who cannot
//! see the channel or is not in the server; and the same menu in a group DM where the players installed
//! the app.

use namnam_core::Language;
use namnam_discord::texts::say;

use crate::checks::{assert_public, board_match, button_ids, ephemeral_text, pinged, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::support::fake_discord::payloads::permissions;
use crate::support::fake_discord::{Message, Person, Sent};

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

/// The private word that follows the public challenge: its text.
async fn private_follow_up(fx: &Fixture, sent: &Sent) -> String {
    let id = fx
        .fake
        .wait_for("the private word after the challenge", |s| {
            s.interactions[&sent.token].followups.first().copied()
        })
        .await;
    let message = fx.fake.state().messages[&id].clone();
    assert!(message.ephemeral, "only the challenger sees it");
    message.content().to_owned()
}

/// `who` picks the menu on `target` in `channel`: the public challenge and the private word after it.
async fn menu_challenge(
    fx: &Fixture,
    who: &Person,
    channel: u64,
    target: &Person,
) -> (u64, Message, String) {
    let sent = fx.fake.menu(who, channel, MENU, target, true);
    assert_public(&fx.fake.callback(&sent).await);
    let message = fx.fake.response(&sent).await;
    let id = fx.fake.interaction_state(&sent).original.unwrap();
    let word = private_follow_up(fx, &sent).await;
    (id, message, word)
}

/// The menu is refused: the private refusal's text, and no challenge is made.
async fn refused(fx: &Fixture, target: &Person, member: bool) -> String {
    let sent = fx.fake.menu(&alice(), GENERAL, MENU, target, member);
    ephemeral_text(&fx.fake.callback(&sent).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn member_menu_challenges_on_the_usual_terms_and_refuses_who_cannot_play() {
    let (fx, bot, store) = Fixture::table("member-menu.db").await;

    // Refused, each privately, before anything is stored: oneself, another bot, a member who cannot see
    // the channel, someone not in the server.
    let own = refused(&fx, &alice(), true).await;
    assert_eq!(own, say(Language::English, "error-self-challenge"));
    let on_bot = refused(&fx, &robot(), true).await;
    assert!(on_bot.contains("robot"), "{on_bot}");
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

    // On bob: the channel's challenge, bob pinged, with its buttons; alice told privately how to offer
    // other terms (/challenge, after withdrawing this one).
    let (id, challenge, word) = menu_challenge(&fx, &alice(), GENERAL, &bob()).await;
    assert_eq!(pinged(&challenge), Some(bob().id));
    assert_eq!(button_ids(&challenge).len(), 3, "accept, decline, cancel");
    assert!(word.contains("</challenge:"), "names /challenge: {word}");
    assert!(word.contains("</cancel:"), "names /cancel: {word}");

    // Accepted, it is a match on the server's usual terms (24 hours a move).
    let (_, board) = fx
        .press_public(&bob(), id, &button_ids(&challenge)[0])
        .await;
    let row = stored_match(&store, board_match(&board)).await;
    assert_eq!(row.clock_secs, 24 * 3600);
    let players: [namnam_model::UserId; 2] = row.players.into();
    assert_eq!(players.map(|p| p.0), [alice().id, bob().id], "alice South");
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn member_menu_in_a_group_dm_where_the_players_installed_the_app() {
    let (fx, bot, store) = Fixture::table("member-menu-group-dm.db").await;
    fx.fake.add_group_dm(LOUNGE, "lounge");
    fx.fake.install_for(&alice());
    fx.fake.install_for(&bob());

    // A group DM resolves no member: whoever Discord offers the menu on is there.
    let (id, challenge, word) = menu_challenge(&fx, &alice(), LOUNGE, &bob()).await;
    assert!(word.contains("</challenge:"), "{word}");
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
