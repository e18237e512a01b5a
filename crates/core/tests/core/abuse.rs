//! What one person could do to others through the bot, each refused or made harmless: pings asked for over
//! and over, costly commands by the hundred, a tournament's name written as markup, numbers too large for
//! any clock, and two entrants of one name. (The Discord side of each is in the `namnam` package's
//! `discord_e2e` suite, module `abuse`.)

use crate::common::*;
use namnam_core::clock::parse_duration;
use namnam_core::{
    ActionId, Command, Part, Reply, Request, Resolver, UserError, UserRef, COSTLY_PER_MINUTE,
};
use namnam_core::{ChallengeRefusal, InputRefusal, PlayRefusal};
use namnam_model::{MatchId, TournamentId, UserId};
use proptest::prelude::*;

/// `line`'s command as `user` (any id and name) in `#general`.
fn request_as(h: &Harness, user: UserRef, command: Command) -> Request {
    let mut request = h.request("general", "alice", "help");
    request.user = user;
    request.command = command;
    request
}

async fn ok_as(h: &Harness, user: &UserRef, command: Command) -> Reply {
    h.core
        .try_handle(&request_as(h, user.clone(), command))
        .await
        .unwrap_or_else(|e| panic!("{}: refused: {e}", user.name))
}

fn parse(name: &str, words: &[&str], options: &[(&str, &str)]) -> Result<Command, UserError> {
    Command::parse(name, words, options, &TestNames)
}

async fn the_board_pings_nobody(backend: Backend) {
    let h = Harness::new(backend).await;
    let started = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    assert_eq!(
        started.notify(),
        vec![UserId::of_name("alice")],
        "a new board pings the player to move"
    );
    for who in ["carol", "alice", "bob"] {
        let board = h.ok(who, "board").await;
        assert!(
            board.notify().is_empty(),
            "{who}'s /board pinged {:?}",
            board.notify()
        );
    }
}

async fn a_challenge_withdrawn_or_declined_is_not_repeated_for_ten_minutes(backend: Backend) {
    let h = Harness::new(backend).await;
    let first = h.ok("alice", "challenge opponent:bob").await;
    assert_eq!(first.notify(), vec![UserId::of_name("bob")]);
    h.ok("alice", "cancel").await;
    for _ in 0..3 {
        match h.refused("alice", "challenge opponent:bob").await {
            UserError::Challenge(ChallengeRefusal::ChallengeTooSoon { name, until }) => {
                assert_eq!(name, "bob");
                assert_eq!(until, START_MS + 10 * 60_000);
            }
            other => panic!("{other:?}"),
        }
    }
    // Someone else may be challenged, and bob by someone else.
    h.ok_in("other", "alice", "challenge opponent:carol").await;
    h.ok_in("third", "dave", "challenge opponent:bob").await;
    h.clock.advance_secs(10 * 60 - 1);
    assert!(matches!(
        h.refused("alice", "challenge opponent:bob").await,
        UserError::Challenge(ChallengeRefusal::ChallengeTooSoon { .. })
    ));
    h.clock.advance_secs(1);
    h.ok("alice", "challenge opponent:bob").await;
    // Declined counts as withdrawn does.
    h.ok("bob", "decline").await;
    assert!(matches!(
        h.refused("alice", "challenge opponent:bob").await,
        UserError::Challenge(ChallengeRefusal::ChallengeTooSoon { .. })
    ));
}

async fn a_takeback_is_asked_once_per_move(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", "move house:3").await;
    let asked = h.ok("alice", "takeback").await;
    assert_eq!(asked.notify(), vec![UserId::of_name("bob")]);
    h.ok("alice", "takeback decline:yes").await;
    for _ in 0..3 {
        assert_eq!(
            h.refused("alice", "takeback").await,
            UserError::Play(PlayRefusal::TakebackOncePerMove("bob".into()))
        );
    }
}

async fn costly_commands_have_a_budget_a_minute(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "").await;
    for _ in 0..COSTLY_PER_MINUTE {
        h.ok("carol", "board").await;
    }
    let until = match h.refused("carol", "board").await {
        UserError::Input(InputRefusal::Busy { until }) => until,
        other => panic!("{other:?}"),
    };
    assert!(until > START_MS && until <= START_MS + 60_000, "{until}");
    // Other costly commands share the budget; cheap ones and other people are not touched by it.
    assert!(matches!(
        h.refused("carol", "history").await,
        UserError::Input(InputRefusal::Busy { .. })
    ));
    h.ok("carol", "rules").await;
    h.ok("dave", "board").await;
    h.clock.set_ms(until);
    h.ok("carol", "board").await;
}

async fn numbers_too_large_for_a_clock_are_refused(backend: Backend) {
    let h = Harness::new(backend).await;
    for clock in [
        "99999999999999999d",
        "18446744073709551619s",
        "4294967296s",
        "999999999999999999999999999999m",
    ] {
        let refused = parse("challenge", &[], &[("opponent", "bob"), ("clock", clock)]);
        assert!(
            matches!(
                refused,
                Err(UserError::Input(InputRefusal::BadOption {
                    option: "clock",
                    ..
                }))
            ),
            "{clock}: {refused:?}"
        );
    }
    let refused = parse(
        "tournament",
        &["create"],
        &[("name", "x"), ("start", "in99999999999999999d")],
    );
    assert!(
        matches!(
            refused,
            Err(UserError::Input(InputRefusal::BadOption { .. }))
        ),
        "{refused:?}"
    );
    for number in [
        "99999999999999999999",
        "18446744073709551615",
        "9223372036854775807",
        "4294967295",
        "-1",
        "0",
    ] {
        for (command, option) in [
            ("board", "match"),
            ("replay", "match"),
            ("replay", "move"),
            ("leaderboard", "page"),
            ("leaderboard", "season"),
            ("stats", "season"),
            ("rematch", "match"),
            ("history", "match"),
        ] {
            // A refusal or a command, never a panic; and when it parses, the core answers it.
            if let Ok(command) = parse(command, &[], &[(option, number)]) {
                // Each a different person: the budget of costly commands is not what is tested.
                let asker = format!("carol{command:?}{number}")
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "");
                let request = request_as(&h, TestNames.user(&asker).unwrap(), command);
                h.core.handle(&request).await;
            }
        }
    }
}

async fn a_replay_past_the_end_or_far_before_is_answered(backend: Backend) {
    let h = Harness::new(backend).await;
    let started = h.start_match("general", "alice", "bob", "").await;
    let id = started.board.state.as_ref().expect("a board").match_id;
    h.ok("alice", "resign confirm:yes").await;
    for ply in ["4294967295", "4294967294", "1", "0"] {
        h.clock.advance_secs(10);
        let reply = h
            .core
            .handle(&h.request("general", "bob", &format!("replay match:{id} move:{ply}")))
            .await;
        assert!(reply.is_private(), "{}", reply.text);
    }
}

async fn a_tournament_name_is_quoted_never_words(backend: Backend) {
    let h = Harness::new(backend).await;
    let name = "[Free Nitro](https://evil.example/x) @everyone\u{202e}";
    let create = parse(
        "tournament",
        &["create"],
        &[("name", name), ("target", "7")],
    )
    .unwrap();
    let alice = TestNames.user("alice").unwrap();
    let signup = ok_as(&h, &alice, create).await;
    let join = ok_as(
        &h,
        &TestNames.user("bob").unwrap(),
        parse("tournament", &["join"], &[]).unwrap(),
    )
    .await;
    let again = h
        .core
        .try_handle(&request_as(
            &h,
            alice.clone(),
            parse("tournament", &["cancel"], &[]).unwrap(),
        ))
        .await
        .unwrap();
    for reply in [&signup, &join, &again] {
        // The name is an argument of a message: it is among the message's parts.
        assert!(
            reply
                .text
                .every_part()
                .contains(&&Part::Quoted(name.to_owned())),
            "{:?}",
            reply.text
        );
        for part in reply.text.every_part() {
            if let Part::Words(words) = part {
                assert!(!words.contains("evil.example"), "{words}");
            }
        }
        // Plain text (the console's, the logs') shows the control character escaped.
        assert!(
            reply.text.plain().contains("@everyone\\u{202e}"),
            "{}",
            reply.text
        );
    }
}

async fn winners_are_pinged_by_their_ids(backend: Backend) {
    let h = Harness::new(backend).await;
    // Two entrants with one name: the one who wins is pinged, not the first of that name.
    let first = UserRef::human(UserId(7_000_000_000_000_001), "sam");
    let second = UserRef::human(UserId(7_000_000_000_000_002), "sam");
    let create = parse(
        "tournament",
        &["create"],
        &[
            ("name", "Twins"),
            ("format", "round-robin"),
            ("target", "7"),
        ],
    )
    .unwrap();
    ok_as(&h, &first, create).await;
    for who in [&first, &second] {
        ok_as(&h, who, parse("tournament", &["join"], &[]).unwrap()).await;
    }
    let started = ok_as(&h, &first, parse("tournament", &["start"], &[]).unwrap()).await;
    let board = std::iter::once(&started)
        .chain(started.follows.also.iter().map(|n| &n.reply))
        .find_map(|r| r.board.state.clone())
        .expect("the pairing's board");
    // The first sam resigns whichever side they play: the second wins.
    let resign = parse(
        "resign",
        &[],
        &[("confirm", "yes"), ("match", &board.match_id.to_string())],
    )
    .unwrap();
    let over = ok_as(&h, &first, resign).await;
    let finished = std::iter::once(&over)
        .chain(over.follows.also.iter().map(|n| &n.reply))
        .find(|r| r.text.plain().contains("is over"))
        .expect("the tournament's end");
    assert_eq!(finished.notify(), vec![second.id], "{}", finished.text);
}

/// Match numbers are looked up within the server asking: another server's matches are unknown there.
async fn another_servers_match_is_unknown_here(backend: Backend) {
    let h = Harness::new(backend).await;
    let started = h.start_match("general", "alice", "bob", "").await;
    let id = started.board.state.as_ref().expect("a board").match_id;
    h.ok("alice", "resign confirm:yes").await;
    for line in [
        format!("replay match:{id}"),
        format!("export match:{id}"),
        format!("analyse match:{id}"),
        format!("board match:{id}"),
        format!("rematch match:{id}"),
    ] {
        let mut request = h.request("general", "mallory", &line);
        request.place = namnam_core::Place::ServerChannel {
            server: OTHER_SERVER,
            channel: request.place.channel(),
        };
        let refused = h.core.try_handle(&request).await;
        assert!(
            matches!(refused, Err(namnam_core::CoreError::User(_))),
            "{line}: {refused:?}"
        );
    }
}

/// alice floods bob with challenges from 30 channels and 20 group DMs: bob is pinged once; an expired
/// challenge cannot be sent again at once, in any place; and one challenger has at most
/// `MAX_OPEN_CHALLENGES` open at once.
async fn a_challenge_flood_across_places_pings_once(backend: Backend) {
    let h = Harness::new(backend).await;
    let in_group = |user: &str, group: usize, line: &str| {
        let mut request = h.request("general", user, line);
        request.place = namnam_core::Place::PrivateChannel {
            channel: channel_id(&format!("group-{group}")),
        };
        request.names.server = None;
        request
    };
    let mut requests: Vec<Request> = (0..30)
        .map(|c| h.request(&format!("channel-{c}"), "alice", "challenge opponent:bob"))
        .collect();
    requests.extend((0..20).map(|g| in_group("alice", g, "challenge opponent:bob")));
    let bob = UserId::of_name("bob");
    let (mut pings, mut refusals) = (0, Vec::new());
    for request in &requests {
        match h.core.try_handle(request).await {
            Ok(reply) => pings += reply.notify().iter().filter(|&&u| u == bob).count(),
            Err(namnam_core::CoreError::User(e)) => refusals.push(e),
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!(pings, 1, "bob was pinged {pings} times");
    assert_eq!(refusals.len(), 49);
    let ttl_ms = 10 * 60_000;
    for refusal in &refusals {
        assert_eq!(
            *refusal,
            UserError::Challenge(ChallengeRefusal::PairChallenged {
                name: "bob".into(),
                until: START_MS + ttl_ms,
            })
        );
    }
    // bob cannot answer with a challenge of his own either: one at a time between two people.
    assert!(matches!(
        h.refused_in("elsewhere", "bob", "challenge opponent:alice")
            .await,
        UserError::Challenge(ChallengeRefusal::PairChallenged { .. })
    ));

    // At most MAX_OPEN_CHALLENGES open per challenger, everywhere together: the next is refused with
    // when the first closes.
    for (i, who) in ["carol", "dave", "erin"].iter().enumerate() {
        let line = format!("challenge opponent:{who}");
        if i + 1 < namnam_core::MAX_OPEN_CHALLENGES {
            h.core
                .try_handle(&in_group("alice", 100 + i, &line))
                .await
                .unwrap();
        } else {
            let refused = h.core.try_handle(&in_group("alice", 100 + i, &line)).await;
            let Err(namnam_core::CoreError::User(refusal)) = refused else {
                panic!("{refused:?}");
            };
            assert_eq!(
                refusal,
                UserError::Challenge(ChallengeRefusal::TooManyChallenges {
                    open: namnam_core::MAX_OPEN_CHALLENGES,
                    until: START_MS + ttl_ms,
                })
            );
        }
    }
    // Left to expire, bob's challenge is not sent again at once, from any place, as after a decline.
    h.clock.advance_secs(10 * 60);
    for request in [
        h.request("channel-7", "alice", "challenge opponent:bob"),
        in_group("alice", 3, "challenge opponent:bob"),
    ] {
        match h.core.try_handle(&request).await {
            Err(namnam_core::CoreError::User(UserError::Challenge(
                ChallengeRefusal::ChallengeTooSoon { name, until },
            ))) => {
                assert_eq!((name.as_str(), until), ("bob", START_MS + 2 * ttl_ms));
            }
            other => panic!("{other:?}"),
        }
    }
    h.clock.advance_secs(10 * 60);
    let again = h
        .core
        .try_handle(&in_group("alice", 3, "challenge opponent:bob"))
        .await
        .unwrap();
    assert_eq!(again.notify(), vec![bob]);
}

/// The analyses' queue is bounded in the database: a person may have two waiting, everyone together
/// twenty; past a bound, the answer says so and nothing is queued.
async fn the_analysis_queue_is_bounded_per_person_and_in_all(backend: Backend) {
    let h = Harness::new(backend).await;
    let finished = |channel: String, a: String, b: String| {
        let h = &h;
        async move {
            let started = h.start_match(&channel, &a, &b, "first:challenger").await;
            let id = started.board.state.as_ref().expect("a board").match_id;
            let house = legal_houses(&started)[0];
            h.ok_in(&channel, &a, &format!("move house:{house}")).await;
            h.ok_in(&channel, &b, "resign confirm:yes").await;
            id
        }
    };
    let mut mine = Vec::new();
    for i in 0..3 {
        mine.push(finished(format!("mine-{i}"), "alice".into(), format!("foe{i}")).await);
    }
    for id in &mine[..2] {
        h.ok("alice", &format!("analyse match:{id}")).await;
    }
    assert_eq!(
        h.refused("alice", &format!("analyse match:{}", mine[2]))
            .await,
        UserError::Record(namnam_core::RecordRefusal::YourAnalysesWaiting(
            namnam_core::MAX_ANALYSES_QUEUED_PER_PLAYER
        ))
    );
    // Others fill the queue up to its bound; the next one is told to come back.
    let bound = namnam_core::MAX_ANALYSES_QUEUED as usize;
    let mut asked = 2;
    let mut i = 0;
    while asked < bound {
        let (a, b) = (format!("p{i}"), format!("q{i}"));
        let id = finished(format!("t-{i}"), a.clone(), b).await;
        h.ok_in(&format!("t-{i}"), &a, &format!("analyse match:{id}"))
            .await;
        asked += 1;
        i += 1;
    }
    let id = finished("last".into(), "zed".into(), "yan".into()).await;
    assert_eq!(
        h.refused_in("last", "zed", &format!("analyse match:{id}"))
            .await,
        UserError::Record(namnam_core::RecordRefusal::AnalysesFull(
            namnam_core::MAX_ANALYSES_QUEUED
        ))
    );
    // Once the analyst has done one, there is room again.
    assert!(h.core.analyse_next().await.unwrap().is_some());
    h.ok_in("last", "zed", &format!("analyse match:{id}")).await;
}

on_both_backends!(
    another_servers_match_is_unknown_here,
    the_analysis_queue_is_bounded_per_person_and_in_all,
    a_challenge_flood_across_places_pings_once,
    the_board_pings_nobody,
    a_challenge_withdrawn_or_declined_is_not_repeated_for_ten_minutes,
    a_takeback_is_asked_once_per_move,
    costly_commands_have_a_budget_a_minute,
    numbers_too_large_for_a_clock_are_refused,
    a_replay_past_the_end_or_far_before_is_answered,
    a_tournament_name_is_quoted_never_words,
    winners_are_pinged_by_their_ids,
);

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_text_panics_the_duration_parser(text in "\\PC{0,40}|[0-9dhms ]{0,40}") {
        if let Some(secs) = parse_duration(&text) {
            prop_assert!(secs > 0);
        }
    }

    #[test]
    fn no_command_panics_the_request_parser(
        name in "\\PC{0,12}|challenge|tournament|admin|replay|move|leaderboard|board",
        words in proptest::collection::vec("\\PC{0,12}|create|settings|season|abort", 0..4),
        options in proptest::collection::vec(
            ("\\PC{0,10}|clock|start|house|match|page|rounds|target|move|season|channels", "\\PC{0,24}|[0-9]{1,30}[dhms]?|in[0-9]{1,30}d"),
            0..5,
        ),
    ) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let options: Vec<(&str, &str)> = options.iter().map(|(o, v)| (o.as_str(), v.as_str())).collect();
        let _ = Command::parse(&name, &words, &options, &TestNames);
    }
}

/// A made-up press is refused like a stale one, whatever its numbers.
#[tokio::test]
async fn forged_button_ids_are_refused_not_panics() {
    let h = Harness::new(Backend::Sqlite).await;
    h.start_match("general", "alice", "bob", "").await;
    for id in [
        ActionId::Move {
            match_id: MatchId(i64::MAX),
            turn: u32::MAX,
            house: namnam_game::House::from_label(1).unwrap(),
        },
        ActionId::Replay {
            match_id: MatchId(-1),
            ply: u32::MAX,
            step: namnam_core::vocabulary::actions::ReplayStep::Forward,
            owner: None,
        },
        ActionId::TournamentJoin {
            tournament: TournamentId(i64::MIN),
        },
    ] {
        let pressed = h.press("carol", id).await;
        assert!(
            matches!(pressed, Err(namnam_core::CoreError::User(_))),
            "{pressed:?}"
        );
    }
}
