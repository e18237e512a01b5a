//! Playing puzzles through the core (a set of three made by `support/puzzles.rs`): a puzzle shown
//! privately with its house buttons, a wrong answer and a right one judged at once, the puzzle rating
//! moved in the answer's transaction (one per player, across servers), only the first answer counted,
//! forged and old buttons refused, the stats.

use namnam_core::reply::Pressed;
use namnam_core::{InputRefusal, PuzzleRefusal};
use namnam_model::ServerId;
use std::sync::Arc;

use crate::common::*;
use crate::puzzle_set::test_set;
use namnam_core::{
    ActionId, Command, CoreConfig, CoreError, Language, PuzzleCommand, Reply, Resolver, UserError,
};
use namnam_game::House;
use namnam_store::{self as store, PuzzleRating};

async fn harness(backend: Backend) -> Harness {
    Harness::with_config(
        backend,
        CoreConfig {
            puzzles: Arc::new(test_set()),
            ..Default::default()
        },
    )
    .await
}

fn house(label: i64) -> House {
    House::from_label(label).expect("1–12")
}

/// The puzzle's buttons: its attempt and the houses they play.
fn puzzle_buttons(reply: &Reply) -> (i64, Vec<u8>) {
    let mut attempt = None;
    let houses = reply
        .buttons
        .actions
        .iter()
        .map(|a| match a.id {
            ActionId::PuzzleAnswer { attempt: id, house } => {
                assert!(
                    attempt.map_or(true, |seen| seen == id),
                    "one puzzle's buttons"
                );
                attempt = Some(id);
                house.label()
            }
            other => panic!("a house button, not {other:?}"),
        })
        .collect();
    (attempt.expect("house buttons"), houses)
}

async fn puzzle_standing(h: &Harness, key: &str) -> store::PuzzleStanding {
    store::load_puzzle_standing(h.core.store().reader(), key)
        .await
        .unwrap()
        .expect("the puzzle's rating")
}

/// `user` with a settled puzzle rating: many puzzles answered, a narrow deviation.
async fn settle(h: &Harness, user: &str, rating: f64) {
    let player = TestNames.user(user).unwrap().id;
    let settled = PuzzleRating {
        player,
        rating,
        deviation: 60.0,
        volatility: 0.06,
        attempts: 40,
        solved: 20,
        streak: 0,
        best_streak: 3,
    };
    let mut tx = h.core.store().begin().await.unwrap();
    let human = namnam_model::PlayerKind::Human;
    store::ensure_player(&mut tx, player, user, human, 0)
        .await
        .unwrap();
    store::save_puzzle_rating(&mut tx, &settled, 0)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

/// Each puzzle is rated by its answers: a settled player's wrong answer raises the puzzle, a right one
/// lowers it, and the answer says so; a settled player is offered the puzzle nearest their rating.
async fn answers_move_the_puzzles_own_rating(backend: Backend) {
    let h = harness(backend).await;
    settle(&h, "frank", 1500.0).await;
    settle(&h, "grace", 1300.0).await;
    // frank (1500) is offered the puzzle at 1500: difficulty 2, the South one.
    let shown = h.ok("frank", "puzzle").await;
    assert!(
        shown
            .text
            .plain()
            .starts_with("Puzzle (difficulty 2 of 3). South"),
        "{}",
        shown.text
    );
    let wrong = h.ok("frank", "puzzle answer house:1").await;
    let harder = puzzle_standing(&h, "selfplay:1:2:0").await;
    assert!(harder.rating > 1500.0, "{harder:?}");
    assert_eq!((harder.answers, harder.solved), (1, 0));
    let rise = (harder.rating.round() - 1500.0) as i64;
    assert!(
        wrong.text.plain().contains(&format!(
            "This puzzle's rating: {} (+{rise}), after 1 answer.",
            harder.rating.round()
        )),
        "{}",
        wrong.text
    );
    // grace (1300) is offered the easiest, and solves it: the puzzle's rating goes down.
    let shown = h.ok("grace", "puzzle").await;
    assert!(
        shown.text.plain().contains("North to move"),
        "{}",
        shown.text
    );
    let right = h.ok("grace", "puzzle answer house:12").await;
    assert!(right.text.plain().starts_with("Right"), "{}", right.text);
    let easier = puzzle_standing(&h, "selfplay:1:1:0").await;
    assert!(easier.rating < 1300.0, "{easier:?}");
    assert!(
        easier.deviation < 350.0,
        "it learnt from the answer: {easier:?}"
    );
    assert_eq!((easier.answers, easier.solved), (1, 1));
    let drop = (1300.0 - easier.rating.round()) as i64;
    assert!(
        right
            .text
            .plain()
            .contains(&format!("(−{drop}), after 1 answer.")),
        "{}",
        right.text
    );
}

async fn rating_of(h: &Harness, user: &str) -> PuzzleRating {
    store::load_puzzle_rating(h.core.store().reader(), TestNames.user(user).unwrap().id)
        .await
        .unwrap()
        .expect("a puzzle rating")
}

fn refusal(result: Result<Reply, CoreError>) -> UserError {
    match result {
        Ok(reply) => panic!("accepted: {}", reply.text),
        Err(CoreError::User(e)) => e,
        Err(CoreError::Internal(e)) => panic!("failed inside: {e:?}"),
    }
}

async fn a_wrong_answer_then_right_ones_move_the_puzzle_rating(backend: Backend) {
    let h = harness(backend).await;
    let none = h.ok("alice", "puzzle stats").await;
    assert!(none.is_private());
    assert!(
        none.text
            .plain()
            .starts_with("You have not answered a puzzle yet"),
        "{}",
        none.text
    );

    // A new player is offered the easiest first: the North puzzle, difficulty 1.
    let shown = h.ok("alice", "puzzle").await;
    assert!(shown.is_private());
    assert_eq!(
        shown.text.plain(),
        "Puzzle (difficulty 1 of 3). North to move: find the move that wins the most."
    );
    assert!(shown.board.picture.is_some(), "the board's picture");
    assert!(shown.board.state.is_none() && shown.board.position.is_some());
    let (attempt, houses) = puzzle_buttons(&shown);
    assert_eq!(houses, vec![7, 9, 12]);

    // Asked again before answering: the same puzzle, the same buttons.
    let again = h.ok("alice", "puzzle play").await;
    assert_eq!(puzzle_buttons(&again), (attempt, vec![7, 9, 12]));
    assert!(
        again.text.plain().contains("still waiting"),
        "{}",
        again.text
    );

    // bob's forged press of alice's button, and a button of no puzzle at all.
    let forged = ActionId::PuzzleAnswer {
        attempt,
        house: house(12),
    };
    assert_eq!(
        refusal(h.press("bob", forged).await),
        UserError::Puzzle(PuzzleRefusal::PuzzleNotYours)
    );
    let nowhere = ActionId::PuzzleAnswer {
        attempt: attempt + 1000,
        house: house(12),
    };
    assert_eq!(
        refusal(h.press("alice", nowhere).await),
        UserError::Puzzle(PuzzleRefusal::PuzzleNotYours)
    );
    assert!(
        store::load_puzzle_rating(h.core.store().reader(), TestNames.user("bob").unwrap().id)
            .await
            .unwrap()
            .is_none()
    );

    // An illegal house is no answer.
    let illegal = ActionId::PuzzleAnswer {
        attempt,
        house: house(8),
    };
    assert_eq!(
        refusal(h.press("alice", illegal).await),
        UserError::Puzzle(PuzzleRefusal::PuzzleIllegal {
            house: house(8),
            legal: vec![house(7), house(9), house(12)],
        })
    );

    // The wrong answer: both moves described, the rating down, no streak, both animations.
    let wrong = h
        .press(
            "alice",
            ActionId::PuzzleAnswer {
                attempt,
                house: house(7),
            },
        )
        .await
        .expect("an answer");
    assert!(wrong.is_private() && wrong.buttons.pressed == Pressed::Replaced);
    let lines: Vec<String> = wrong.text.plain().lines().map(str::to_owned).collect();
    assert_eq!(
        lines[0],
        "Not the best move: house 12 captures 4 seeds in 1 lap, and ends the round; \
         yours, house 7 captures nothing in 1 lap."
    );
    // Why: the answer's line; what the wrong answer runs into and costs; the facts the puzzle turns on.
    assert_eq!(
        lines[1],
        "Why: you play house 12, taking 4 seeds, and the round ends: you 28 seeds, South 20."
    );
    assert_eq!(
        lines[2],
        "Against yours, South replies with house 1; you play house 7; South replies with house 3 — after 4 \
         moves you are 8 seeds worse off than with the answer."
    );
    assert!(
        lines[3].starts_with("90 moves without a capture so far"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains("they go to whoever made that capture"),
        "{}",
        lines[4]
    );
    let lines = &lines[4..];
    assert_eq!(lines[1], "What it teaches: a capture with the last seed.");
    let after_wrong = rating_of(&h, "alice").await;
    assert!(after_wrong.rating < 1500.0, "{after_wrong:?}");
    // A first wrong answer, to a puzzle still provisional, costs little (Glicko-2 alone: about 231).
    assert!(after_wrong.rating > 1400.0, "{after_wrong:?}");
    assert_eq!(
        (after_wrong.attempts, after_wrong.solved, after_wrong.streak),
        (1, 0, 0)
    );
    let drop = (1500.0 - after_wrong.rating.round()) as i64;
    assert_eq!(
        lines[2],
        format!(
            "Puzzle rating {}? (−{drop}); no streak (best 0).",
            after_wrong.rating.round()
        )
    );
    // A newcomer's answer does not move the puzzle.
    assert_eq!(
        lines[3],
        "This puzzle's rating: 1300 (your answers move it once your own puzzle rating settles)."
    );
    let standing = puzzle_standing(&h, "selfplay:1:1:0").await;
    assert_eq!(
        (standing.rating, standing.answers, standing.solved),
        (1300.0, 1, 0)
    );
    assert!(
        wrong.board.picture.is_some(),
        "where the answer's line leads"
    );
    assert!(wrong.board.animation.is_some(), "the best move's animation");
    assert_eq!(
        wrong.board.more_animations.len(),
        1,
        "the player's move's animation"
    );
    assert_eq!(
        wrong
            .buttons
            .actions
            .iter()
            .map(|a| a.id)
            .collect::<Vec<_>>(),
        vec![ActionId::PuzzleNext]
    );

    // Only the first answer counts: the old button is refused, and the rating stays.
    let late = ActionId::PuzzleAnswer {
        attempt,
        house: house(12),
    };
    assert_eq!(
        refusal(h.press("alice", late).await),
        UserError::Puzzle(PuzzleRefusal::PuzzleAnswered)
    );
    assert_eq!(rating_of(&h, "alice").await, after_wrong);

    // The next puzzle, typed this time: South to move; the right answer.
    let next = h.press("alice", ActionId::PuzzleNext).await.unwrap();
    assert!(next.text.plain().contains("South to move"), "{}", next.text);
    let (second, houses) = puzzle_buttons(&next);
    assert_ne!(second, attempt);
    assert_eq!(houses, vec![1, 3, 6]);
    assert_eq!(
        h.refused("alice", "puzzle answer house:2").await,
        UserError::Puzzle(PuzzleRefusal::PuzzleIllegal {
            house: house(2),
            legal: vec![house(1), house(3), house(6)],
        })
    );
    let right = h.ok("alice", "puzzle answer house:6").await;
    assert!(
        right.buttons.pressed != Pressed::Replaced,
        "typed: a new message"
    );
    let line = right.text.plain();
    assert!(
        line.starts_with(
            "Right: house 6 captures 4 seeds in 1 lap, and ends the round.\n\
             Why: you play house 6, taking 4 seeds, and the round ends: you 28 seeds, North 20.\n"
        ) && line.contains("\nWhat it teaches: "),
        "{line}"
    );
    let after_right = rating_of(&h, "alice").await;
    assert!(after_right.rating > after_wrong.rating);
    assert_eq!(
        (after_right.attempts, after_right.solved, after_right.streak),
        (2, 1, 1)
    );
    assert!(line.contains("(+"), "{line}");
    assert!(line.contains("1 solved in a row (best 1).\n"), "{line}");
    assert!(right.board.animation.is_some() && right.board.more_animations.is_empty());

    // The last puzzle, right again: a streak of two.
    let last = h.ok("alice", "puzzle").await;
    assert_eq!(puzzle_buttons(&last).1, vec![1, 3, 6]);
    h.ok("alice", "puzzle answer 6").await;
    let r = rating_of(&h, "alice").await;
    assert_eq!(
        (r.attempts, r.solved, r.streak, r.best_streak),
        (3, 2, 2, 2)
    );

    let stats = h.ok("alice", "puzzle stats").await;
    assert!(stats.is_private());
    assert_eq!(
        stats.text.plain(),
        format!(
            "alice's puzzles: rating {} ± {} (provisional); 2 solved of 3; streak 2, best 2.",
            r.rating.round(),
            (2.0 * r.deviation).round()
        )
    );

    // Every puzzle seen: said kindly, and nothing to answer.
    let done = h.ok("alice", "puzzle").await;
    assert!(done.buttons.actions.is_empty());
    assert!(
        done.text
            .plain()
            .starts_with("You have seen every puzzle there is (3): well played!"),
        "{}",
        done.text
    );
    assert_eq!(
        h.refused("alice", "puzzle answer house:6").await,
        UserError::Puzzle(PuzzleRefusal::NoPuzzle)
    );
}

async fn the_puzzle_rating_is_one_across_servers(backend: Backend) {
    let h = harness(backend).await;
    let shown = h.ok("carol", "puzzle").await;
    let (attempt, _) = puzzle_buttons(&shown);
    // Answered from another server: the same puzzle, the same rating.
    let mut request = h.request("general", "carol", "puzzle stats");
    request.place = namnam_core::Place::ServerChannel {
        server: ServerId(SERVER.0 + 1),
        channel: request.place.channel(),
    };
    request.command = ActionId::PuzzleAnswer {
        attempt,
        house: house(12),
    }
    .command();
    let right = h.core.try_handle(&request).await.expect("an answer");
    assert!(right.text.plain().starts_with("Right"), "{}", right.text);
    request.command = Command::Puzzle(PuzzleCommand::Stats);
    let stats = h.core.try_handle(&request).await.unwrap();
    let r = rating_of(&h, "carol").await;
    assert_eq!((r.attempts, r.solved), (1, 1));
    assert!(
        stats
            .text
            .plain()
            .contains(&format!("rating {}", r.rating.round())),
        "{}",
        stats.text
    );
}

async fn two_presses_at_once_count_once(backend: Backend) {
    let h = harness(backend).await;
    let shown = h.ok("dave", "puzzle").await;
    let (attempt, _) = puzzle_buttons(&shown);
    let press = |label| {
        let mut request = h.request("general", "dave", "puzzle stats");
        request.command = ActionId::PuzzleAnswer {
            attempt,
            house: house(label),
        }
        .command();
        let core = h.core.clone();
        tokio::spawn(async move { core.try_handle(&request).await })
    };
    let (a, b) = (press(12), press(7));
    let results = [a.await.unwrap(), b.await.unwrap()];
    let answered = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(answered, 1, "exactly one press counts");
    assert!(results.iter().any(|r| matches!(
        r,
        Err(CoreError::User(UserError::Puzzle(
            PuzzleRefusal::PuzzleAnswered
        )))
    )));
    assert_eq!(rating_of(&h, "dave").await.attempts, 1);
}

async fn a_puzzle_speaks_french(backend: Backend) {
    let h = harness(backend).await;
    let mut request = h.request("general", "erin", "puzzle");
    request.language = Language::French;
    let shown = h.core.handle(&request).await;
    assert_eq!(shown.language, Language::French);
    assert_eq!(
        shown.text.plain_in(Language::French),
        "Problème (difficulté 1 sur 3). Nord joue : trouvez le coup qui gagne le plus."
    );
    let (attempt, _) = puzzle_buttons(&shown);
    request.command = ActionId::PuzzleAnswer {
        attempt,
        house: house(9),
    }
    .command();
    let wrong = h.core.handle(&request).await;
    let text = wrong.text.plain_in(Language::French);
    assert!(
        text.starts_with(
            "Ce n'est pas le meilleur coup : la case 12 prend 4 graines en 1 semis, et finit la manche ; \
             la vôtre, la case 9 ne prend rien en 1 semis."
        ),
        "{text}"
    );
    assert!(text.contains("Cote des problèmes"), "{text}");
    assert!(
        text.contains("Cote de ce problème : 1300 (vos réponses la feront bouger"),
        "{text}"
    );
}

#[test]
fn puzzle_commands_parse_and_refuse_bad_houses() {
    let parse = |line: &str| {
        let mut tokens = line.split_whitespace();
        let name = tokens.next().unwrap();
        let (mut words, mut options) = (Vec::new(), Vec::new());
        for t in tokens {
            match t.split_once(':') {
                Some(pair) => options.push(pair),
                None => words.push(t),
            }
        }
        Command::parse(name, &words, &options, &TestNames)
    };
    let answer = |label| {
        Ok(Command::Puzzle(PuzzleCommand::Answer {
            house: house(label),
            attempt: None,
        }))
    };
    assert_eq!(parse("puzzle"), Ok(Command::Puzzle(PuzzleCommand::Play)));
    assert_eq!(
        parse("puzzle play"),
        Ok(Command::Puzzle(PuzzleCommand::Play))
    );
    assert_eq!(
        parse("puzzle stats"),
        Ok(Command::Puzzle(PuzzleCommand::Stats))
    );
    assert_eq!(parse("puzzle answer house:4"), answer(4));
    assert_eq!(parse("puzzle answer 12"), answer(12));
    assert_eq!(
        parse("puzzle answer house:13"),
        Err(UserError::Input(InputRefusal::NoSuchHouse(13)))
    );
    assert_eq!(
        parse("puzzle answer house:0"),
        Err(UserError::Input(InputRefusal::NoSuchHouse(0)))
    );
    assert!(matches!(
        parse("puzzle answer house:four"),
        Err(UserError::Input(InputRefusal::BadOption {
            option: "house",
            ..
        }))
    ));
    assert_eq!(
        parse("puzzle answer"),
        Err(UserError::Input(InputRefusal::MissingOption("house")))
    );
    assert!(matches!(
        parse("puzzle skip"),
        Err(UserError::Input(InputRefusal::BadOption {
            option: "puzzle",
            ..
        }))
    ));
}

/// A server's own puzzle mined before puzzles were proved exactly where the ending solver reaches: the
/// test set's South position with no stall near, where houses 1 and 3 end the round as well for South as
/// house 6, the answer its line names (with the search's estimates). Posted as the server's daily puzzle,
/// house 1 is judged right, and shown as the player's own move.
async fn a_move_as_good_as_the_answer_is_judged_right(backend: Backend) {
    let h = Harness::new(backend).await;
    let position = crate::puzzle_set::south_position()
        .with_since_capture(0)
        .unwrap();
    let puzzle = namnam_ai::puzzles::Puzzle {
        source: namnam_ai::puzzles::Source::Match { id: 1, ply: 3 },
        position,
        ..test_set()[1]
    };
    let key = puzzle.source.to_string();
    h.ok("admin", "admin settings daily-puzzle:#puzzles").await;
    let mut tx = h.core.store().begin().await.unwrap();
    store::add_server_puzzle(&mut tx, SERVER, &key, &puzzle.to_string(), 0)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let posted = h.core.sweep().await.unwrap();
    let day = posted
        .iter()
        .flat_map(|n| &n.reply.buttons.actions)
        .find_map(|a| match a.id {
            ActionId::DailyPuzzle { day } => Some(day),
            _ => None,
        })
        .expect("the day's post");
    let shown = h
        .press("alice", ActionId::DailyPuzzle { day })
        .await
        .unwrap();
    let (attempt, houses) = puzzle_buttons(&shown);
    assert_eq!(houses, [1, 3, 6], "the server's own puzzle, as found");
    let answered = h
        .press(
            "alice",
            ActionId::PuzzleAnswer {
                attempt,
                house: house(1),
            },
        )
        .await
        .expect("answered");
    assert!(
        answered.text.has_message("puzzle-right"),
        "{}",
        answered.text
    );
    assert!(
        answered.text.plain().starts_with("Right: house 1 "),
        "the player's own move: {}",
        answered.text
    );
    assert_eq!(rating_of(&h, "alice").await.solved, 1);
}

/// The built-in set, without pictures (what is checked here is which puzzle comes).
async fn built_in_harness(backend: Backend) -> Harness {
    Harness::with_config(
        backend,
        CoreConfig {
            pictures: false,
            ..Default::default()
        },
    )
    .await
}

/// The keys of the first five puzzles `user` is shown, each answered with its first legal house (right
/// or wrong, as a newcomer would).
async fn first_five(h: &Harness, user: &str) -> Vec<String> {
    let player = TestNames.user(user).unwrap().id;
    let mut keys = Vec::new();
    for _ in 0..5 {
        let shown = h.ok(user, "puzzle").await;
        let (attempt, houses) = puzzle_buttons(&shown);
        let current = store::current_puzzle(h.core.store().reader(), player)
            .await
            .unwrap()
            .expect("the puzzle shown");
        assert_eq!(current.id, attempt);
        keys.push(current.puzzle);
        h.press(
            user,
            ActionId::PuzzleAnswer {
                attempt,
                house: house(i64::from(houses[0])),
            },
        )
        .await
        .expect("an answer");
    }
    keys
}

/// Issue 63: every newcomer got the same first five puzzles, so a second account's answers were the
/// first's. Now each player's are drawn for them from the easy ones: two new players' first puzzles
/// differ, the same player is drawn the same ones again (in another database), and each is one of the
/// easy ones (difficulty 1: while nothing is rated, the easiest half of the set is all of them).
async fn a_newcomers_first_puzzles_are_drawn_for_them(backend: Backend) {
    let set = namnam_ai::puzzles::built_in();
    let difficulty = |key: &str| {
        set.iter()
            .find(|p| p.source.to_string() == key)
            .map(|p| p.difficulty())
            .expect("a puzzle of the set")
    };
    let h = built_in_harness(backend).await;
    let alice = first_five(&h, "alice").await;
    let bob = first_five(&h, "bob").await;
    assert_ne!(alice[0], bob[0], "two newcomers' first puzzles");
    let shared = alice.iter().filter(|k| bob.contains(k)).count();
    assert!(shared <= 1, "alice {alice:?}, bob {bob:?}");
    for key in alice.iter().chain(&bob) {
        assert_eq!(difficulty(key), 1, "{key} is not an easy one");
    }
    // The same player's draw, in a database of their own: the same puzzles in the same order, wrong
    // answers and all.
    let again = built_in_harness(backend).await;
    assert_eq!(first_five(&again, "alice").await, alice);
}

on_both_backends!(
    a_move_as_good_as_the_answer_is_judged_right,
    a_newcomers_first_puzzles_are_drawn_for_them,
    answers_move_the_puzzles_own_rating,
    a_wrong_answer_then_right_ones_move_the_puzzle_rating,
    the_puzzle_rating_is_one_across_servers,
    two_presses_at_once_count_once(flavor = "multi_thread", worker_threads = 2),
    a_puzzle_speaks_french,
);

/// Ten puzzles of the built-in set, chosen by a fixed seed, each answered once (wrongly, with the first
/// legal house that is not the answer, for every other one): each explanation is printed (`--nocapture`:
/// the sample) and checked against the engine. Its "Why" starts with the answer and follows
/// the moves the line names, legal one after another; a wrong answer's punishing reply is a legal
/// reply to it, and the wrong answer is worse off in seeds where the answer's lead shows most.
#[tokio::test]
async fn ten_built_in_puzzles_explained() {
    let set = namnam_ai::puzzles::built_in();
    let mut rng = namnam_game::rng::SeededRng::new(50);
    let mut picked = Vec::new();
    while picked.len() < 10 {
        let i = rng.below(set.len());
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    let chosen: Vec<_> = picked.iter().map(|&i| set[i]).collect();
    let h = Harness::with_config(
        Backend::Sqlite,
        CoreConfig {
            puzzles: Arc::new(chosen.clone()),
            ..Default::default()
        },
    )
    .await;
    let mut answered = Vec::new();
    for i in 0..chosen.len() {
        let shown = h.ok("alice", "puzzle").await;
        let (attempt, houses) = puzzle_buttons(&shown);
        let puzzle = chosen
            .iter()
            .find(|p| !answered.contains(&p.source) && shown.board.position == Some(p.position))
            .expect("one of the ten");
        answered.push(puzzle.source);
        let wrong = houses
            .iter()
            .copied()
            .find(|&h| h != puzzle.best.label())
            .filter(|_| i % 2 == 0);
        let house = wrong.unwrap_or(puzzle.best.label());
        let reply = h
            .press(
                "alice",
                ActionId::PuzzleAnswer {
                    attempt,
                    house: self::house(i64::from(house)),
                },
            )
            .await
            .expect("an answer");
        let text = reply.text.plain();
        println!(
            "--- {} ({}), answered house {house}\n{text}\n",
            puzzle.source,
            shown.text.plain()
        );
        let why = text
            .lines()
            .find_map(|l| l.strip_prefix("Why: "))
            .unwrap_or_else(|| panic!("a why: {text}"));
        check_line(&puzzle.position, why);
        assert!(
            why.starts_with(&format!("you play house {}", puzzle.best.label())),
            "{why}"
        );
        if let Some(wrong) = wrong {
            let against = text
                .lines()
                .find_map(|l| l.strip_prefix("Against yours, "))
                .unwrap_or_else(|| panic!("the punishing reply: {text}"));
            let after = puzzle
                .position
                .play(self::house(i64::from(wrong)))
                .unwrap()
                .after;
            // The punishing reply and the best moves after it, legal one after another from the wrong
            // answer, each taking what it says.
            let (punishing, _) = against
                .split_once(" — ")
                .unwrap_or_else(|| panic!("the punishing line: {against}"));
            check_line(&after, punishing);
            // A puzzle's answer shows within its line: the wrong answer is worse off somewhere along it.
            assert!(
                against.contains(" seeds worse off") || against.contains(" seed worse off"),
                "{against}"
            );
        }
    }
}

/// Plays the moves a "Why" names (`you play house 7, taking 4 seeds; North replies with house 9; …`)
/// from `position`, checking each is legal and takes what it says.
fn check_line(position: &namnam_game::Position, why: &str) {
    let mut at = *position;
    for ply in why.trim_end_matches('.').split("; ") {
        let label: i64 = ply
            .split("house ")
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a house in {ply:?}"));
        let record = at
            .play(house(label))
            .unwrap_or_else(|e| panic!("{ply:?} is not legal: {e}"));
        let taken: u32 = record
            .captures()
            .filter(|c| c.player == record.mover)
            .map(|c| u32::from(c.seeds))
            .sum();
        match taken {
            0 => assert!(!ply.contains("taking"), "{ply:?} takes nothing"),
            n => assert!(
                ply.contains(&format!("taking {n} seed")),
                "{ply:?} takes {n}"
            ),
        }
        at = record.after;
    }
}
