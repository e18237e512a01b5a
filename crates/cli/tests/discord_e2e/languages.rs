//! Words in the asker's language, as Discord says it (`locale`): a refusal, a private answer, is French for
//! a French client and English for an English one, in the same server.

use crate::fixture::{alice, bob, Fixture, GENERAL};
use crate::payload::Options;

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
