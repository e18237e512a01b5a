//! The computer's analysis of a finished match: it names a blunder planted in a match of good moves, is
//! stored and runs once, is posted where it was asked for, and marks the mistake in the replay.

use namnam_core::RecordRefusal;
use namnam_model::MatchId;
use std::sync::Arc;

use namnam_ai::analysis::{JudgedMove, Outlook};
use namnam_core::{Core, CoreConfig, ManualClock, UserError};
use namnam_game::{House, Player};
use namnam_store::{self as store, Store};

use crate::common::{Backend, Harness, TestDb, START_MS};

on_both_backends!(
    the_analysis_names_a_planted_blunder,
    an_analysis_is_done_once_by_whoever_holds_it,
    a_won_match_is_not_blamed_for_its_last_moves,
);

/// The nodes the test's analysis searches with: a tenth of the bot's, to stay quick.
const NODES: u64 = 10_000;

async fn harness(backend: Backend) -> Harness {
    let db = TestDb::new(backend).await;
    let clock = Arc::new(ManualClock::new(START_MS));
    let store = Store::open(&db.url).await.expect("the database opens");
    let config = CoreConfig {
        outbox: true,
        analysis_nodes: NODES,
        ..CoreConfig::default()
    };
    Harness {
        core: Arc::new(Core::new(store, clock.clone(), config)),
        clock,
        db,
    }
}

async fn the_analysis_names_a_planted_blunder(backend: Backend) {
    let h = harness(backend).await;
    let start = h
        .start_match("games", "alice", "bob", "first:challenger rounds:1")
        .await;
    let match_id = start.board.state.as_ref().unwrap().match_id;
    let (ply, blunder) =
        crate::planted::play_with_blunder(&h.core, match_id, "alice", |user, line| {
            h.request("games", user, line)
        })
        .await;

    // Asked for in #games, by bob: queued, and nothing is judged yet.
    let asked = h
        .ok_in("games", "bob", &format!("analyse match:{match_id}"))
        .await;
    assert!(asked.is_private());
    assert!(asked.text.plain().contains("looking at"), "{}", asked.text);
    assert_eq!(
        h.refused_in("games", "carol", &format!("analyse match:{match_id}"))
            .await,
        UserError::Record(RecordRefusal::AnalysisQueued(match_id)),
        "asked for once"
    );
    let notice = h
        .core
        .analyse_next()
        .await
        .unwrap()
        .expect("the queued analysis is done");
    assert_eq!(notice.place.channel(), crate::common::channel_id("games"));
    assert!(
        !notice.reply.is_private(),
        "the verdict is posted for both players"
    );
    let verdict = notice.reply.text.plain();
    let alice_part = verdict
        .split("\nbob")
        .next()
        .expect("alice's part comes first");
    let named = alice_part
        .lines()
        .find(|l| {
            l.starts_with(&format!(
                "- move {ply} (round 1, move {ply}): house {}",
                blunder.played
            ))
        })
        .unwrap_or_else(|| {
            panic!(
                "the planted blunder (move {ply}, house {}) is named:\n{verdict}",
                blunder.played
            )
        });
    // With the line that shows why, as a puzzle's answer: the better move and the best replies, then
    // the blunder and bob's replies that punished it.
    assert!(named.contains(" Why: house "), "{named}");
    let as_played = format!(
        ". As played, with the best replies: house {}",
        blunder.played
    );
    let punished = named
        .split(&as_played)
        .nth(1)
        .unwrap_or_else(|| panic!("{named}"));
    assert!(punished.contains("; bob's "), "{named}");
    // Stored with its post, in one transaction: the poster has it.
    let pending: Vec<String> =
        sqlx::query_scalar("SELECT body FROM outbox WHERE state = 'pending' AND match_id = $1")
            .bind(match_id.to_sql())
            .fetch_all(h.core.store().reader())
            .await
            .unwrap();
    assert!(
        pending
            .iter()
            .any(|body| body.contains("analysis-mistakes")),
        "the verdict waits in the outbox: {pending:?}"
    );

    // It runs once: asked again, the stored verdict is the answer.
    assert!(h.core.analyse_next().await.unwrap().is_none());
    let again = h
        .ok_in("general", "carol", &format!("analyse match:{match_id}"))
        .await;
    assert!(again.is_private());
    assert_eq!(again.text, notice.reply.text);

    // The replay marks the move and says what was better.
    let marked = h
        .ok("carol", &format!("replay match:{match_id} move:{ply}"))
        .await;
    let replayed = marked.text.plain();
    assert!(replayed.contains(&format!("Move {ply} of")), "{replayed}");
    // The line under the picture says it too (the alt text is written from the same lines).
    let alt = &marked
        .board
        .picture
        .as_ref()
        .expect("a picture")
        .description;
    assert!(
        alt.contains("Mistake: house") && alt.contains("was better"),
        "{alt}"
    );
    assert!(replayed.contains("⚠"), "{replayed}");
    assert!(replayed.contains("was better"), "{replayed}");
    assert!(replayed.contains(" Why: house "), "{replayed}");
    let before = h
        .ok(
            "carol",
            &format!("replay match:{match_id} move:{}", ply - 1),
        )
        .await
        .text
        .plain();
    assert!(
        !before.contains("was better"),
        "only the mistakes are marked: {before}"
    );
}

async fn an_analysis_is_done_once_by_whoever_holds_it(backend: Backend) {
    let h = harness(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok("alice", "move house:3").await;
    h.ok("bob", "move house:7").await;
    h.ok("alice", "resign confirm:yes").await;
    h.ok("bob", "analyse match:1").await;
    // Another process on the same database claims it first: this one leaves it alone…
    let now = h.core.now_ms();
    let mut tx = h.core.store().begin().await.unwrap();
    let taken = store::claim_analysis(&mut tx, "shards 1-1 of 2", true, now, now + 600_000)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(taken.map(|a| a.match_id), Some(MatchId(1)));
    assert!(h.core.analyse_next().await.unwrap().is_none());
    assert_eq!(h.core.analyses_waiting().await.unwrap(), 1);
    // …until that claim runs out (the other process died): then it is taken over and done, once.
    h.clock.advance_secs(601);
    let notice = h.core.analyse_next().await.unwrap().expect("taken over");
    assert!(notice.reply.text.plain().contains("analysis of match #1"));
    assert_eq!(h.core.analyses_waiting().await.unwrap(), 0);
    let mut tx = h.core.store().begin().await.unwrap();
    assert!(
        !store::finish_analysis(&mut tx, MatchId(1), "shards 1-1 of 2", &[], now)
            .await
            .unwrap(),
        "the process that lost its claim cannot overwrite the verdict"
    );
    tx.rollback().await.unwrap();
}

/// A match in #games between two computer players (`players`: names and levels, South first) on
/// `terms`, played out and analysed at the second player's request.
struct Analysed {
    /// The verdict as posted.
    posted: namnam_core::Reply,
    row: store::MatchRow,
    moves: Vec<store::MoveRow>,
    judged: Vec<JudgedMove>,
}

async fn played_and_analysed(h: &Harness, players: [(&str, u8); 2], terms: &str) -> Analysed {
    let [(south, _), (north, _)] = players;
    let start = h.start_match("games", south, north, terms).await;
    let match_id = start.board.state.as_ref().unwrap().match_id;
    crate::planted::play_out(&h.core, match_id, players, |user, line| {
        h.request("games", user, line)
    })
    .await;
    h.ok_in("games", north, &format!("analyse match:{match_id}"))
        .await;
    let notice = h.core.analyse_next().await.unwrap().expect("the analysis");
    let db = h.core.store().reader();
    Analysed {
        posted: notice.reply,
        row: store::load_match(db, match_id).await.unwrap().unwrap(),
        moves: store::match_moves(db, match_id).await.unwrap(),
        judged: store::analysis_of(db, match_id)
            .await
            .unwrap()
            .and_then(|a| a.verdict)
            .expect("the stored verdict"),
    }
}

/// A three-round match alice (level 4) wins against bob (level 2): in its last moves the search sees her win forced, and some of
/// her moves let it wait (a longer way, or one past the search's horizon). Those changed nothing: she won.
/// The analysis names none of them, and none of her moves from a won position; what it names of hers
/// came while the match could still turn.
async fn a_won_match_is_not_blamed_for_its_last_moves(backend: Backend) {
    let h = harness(backend).await;
    let Analysed {
        posted,
        row,
        moves,
        judged,
    } = played_and_analysed(&h, [("alice", 4), ("bob", 2)], "first:challenger rounds:3").await;
    assert_eq!(
        row.game.result().and_then(|r| r.winner),
        Some(namnam_game::Player::South),
        "alice (South) wins"
    );
    let verdict = posted.text.plain();
    println!("{verdict}");
    let won_already = |ply: u32| {
        let j = &judged[ply as usize - 1].judgement;
        j.outlooks().0 == Outlook::Won
    };
    // The old analysis named these: her mistakes with her win already forced.
    let waits: Vec<u32> = judged
        .iter()
        .filter(|m| m.judgement.mover == namnam_game::Player::South)
        .filter(|m| m.judgement.is_mistake() && won_already(m.ply))
        .map(|m| m.ply)
        .collect();
    assert!(!waits.is_empty(), "the match has such moves: {judged:?}");
    // What the analysis named before (each player's three costliest moves), for the record.
    let mut costliest: Vec<_> = judged
        .iter()
        .filter(|m| m.judgement.mover == namnam_game::Player::South && m.judgement.is_mistake())
        .collect();
    costliest.sort_by_key(|m| (std::cmp::Reverse(m.judgement.cost()), m.ply));
    for m in costliest.iter().take(3) {
        let j = &m.judgement;
        println!(
            "before, alice: move {} house {} (house {} better): {:?}",
            m.ply,
            j.played.label(),
            j.best.label(),
            j.cost_read()
        );
    }
    let alice_part = verdict.split("\nbob").next().unwrap();
    let named: Vec<u32> = alice_part
        .lines()
        .filter_map(|l| l.strip_prefix("- move "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    for ply in &named {
        assert!(
            !won_already(*ply),
            "move {ply} named from a won position:\n{verdict}"
        );
    }
    assert!(
        !alice_part.contains("let a won match slip"),
        "her win came back:\n{verdict}"
    );
    // The whole verdict, as the web page shows it. Too long for one message in some language, the posted
    // one leaves out the last mistakes' played lines one by one, not all of them.
    let whole = namnam_core::Text::lines(namnam_core::verdict_words(&row, &moves, &judged));
    let too_long = namnam_core::Language::ALL
        .iter()
        .any(|&language| whole.plain_in(language).chars().count() > 2000);
    assert!(too_long && verdict.contains(". As played, "), "{verdict}");
    let whole = whole.plain();
    lines_show_what_they_tell(&row, &moves, &judged, &whole);
}

/// Each mistake's lines, played on the engine from where the mistake was made, show what its words tell:
/// the better line as far as it is first ahead in seeds, by the seeds told, after as many moves of the
/// line played. And most mistakes of the match show a line (four moves showed none of them).
fn lines_show_what_they_tell(
    row: &store::MatchRow,
    moves: &[store::MoveRow],
    judged: &[namnam_ai::analysis::JudgedMove],
    verdict: &str,
) {
    let told: Vec<&JudgedMove> = judged.iter().filter(|m| m.why.is_some()).collect();
    let mut shown = 0;
    for m in &told {
        let heading = format!("- move {} (", m.ply);
        let words = verdict
            .lines()
            .find(|l| l.starts_with(&heading))
            .unwrap_or_else(|| panic!("move {} is told:\n{verdict}", m.ply));
        let Some((_, lead)) = words.split_once(" moves on, ") else {
            continue;
        };
        shown += 1;
        let plies: usize = words
            .split(" moves on, ")
            .next()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let seeds: i32 = lead.split(' ').next().unwrap().parse().unwrap();
        let (game, _) = namnam_core::replay_to(row, moves, m.ply - 1).unwrap();
        let why = m.why.as_ref().unwrap();
        let gain = |houses: &[House], upto: usize| {
            let mut at = *game.position();
            let start = at.stores();
            for house in houses.iter().take(upto) {
                at = at.play(*house).expect("a legal line").after;
            }
            let won = |p: Player| i32::from(at.stores().get(p)) - i32::from(start.get(p));
            let mover = game.position().to_move();
            won(mover) - won(mover.other())
        };
        let ahead = |upto| gain(&why.best_line, upto) - gain(&why.played_line, upto);
        assert_eq!(ahead(plies), seeds, "move {}: {words}", m.ply);
        for earlier in (2..plies).step_by(2) {
            assert!(
                ahead(earlier) <= 0,
                "move {}: ahead after {earlier} already: {words}",
                m.ply
            );
        }
        let (line, as_played) = words
            .split(" Why: ")
            .nth(1)
            .unwrap()
            .split_once(". As played, with the best replies: ")
            .unwrap();
        let as_played = as_played.split(" — ").next().unwrap();
        assert_eq!(
            line.split("; ").count(),
            plies.min(why.best_line.len()),
            "{words}"
        );
        // The played move and its reply, then the moves that take seeds, "…" for the quiet ones.
        let told: Vec<&str> = as_played.split("; ").filter(|m| *m != "…").collect();
        assert!(
            told[0].starts_with(&format!("house {}", m.judgement.played.label())),
            "{words}"
        );
        assert!(told.len() >= 2 && told.len() <= plies, "{words}");
        assert!(
            told[2..]
                .iter()
                .all(|m| m.contains(" taking ") || m.contains(" giving ") || m.contains("ending")),
            "{words}"
        );
    }
    assert!(
        2 * shown > told.len(),
        "{shown} of {} mistakes show a line:\n{verdict}",
        told.len()
    );
}

/// Long names and lines of captures can make a verdict's whys longer than one message: the verdict
/// posted keeps every mistake and fits in one message in every language (the web page shows it whole).
#[tokio::test]
async fn a_verdict_with_long_names_fits_in_one_message() {
    let h = harness(Backend::Sqlite).await;
    let (ama, kofi) = (
        "Abena_Pokuaa_Mensah_Bonsu_Owusu",
        "Kwabena_Adjei_Boateng_Asamoah_Jr",
    );
    let Analysed {
        posted,
        row,
        moves,
        judged,
    } = played_and_analysed(&h, [(ama, 2), (kofi, 2)], "first:challenger rounds:3").await;
    let whole = namnam_core::Text::lines(namnam_core::verdict_words(&row, &moves, &judged));
    let told = |text: &str| text.lines().filter(|l| l.starts_with("- ")).count();
    for language in namnam_core::Language::ALL {
        let posted = posted.text.plain_in(language);
        let full = whole.plain_in(language);
        println!(
            "{language:?}: {} of {} characters",
            posted.chars().count(),
            full.chars().count()
        );
        assert!(posted.chars().count() <= 2000, "{posted}");
        assert_eq!(told(&posted), told(&full), "every mistake stays:\n{posted}");
    }
    assert!(
        namnam_core::Language::ALL
            .iter()
            .any(|&language| whole.plain_in(language).chars().count() > 2000),
        "the whole verdict is longer than a message in some language, so that the test shows something"
    );
}

/// A one-round match between two beginners (level 1), whose moves often lose the match against best play
/// when the opponent then misses it: the analysis says of such a move "against best play it lost the
/// match" unless its player did lose, and never speaks of a next round in a match that has none.
#[tokio::test]
async fn an_analysis_says_only_what_happened() {
    let h = harness(Backend::Sqlite).await;
    let Analysed {
        row, moves, judged, ..
    } = played_and_analysed(&h, [("alice", 1), ("bob", 1)], "first:challenger rounds:1").await;
    let verdict =
        namnam_core::Text::lines(namnam_core::verdict_words(&row, &moves, &judged)).plain();
    let winner = row
        .game
        .result()
        .and_then(|r| r.winner)
        .map(|p| row.names.get(p).to_owned());
    let mut section = String::new();
    let mut unpunished = 0;
    for line in verdict.lines() {
        if let Some(name) = line.strip_suffix("'s mistakes that mattered most:") {
            section = name.to_owned();
        }
        assert!(!line.contains("next round"), "a one-round match: {line}");
        let lost_in_the_end = winner.as_ref().is_some_and(|w| *w != section);
        let told_lost = line.contains("it lost the match")
            || line.contains("it turned a won match into a lost one");
        if told_lost && !line.contains("against best play") {
            assert!(lost_in_the_end, "{section}: {line}");
        }
        if line.contains("against best play it lost the match") {
            assert!(!lost_in_the_end, "{section}: {line}");
            unpunished += 1;
        }
    }
    assert!(
        unpunished > 0,
        "the match has a loss the opponent missed:\n{verdict}"
    );
}
