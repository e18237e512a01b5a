//! Replays: `replay match:N` and its buttons show each stored position with the move that led to it,
//! after a restart too; who may look at which match; a public replay is stepped by its owner only.

use namnam_core::reply::Pressed;
use namnam_core::{ActionId, Command, ReplayFrom, Reply, UserError};
use namnam_core::{MatchRefusal, RecordCommand, RecordRefusal};
use namnam_game::Position;
use namnam_model::{MatchId, ServerId};

use crate::common::{play_out, Backend, Harness};

on_both_backends!(
    the_replay_shows_every_stored_position,
    who_may_look_back,
    a_public_replay_is_stepped_by_its_owner,
);

/// The replay's button `step` (its word in the id), and whether it can be pressed.
fn button(reply: &Reply, step: &str) -> (ActionId, bool) {
    let action = reply
        .buttons
        .actions
        .iter()
        .find(|a| a.id.to_string().split(':').nth(4) == Some(step))
        .unwrap_or_else(|| panic!("no {step} button: {:?}", reply.buttons.actions));
    (action.id, !action.disabled)
}

/// The move number a replay shows, by its buttons (◀ goes to one before, unless at the start).
fn shown_ply(reply: &Reply) -> u32 {
    let ply_of = |id: ActionId| match id {
        ActionId::Replay { ply, .. } => ply,
        other => panic!("not a replay button: {other}"),
    };
    let (back, can_go_back) = button(reply, "back");
    if can_go_back {
        ply_of(back) + 1
    } else {
        0
    }
}

async fn press(h: &Harness, user: &str, id: ActionId) -> Reply {
    h.press(user, id)
        .await
        .unwrap_or_else(|e| panic!("{user} pressed {id}: {e}"))
}

fn position(reply: &Reply) -> (u32, Position) {
    let scene = reply.board.scene.as_ref().expect("a replay shows a scene");
    (scene.game.round(), *scene.game.position())
}

async fn the_replay_shows_every_stored_position(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match(
            "general",
            "alice",
            "bob",
            "first:challenger rounds:2 target:none",
        )
        .await;
    let match_id = start.board.state.as_ref().unwrap().match_id;
    // Every position the players saw, from the opening on.
    let mut seen = vec![(1, start.board.state.as_ref().unwrap().position)];
    let mut reply = start;
    let mut rng = namnam_game::rng::SeededRng::new(11);
    while let Some(board) = reply.board.state.clone().filter(|b| b.to_move.is_some()) {
        let player = board.names.get(board.to_move.unwrap()).to_owned();
        let legal = crate::common::legal_houses(&reply);
        let house = legal[rng.below(legal.len())];
        reply = h.ok(&player, &format!("move house:{house}")).await;
        let after = reply.board.state.as_ref().unwrap();
        seen.push((after.round, after.position));
    }
    let moves = seen.len() as u32 - 1;
    let round_two = seen.iter().position(|(round, _)| *round == 2).unwrap() as u32;

    // carol watched: the match is over, so anyone in the server may replay it.
    let first = h.ok("carol", &format!("replay match:{match_id}")).await;
    assert!(
        first.is_private(),
        "a replay is private unless asked otherwise"
    );
    assert!(first.buttons.pressed != Pressed::Replaced);
    assert!(first.board.picture.is_some(), "the board is drawn");
    assert!(
        first.text.plain().contains("Before the first move"),
        "{}",
        first.text
    );
    assert_eq!(position(&first), seen[0]);
    assert!(
        !button(&first, "first").1 && !button(&first, "back").1,
        "nothing before the start"
    );
    assert!(button(&first, "next").1 && button(&first, "last").1);

    // ▶ all the way: each step replaces the pressed replay and shows the position the players saw.
    let mut shown = first.clone();
    for ply in 1..=moves {
        shown = press(&h, "carol", button(&shown, "next").0).await;
        assert!(shown.buttons.pressed == Pressed::Replaced && shown.is_private());
        assert_eq!(shown_ply(&shown), ply);
        assert_eq!(position(&shown), seen[ply as usize], "after move {ply}");
        assert!(
            shown
                .text
                .plain()
                .contains(&format!("Move {ply} of {moves}")),
            "{}",
            shown.text
        );
    }
    assert!(
        !button(&shown, "next").1 && !button(&shown, "last").1,
        "nothing after the end"
    );
    assert!(!button(&shown, "round").1);

    // ⏭ and "next round" jump; ⏮ goes back to the start.
    let last = press(&h, "carol", button(&first, "last").0).await;
    assert_eq!(position(&last), seen[moves as usize]);
    let round_end = press(&h, "carol", button(&first, "round").0).await;
    assert_eq!(shown_ply(&round_end), round_two, "the end of round 1");
    assert_eq!(position(&round_end).0, 2, "round 2 begins there");
    assert!(
        round_end.text.plain().contains("Round 1 is over"),
        "{}",
        round_end.text
    );
    let back = press(&h, "carol", button(&round_end, "back").0).await;
    assert_eq!(position(&back), seen[round_two as usize - 1]);
    let again = press(&h, "carol", button(&last, "first").0).await;
    assert_eq!(position(&again), seen[0]);

    // The buttons carry everything: after a restart they show the same.
    let old = button(&round_end, "back").0;
    let h = h.restart().await;
    let after_restart = press(&h, "carol", old).await;
    assert_eq!(position(&after_restart), seen[round_two as usize - 1]);
    assert_eq!(after_restart.text, back.text);

    // Typed, from any move; a move past the end shows the last.
    let typed = h
        .ok(
            "carol",
            &format!("replay match:{match_id} move:{round_two}"),
        )
        .await;
    assert_eq!(position(&typed), seen[round_two as usize]);
    let past = h
        .ok("carol", &format!("replay match:{match_id} move:9999"))
        .await;
    assert_eq!(position(&past), seen[moves as usize]);
}

async fn who_may_look_back(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let match_id = start.board.state.as_ref().unwrap().match_id;
    h.ok("alice", "move house:3").await;
    for line in [
        format!("replay match:{match_id}"),
        format!("export match:{match_id}"),
    ] {
        // While it is played, only its players look back at it.
        assert_eq!(
            h.refused("carol", &line).await,
            UserError::Record(RecordRefusal::LiveMatchOfOthers(match_id))
        );
    }
    let own = h
        .ok("bob", &format!("replay match:{match_id} move:1"))
        .await;
    assert_eq!(shown_ply(&own), 1);
    // The computer's verdict waits for the end of the match, for everyone.
    assert_eq!(
        h.refused("alice", &format!("analyse match:{match_id}"))
            .await,
        UserError::Record(RecordRefusal::AnalyseLive(match_id))
    );
    assert_eq!(
        h.refused("alice", "replay match:999").await,
        UserError::Match(MatchRefusal::NoSuchMatch {
            id: MatchId(999),
            in_server: true
        })
    );
    // Another server's match is not there for this one.
    let mut elsewhere = h.request("general", "alice", &format!("replay match:{match_id}"));
    elsewhere.place = namnam_core::Place::ServerChannel {
        server: ServerId(77),
        channel: elsewhere.place.channel(),
    };
    assert!(matches!(
        h.core.try_handle(&elsewhere).await,
        Err(namnam_core::CoreError::User(UserError::Match(MatchRefusal::NoSuchMatch { id, .. }))) if id == match_id
    ));
    for bad in [
        "replay match:0",
        "replay match:x",
        "analyse",
        "export match:-3",
    ] {
        let mut words = bad.split_whitespace();
        let name = words.next().unwrap();
        let options: Vec<(&str, &str)> = words.filter_map(|w| w.split_once(':')).collect();
        assert!(
            Command::parse(name, &[], &options, &crate::common::TestNames).is_err(),
            "{bad}"
        );
    }
    // Looking changed nothing.
    let row = namnam_store::load_match(h.core.store().reader(), match_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.moves_played, 1);
}

async fn a_public_replay_is_stepped_by_its_owner(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger rounds:1")
        .await;
    let match_id = start.board.state.as_ref().unwrap().match_id;
    let (end, _) = play_out(&h, "general", start, 5, 2_000).await;
    // The history of a one-round match announces no second round.
    let history = h.ok("carol", "history").await.text.plain();
    assert!(
        history.contains("Round 1 is over") && !history.contains("Round 2:"),
        "{history}"
    );
    // The finished match offers its replay and its analysis.
    let ids: Vec<String> = end
        .buttons
        .actions
        .iter()
        .map(|a| a.id.to_string())
        .collect();
    assert!(ids.contains(&format!("nn:{match_id}:analyse")), "{ids:?}");
    assert!(
        ids.contains(&format!("nn:replay:{match_id}:0:open")),
        "{ids:?}"
    );

    let public = h
        .ok("alice", &format!("replay match:{match_id} public:yes"))
        .await;
    assert!(!public.is_private());
    let next = button(&public, "next").0;
    // Its owner steps it for everyone to see…
    let stepped = press(&h, "alice", next).await;
    assert!(stepped.buttons.pressed == Pressed::Replaced && !stepped.is_private());
    assert_eq!(shown_ply(&stepped), 1);
    // …anyone else gets a replay of their own, from there.
    let own = press(&h, "bob", next).await;
    assert!(own.buttons.pressed != Pressed::Replaced && own.is_private());
    assert_eq!(shown_ply(&own), 1);
    let mine = press(&h, "bob", button(&own, "next").0).await;
    assert!(
        mine.buttons.pressed == Pressed::Replaced && mine.is_private(),
        "bob's own replay steps in place"
    );
    // The button under the match opens a replay for whoever presses it.
    let opened = press(
        &h,
        "carol",
        end.buttons
            .actions
            .iter()
            .find(|a| a.id.to_string().ends_with(":open"))
            .unwrap()
            .id,
    )
    .await;
    assert!(opened.is_private() && opened.buttons.pressed != Pressed::Replaced);
    assert_eq!(shown_ply(&opened), 0);
    // The command's own words for the button.
    assert!(matches!(
        next.command(),
        Command::Records(RecordCommand::Replay {
            from: ReplayFrom::Button { owner: Some(_) },
            ply: 1,
            ..
        })
    ));
}
