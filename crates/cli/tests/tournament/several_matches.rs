//! Several matches in one channel through the fake Discord: two pairs play side by side in #general, a
//! player with two matches there names one with `match:` (offered by autocomplete), and one with a single
//! match there needs no number.

use namnam_model::MatchId;
use serde_json::Value;

use crate::checks::{assert_public, board_match, button_ids, ephemeral_text, house_ids};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::Person;

/// `challenger` challenges `opponent` in #general (`first`: the choice's index), who accepts with the
/// button; returns the match's first board.
async fn start(fx: &Fixture, challenger: &Person, opponent: &Person, first: i64) -> i64 {
    let (id, message) = fx
        .challenge(
            challenger,
            opponent,
            GENERAL,
            Options::new().int("first", first),
        )
        .await;
    let (_, board) = fx
        .press_public(opponent, id, &button_ids(&message)[0])
        .await;
    (board_match(&board)).0
}

fn choices(callback: &Value) -> Vec<(i64, String)> {
    assert_eq!(callback["type"], 8, "{callback}");
    callback["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["value"].as_i64().unwrap(),
                c["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_matches_in_one_channel_through_discord() {
    let (fx, bot, store) = Fixture::table("several.db").await;
    let fake = &fx.fake;
    // alice (the challenger, first) against bob; carol against alice, alice first (the challenged):
    // alice is to move in both, in the same channel.
    let with_bob = start(&fx, &alice(), &bob(), 0).await;
    let with_carol = start(&fx, &carol_the_admin(), &alice(), 1).await;
    assert_ne!(with_bob, with_carol);

    // Without a number, alice is asked which match she means, and nothing moves.
    let sent = fx.run(&alice(), GENERAL, "move", Options::new().int("house", 3));
    let text = ephemeral_text(&fake.callback(&sent).await);
    assert!(text.contains("Which match?"), "{text}");
    assert!(text.contains(&format!("#{with_bob}")), "{text}");
    assert!(text.contains(&format!("#{with_carol}")), "{text}");
    for id in [with_bob, with_carol] {
        let row = crate::checks::stored_match(&store, MatchId(id)).await;
        assert_eq!(row.moves_played, 0);
    }

    // Typing `match:` offers her two matches, each with its opponent.
    let typing = fake.autocomplete(
        &alice(),
        GENERAL,
        "move",
        Options::new().int("house", 3).typing("match").json(),
    );
    let offered = choices(&fake.callback(&typing).await);
    let ids: Vec<i64> = offered.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [with_bob, with_carol], "{offered:?}");
    assert!(offered[0].1.contains("against bob"), "{offered:?}");
    assert!(offered[1].1.contains("against carol"), "{offered:?}");
    // With `match:` chosen first, the houses offered are that match's.
    let typing = fake.autocomplete(
        &alice(),
        GENERAL,
        "move",
        Options::new()
            .int("match", with_carol)
            .typing("house")
            .json(),
    );
    assert_eq!(choices(&fake.callback(&typing).await).len(), 6);

    // With the number, her move goes to that match only (there she is North: houses 7 to 12).
    let sent = fx.run(
        &alice(),
        GENERAL,
        "move",
        Options::new().int("house", 9).int("match", with_carol),
    );
    assert_public(&fake.callback(&sent).await);
    let board = fake.response(&sent).await;
    assert_eq!(board_match(&board), MatchId(with_carol));
    assert_eq!(
        crate::checks::stored_match(&store, MatchId(with_carol))
            .await
            .moves_played,
        1
    );
    assert_eq!(
        crate::checks::stored_match(&store, MatchId(with_bob))
            .await
            .moves_played,
        0
    );
    // carol has one match here: her move needs no number.
    let house = house_ids(&board)[0]
        .rsplit(':')
        .next()
        .unwrap()
        .parse::<i64>()
        .unwrap();
    let sent = fx.run(
        &carol_the_admin(),
        GENERAL,
        "move",
        Options::new().int("house", house),
    );
    assert_public(&fake.callback(&sent).await);
    assert_eq!(
        crate::checks::stored_match(&store, MatchId(with_carol))
            .await
            .moves_played,
        2
    );
    // The same two players cannot start a second match here.
    let sent = fx.run(
        &bob(),
        GENERAL,
        "challenge",
        Options::new().user("opponent", &alice()),
    );
    let text = ephemeral_text(&fake.callback(&sent).await);
    assert!(
        text.contains("already have a match in this channel"),
        "{text}"
    );

    fx.close(bot, store).await;
}
