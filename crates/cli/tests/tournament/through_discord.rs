//! Tournaments through the fake Discord, as players run them: a sign-up with a Join button, rounds that
//! pair and start by themselves in threads, results that flow into the standings picture posted after every
//! round, a withdrawal, a timeout, a restart of the bot in the middle, and the winner announced.

use namnam_model::{MatchId, ServerId, TournamentId};
use std::collections::BTreeMap;

use namnam_store::{self as store, GameResult, GameRow, Store, TournamentState};

use crate::checks::{assert_public, board_match, button_ids, ephemeral_text, house_ids};
use crate::fixture::{carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, Person, PATIENCE};
use crate::support::poll::poll_async;

/// A field of `n` players (not the fixture's: these only play here).
fn field(n: usize) -> Vec<Person> {
    const NAMES: [&str; 9] = [
        "ama", "kofi", "esi", "kwame", "yaa", "kojo", "abena", "yaw", "akua",
    ];
    NAMES[..n]
        .iter()
        .enumerate()
        .map(|(i, name)| Person::member(1_000_000_000_000_000_101 + i as u64, name))
        .collect()
}

fn by_id(players: &[Person], id: u64) -> Person {
    players
        .iter()
        .find(|p| p.id == id)
        .cloned()
        .expect("a player of the field")
}

/// `who` creates a tournament in #general with `options`; returns the sign-up message.
async fn create(fx: &Fixture, who: &Person, options: Options) -> (u64, Message) {
    let sent = fx.run(
        who,
        GENERAL,
        "tournament",
        Options::new().sub("create", options),
    );
    assert_public(&fx.fake.callback(&sent).await);
    let message = fx.fake.response(&sent).await;
    (fx.fake.interaction_state(&sent).original.unwrap(), message)
}

/// Everyone presses Join on the sign-up message.
async fn join_all(fx: &Fixture, signup: u64, message: &Message, players: &[Person]) {
    let join = button_ids(message)
        .into_iter()
        .find(|id| id.ends_with(":join"))
        .expect("a Join button");
    for p in players {
        let sent = fx.fake.press(p, signup, &join);
        let text = ephemeral_text(&fx.fake.callback(&sent).await);
        assert!(text.contains("You are in"), "{text}");
    }
}

/// `/tournament <sub>` by `who` in `channel`, answered privately; returns the answer.
async fn tournament(fx: &Fixture, who: &Person, channel: u64, sub: &str) -> String {
    fx.private_answer(
        who,
        channel,
        "tournament",
        Options::new().sub(sub, Options::new()),
    )
    .await
}

/// The newest message in #general that contains `text`, once the poster has posted it.
async fn news(fx: &Fixture, text: &str) -> Message {
    fx.fake
        .wait_for(&format!("the news {text:?}"), |s| {
            s.messages
                .values()
                .rev()
                .find(|m| m.channel_id == GENERAL && !m.ephemeral && m.content().contains(text))
                .cloned()
        })
        .await
}

/// The newest board of a match (a message with its house buttons), once posted.
async fn board_of(fx: &Fixture, match_id: MatchId) -> Message {
    fx.fake
        .wait_for(&format!("the board of match {match_id}"), |s| {
            s.messages
                .values()
                .rev()
                .find(|m| !house_ids(m).is_empty() && board_match(m) == match_id)
                .cloned()
        })
        .await
}

async fn games(store: &Store, tournament: TournamentId) -> Vec<GameRow> {
    store::games(store.reader(), tournament).await.unwrap()
}

async fn the_tournament(store: &Store) -> namnam_store::TournamentRow {
    let guild = ServerId(FakeDiscord::GUILD_ID);
    store::last_tournament(store.reader(), guild)
        .await
        .unwrap()
        .expect("a tournament")
}

/// Waits until match `id` has ended.
async fn ended(store: &Store, id: MatchId) {
    poll_async(&format!("match {id} to end"), PATIENCE, || async {
        let row = store::load_match(store.reader(), id).await.unwrap()?;
        (!row.state.is_active()).then_some(())
    })
    .await
}

/// Waits until round `round` has been paired.
async fn paired(store: &Store, tournament: TournamentId, round: u32) -> Vec<GameRow> {
    poll_async(&format!("round {round}"), PATIENCE, || async {
        let t = store::load_tournament(store.reader(), tournament)
            .await
            .unwrap()?;
        (t.round >= round).then_some(())?;
        Some(
            games(store, tournament)
                .await
                .into_iter()
                .filter(|g| g.round == round)
                .collect(),
        )
    })
    .await
}

/// North resigns the live match of `game` in its thread (South wins), with `/resign confirm:yes`.
async fn north_resigns(fx: &Fixture, store: &Store, players: &[Person], game: &GameRow) {
    let id = game.match_id.expect("a match");
    let board = board_of(fx, id).await;
    let north = by_id(players, game.north.expect("a pairing").0);
    let confirm = Options::new().int("confirm", 0); // yes
    let sent = fx.run(&north, board.channel_id, "resign", confirm);
    assert_public(&fx.fake.callback(&sent).await);
    ended(store, id).await;
}

/// Plays match `id` to its end, move by move, each player pressing their first house button.
async fn play_out(fx: &Fixture, store: &Store, players: &[Person], id: MatchId) -> u32 {
    let mut moves = 0;
    loop {
        let row = store::load_match(store.reader(), id)
            .await
            .unwrap()
            .unwrap();
        let Some(to_move) = row.game.to_move().filter(|_| row.state.is_active()) else {
            return moves;
        };
        let board = fx
            .fake
            .wait_for("the board of this turn", |s| {
                s.messages
                    .iter()
                    .rev()
                    .find(|(_, m)| {
                        house_ids(m)
                            .first()
                            .is_some_and(|h| h.starts_with(&format!("nn:{id}:{}:", row.turns + 1)))
                    })
                    .map(|(id, m)| (*id, m.clone()))
            })
            .await;
        let mover = by_id(players, row.players.get(to_move).0);
        let sent = fx.fake.press(&mover, board.0, &house_ids(&board.1)[0]);
        fx.fake.callback(&sent).await;
        moves += 1;
        poll_async("the move to be stored", PATIENCE, || async {
            let now = store::load_match(store.reader(), id)
                .await
                .unwrap()
                .unwrap();
            (now.turns > row.turns || !now.state.is_active()).then_some(())
        })
        .await;
    }
}

/// Whether `player` is in `game`.
fn plays(game: &GameRow, player: &Person) -> bool {
    game.south.0 == player.id || game.north.map(|n| n.0) == Some(player.id)
}

/// Each player's points from the stored games, in halves, counted here on their own.
fn points(games: &[GameRow], upto_round: u32) -> BTreeMap<u64, u32> {
    let mut points = BTreeMap::new();
    for g in games.iter().filter(|g| g.round <= upto_round) {
        let Some((result, _)) = g.result else {
            continue;
        };
        let (south, north) = match result {
            GameResult::SouthWon => (2, 0),
            GameResult::NorthWon => (0, 2),
            GameResult::Draw => (1, 1),
        };
        *points.entry(g.south.0).or_insert(0) += south;
        if let Some(n) = g.north {
            *points.entry(n.0).or_insert(0) += north;
        }
    }
    points
}

fn show_points(halves: u32) -> String {
    match halves % 2 {
        0 => (halves / 2).to_string(),
        _ => format!("{}.5", halves / 2),
    }
}

/// The standings picture of a news message is a PNG whose alt text gives each player's points as the
/// stored games make them.
fn assert_standings_show(message: &Message, players: &[Person], points: &BTreeMap<u64, u32>) {
    let png = message
        .files
        .iter()
        .find(|f| f.filename.ends_with(".png"))
        .expect("a standings picture");
    image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png).expect("a PNG");
    let alt = png.description.clone().unwrap_or_default();
    for p in players {
        let halves = points.get(&p.id).copied().unwrap_or(0);
        let shown = format!(" {} {}", p.name, show_points(halves));
        // The points in full: "ama 1" must not be the start of "ama 1.5".
        let whole = alt.match_indices(&shown).any(|(at, _)| {
            let rest = &alt[at + shown.len()..];
            !rest.starts_with(|c: char| c.is_ascii_digit())
                && !rest.starts_with(".5")
                && !rest.starts_with(".0")
        });
        assert!(whole, "{shown:?} in the standings: {alt}");
    }
}

/// The players with the most points.
fn leaders(players: &[Person], points: &BTreeMap<u64, u32>) -> Vec<String> {
    let best = points.values().max().copied().unwrap_or(0);
    players
        .iter()
        .filter(|p| points.get(&p.id).copied().unwrap_or(0) == best)
        .map(|p| p.name.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_robin_5_players_end_to_end() {
    let (fx, bot, store) = Fixture::table("round-robin.db").await;
    let players = field(5);
    let organiser = &players[0];
    // Round robin (choice 1), target 7 houses (choice 1), one round a match, 1 h a move (choice 2).
    let terms = Options::new()
        .text("name", "Harmattan cup")
        .int("format", 1)
        .int("target", 1)
        .int("match_rounds", 1)
        .int("clock", 2);
    let (signup, message) = create(&fx, organiser, terms).await;
    assert!(
        message.content().contains("organises **Harmattan cup**"),
        "{}",
        message.content()
    );
    join_all(&fx, signup, &message, &players).await;
    // Only the organiser or an admin may start it.
    let refused = tournament(&fx, &players[1], GENERAL, "start").await;
    assert!(refused.contains("Only its organiser"), "{refused}");
    let started = tournament(&fx, organiser, GENERAL, "start").await;
    assert!(started.contains("has started"), "{started}");
    let tid = the_tournament(&store).await.id;

    let mut bot = Some(bot);
    let quitter = &players[4];
    for round in 1..=5u32 {
        let headline = match round {
            1 => "round 1 of 5".to_owned(),
            r => format!("Round {r} of 5"),
        };
        let news = news(&fx, &headline).await;
        let stored = games(&store, tid).await;
        assert_standings_show(&news, &players, &points(&stored, round - 1));
        let this_round = paired(&store, tid, round).await;
        // Two games and a bye, paired once; once the fifth player has withdrawn, their bye is no game.
        let expected = match round >= 3 && !this_round.iter().any(|g| plays(g, quitter)) {
            true => 2,
            false => 3,
        };
        assert_eq!(this_round.len(), expected, "round {round}");
        // Every pairing of a player still in is a match in a thread of its own under #general.
        for g in this_round.iter().filter(|g| g.result.is_none()) {
            let board = board_of(&fx, g.match_id.unwrap()).await;
            let thread = fx.fake.channel(board.channel_id);
            assert_eq!(thread.parent, Some(GENERAL), "round {round}: in a thread");
            assert!(
                thread.name.starts_with("Harmattan cup R"),
                "{}",
                thread.name
            );
        }
        let live: Vec<&GameRow> = this_round.iter().filter(|g| g.result.is_none()).collect();
        match round {
            // Round 1: one match played out move by move, the other resigned.
            1 => {
                let moves = play_out(&fx, &store, &players, live[0].match_id.unwrap()).await;
                assert!(moves > 4, "a real match: {moves} moves");
                north_resigns(&fx, &store, &players, live[1]).await;
            }
            // Round 2: the fifth player withdraws in the middle of it (their match is lost), then
            // the bot restarts before the last game of the round ends.
            2 => {
                let answer = tournament(&fx, quitter, GENERAL, "withdraw").await;
                assert!(answer.contains("withdrawn"), "{answer}");
                for g in live.iter().filter(|g| plays(g, quitter)) {
                    ended(&store, g.match_id.unwrap()).await;
                }
                bot.take().unwrap().stop().await;
                bot = Some(fx.start_bot("round-robin.db"));
                fx.fake.wait_online().await;
                for g in &live {
                    let row = store::load_match(store.reader(), g.match_id.unwrap())
                        .await
                        .unwrap()
                        .unwrap();
                    if row.state.is_active() {
                        north_resigns(&fx, &store, &players, g).await;
                    }
                }
            }
            // Round 3: one match resigned, the other lost on time (1 h a move).
            3 => {
                let (first, rest) = live.split_first().expect("a live game");
                for g in rest {
                    north_resigns(&fx, &store, &players, g).await;
                }
                fx.clock().advance_secs(3600 + 60);
                ended(&store, first.match_id.unwrap()).await;
                let row = store::load_match(store.reader(), first.match_id.unwrap())
                    .await
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    row.game.result().map(|r| r.reason),
                    Some(namnam_game::MatchEnd::Timeout)
                );
            }
            _ => {
                for g in &live {
                    north_resigns(&fx, &store, &players, g).await;
                }
            }
        }
        // From round 3 on, the quitter's games are forfeited to their opponents, with no match.
        if round >= 3 {
            assert!(this_round
                .iter()
                .filter(|g| plays(g, quitter))
                .all(|g| g.match_id.is_none() && g.result.is_some()));
        }
    }
    // The final standings name the winner, and the picture agrees with the stored games.
    let last = news(&fx, "is over:").await;
    let stored = games(&store, tid).await;
    let points = points(&stored, 5);
    assert_standings_show(&last, &players, &points);
    let winners = leaders(&players, &points);
    for w in &winners {
        assert!(
            last.content().contains(w.as_str()),
            "{w}: {}",
            last.content()
        );
    }
    assert_eq!(
        the_tournament(&store).await.state,
        TournamentState::Finished
    );
    // Everyone met everyone exactly once.
    let mut met = std::collections::BTreeSet::new();
    for g in stored.iter().filter(|g| g.north.is_some()) {
        let pair = (
            g.south.0.min(g.north.unwrap().0),
            g.south.0.max(g.north.unwrap().0),
        );
        assert!(met.insert(pair), "{pair:?} twice");
    }
    assert_eq!(met.len(), 10);

    fx.close(bot.take().unwrap(), store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swiss_9_players_4_rounds_end_to_end() {
    let (fx, bot, store) = Fixture::table("swiss.db").await;
    let players = field(9);
    // carol, an admin who does not play, organises; she starts it too.
    let terms = Options::new()
        .text("name", "Swiss nine")
        .int("rounds", 4)
        .int("target", 1)
        .int("match_rounds", 1)
        .int("clock", 2);
    let (signup, message) = create(&fx, &carol_the_admin(), terms).await;
    join_all(&fx, signup, &message, &players).await;
    tournament(&fx, &carol_the_admin(), GENERAL, "start").await;
    let tid = the_tournament(&store).await.id;
    let mut bot = Some(bot);
    let quitter = &players[8];
    let mut byes = std::collections::BTreeSet::new();
    for round in 1..=4u32 {
        let headline = match round {
            1 => "round 1 of 4".to_owned(),
            r => format!("Round {r} of 4"),
        };
        let news = news(&fx, &headline).await;
        let stored = games(&store, tid).await;
        assert_standings_show(&news, &players, &points(&stored, round - 1));
        let this_round = paired(&store, tid, round).await;
        let in_play = if round <= 2 { 9 } else { 8 };
        let byes_now: Vec<u64> = this_round
            .iter()
            .filter(|g| g.north.is_none())
            .map(|g| g.south.0)
            .collect();
        assert_eq!(
            byes_now.len(),
            in_play % 2,
            "round {round}: a bye for an odd field"
        );
        for b in byes_now {
            assert!(byes.insert(b), "a second bye for {b}");
        }
        let live: Vec<&GameRow> = this_round.iter().filter(|g| g.result.is_none()).collect();
        assert_eq!(live.len(), in_play / 2, "round {round}");
        match round {
            // Round 2: the ninth player withdraws; the bot restarts; the rest resign.
            2 => {
                let answer = tournament(&fx, quitter, GENERAL, "withdraw").await;
                assert!(answer.contains("withdrawn"), "{answer}");
                bot.take().unwrap().stop().await;
                bot = Some(fx.start_bot("swiss.db"));
                fx.fake.wait_online().await;
                for g in &live {
                    let row = store::load_match(store.reader(), g.match_id.unwrap())
                        .await
                        .unwrap()
                        .unwrap();
                    if row.state.is_active() {
                        north_resigns(&fx, &store, &players, g).await;
                    }
                }
            }
            // Round 3: one match is lost on time.
            3 => {
                let (first, rest) = live.split_first().expect("a live game");
                for g in rest {
                    north_resigns(&fx, &store, &players, g).await;
                }
                fx.clock().advance_secs(3600 + 60);
                ended(&store, first.match_id.unwrap()).await;
            }
            _ => {
                for g in &live {
                    north_resigns(&fx, &store, &players, g).await;
                }
            }
        }
        // After the withdrawal, the quitter is never paired again.
        if round >= 3 {
            assert!(!this_round.iter().any(|g| plays(g, quitter)));
        }
    }
    let last = news(&fx, "is over:").await;
    let stored = games(&store, tid).await;
    let points = points(&stored, 4);
    assert_standings_show(&last, &players, &points);
    for w in leaders(&players, &points) {
        assert!(last.content().contains(&w), "{w}: {}", last.content());
    }
    // No one met anyone twice.
    let mut met = std::collections::BTreeSet::new();
    for g in stored.iter().filter(|g| g.north.is_some()) {
        let pair = (
            g.south.0.min(g.north.unwrap().0),
            g.south.0.max(g.north.unwrap().0),
        );
        assert!(met.insert(pair), "{pair:?} twice");
    }
    // `/tournament standings` shows the same picture privately.
    let sent = fx.run(
        &players[0],
        GENERAL,
        "tournament",
        Options::new().sub("standings", Options::new()),
    );
    let callback = fx.fake.callback(&sent).await;
    assert!(ephemeral_text(&callback).contains("final standings"));

    fx.close(bot.take().unwrap(), store).await;
}

/// Where the bot may not make threads, a pairing is played in the tournament's channel: the line that was
/// to start its thread is removed, and the board there says why it is in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_the_pairing_is_played_in_the_channel() {
    let (fx, bot, store) = Fixture::table("no-threads.db").await;
    fx.fake.deny(
        GENERAL,
        crate::support::fake_discord::Perm::CreatePublicThreads,
    );
    let players = field(2);
    let terms = Options::new()
        .text("name", "Closed doors")
        .int("format", 1)
        .int("target", 1)
        .int("match_rounds", 1)
        .int("clock", 2);
    let (signup, message) = create(&fx, &players[0], terms).await;
    join_all(&fx, signup, &message, &players).await;
    tournament(&fx, &players[0], GENERAL, "start").await;
    let tid = the_tournament(&store).await.id;
    let game = paired(&store, tid, 1).await[0];
    let board = board_of(&fx, game.match_id.expect("a match")).await;
    assert_eq!(board.channel_id, GENERAL);
    assert!(fx.fake.threads().is_empty(), "no thread was made");
    // Each message of the pairing in #general is the board or the round's news: no lone starter line.
    let lines: Vec<Message> = fx
        .fake
        .state()
        .messages
        .values()
        .filter(|m| m.channel_id == GENERAL && !m.ephemeral)
        .filter(|m| m.content().contains("Closed doors") && m.content().contains("round 1"))
        .cloned()
        .collect();
    assert!(
        lines
            .iter()
            .all(|m| !house_ids(m).is_empty() || m.content().contains("begins")),
        "{:?}",
        lines.iter().map(|m| m.content()).collect::<Vec<_>>()
    );
    fx.close(bot, store).await;
}
