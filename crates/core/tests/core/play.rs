//! Whole matches through the core on a temporary SQLite file: rounds, the end, ratings, restarts, draws,
//! resignations, and many moves at once.

use crate::common::*;
use namnam_core::message::Arg;
use namnam_core::{ActionId, Part, UserError};
use namnam_core::{InfoRefusal, MatchRefusal, PlayRefusal};
use namnam_game::Player;
use namnam_model::MatchId;
use namnam_store as store;

async fn a_match_with_a_round_limit_plays_every_round_and_is_rated(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match(
            "general",
            "alice",
            "bob",
            "first:challenger target:none rounds:3",
        )
        .await;
    assert_eq!(to_move(&start).as_deref(), Some("alice"));
    assert_eq!(side_of(&start, "alice"), Player::South);
    let (end, moves) = play_out(&h, "general", start, 7, 5000).await;
    assert!(
        end.text.has_message("result-win") || end.text.has_message("result-draw"),
        "{}",
        end.text
    );
    assert!(end.text.has_message("match-ratings"), "{}", end.text);

    let row = store::last_match_in_channel(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general"),
        },
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(row.state, store::MatchState::Finished);
    assert_eq!(row.moves_played as usize, moves);
    let rounds = row.game.rounds();
    assert!(!rounds.is_empty() && rounds.len() <= 3);
    if rounds.len() < 3 {
        assert!(rounds.last().unwrap().territory_after.is_whole_board());
    }
    // Every round's territory carries over to the next.
    for pair in rounds.windows(2) {
        assert_eq!(pair[0].territory_after, pair[1].territory_before);
    }
    let stored_moves = store::match_moves(h.core.store().reader(), row.id)
        .await
        .unwrap();
    assert_eq!(stored_moves.len(), moves);
    let stored_rounds: i64 = sqlx_count(&h, "SELECT COUNT(*) FROM rounds").await;
    assert_eq!(stored_rounds as usize, rounds.len());

    let board = h.ok("carol", "leaderboard").await;
    assert!(
        board.text.plain().contains("alice") && board.text.plain().contains("bob"),
        "{}",
        board.text
    );
    assert!(
        board.text.plain().contains('?'),
        "one game is provisional: {}",
        board.text
    );
    let stats = h.ok("alice", "stats").await;
    let games = stats.text.parts().iter().find_map(|p| match p {
        Part::Message { args, .. } => args.iter().find_map(|(name, arg)| match (name, arg) {
            (name, Arg::Number(n)) if name == "games" => Some(*n),
            _ => None,
        }),
        _ => None,
    });
    assert_eq!(games, Some(1), "{:?}", stats.text);
    assert!(
        stats.text.plain().contains("1 game:") && stats.text.plain().contains("(provisional)"),
        "{}",
        stats.text
    );
}

async fn a_match_with_a_target_ends_when_it_is_reached(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "target:7 first:challenged")
        .await;
    assert_eq!(to_move(&start).as_deref(), Some("bob"));
    let (end, _) = play_out(&h, "general", start, 3, 20_000).await;
    let row = store::last_match_in_channel(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general"),
        },
    )
    .await
    .unwrap()
    .unwrap();
    let result = row.game.result().expect("the match is over");
    let last = row.game.rounds().last().unwrap();
    let winner = result.winner.expect("a target is won");
    assert!(last.territory_after.houses_of(winner) >= 7, "{}", end.text);
    assert!(
        end.text.plain().contains("Round ") && end.text.has_message("result-win"),
        "{}",
        end.text
    );
}

async fn a_round_change_announces_the_next_territory(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .start_match(
            "general",
            "alice",
            "bob",
            "first:challenger target:none rounds:2",
        )
        .await;
    let mut rng = namnam_game::rng::SeededRng::new(11);
    loop {
        let player = to_move(&reply).expect("round 1 ends before the match does");
        let legal = legal_houses(&reply);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
        if reply.text.plain().contains("Round 1 is over") {
            break;
        }
    }
    assert!(reply.text.plain().contains("Round 2:"), "{}", reply.text);
    assert!(reply.text.plain().contains("owns"), "{}", reply.text);
    let board = reply.board.state.as_ref().unwrap();
    assert_eq!(board.round, 2);
    assert_eq!(board.position.board(), [4; 12]);
    // Round 2 is started by the player who did not start round 1.
    assert_eq!(board.to_move, Some(Player::North));
}

async fn closing_and_reopening_the_database_mid_match_changes_nothing(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let mut rng = namnam_game::rng::SeededRng::new(5);
    for _ in 0..9 {
        let player = to_move(&reply).unwrap();
        let legal = legal_houses(&reply);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
    }
    let before = h.ok("carol", "board").await;
    let h = h.restart().await;
    let after = h.ok("carol", "board").await;
    assert_eq!(before.board.state, after.board.state);
    assert_eq!(before.text, after.text);
    assert_eq!(legal_houses(&before), legal_houses(&after));
    // And play goes on from there.
    let player = to_move(&after).unwrap();
    let next = h
        .ok(&player, &format!("move house:{}", legal_houses(&after)[0]))
        .await;
    assert_ne!(to_move(&next), None);
}

async fn two_moves_sent_at_once_on_one_match_apply_exactly_once(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let house = legal_houses(&start)[0];
    let button = start
        .buttons
        .actions
        .iter()
        .find(|a| matches!(a.id, ActionId::Move { house: h, .. } if h.label() == house))
        .unwrap()
        .id;
    let mut tasks = Vec::new();
    for i in 0..8 {
        let core = h.core.clone();
        let mut request = h.request("general", "alice", &format!("move house:{house}"));
        if i % 2 == 0 {
            request.command = button.command();
        }
        tasks.push(tokio::spawn(async move { core.try_handle(&request).await }));
    }
    let mut applied = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => applied += 1,
            Err(namnam_core::CoreError::User(
                UserError::Match(MatchRefusal::Stale)
                | UserError::Play(PlayRefusal::NotYourTurn(_)),
            )) => {}
            Err(e) => panic!("unexpected: {e:?}"),
        }
    }
    assert_eq!(applied, 1);
    assert_eq!(sqlx_count(&h, "SELECT COUNT(*) FROM moves").await, 1);
    let board = h.ok("carol", "board").await;
    assert_eq!(to_move(&board).as_deref(), Some("bob"));
    // The old button is stale now.
    let mut late = h.request("general", "alice", "board");
    late.command = button.command();
    assert!(matches!(
        h.core.try_handle(&late).await,
        Err(namnam_core::CoreError::User(UserError::Match(
            MatchRefusal::Stale
        )))
    ));
}

/// Two processes on one database, as a deployment with several bot processes has: each its own core and
/// connections. A move sent to both at once applies once.
async fn two_cores_on_one_database_apply_a_move_once(backend: Backend) {
    let h = Harness::new(backend).await;
    let other = std::sync::Arc::new(
        namnam_core::Core::open(&h.db.url, h.clock.clone())
            .await
            .unwrap(),
    );
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    for round in 0..3 {
        let board = h.ok("carol", "board").await;
        let player = to_move(&board).unwrap();
        let house = legal_houses(&board)[0];
        let mut tasks = Vec::new();
        for i in 0..6 {
            let core = if i % 2 == 0 {
                h.core.clone()
            } else {
                other.clone()
            };
            let request = h.request("general", &player, &format!("move house:{house}"));
            tasks.push(tokio::spawn(async move { core.try_handle(&request).await }));
        }
        let mut applied = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => applied += 1,
                Err(namnam_core::CoreError::User(
                    UserError::Match(MatchRefusal::Stale)
                    | UserError::Play(PlayRefusal::NotYourTurn(_)),
                )) => {}
                Err(e) => panic!("unexpected: {e:?}"),
            }
        }
        assert_eq!(applied, 1, "round {round}");
        assert_eq!(
            sqlx_count(&h, "SELECT COUNT(*) FROM moves").await,
            round + 1
        );
    }
}

async fn many_tasks_moving_on_many_matches_lose_nothing(backend: Backend) {
    let h = Harness::new(backend).await;
    let channels: Vec<String> = (0..12).map(|i| format!("table{i}")).collect();
    for (i, c) in channels.iter().enumerate() {
        h.start_match(
            c,
            &format!("p{i}a"),
            &format!("p{i}b"),
            "first:challenger target:none",
        )
        .await;
    }
    // Two tasks per match, each trying to move for the player to move; together they must play 20 moves
    // per match, none twice.
    let mut tasks = Vec::new();
    for c in &channels {
        for seed in 0..2u64 {
            let core = h.core.clone();
            let c = c.clone();
            let harness_requests = RequestMaker(c.clone());
            tasks.push(tokio::spawn(async move {
                let mut rng = namnam_game::rng::SeededRng::new(seed);
                let mut made = 0;
                // Bounded: each round of the loop either moves or sees the other task's move.
                for i in 0..400 {
                    // A watcher each time: one person may ask for only so many pictures a minute.
                    let watcher = format!("watcher-{c}-{seed}-{i}");
                    let board = core.handle(&harness_requests.make(&watcher, "board")).await;
                    let (Some(player), false) = (to_move(&board), legal_houses(&board).is_empty())
                    else {
                        break;
                    };
                    let moves_so_far = count_moves(&core, &c).await;
                    if moves_so_far >= 20 {
                        break;
                    }
                    let legal = legal_houses(&board);
                    let line = format!("move house:{}", legal[rng.below(legal.len())]);
                    if core
                        .try_handle(&harness_requests.make(&player, &line))
                        .await
                        .is_ok()
                    {
                        made += 1;
                    }
                }
                made
            }));
        }
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    let stored = sqlx_count(&h, "SELECT COUNT(*) FROM moves").await;
    assert_eq!(total as i64, stored, "every applied move is stored once");
    for c in &channels {
        let row = store::active_match_in_channel(
            h.core.store().reader(),
            namnam_model::Place::ServerChannel {
                server: SERVER,
                channel: channel_id(c),
            },
        )
        .await
        .unwrap();
        if let Some(row) = row {
            let moves = store::match_moves(h.core.store().reader(), row.id)
                .await
                .unwrap();
            assert_eq!(moves.len() as u32, row.moves_played);
            let plies: Vec<u32> = moves.iter().map(|m| m.ply).collect();
            assert_eq!(plies, (1..=row.moves_played).collect::<Vec<_>>());
            assert!(row.moves_played >= 20, "{c}: {}", row.moves_played);
        }
    }
}

struct RequestMaker(String);
impl RequestMaker {
    fn make(&self, user: &str, line: &str) -> namnam_core::Request {
        // A harness-free copy of Harness::request, usable inside spawned tasks.
        let mut tokens = line.split_whitespace();
        let name = tokens.next().unwrap();
        let options: Vec<(&str, &str)> = tokens.filter_map(|t| t.split_once(':')).collect();
        let command = namnam_core::Command::parse(name, &[], &options, &TestNames).unwrap();
        namnam_core::Request {
            place: namnam_core::Place::ServerChannel {
                server: SERVER,
                channel: channel_id(&self.0),
            },
            names: namnam_core::PlaceNames {
                server: Some("test server".into()),
                channel: self.0.clone(),
            },
            user: namnam_core::Resolver::user(&TestNames, user).unwrap(),
            can_manage: false,
            language: Default::default(),
            server_locale: None,
            command,
        }
    }
}

async fn count_moves(core: &namnam_core::Core, channel: &str) -> u32 {
    store::active_match_in_channel(
        core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id(channel),
        },
    )
    .await
    .unwrap()
    .map_or(u32::MAX, |m| m.moves_played)
}

async fn sqlx_count(h: &Harness, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(h.core.store().reader())
        .await
        .unwrap()
}

async fn a_draw_offer_lapses_with_the_next_move_and_can_be_accepted(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let offer = h.ok("bob", "draw").await;
    assert!(offer.text.has_message("draw-offered"), "{}", offer.text);
    assert_eq!(
        h.refused("bob", "draw").await,
        UserError::Play(PlayRefusal::DrawAlreadyOffered("alice".into()))
    );
    // alice moves instead: the offer lapses.
    let moved = h
        .ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    assert!(!moved.text.plain().contains("offered a draw"));
    let offer = h.ok("bob", "draw").await;
    assert!(offer.text.has_message("draw-offered"));
    let accepted = h.ok("alice", "draw").await;
    assert!(
        accepted.text.has_message("result-draw"),
        "{}",
        accepted.text
    );
    let stats = h.ok("alice", "stats").await;
    assert!(
        stats.text.plain().contains("0 won, 1 drawn, 0 lost"),
        "{}",
        stats.text
    );
    assert_eq!(
        h.refused("bob", "draw").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
}

async fn resigning_asks_first_and_is_unrated_before_the_first_move(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    let ask = h.ok("bob", "resign").await;
    assert!(
        ask.is_private() && ask.text.plain().contains("confirm"),
        "{}",
        ask.text
    );
    assert!(matches!(
        ask.buttons.actions[0].id,
        ActionId::ResignConfirmed { .. }
    ));
    // Nothing happened yet.
    assert!(h
        .ok("carol", "board")
        .await
        .text
        .plain()
        .contains("alice to move"));
    let done = h.ok("bob", "resign confirm:yes").await;
    assert!(
        done.text.has_message("match-resigns") && done.text.plain().contains("alice wins"),
        "{}",
        done.text
    );
    assert!(done.text.has_message("match-unrated"), "{}", done.text);
    assert_eq!(
        h.refused("alice", "stats").await,
        UserError::Info(InfoRefusal::NoStats)
    );

    // After a move, resigning is rated.
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    let done = h.ok("alice", "resign confirm:yes").await;
    assert!(
        done.text.plain().contains("bob wins") && done.text.has_message("match-ratings"),
        "{}",
        done.text
    );
    let stats = h.ok("bob", "stats").await;
    assert!(stats.text.plain().contains("1 won"), "{}", stats.text);
}

async fn a_rematch_swaps_sides(backend: Backend) {
    let h = Harness::new(backend).await;
    let first = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    assert_eq!(side_of(&first, "alice"), Player::South);
    h.ok("alice", "resign confirm:yes").await;
    let second = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    assert_eq!(side_of(&second, "alice"), Player::North);
    assert_eq!(to_move(&second).as_deref(), Some("alice"));
}

async fn matches_lists_my_matches_and_where_it_is_my_turn(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.start_match("games", "carol", "alice", "first:challenger")
        .await;
    let list = h.ok("alice", "matches").await;
    assert!(
        list.text.plain().contains("#general") && list.text.plain().contains("your turn"),
        "{}",
        list.text
    );
    assert!(
        list.text.plain().contains("#games") && list.text.plain().contains("carol's turn"),
        "{}",
        list.text
    );
    let history = h.ok("alice", "history").await;
    assert!(history.text.plain().contains("0 moves"), "{}", history.text);
}

async fn an_admin_abort_is_unrated(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    let abort = h.ok("admin", "admin abort").await;
    assert!(abort.text.has_message("admin-aborted"), "{}", abort.text);
    assert_eq!(
        h.refused("bob", "move house:7").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert!(h
        .ok("carol", "leaderboard")
        .await
        .text
        .plain()
        .contains("Nobody"));
    // The channel is free again.
    h.start_match("general", "alice", "bob", "").await;
}

async fn a_move_reply_carries_the_board_its_deadline_and_a_gif_for_two_laps_or_more(
    backend: Backend,
) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:2h")
        .await;
    let png = start.board.picture.as_ref().expect("the opening board");
    assert!(png.bytes.starts_with(b"\x89PNG") && png.description.contains("alice"));
    assert!(start.board.animation.is_none());
    // rules.md §9.1: South's house 3 sows five laps.
    let mut five_laps = h.ok("alice", "move house:3").await;
    assert!(
        five_laps.board.animation.is_none(),
        "the GIF is drawn after the reply"
    );
    five_laps.render_animation().await;
    assert!(
        five_laps.text.plain().contains("5 laps"),
        "{}",
        five_laps.text
    );
    assert!(five_laps
        .board
        .picture
        .as_ref()
        .unwrap()
        .bytes
        .starts_with(b"\x89PNG"));
    let gif = five_laps
        .board
        .animation
        .as_ref()
        .expect("a GIF for five laps");
    assert!(gif.bytes.starts_with(b"GIF8"));
    assert_eq!(
        five_laps.board.deadline_ms,
        Some(START_MS + 2 * 3600 * 1000)
    );
    assert_eq!(
        five_laps.notify(),
        vec![namnam_model::UserId::of_name("bob")]
    );
    // A one-lap move has the board but no GIF: play on until the player to move has one.
    let mut reply = five_laps;
    let mut rng = namnam_game::rng::SeededRng::new(1);
    for _ in 0..200 {
        let board = reply.board.state.clone().unwrap();
        let player = to_move(&reply).expect("the match goes on");
        let legal = legal_houses(&reply);
        let laps = |l: u8| {
            let house = namnam_game::House::from_label(l.into()).unwrap();
            board.position.play(house).unwrap().laps()
        };
        if let Some(&one_lap) = legal.iter().find(|&&l| laps(l) == 1) {
            let reply = h.ok(&player, &format!("move house:{one_lap}")).await;
            assert!(reply.text.plain().contains("1 lap"), "{}", reply.text);
            assert!(reply.board.picture.is_some() && reply.board.pending_animation.is_none());
            return;
        }
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
        assert!(
            reply.board.pending_animation.is_some(),
            "every move so far had two laps or more"
        );
    }
    panic!("no one-lap move came up");
}

async fn replies_name_players_commands_and_moments_as_parts(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let deadline = start.board.deadline_ms.expect("a turn has a deadline");
    assert!(
        start.text.every_part().contains(&&Part::Time(deadline)),
        "{:?}",
        start.text
    );
    assert!(start.text.players().any(|p| p == "alice"));
    let ask = h.ok("bob", "resign").await;
    assert!(
        ask.text.every_part().contains(&&Part::Command(
            namnam_core::CommandLine::new("resign").with("confirm", "yes")
        )),
        "{:?}",
        ask.text
    );
}

/// `history` (and `board`) in a channel show the asker's own match, live or finished, before another pair's.
async fn history_shows_the_askers_own_match_before_another_pairs(backend: Backend) {
    let h = Harness::new(backend).await;
    let board = h
        .start_match("general", "carol", "dave", "first:challenger")
        .await;
    let house = legal_houses(&board)[0];
    h.ok("carol", &format!("move house:{house}")).await;
    h.ok("dave", "resign confirm:yes").await;
    h.start_match("general", "erin", "frank", "first:challenger")
        .await;
    for asker in ["carol", "dave"] {
        let shown = h.ok(asker, "history").await.text.plain();
        assert!(
            shown.starts_with("Match #1: carol (South) against dave"),
            "{asker}: {shown}"
        );
    }
    // A spectator, and the players of the live match, see the live one.
    for asker in ["grace", "erin"] {
        let shown = h.ok(asker, "history").await.text.plain();
        assert!(
            shown.starts_with("Match #2: erin (South) against frank"),
            "{asker}: {shown}"
        );
    }
}

/// A move ends a draw offer and a takeback request: its message says so, once.
async fn a_lapsed_draw_offer_or_takeback_request_is_said_once(backend: Backend) {
    let h = Harness::new(backend).await;
    let board = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let after = h
        .ok("alice", &format!("move house:{}", legal_houses(&board)[0]))
        .await;
    h.ok("alice", "draw").await;
    h.ok("alice", "takeback").await;
    let lapsed = h
        .ok("bob", &format!("move house:{}", legal_houses(&after)[0]))
        .await;
    let words = lapsed.text.plain();
    assert!(
        words.contains("alice's draw offer lapsed with this move."),
        "{words}"
    );
    assert!(
        words.contains("alice's takeback request lapsed with this move."),
        "{words}"
    );
    let next = h
        .ok("alice", &format!("move house:{}", legal_houses(&lapsed)[0]))
        .await;
    assert!(!next.text.plain().contains("lapsed"), "{}", next.text);
}

/// The end of a match says the final houses in words, whether it ended mid-round or with its last round.
async fn the_end_of_a_match_says_the_final_houses(backend: Backend) {
    let h = Harness::new(backend).await;
    let board = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&board)[0]))
        .await;
    let over = h.ok("bob", "resign confirm:yes").await;
    assert!(
        over.text.plain().contains("Final houses: alice 6, bob 6."),
        "{}",
        over.text
    );
    let board = h
        .start_match("general", "alice", "bob", "first:challenger rounds:1")
        .await;
    let (last, _) = play_out(&h, "general", board, 5, 2000).await;
    let row = namnam_store::load_match(h.core.store().reader(), MatchId(2))
        .await
        .unwrap()
        .unwrap();
    let territory = row.game.rounds()[0].territory_after;
    let said = format!(
        "Final houses: {} {}, {} {}.",
        row.names.south,
        territory.houses_of(Player::South),
        row.names.north,
        territory.houses_of(Player::North)
    );
    assert!(last.text.plain().contains(&said), "{said}: {}", last.text);
}

/// A match's state carries its deadline while it is played: a stored row that breaks that (active, no
/// deadline) is refused when it is read, naming the row, and the player is told we are at fault, not them.
async fn an_active_match_without_a_deadline_is_refused_naming_its_row(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = start.board.state.as_ref().expect("a board").match_id;
    let mut tx = h.core.store().begin().await.unwrap();
    sqlx::query("UPDATE matches SET deadline = NULL WHERE id = $1")
        .bind(id.to_sql())
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    match store::load_match(h.core.store().reader(), id).await {
        Err(store::StoreError::Corrupt(why)) => {
            assert!(why.contains(&format!("match {id}")), "{why}")
        }
        other => panic!("read as {other:?}"),
    }
    let board = h.core.handle(&h.request("general", "alice", "board")).await;
    assert_eq!(
        board.outcome,
        namnam_core::Outcome::Failed,
        "{}",
        board.text
    );
}

on_both_backends!(
    an_active_match_without_a_deadline_is_refused_naming_its_row,
    the_end_of_a_match_says_the_final_houses,
    a_lapsed_draw_offer_or_takeback_request_is_said_once,
    history_shows_the_askers_own_match_before_another_pairs,
    a_match_with_a_round_limit_plays_every_round_and_is_rated,
    a_match_with_a_target_ends_when_it_is_reached,
    a_round_change_announces_the_next_territory,
    closing_and_reopening_the_database_mid_match_changes_nothing,
    two_moves_sent_at_once_on_one_match_apply_exactly_once,
    two_cores_on_one_database_apply_a_move_once(flavor = "multi_thread", worker_threads = 2),
    many_tasks_moving_on_many_matches_lose_nothing(flavor = "multi_thread", worker_threads = 4),
    a_draw_offer_lapses_with_the_next_move_and_can_be_accepted,
    resigning_asks_first_and_is_unrated_before_the_first_move,
    a_rematch_swaps_sides,
    matches_lists_my_matches_and_where_it_is_my_turn,
    an_admin_abort_is_unrated,
    a_move_reply_carries_the_board_its_deadline_and_a_gif_for_two_laps_or_more,
    replies_name_players_commands_and_moments_as_parts,
);
