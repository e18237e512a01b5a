//! What the Discord adapter needs of the core beyond commands: the legal houses for autocomplete, and a match
//! moved into a thread of its own. On a real SQLite file with the real engine.

mod core_common;

use core_common::*;
use namnam::bot::{Place, Reply};
use namnam::game::House;

fn place(h: &Harness, channel: &str) -> Place {
    h.request(channel, "alice", "board").place
}

fn user(name: &str) -> namnam::store::Snowflake {
    namnam::console::console_id("user", name)
}

async fn legal(h: &Harness, channel: &str, name: &str) -> Vec<(House, u8)> {
    h.core
        .legal_houses(&place(h, channel), user(name))
        .await
        .expect("the legal houses load")
}

fn labels(houses: &[(House, u8)]) -> Vec<u8> {
    houses.iter().map(|(h, _)| h.label()).collect()
}

#[tokio::test]
async fn legal_houses_are_the_movers_buttons_with_their_seeds_and_empty_for_anyone_else() {
    let h = Harness::new().await;
    assert!(
        legal(&h, "general", "alice").await.is_empty(),
        "no match yet"
    );
    let mut reply: Reply = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    for _ in 0..6 {
        let mover = to_move(&reply).expect("someone to move");
        let other = if mover == "alice" { "bob" } else { "alice" };
        let houses = legal(&h, "general", &mover).await;
        assert_eq!(
            labels(&houses),
            legal_houses(&reply),
            "house order, as the buttons"
        );
        let position = reply.board.as_ref().expect("a board").position;
        for &(house, seeds) in &houses {
            assert_eq!(seeds, position.seeds(house));
            assert!(seeds > 0);
        }
        assert!(
            legal(&h, "general", other).await.is_empty(),
            "not {other}'s turn"
        );
        assert!(
            legal(&h, "general", "carol").await.is_empty(),
            "carol does not play"
        );
        assert!(
            legal(&h, "elsewhere", &mover).await.is_empty(),
            "no match there"
        );
        let house = houses[houses.len() / 2].0.label();
        reply = h.ok(&mover, &format!("move house:{house}")).await;
    }
}

#[tokio::test]
async fn legal_houses_are_empty_on_the_computers_turn() {
    let h = Harness::new().await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenged",
        )
        .await;
    assert!(reply.computer_turn.is_some(), "the computer moves first");
    assert!(legal(&h, "general", "alice").await.is_empty());
    let reply = h
        .core
        .computer_turn(reply.computer_turn.expect("a turn"))
        .await
        .expect("the computer moves")
        .expect("it was its turn");
    assert_eq!(
        labels(&legal(&h, "general", "alice").await),
        legal_houses(&reply)
    );
}
