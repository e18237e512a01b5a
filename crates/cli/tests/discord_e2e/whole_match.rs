//! A whole match of two rounds between two people, played through slash commands and buttons: the
//! challenge, every board against the stored match, refusals, autocomplete, a draw offer, a double click,
//! a restart in the middle, the animation of long moves, and the leaderboard after.

use namnam_model::MatchId;
use serde_json::json;

use namnam_game::House;
use namnam_render as render;
use namnam_store::Store;

use crate::support::running::Running;

use crate::checks::{
    assert_board_shows, assert_pings_only, assert_public, board_match, button_ids, ephemeral_text,
    house_ids, stored_match,
};
use crate::fixture::{alice, bob, person, Fixture, GENERAL};
use crate::payload::{house as house_option, Options};

/// The smallest number of request bodies the match must have validated.
const MIN_VALIDATED: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_through_slash_commands_and_buttons() {
    let (fx, bot, store) = Fixture::table("match.db").await;
    whole_match(fx, bot, store, "match.db").await;
}

/// The same match with the bot on PostgreSQL (`DATABASE_URL=postgres://…`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_on_postgres() {
    if let Some((fx, bot, store)) = Fixture::postgres_table("match").await {
        whole_match(fx, bot, store, "match").await;
    }
}

async fn whole_match(fx: Fixture, bot: Running, store: Store, database: &str) {
    let fake = &fx.fake;
    let mut bot = Some(bot);

    // alice challenges bob: two rounds, alice first, an hour a move. bob is pinged, and only bob.
    let terms = Options::new()
        .int("rounds", 2)
        .int("first", 0) // challenger
        .int("clock", 2); // 1h
    let (challenge_id, challenge_message) = fx.challenge(&alice(), &bob(), GENERAL, terms).await;
    assert_pings_only(&challenge_message, bob().id);
    let answers = button_ids(&challenge_message);
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert!(answers[0].ends_with(":accept") && answers[1].ends_with(":decline"));
    assert!(
        answers[2].ends_with(":cancel"),
        "the challenger can withdraw it"
    );
    // alice cannot accept her own challenge; bob can.
    let refused = fx.press_refused(&alice(), challenge_id, &answers[0]).await;
    assert!(refused.contains("own challenge"), "{refused}");
    let (mut board_id, mut board) = fx.press_public(&bob(), challenge_id, &answers[0]).await;
    fake.wait_for("the challenge's buttons to go", |s| {
        s.messages[&challenge_id]
            .button_rows()
            .is_empty()
            .then_some(())
    })
    .await;
    let match_id: MatchId = MatchId((board_match(&board)).0);

    let first_board = (board_id, house_ids(&board)[0].clone());
    let mut ply = 0_usize;
    let mut round = 1;
    let mut round_changes = 0;
    loop {
        let row = stored_match(&store, match_id).await;
        assert_board_shows(&board, &row);
        if row.game.round() > round {
            assert!(
                board.content().contains(&format!("Round {round} is over")),
                "the round's end is told: {}",
                board.content()
            );
            round = row.game.round();
            round_changes += 1;
        }
        let Some(to_move) = row.game.to_move() else {
            break;
        };
        let mover = person(row.players.get(to_move).0);
        let other = person(row.players.get(to_move.other()).0);
        let legal: Vec<House> = row.game.position().legal_moves().iter().collect();
        let house = legal[(ply * 7) % legal.len()];
        let button = format!("nn:{match_id}:{}:{}", row.turns + 1, house.label());

        match ply {
            1 => {
                // Out of turn, and a house that is not legal: refused privately, nothing changes.
                let text = fx
                    .private_answer(&other, GENERAL, "move", house_option(house.label()))
                    .await;
                assert!(text.contains("turn"), "{text}");
                let illegal = (1..=12)
                    .find(|l| legal.iter().all(|h| h.label() != *l))
                    .unwrap();
                let text = fx
                    .private_answer(&mover, GENERAL, "move", house_option(illegal))
                    .await;
                assert!(!text.is_empty());
                assert_eq!(
                    stored_match(&store, match_id).await.version,
                    row.version,
                    "unchanged"
                );
            }
            3 => {
                // Autocomplete offers the player to move their legal houses with their seeds; nobody else
                // is offered any.
                let typing = fx.typing(&mover, GENERAL, "move", "house");
                let choices = fake.callback(&typing).await;
                assert_eq!(choices["type"], 8, "{choices}");
                let offered: Vec<(i64, String)> = choices["data"]["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        (
                            c["value"].as_i64().unwrap(),
                            c["name"].as_str().unwrap().to_owned(),
                        )
                    })
                    .collect();
                let values: Vec<i64> = offered.iter().map(|(v, _)| *v).collect();
                let expected: Vec<i64> = legal.iter().map(|h| i64::from(h.label())).collect();
                assert_eq!(values, expected);
                for (value, name) in &offered {
                    let seeds = row
                        .game
                        .position()
                        .seeds(House::from_label(*value).unwrap());
                    assert!(name.contains(&format!("{seeds} seed")), "{name}");
                }
                let typing = fx.typing(&other, GENERAL, "move", "house");
                let choices = fake.callback(&typing).await;
                assert_eq!(
                    choices["data"]["choices"],
                    json!([]),
                    "not your turn, no houses"
                );
            }
            5 => {
                // A draw offered with the board's button is said in public with a button to accept it;
                // the board keeps its house buttons (checked after the move below).
                let offer = format!("nn:{match_id}:draw");
                assert!(button_ids(&board).contains(&offer));
                let (_, offered) = fx.press_public(&mover, board_id, &offer).await;
                assert!(
                    offered.content().contains("offers a draw"),
                    "{}",
                    offered.content()
                );
                assert_pings_only(&offered, other.id);
                assert_eq!(button_ids(&offered), [offer]);
            }
            6 => {
                // A button of an old board is refused as out of date.
                let text = fx
                    .press_removed_refused(&mover, first_board.0, &first_board.1)
                    .await;
                assert!(text.contains("out of date"), "{text}");
                // The command it names is one a reader can click: the id Discord gave `/board`.
                let board_command = fake.command("board")["id"].as_str().unwrap().to_owned();
                assert!(
                    text.contains(&format!("</board:{board_command}>")),
                    "{text}"
                );
            }
            8 => {
                // Restart in the middle of the match: the commands are not registered again, and a button of
                // the board the old process sent still plays.
                bot.take().unwrap().stop().await;
                fake.wait_for("the old connection to close", |s| {
                    (!s.online()).then_some(())
                })
                .await;
                bot = Some(fx.start_bot(database));
                fake.wait_for("the new connection", |s| {
                    (s.identifies == 2 && s.online()).then_some(())
                })
                .await;
                assert_eq!(fake.state().registrations, 1, "no registration on restart");
                // The new process mentions commands by the ids recorded with the registration.
                let text = fx
                    .press_removed_refused(&mover, first_board.0, &first_board.1)
                    .await;
                let board_command = fake.command("board")["id"].as_str().unwrap().to_owned();
                assert!(
                    text.contains(&format!("</board:{board_command}>")),
                    "{text}"
                );
            }
            _ => {}
        }

        let previous = board_id;
        if ply == 4 {
            // A double click: both presses arrive; one move is played, the other is told it is too late.
            let first = fake.press(&mover, board_id, &button);
            let second = fake.press(&mover, board_id, &button);
            let answers = [fake.callback(&first).await, fake.callback(&second).await];
            let public: Vec<usize> = (0..2).filter(|&i| answers[i]["type"] == 7).collect();
            assert_eq!(public.len(), 1, "exactly one press plays: {answers:?}");
            let late = ephemeral_text(&answers[1 - public[0]]);
            assert!(late.contains("out of date"), "{late}");
            let sent = if public[0] == 0 { first } else { second };
            (board_id, board) = fx.public_answer(&sent).await;
            assert_eq!(
                stored_match(&store, match_id).await.moves_played,
                row.moves_played + 1
            );
        } else if ply % 2 == 0 {
            (board_id, board) = fx.press_public(&mover, board_id, &button).await;
        } else {
            let sent = fx.run(&mover, GENERAL, "move", house_option(house.label()));
            assert_public(&fake.callback(&sent).await);
            board = fake.response(&sent).await;
            board_id = fake.interaction_state(&sent).original.unwrap();
        }
        if ply % 2 == 0 {
            // The pressed board's buttons are spent; its picture stays.
            fake.wait_for("the pressed board's buttons to go", |s| {
                let old = &s.messages[&previous];
                (old.button_rows().is_empty() && !old.files.is_empty()).then_some(())
            })
            .await;
        }
        if ply == 5 {
            assert!(
                !fake.state().messages[&previous].button_rows().is_empty(),
                "a draw offer leaves the board's buttons"
            );
        }
        ply += 1;
        assert!(ply < 2000, "the match goes on for ever");
    }
    assert!(round_changes >= 1, "the match saw a new round");
    let result = board.content().to_owned();
    assert!(
        result.contains("wins the match") || result.contains("match is a draw"),
        "{result}"
    );
    assert!(
        button_ids(&board)
            .iter()
            .any(|id| id == &format!("nn:{match_id}:rematch")),
        "a rematch button under the finished match: {:?}",
        button_ids(&board)
    );

    // Moves of two laps or more came with their animation, uploaded with the board again.
    let (png, gif) = fake
        .wait_for("a board with its animation", |s| {
            s.messages.values().find_map(|m| {
                let png = m.files.iter().find(|f| f.filename.ends_with(".png"))?;
                let gif = m.files.iter().find(|f| f.filename.ends_with(".gif"))?;
                Some((png.clone(), gif.clone()))
            })
        })
        .await;
    image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png).expect("PNG");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.bytes.as_slice())
        .expect("a valid GIF");
    assert_eq!(
        (u32::from(decoder.width()), u32::from(decoder.height())),
        (render::WIDTH, render::HEIGHT)
    );
    let mut frames = 0;
    while decoder.read_next_frame().expect("GIF frames").is_some() {
        frames += 1;
    }
    assert!(frames >= 2, "an animation: {frames} frames");
    assert!(
        gif.description.as_deref().is_some_and(|d| !d.is_empty()),
        "the GIF has alt text"
    );

    // The leaderboard now ranks both players.
    let sent = fx.run(&bob(), GENERAL, "leaderboard", Options::new());
    fake.callback(&sent).await;
    let standings = fake.response(&sent).await;
    assert!(
        standings.content().contains("alice") && standings.content().contains("bob"),
        "{}",
        standings.content()
    );

    let validated = fx.close(bot.take().unwrap(), store).await;
    eprintln!("{validated} request bodies of the match validated against the OpenAPI description");
    if fx.spec_loaded() {
        assert!(
            validated >= MIN_VALIDATED,
            "only {validated} request bodies were validated"
        );
    }
}
