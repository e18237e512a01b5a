//! Words in the asker's language, as Discord says it (`locale`): a refusal, a private answer, is French for
//! a French client and English for an English one, in the same server.

use crate::checks::{board_match, button_ids, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, person, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message};
use namnam_model::MatchId;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_speaks_the_askers_language() {
    let (fx, bot, store) = Fixture::table("languages.db").await;
    let french = fx
        .private_answer(&alice().speaking("fr"), GENERAL, "accept", Options::new())
        .await;
    assert_eq!(french, "Il n'y a pas de défi ouvert dans ce salon.");
    let english = fx
        .private_answer(&bob().speaking("en-US"), GENERAL, "accept", Options::new())
        .await;
    assert_eq!(english, "There is no open challenge in this channel.");
    // A command in a refusal stays one a reader can click, in either language.
    let (_, challenge) = fx
        .challenge(&alice(), &bob(), GENERAL, Options::new())
        .await;
    let elsewhere = fx
        .fake
        .post_as(&alice(), GENERAL, serde_json::json!({"content": "salut"}));
    let accept = crate::checks::button_ids(&challenge)[0].clone();
    let sent = fx
        .fake
        .press_forged(&bob().speaking("fr"), elsewhere, &accept);
    let stale = crate::checks::ephemeral_text(&fx.fake.callback(&sent).await);
    let board = fx.fake.command("board")["id"].as_str().unwrap().to_owned();
    assert_eq!(
        stale,
        format!("Ce n'est plus d'actualité : la partie a avancé. </board:{board}> la montre telle qu'elle est.")
    );
    // The Discord layer's own words too: /help names the commands as a French client shows them, and a
    // refusal of the Discord layer (a house Discord should have kept in range) is French.
    let help = fx
        .private_answer(&alice().speaking("fr"), GENERAL, "help", Options::new())
        .await;
    assert!(
        help.starts_with("**Jouer au Nam-nam ici**") && help.contains("`/coup case:3`"),
        "{help}"
    );
    let far = fx
        .private_answer(
            &alice().speaking("fr"),
            GENERAL,
            "move",
            Options::new().int("house", 13),
        )
        .await;
    assert_eq!(
        far,
        "Il n'y a pas de case 13 : les cases sont numérotées de 1 à 12."
    );
    let far = fx
        .private_answer(
            &bob().speaking("en-GB"),
            GENERAL,
            "move",
            Options::new().int("house", 13),
        )
        .await;
    assert_eq!(far, "There is no house 13: houses are numbered 1 to 12.");
    fx.close(bot, store).await;
}

/// Words that read as English and never as French: one of them in a French message is a word left
/// untranslated. (Mentions, timestamps and code spans are taken out first: a command's name in them is the
/// same for every reader.)
const ENGLISH_ONLY: &[&str] = &[
    "the",
    "to",
    "and",
    "of",
    "is",
    "has",
    "your",
    "turn",
    "move",
    "moves",
    "round",
    "house",
    "houses",
    "seed",
    "seeds",
    "store",
    "owns",
    "against",
    "wins",
    "won",
    "lost",
    "match",
    "draw",
    "offer",
    "resign",
    "rematch",
    "replay",
    "analyse",
    "take",
    "back",
    "accept",
    "decline",
    "cancel",
    "challenge",
    "next",
];

/// The English words of `text`, outside `<…>` mentions and `` `…` `` code.
fn english_words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let (mut in_mention, mut in_code) = (false, false);
    for c in text.chars() {
        match c {
            '<' if !in_code => in_mention = true,
            '>' if in_mention => in_mention = false,
            '`' => in_code = !in_code,
            c if !in_mention && !in_code => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| ENGLISH_ONLY.contains(&w.as_str()))
        .collect()
}

/// Every word of a message a French reader sees: its text, its buttons' labels, its pictures' descriptions.
fn assert_french(message: &Message) {
    let labels: Vec<String> = message.json["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(str::to_owned))
        .collect();
    let descriptions: Vec<String> = message
        .files
        .iter()
        .filter_map(|f| f.description.clone())
        .collect();
    for text in [message.content().to_owned()]
        .into_iter()
        .chain(labels)
        .chain(descriptions)
    {
        let english = english_words(&text);
        assert!(english.is_empty(), "English {english:?} in: {text}");
    }
}

#[test]
fn english_words_are_seen_outside_mentions_and_code() {
    assert_eq!(
        english_words("À vous de jouer </move:12> `resign confirm:yes`"),
        Vec::<String>::new()
    );
    assert_eq!(english_words("Manche 1 : alice's move"), ["move"]);
}

/// A match from the challenge to its end in a server that follows Discord's language, French: every
/// public message, button and picture description is French; an English reader there is answered in
/// English; a French player's turn DM is French.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_match_through_discord() {
    let (fx, bot, store) = Fixture::table("french.db").await;
    let fake = &fx.fake;
    let (ama, kofi) = (alice().speaking("fr"), bob().speaking("fr"));
    fake.set_guild_locale(FakeDiscord::GUILD_ID, "fr");
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
    let on = fx
        .private_answer(
            &kofi,
            GENERAL,
            "notify",
            Options::new().sub("on", Options::new()),
        )
        .await;
    assert!(on.starts_with("Je vous enverrai un MP"), "{on}");

    // One round, ama first.
    let terms = Options::new().int("rounds", 1).int("first", 0);
    let (challenge_id, challenge) = fx.challenge(&ama, &kofi, GENERAL, terms).await;
    assert_french(&challenge);
    let accept = button_ids(&challenge)[0].clone();
    let (mut board_id, mut board) = fx.press_public(&kofi, challenge_id, &accept).await;
    let match_id = board_match(&board);
    let mut moves = 0;
    loop {
        assert_french(&board);
        let row = stored_match(&store, MatchId(match_id.0)).await;
        let Some(to_move) = row.game.to_move() else {
            break;
        };
        let mover = person(row.players.get(to_move).0).speaking("fr");
        if moves == 2 {
            // kofi has left the board: ama's move tells him by DM, in his language.
            fx.clock().advance_secs(10 * 60);
        }
        let house = row.game.position().legal_moves().iter().next().unwrap();
        let button = format!("nn:{match_id}:{}:{}", row.turns + 1, house.label());
        (board_id, board) = fx.press_public(&mover, board_id, &button).await;
        moves += 1;
    }
    assert!(moves > 4, "{moves} moves");
    assert!(
        board.content().contains("La manche 1 est terminée"),
        "the end, in French: {}",
        board.content()
    );
    let dm = fake
        .wait_for("kofi's DM", |s| s.dms_to(kofi.id).first().cloned())
        .await;
    assert!(
        dm.content().starts_with("À vous de jouer"),
        "{}",
        dm.content()
    );
    assert_french(&dm);

    // The end's buttons in French; an English reader in this French server gets English privately.
    let labels = board.json["components"].to_string();
    assert!(
        labels.contains("Revanche") && labels.contains("Revoir"),
        "{labels}"
    );
    let english = fx
        .private_answer(
            &carol_the_admin().speaking("en-US"),
            GENERAL,
            "matches",
            Options::new(),
        )
        .await;
    assert_eq!(english, "You have no active match in this server.");
    fx.close(bot, store).await;
}
