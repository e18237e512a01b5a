//! The daily puzzle: opt-in per server, posted by the sweep once a day in the channel chosen, once
//! whatever the number of processes sweeping; its button opens the day's puzzle privately; the next day's
//! post tells how the day before's went.

use crate::common::*;
use namnam_core::{ActionId, Notice};
use namnam_core::{AdminRefusal, PuzzleRefusal};
use namnam_model::ServerId;
use namnam_store as store;

const DAY_SECS: i64 = 86_400;

fn dailies(notices: &[Notice]) -> Vec<&Notice> {
    notices
        .iter()
        .filter(|n| {
            n.reply
                .buttons
                .actions
                .iter()
                .any(|a| matches!(a.id, ActionId::DailyPuzzle { .. }))
        })
        .collect()
}

fn day_of(notice: &Notice) -> i64 {
    notice
        .reply
        .buttons
        .actions
        .iter()
        .find_map(|a| match a.id {
            ActionId::DailyPuzzle { day } => Some(day),
            _ => None,
        })
        .expect("the post's button")
}

async fn posts_in(h: &Harness, channel: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE channel_id = $1")
        .bind(channel_id(channel).to_sql())
        .fetch_one(h.core.store().reader())
        .await
        .unwrap()
}

async fn posted_first(h: &Harness, server: ServerId) -> store::DailyPuzzle {
    store::daily_puzzles_of(h.core.store().reader(), server)
        .await
        .unwrap()
        .remove(0)
}

async fn next_posted_at(h: &Harness, server: ServerId) -> i64 {
    store::daily_puzzles_of(h.core.store().reader(), server)
        .await
        .unwrap()[1]
        .posted_at
}

async fn a_server_that_asks_gets_one_puzzle_a_day(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    // Nothing before an admin asks for it.
    assert!(dailies(&h.core.sweep().await.unwrap()).is_empty());
    let refused = h.refused("alice", "daily").await;
    assert_eq!(
        refused,
        namnam_core::UserError::Puzzle(PuzzleRefusal::NoDailyPuzzle)
    );
    assert_eq!(
        h.refused("alice", "admin settings daily-puzzle:#puzzles")
            .await,
        namnam_core::UserError::Admin(AdminRefusal::NotAdmin)
    );
    let set = h.ok("admin", "admin settings daily-puzzle:#puzzles").await;
    assert!(set.is_private());
    assert!(
        set.text.plain().contains("daily puzzle: in "),
        "{}",
        set.text
    );

    // Just turned on: the first one comes at the clock's next check.
    assert_eq!(
        h.refused("alice", "daily").await,
        namnam_core::UserError::Puzzle(PuzzleRefusal::DailyPuzzleComing)
    );
    let first = h.core.sweep().await.unwrap();
    let first = dailies(&first);
    assert_eq!(first.len(), 1, "one post");
    let post = first[0];
    assert_eq!(post.place.channel(), channel_id("puzzles"));
    let words = post.reply.text.plain();
    // START_MS is 2026-01-01 00:00 UTC.
    assert!(words.contains("Daily puzzle of 2026-01-01"), "{words}");
    assert!(!words.contains("Yesterday"), "{words}");
    assert!(post.reply.notify().is_empty(), "nobody is pinged");
    assert_eq!(posts_in(&h, "puzzles").await, 1, "stored with its claim");
    let day = day_of(post);

    // Once a day: later sweeps of the same day, by this process or another, post nothing.
    h.clock.advance_secs(3600);
    assert!(dailies(&h.core.sweep().await.unwrap()).is_empty());
    let other = h.process("other").await;
    assert!(dailies(&other.sweep().await.unwrap()).is_empty());
    assert_eq!(posts_in(&h, "puzzles").await, 1);

    // Its button opens that day's puzzle for whoever presses it, privately, as any puzzle; so does
    // `daily`.
    let key = posted_first(&h, post.place.server().unwrap()).await.puzzle;
    let found = namnam_ai::puzzles::built_in()
        .into_iter()
        .find(|p| p.source.to_string() == key)
        .expect("a puzzle of the built-in set");
    // The shipped file holds that puzzle's answer: the daily puzzle shows it with the sides swapped.
    let puzzle = found.with_sides_swapped();
    let wrong = puzzle
        .position
        .legal_moves()
        .iter()
        .find(|&h| h != puzzle.best)
        .expect("another legal move");
    let opened = h.press("bob", ActionId::DailyPuzzle { day }).await.unwrap();
    assert!(opened.is_private());
    let words = opened.text.plain();
    assert!(words.contains("The daily puzzle of 2026-01-01"), "{words}");
    assert!(
        words.contains("find the move that wins the most"),
        "{words}"
    );
    let houses: Vec<ActionId> = opened.buttons.actions.iter().map(|a| a.id).collect();
    assert_eq!(
        houses.len(),
        puzzle.position.legal_moves().len(),
        "{houses:?}"
    );
    assert_eq!(
        opened.board.position,
        Some(puzzle.position),
        "the board shown"
    );
    assert!(h.ok("alice", "daily").await.is_private());
    assert!(h.ok("carol", "daily").await.is_private());
    // The file's answer, read off as it is, is not the answer on that board.
    assert!(h.ok("dave", "daily").await.is_private());
    let looked_up = h
        .core
        .try_handle(&h.request(
            "general",
            "dave",
            &format!("puzzle answer house:{}", found.best),
        ))
        .await;
    match looked_up {
        Ok(reply) => assert!(
            reply.text.plain().starts_with("Not the best move"),
            "{}",
            reply.text
        ),
        Err(e) => assert!(
            matches!(
                e,
                namnam_core::CoreError::User(namnam_core::UserError::Puzzle(
                    PuzzleRefusal::PuzzleIllegal { .. }
                ))
            ),
            "{e}"
        ),
    }
    // alice finds it an hour after the post; dave and bob miss; carol answers only after the next post.
    let right = h
        .ok("alice", &format!("puzzle answer house:{}", puzzle.best))
        .await;
    assert!(right.text.plain().starts_with("Right"), "{}", right.text);
    h.clock.advance_secs(600);
    let ActionId::PuzzleAnswer { attempt, .. } = houses[0] else {
        panic!("house buttons: {houses:?}");
    };
    let missed = h
        .press(
            "bob",
            ActionId::PuzzleAnswer {
                attempt,
                house: wrong,
            },
        )
        .await
        .unwrap();
    assert!(
        missed.text.plain().starts_with("Not the best move"),
        "{}",
        missed.text
    );
    // Opened again after answering: not asked twice.
    assert!(matches!(
        h.press("bob", ActionId::DailyPuzzle { day }).await,
        Err(namnam_core::CoreError::User(
            namnam_core::UserError::Puzzle(PuzzleRefusal::PuzzleAnswered)
        ))
    ));
    // A day that had none.
    assert!(matches!(
        h.press("bob", ActionId::DailyPuzzle { day: day - 1 }).await,
        Err(namnam_core::CoreError::User(
            namnam_core::UserError::Puzzle(PuzzleRefusal::NoDailyPuzzle)
        ))
    ));

    // The next day: a new puzzle, with the day before's tally first.
    h.clock.advance_secs(DAY_SECS);
    let next = h.core.sweep().await.unwrap();
    let next = dailies(&next);
    assert_eq!(next.len(), 1);
    assert_eq!(day_of(next[0]), day + 1);
    let words = next[0].reply.text.plain();
    assert!(words.contains("Daily puzzle of 2026-01-02"), "{words}");
    assert!(
        words.contains("Yesterday's puzzle: 1 of 3 solved it. Fastest: alice, 1 h after the post."),
        "{words}"
    );
    // carol's answer, after the next post, moves her rating but is not in yesterday's tally.
    h.ok("carol", &format!("puzzle answer house:{}", puzzle.best))
        .await;
    let first_day = posted_first(&h, post.place.server().unwrap()).await;
    let tally = store::daily_tally(
        h.core.store().reader(),
        &first_day,
        next_posted_at(&h, post.place.server().unwrap()).await,
    )
    .await
    .unwrap();
    assert_eq!((tally.answered, tally.solved), (3, 1));
    let posted = store::daily_puzzles_of(h.core.store().reader(), post.place.server().unwrap())
        .await
        .unwrap();
    assert_eq!(posted.len(), 2);
    assert_ne!(posted[0].puzzle, posted[1].puzzle, "another puzzle");

    // Turned off: no more posts.
    h.ok("admin", "admin settings daily-puzzle:off").await;
    h.clock.advance_secs(DAY_SECS);
    assert!(dailies(&h.core.sweep().await.unwrap()).is_empty());
    // On again two days later: a puzzle at once, without a "yesterday" that was not.
    h.clock.advance_secs(DAY_SECS);
    h.ok("admin", "admin settings daily-puzzle:#puzzles").await;
    let again = h.core.sweep().await.unwrap();
    let again = dailies(&again);
    assert_eq!(again.len(), 1);
    let words = again[0].reply.text.plain();
    assert!(words.contains("Daily puzzle of 2026-01-04"), "{words}");
    assert!(!words.contains("Yesterday"), "{words}");
}

async fn two_processes_sweeping_at_once_post_it_once(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    h.ok("admin", "admin settings daily-puzzle:#puzzles").await;
    let (a, b) = (h.process("a").await, h.process("b").await);
    for day in 0..3 {
        let (from_a, from_b) = tokio::join!(a.sweep(), b.sweep());
        let (from_a, from_b) = (from_a.unwrap(), from_b.unwrap());
        assert_eq!(
            dailies(&from_a).len() + dailies(&from_b).len(),
            1,
            "day {day}: one post between the two"
        );
        assert_eq!(posts_in(&h, "puzzles").await, day + 1);
        h.clock.advance_secs(DAY_SECS);
    }
}

/// alice and bob play `moves` moves in #general, each choosing by a seeded rule, then alice resigns.
async fn a_finished_match(h: &Harness, moves: usize) {
    let mut reply = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    let mut rng = namnam_game::rng::SeededRng::new(16);
    for _ in 0..moves {
        let player = to_move(&reply).expect("the match goes on");
        let legal = legal_houses(&reply);
        h.clock.advance_secs(7);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
    }
    h.ok("alice", "resign confirm:yes").await;
}

async fn a_servers_own_matches_give_its_daily_puzzles(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    a_finished_match(&h, 40).await;
    // Without a daily puzzle, nobody mines the server's matches.
    assert!(!h.core.mine_next().await.unwrap());
    h.ok("admin", "admin settings daily-puzzle:#puzzles").await;
    // With one, its finished match is mined, once, by whichever process gets there first.
    let other = h.process("other").await;
    let (a, b) = tokio::join!(h.core.mine_next(), other.mine_next());
    assert_eq!(
        [a.unwrap(), b.unwrap()].iter().filter(|&&m| m).count(),
        1,
        "one process mines it"
    );
    assert!(!h.core.mine_next().await.unwrap(), "nothing left to mine");
    let server = SERVER;
    let found = store::server_puzzles(h.core.store().reader(), server)
        .await
        .unwrap();
    assert!(!found.is_empty(), "the match holds a puzzle");
    let own: namnam_ai::puzzles::Puzzle = found[0].parse().unwrap();
    assert!(
        own.source.to_string().starts_with("match:1:"),
        "{}",
        own.source
    );
    // Proved again by the engine: the same puzzle.
    assert_eq!(
        namnam_ai::puzzles::check(&own, &namnam_ai::puzzles::Budgets::PUZZLES),
        Ok(())
    );

    // The day's puzzle is the server's own, and plays as any puzzle.
    let posted = h.core.sweep().await.unwrap();
    assert_eq!(dailies(&posted).len(), 1);
    let daily = posted_first(&h, server).await;
    assert_eq!(daily.puzzle, own.source.to_string());
    let opened = h.ok("carol", "daily").await;
    assert!(
        opened
            .text
            .plain()
            .contains("find the move that wins the most"),
        "{}",
        opened.text
    );
    let right = h
        .ok("carol", &format!("puzzle answer house:{}", own.best))
        .await;
    assert!(right.text.plain().starts_with("Right"), "{}", right.text);
}

on_both_backends!(
    a_server_that_asks_gets_one_puzzle_a_day,
    two_processes_sweeping_at_once_post_it_once,
    a_servers_own_matches_give_its_daily_puzzles
);
