//! The everywhere rating through Discord: matches in group DMs where only the players installed the app
//! move a rating of their own, apart from every server's; `/leaderboard` there answers privately with
//! the asker and the players they met, and the asker's place among them (never the others who played
//! in private places); `/stats` there shows the everywhere rating and its chart.

use namnam_model::{MatchId, UserId};

use crate::checks::{board_match, button_ids, ephemeral_text, house_ids, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{Message, Person};

/// A group DM of alice and bob.
const LOUNGE: u64 = 1_200_000_000_000_000_031;
/// A group DM of bob and carol.
const DEN: u64 = 1_200_000_000_000_000_032;

/// `challenger` challenges `opponent` in `channel` (the challenger first), who accepts with the button;
/// the challenger plays a house and `loser` resigns with `/resign confirm:yes`: the match and its end.
async fn a_match_resigned(
    fx: &Fixture,
    channel: u64,
    (challenger, opponent): (&Person, &Person),
    loser: &Person,
) -> (MatchId, Message) {
    let terms = Options::new().int("first", 0);
    let (id, challenge) = fx.challenge(challenger, opponent, channel, terms).await;
    let (board_id, board) = fx
        .press_public(opponent, id, &button_ids(&challenge)[0])
        .await;
    let match_id = board_match(&board);
    fx.press_public(challenger, board_id, &house_ids(&board)[0])
        .await;
    let yes = Options::new().int("confirm", 0);
    let sent = fx.run(loser, channel, "resign", yes);
    let (_, end) = fx.public_answer(&sent).await;
    (match_id, end)
}

/// The lines of a leaderboard's ranks, as `1. name — …`.
fn ranks(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            line.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_match_moves_the_everywhere_rating() {
    let (fx, bot, store) = Fixture::table("everywhere.db").await;
    let fake = &fx.fake;
    fake.add_group_dm(LOUNGE, "lounge");
    fake.add_group_dm(DEN, "den");
    let carol = carol_the_admin();
    for who in [alice(), bob(), carol.clone()] {
        fake.install_for(&who);
    }
    // Where they may be used: everywhere, as the matches are; a server's tournaments still only there.
    for name in ["leaderboard", "stats"] {
        let command = fake.command(name);
        assert_eq!(command["contexts"], serde_json::json!([0, 1, 2]), "/{name}");
        assert_eq!(command["integration_types"], serde_json::json!([0, 1]));
    }
    assert_eq!(
        fake.command("tournament")["contexts"],
        serde_json::json!([0])
    );

    // alice beats bob in the lounge: the end says how the everywhere ratings moved, not what they are (the
    // lounge may hold people who never met them).
    let (lounge_match, end) = a_match_resigned(&fx, LOUNGE, (&alice(), &bob()), &bob()).await;
    assert!(
        end.content()
            .contains("Everywhere ratings: alice +162, bob −162 (your own: </stats:"),
        "{}",
        end.content()
    );
    assert!(stored_match(&store, lounge_match).await.rated);
    // carol beats bob in the den.
    a_match_resigned(&fx, DEN, (&carol, &bob()), &bob()).await;
    let reader = store.reader();
    let rating = |who: &Person| namnam_store::load_everywhere_rating(reader, UserId(who.id));
    let bobs = rating(&bob())
        .await
        .unwrap()
        .expect("bob's everywhere rating");
    assert_eq!((bobs.games, bobs.losses), (2, 2));
    assert_eq!(rating(&alice()).await.unwrap().unwrap().wins, 1);

    // /leaderboard in the lounge: alice sees herself and bob, privately; carol, whom she never met, not.
    let mine = fx
        .private_answer(&alice(), LOUNGE, "leaderboard", Options::new())
        .await;
    let lines = ranks(&mine);
    assert_eq!(lines.len(), 2, "{mine}");
    assert!(
        lines[0].starts_with("1. alice — ") && lines[1].starts_with("2. bob — "),
        "{mine}"
    );
    assert!(mine.contains("You are number 1 of 2."), "{mine}");
    assert!(!mine.contains("carol"), "{mine}");
    // bob met both.
    let his = fx
        .private_answer(&bob(), DEN, "leaderboard", Options::new())
        .await;
    assert_eq!(ranks(&his).len(), 3, "{his}");
    assert!(
        his.contains("carol") && his.contains("You are number 3 of 3."),
        "{his}"
    );

    // /stats in the lounge: alice's everywhere rating, with its chart.
    let sent = fx.run(&alice(), LOUNGE, "stats", Options::new());
    let text = ephemeral_text(&fake.callback(&sent).await);
    assert!(text.contains("alice, everywhere: rating 1662"), "{text}");
    assert!(text.contains("1 won, 0 drawn, 0 lost"), "{text}");
    let answer = fake.response(&sent).await;
    assert_eq!(answer.files.len(), 1, "the chart");
    image::load_from_memory(&answer.files[0].bytes).expect("a PNG");
    // Another player's, only to who met them.
    let of_carol = Options::new().user("player", &carol);
    let unmet = fx
        .private_answer(&alice(), LOUNGE, "stats", of_carol.clone())
        .await;
    assert!(unmet.contains("You have not met carol"), "{unmet}");
    let met = fx.private_answer(&bob(), DEN, "stats", of_carol).await;
    assert!(met.contains("carol, everywhere: rating"), "{met}");

    // The server's leaderboard knows none of it.
    let sent = fx.run(&carol, GENERAL, "leaderboard", Options::new());
    let (_, board) = fx.public_answer(&sent).await;
    assert!(
        board
            .content()
            .contains("Nobody has finished a rated match here"),
        "{}",
        board.content()
    );
    fx.close(bot, store).await;
}
