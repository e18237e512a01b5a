//! Looking back at a finished match through Discord: `/export` attaches its record, which reads back to
//! the stored match; `/replay` steps with its buttons, in place, before and after a restart; `/analyse`
//! posts the computer's verdict in the channel, naming a blunder planted in the match.

use namnam_model::{ChannelId, MatchId, ServerId, UserId};
use std::sync::Arc;

use namnam_core::{Command, Core, Place, PlaceNames, Request, Resolver, UserRef};
use namnam_record::Record;
use namnam_store::Store;

use crate::checks::{button_ids, ephemeral_text, posted, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, Person};

const DATABASE: &str = "looking-back.db";

/// The fake server's people by name, for requests made straight to a core.
struct People;

impl Resolver for People {
    fn user(&self, name: &str) -> Option<UserRef> {
        [alice(), bob(), carol_the_admin()]
            .into_iter()
            .find(|p| p.name == name)
            .map(|p| UserRef::human(UserId(p.id), p.name))
    }
    fn channel(&self, _: &str) -> Option<ChannelId> {
        None
    }
}

/// `line` from `user` in #general of the fake server, as the bot would make it.
fn ask(user: &str, line: &str) -> Request {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap();
    let options: Vec<(&str, &str)> = words.filter_map(|w| w.split_once(':')).collect();
    Request {
        place: Place::ServerChannel {
            server: ServerId(FakeDiscord::GUILD_ID),
            channel: ChannelId(GENERAL),
        },
        names: PlaceNames {
            server: Some("Fake server".into()),
            channel: "general".into(),
        },
        user: People.user(user).expect("a test player"),
        can_manage: false,
        language: Default::default(),
        server_locale: None,
        command: Command::parse(name, &[], &options, &People).expect("the line parses"),
    }
}

/// A finished match between alice and bob in #general, with a blunder of alice's: played by a second core
/// on the bot's database (the way a second process would). Returns its id and the blunder's move.
async fn finished_match(fx: &Fixture, store: &Store) -> (i64, u32) {
    let clock: Arc<dyn namnam_core::Clock> = fx.clock().clone();
    let core = Core::open(&fx.database_url(DATABASE), clock).await.unwrap();
    core.try_handle(&ask(
        "alice",
        "challenge opponent:bob first:challenger rounds:1",
    ))
    .await
    .unwrap();
    let accepted = core.try_handle(&ask("bob", "accept")).await.unwrap();
    let match_id = accepted.board.state.unwrap().match_id;
    let (ply, _) = crate::support::planted::play_with_blunder(&core, match_id, "alice", ask).await;
    core.store().close().await;
    assert!(stored_match(store, match_id).await.game.is_over());
    (match_id.0, ply)
}

fn step(message: &Message, word: &str) -> String {
    button_ids(message)
        .into_iter()
        .find(|id| id.split(':').nth(4) == Some(word))
        .unwrap_or_else(|| panic!("no {word} button: {:?}", button_ids(message)))
}

/// Presses a replay's button: the replay is updated in place (type 7), with a new picture.
async fn step_replay(fx: &Fixture, who: &Person, replay: u64, word: &str) -> Message {
    let before = fx.fake.state().messages[&replay].clone();
    let sent = fx.fake.press(who, replay, &step(&before, word));
    let callback = fx.fake.callback(&sent).await;
    assert_eq!(callback["type"], 7, "the replay steps in place: {callback}");
    let message = fx.fake.state().messages[&replay].clone();
    assert!(message.ephemeral, "still only theirs");
    assert_eq!(message.files.len(), 1, "one picture, the new one");
    assert!(message.files[0].bytes.starts_with(b"\x89PNG"));
    message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_replay_and_analysis_through_discord() {
    let (fx, bot, store) = Fixture::table(DATABASE).await;
    let (match_id, blunder) = finished_match(&fx, &store).await;
    let row = stored_match(&store, MatchId(match_id)).await;
    let match_option = || Options::new().int("match", match_id);

    // /export: a private answer with the record attached; it reads back to the stored match.
    let sent = fx.run(&carol_the_admin(), GENERAL, "export", match_option());
    let callback = fx.fake.callback(&sent).await;
    let text = ephemeral_text(&callback);
    assert!(text.contains("record"), "{text}");
    let answer = fx.fake.response(&sent).await;
    assert_eq!(answer.files.len(), 1);
    let file = &answer.files[0];
    assert!(file.filename.ends_with(".nnr"), "{}", file.filename);
    let record_text = String::from_utf8(file.bytes.clone()).expect("a text file");
    let record = Record::parse(&record_text).expect("the record reads back");
    assert_eq!(record.to_text(), record_text, "written as it reads");
    let steps = record.replay().expect("every move checks out");
    assert_eq!(steps.len() as u32, row.moves_played);
    let last = steps.last().unwrap();
    let mut end = last.before.clone();
    end.play(last.played.record.house).unwrap();
    assert_eq!(
        end.position(),
        row.game.position(),
        "the record ends where the match did"
    );

    // /replay: private, before the first move; ▶ steps in place.
    let sent = fx.run(&bob(), GENERAL, "replay", match_option());
    ephemeral_text(&fx.fake.callback(&sent).await);
    let replay_id = fx.fake.interaction_state(&sent).original.unwrap();
    let first = fx.fake.state().messages[&replay_id].clone();
    assert!(
        first.content().contains("Before the first move"),
        "{}",
        first.content()
    );
    assert_eq!(first.files.len(), 1, "the opening board");
    let one = step_replay(&fx, &bob(), replay_id, "next").await;
    assert!(one.content().contains("Move 1 of"), "{}", one.content());
    let two = step_replay(&fx, &bob(), replay_id, "next").await;
    assert!(two.content().contains("Move 2 of"), "{}", two.content());

    // A restart: the replay's buttons still step it.
    bot.stop().await;
    fx.fake
        .wait_for("the old connection to close", |s| {
            (!s.online()).then_some(())
        })
        .await;
    let bot = fx.start_bot(DATABASE);
    fx.fake.wait_online().await;
    let three = step_replay(&fx, &bob(), replay_id, "next").await;
    assert!(three.content().contains("Move 3 of"), "{}", three.content());
    let back = step_replay(&fx, &bob(), replay_id, "back").await;
    assert_eq!(back.content(), two.content(), "◀ shows move 2 again");

    // /analyse: queued privately, then the verdict is posted in the channel, naming alice's blunder.
    let text = fx
        .private_answer(&carol_the_admin(), GENERAL, "analyse", match_option())
        .await;
    assert!(text.contains("looking at"), "{text}");
    let verdict = fx
        .fake
        .wait_for("the verdict in #general", |s| {
            posted(s, GENERAL, "mistakes that mattered most")
        })
        .await;
    let alice_part = verdict.content().split("\nbob").next().unwrap().to_owned();
    assert!(
        alice_part.contains(&format!("move {blunder} (round 1, move {blunder})")),
        "the planted blunder, move {blunder}, is named: {}",
        verdict.content()
    );
    assert!(
        alice_part.contains(" Why: house ")
            && alice_part.contains(". As played, with the best replies: house ")
            && alice_part.contains("; bob's "),
        "with the line that shows why: {}",
        verdict.content()
    );
    assert!(
        button_ids(&verdict).iter().any(|id| id.ends_with(":open")),
        "the verdict offers a replay"
    );
    // The replay now marks the blunder.
    let sent = fx.run(
        &alice(),
        GENERAL,
        "replay",
        match_option().int("move", i64::from(blunder)),
    );
    let marked = ephemeral_text(&fx.fake.callback(&sent).await);
    assert!(
        marked.contains('⚠') && marked.contains("was better"),
        "{marked}"
    );

    fx.close(bot, store).await;
}
