//! Tournaments in the core, as the console plays them (no outbox: a change's announcements come with its
//! reply, in `Reply::also`): sign-up, pairing by itself, results into the standings, a withdrawal, a round
//! that runs out, a restart in the middle, and the winner.

use crate::common::*;
use namnam_core::{ActionId, Language, Part, Reply, Text, UserError};
use namnam_core::{MatchRefusal, TournamentRefusal};
use namnam_model::{MatchId, TournamentId};
use namnam_store::{self as store, DecidedBy, GameRow};

/// The tournament of a sign-up reply, from its Join button.
fn tournament_of(reply: &Reply) -> TournamentId {
    reply
        .buttons
        .actions
        .iter()
        .find_map(|a| match a.id {
            ActionId::TournamentJoin { tournament } => Some(tournament),
            _ => None,
        })
        .expect("a Join button")
}

/// The boards among a change's announcements: each new match, with its players.
fn new_boards(reply: &Reply) -> Vec<(MatchId, String, String)> {
    std::iter::once(reply)
        .chain(reply.follows.also.iter().map(|n| &n.reply))
        .filter_map(|r| r.board.state.as_ref().filter(|b| b.to_move.is_some()))
        .map(|b| (b.match_id, b.names.south.clone(), b.names.north.clone()))
        .collect()
}

/// Every text a change posted, its own and its announcements'.
fn all_text(reply: &Reply) -> String {
    std::iter::once(reply)
        .chain(reply.follows.also.iter().map(|n| &n.reply))
        .map(|r| r.text.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

async fn games(h: &Harness, id: TournamentId) -> Vec<GameRow> {
    store::games(h.core.store().reader(), id).await.unwrap()
}

/// The points of each player from the stored games, counted here on their own (1 a win, a bye or a
/// forfeit won; ½ a draw), in halves.
async fn halves_of(h: &Harness, id: TournamentId, player: &str) -> u32 {
    let me = namnam_model::UserId::of_name(player);
    games(h, id)
        .await
        .iter()
        .filter_map(|g| g.result.map(|(r, _)| (g, r)))
        .map(|(g, r)| {
            use namnam_store::GameResult::*;
            match (g.south == me, g.north == Some(me), r) {
                (true, _, SouthWon) | (_, true, NorthWon) => 2,
                (true, _, Draw) | (_, true, Draw) => 1,
                _ => 0,
            }
        })
        .sum()
}

async fn a_round_robin_of_three_plays_out_by_itself(backend: Backend) {
    let h = Harness::new(backend).await;
    let signup = h
        .ok(
            "alice",
            "tournament create Winter cup format:round-robin target:7 clock:1h",
        )
        .await;
    assert!(!signup.is_private());
    assert!(
        signup
            .text
            .to_string()
            .contains("alice organises Winter cup"),
        "{}",
        signup.text
    );
    let id = tournament_of(&signup);
    // Joining by the button and by the command; twice is refused; leaving and joining again.
    for who in ["alice", "bob"] {
        let joined = h
            .press(
                who,
                ActionId::TournamentJoin {
                    tournament: TournamentId(id.0),
                },
            )
            .await
            .unwrap();
        assert!(joined.is_private() && joined.text.to_string().contains("You are in"));
    }
    assert_eq!(
        h.refused("bob", "tournament join").await,
        UserError::Tournament(TournamentRefusal::AlreadyJoined("Winter cup".into()))
    );
    h.ok("carol", "tournament join").await;
    h.ok("carol", "tournament leave").await;
    h.ok("carol", "tournament join").await;
    // Only the organiser (or an admin) starts it.
    assert_eq!(
        h.refused("bob", "tournament start").await,
        UserError::Tournament(TournamentRefusal::NotOrganiser("alice".into()))
    );
    let mut reply = h.ok("alice", "tournament start").await;
    assert!(
        all_text(&reply).contains("round 1 of 3"),
        "{}",
        all_text(&reply)
    );
    assert_eq!(
        h.refused("dave", "tournament join").await,
        UserError::Tournament(TournamentRefusal::TournamentStarted("Winter cup".into()))
    );
    // Three rounds of one game and a bye each: the loser of each resigns.
    for round in 1..=3 {
        let boards = new_boards(&reply);
        assert_eq!(boards.len(), 1, "round {round}: one match");
        let (match_id, south, _) = boards[0].clone();
        let played = games(&h, TournamentId(id.0)).await;
        let this_round: Vec<&GameRow> = played.iter().filter(|g| g.round == round).collect();
        assert_eq!(this_round.len(), 2, "round {round}: a game and a bye");
        assert!(this_round
            .iter()
            .any(|g| g.north.is_none() && g.result.map(|r| r.1) == Some(DecidedBy::Bye)));
        // Everyone can see the pairings.
        let pairings = h.ok("dave", "tournament pairings").await;
        assert!(pairings
            .text
            .to_string()
            .contains(&format!("round {round} of 3")));
        reply = h
            .ok(&south, &format!("resign confirm:yes match:{match_id}"))
            .await;
    }
    let text = all_text(&reply);
    assert!(text.contains("Winter cup is over"), "{text}");
    // Each played South once and lost it (South resigned), and had a bye: two points each, a three-way
    // tie on points; the standings name who is first by Sonneborn-Berger.
    for who in ["alice", "bob", "carol"] {
        assert_eq!(halves_of(&h, TournamentId(id.0), who).await, 2 * 2, "{who}");
    }
    let standings = h.ok("bob", "tournament standings").await;
    assert!(standings.is_private());
    let png = &standings.board.picture.as_ref().expect("a picture").bytes;
    let decoded = image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    assert!(decoded.width() > 0);
    assert!(
        standings.text.to_string().contains("final standings"),
        "{}",
        standings.text
    );
    assert_eq!(
        h.refused("alice", "tournament withdraw").await,
        UserError::Tournament(TournamentRefusal::TournamentOver("Winter cup".into()))
    );
}

async fn a_swiss_with_a_withdrawal_a_round_out_of_time_and_a_restart(backend: Backend) {
    let h = Harness::new(backend).await;
    let signup = h
        .ok(
            "alice",
            "tournament create Quick format:swiss rounds:3 target:7 clock:3d round_days:1",
        )
        .await;
    let id = tournament_of(&signup);
    for who in ["alice", "bob", "carol", "dave", "erin"] {
        h.ok(who, "tournament join").await;
    }
    let reply = h.ok("alice", "tournament start").await;
    let round1 = new_boards(&reply);
    assert_eq!(round1.len(), 2, "five players: two matches and a bye");
    // erin, if she plays in round 1, withdraws: her match is lost; else bob does.
    let quitter = ["erin", "bob"]
        .into_iter()
        .find(|p| round1.iter().any(|(_, s, n)| s == p || n == p))
        .unwrap();
    let withdrawn = h.ok(quitter, "tournament withdraw").await;
    assert!(withdrawn.is_private(), "{}", withdrawn.text);
    // The other match is left unplayed; a restart changes nothing.
    let h = h.restart().await;
    let before = games(&h, TournamentId(id.0)).await;
    assert!(
        h.core.sweep().await.unwrap().is_empty(),
        "nothing is due yet"
    );
    assert_eq!(
        games(&h, TournamentId(id.0)).await,
        before,
        "a restart pairs nothing"
    );
    // A day later the round is out of time: the unfinished match is scored by houses (six each at the
    // start: a draw) and round 2 is paired, without the one who withdrew.
    h.clock.advance_secs(24 * 3600);
    let notices = h.core.sweep().await.unwrap();
    let text: Vec<String> = notices.iter().map(|n| all_text(&n.reply)).collect();
    let text = text.join("\n");
    assert!(text.contains("scored by the houses"), "{text}");
    assert!(text.contains("Round 2 of 3"), "{text}");
    let houses = games(&h, TournamentId(id.0))
        .await
        .iter()
        .filter(|g| g.round == 1 && g.result.map(|r| r.1) == Some(DecidedBy::Houses))
        .count();
    assert_eq!(houses, 1, "the unfinished match, scored by houses");
    let played = games(&h, TournamentId(id.0)).await;
    let round2: Vec<&GameRow> = played.iter().filter(|g| g.round == 2).collect();
    let quitter_id = namnam_model::UserId::of_name(quitter);
    assert!(round2
        .iter()
        .all(|g| g.south != quitter_id && g.north != Some(quitter_id)));
    assert_eq!(round2.len(), 2, "four left: two matches");
    // No one meets anyone twice, and a second sweep pairs nothing more.
    assert!(h.core.sweep().await.unwrap().is_empty());
    assert_eq!(games(&h, TournamentId(id.0)).await.len(), played.len());
}

async fn a_pairing_meets_beside_the_same_players_own_match(backend: Backend) {
    let h = Harness::new(backend).await;
    // alice and bob play a match of their own in #general, where the tournament pairs them too.
    let own = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let own = own.board.state.as_ref().unwrap().match_id;
    h.ok("alice", "tournament create Duo format:round-robin target:7")
        .await;
    h.ok("alice", "tournament join").await;
    // Started by hand with one player: refused, and the sign-up goes on.
    assert_eq!(
        h.refused("alice", "tournament start").await,
        UserError::Tournament(TournamentRefusal::TooFewPlayers("Duo".into(), 1))
    );
    h.ok("bob", "tournament join").await;
    let started = h.ok("alice", "tournament start").await;
    let boards = new_boards(&started);
    assert_eq!(boards.len(), 1);
    let paired = boards[0].0;
    assert_ne!(paired, own);
    // Now each has two matches here: a command names one.
    assert!(matches!(
        h.refused("bob", "board").await,
        UserError::Match(MatchRefusal::WhichMatch(_))
    ));
    let (_, south, _) = boards[0].clone();
    let done = h
        .ok(&south, &format!("resign confirm:yes match:{paired}"))
        .await;
    assert!(all_text(&done).contains("is over:"), "{}", all_text(&done));
    // Their own match goes on untouched.
    let row = store::load_match(h.core.store().reader(), own)
        .await
        .unwrap()
        .unwrap();
    assert!(row.state.is_active());
}

/// A Swiss asked for more rounds than its field can pair says so on its sign-up, before it starts, and
/// how many it would play with the players so far.
async fn a_swiss_sign_up_says_the_rounds_it_will_play(backend: Backend) {
    let h = Harness::new(backend).await;
    let signup = h
        .ok("alice", "tournament create Spring rounds:5 target:7")
        .await;
    let text = all_text(&signup);
    assert!(
        text.contains("It plays 5 rounds if at least 9 players join"),
        "{text}"
    );
    for who in ["alice", "bob", "carol"] {
        h.ok(who, "tournament join").await;
    }
    let text = all_text(&h.ok("dave", "tournament standings").await);
    assert!(
        text.contains("With 3 players it would play 2 rounds."),
        "{text}"
    );
}

/// `text` in `language` with its commands left out (their names are the same in every language), as
/// lowercase words.
fn words_of(text: &Text, language: Language) -> Vec<String> {
    let shown: String = text
        .every_part()
        .into_iter()
        .filter(|part| !matches!(part, Part::Command { .. } | Part::Message { .. }))
        .map(|part| part.plain_in(language))
        .collect::<Vec<_>>()
        .join(" ");
    let shown = format!("{shown} {}", without_commands(&text.plain_in(language)));
    shown
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// `plain` without its `commands`.
fn without_commands(plain: &str) -> String {
    plain
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, piece)| piece)
        .collect()
}

/// English words that a tournament's French messages must not hold.
const ENGLISH: &[&str] = &[
    "round",
    "rounds",
    "match",
    "against",
    "player",
    "players",
    "joined",
    "join",
    "starts",
    "start",
    "organises",
    "south",
    "north",
    "bye",
    "swiss",
    "robin",
    "target",
    "houses",
    "move",
    "day",
    "days",
    "good",
    "luck",
    "thread",
    "threads",
    "standings",
    "begins",
    "until",
    "each",
    "shows",
    "table",
    "the",
    "with",
    "below",
    "button",
    "so",
    "far",
    "it",
    "of",
    "played",
    "withdraws",
    "forfeited",
];

fn assert_french(text: &Text) {
    let words = words_of(text, Language::French);
    let english: Vec<&String> = words
        .iter()
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect();
    assert!(
        english.is_empty(),
        "English words {english:?} in: {}",
        text.plain_in(Language::French)
    );
}

/// In a French server, a tournament's sign-up, its start and its first round's news (the text, the
/// standings picture's words, a match's headline and its thread's name) are in French; a French player's
/// private answers too.
async fn a_tournament_in_a_french_server_speaks_french(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("admin", "admin settings language:fr").await;
    let french = |user: &str, line: &str| {
        let mut request = h.request("general", user, line);
        request.language = Language::French;
        request
    };
    let signup = h
        .core
        .handle(&french(
            "alice",
            "tournament create Coupe de l'Harmattan format:swiss rounds:3 target:7 clock:3d round_days:1 limit:8",
        ))
        .await;
    assert!(!signup.is_private());
    assert_eq!(
        signup.language,
        Language::French,
        "everyone's: the server's"
    );
    let said = signup.text.plain_in(Language::French);
    assert!(
        said.contains("alice organise Coupe de l'Harmattan (tournoi n° "),
        "{said}"
    );
    assert!(said.contains("système suisse, 3 rondes"), "{said}");
    assert!(said.contains("0 inscrit pour l'instant"), "{said}");
    assert_french(&signup.text);
    let buttons: Vec<String> = signup
        .buttons
        .actions
        .iter()
        .map(|a| a.label.plain_in(Language::French))
        .collect();
    assert_eq!(buttons, ["Rejoindre", "Quitter"]);

    for who in ["alice", "bob", "carol"] {
        let joined = h.core.handle(&french(who, "tournament join")).await;
        assert!(joined.is_private());
        assert_eq!(joined.language, Language::French);
        assert!(
            joined
                .text
                .plain_in(Language::French)
                .starts_with("Vous êtes inscrit à Coupe de l'Harmattan"),
            "{}",
            joined.text.plain_in(Language::French)
        );
        assert_french(&joined.text);
    }
    let waiting = h.core.handle(&french("dave", "tournament standings")).await;
    assert!(
        waiting
            .text
            .plain_in(Language::French)
            .contains("3 inscrits pour l'instant : "),
        "{}",
        waiting.text.plain_in(Language::French)
    );
    assert!(
        waiting
            .text
            .plain_in(Language::French)
            .contains(". Avec 3 joueurs, il se jouerait en 2 rondes. alice le lance avec "),
        "{}",
        waiting.text.plain_in(Language::French)
    );
    assert_french(&waiting.text);

    // Without an outbox, the announcements come as the answer, the first one in the place of it.
    let started = h.core.handle(&french("alice", "tournament start")).await;
    let notices: Vec<&Reply> = std::iter::once(&started)
        .chain(started.follows.also.iter().map(|n| &n.reply))
        .collect();
    let news = notices
        .iter()
        .find(|r| r.board.standings.is_some())
        .expect("the round's news");
    assert_eq!(news.language, Language::French);
    let said = news.text.plain_in(Language::French);
    assert!(
        said.starts_with("Coupe de l'Harmattan commence : ronde 1 sur 2, jusqu'au "),
        "{said}"
    );
    assert!(said.contains(" : exempt (un point)."), "{said}");
    assert!(said.contains("(Sud) contre "), "{said}");
    assert_french(&news.text);
    let table = news.board.standings.as_ref().unwrap();
    assert_eq!(table.title, "Coupe de l'Harmattan : ronde 1 sur 2");
    assert!(
        table.subtitle.starts_with("système suisse"),
        "{}",
        table.subtitle
    );
    assert_eq!(table.pairings_title, "Ronde 1");
    for words in [&table.title, &table.subtitle, &table.pairings_title]
        .into_iter()
        .chain(&table.pairings)
    {
        assert_french(&Text::from(words.as_str()));
    }
    // The match's board: its headline and its thread's name.
    let board = notices
        .iter()
        .find(|r| r.board.state.is_some())
        .expect("the match's board");
    let headline = board.text.first_line();
    let said = headline.plain_in(Language::French);
    assert!(
        said.starts_with("Coupe de l'Harmattan, ronde 1 : partie n° "),
        "{said}"
    );
    assert_french(&headline);
    let thread = board.follows.open_thread.as_deref().expect("a thread");
    assert!(
        thread.starts_with("Coupe de l'Harmattan R1 : ") && thread.contains(" contre "),
        "{thread}"
    );

    // A French player's private standings: the text and the picture's words.
    let standings = h.core.handle(&french("bob", "tournament standings")).await;
    assert!(standings.is_private());
    let said = standings.text.plain_in(Language::French);
    assert!(
        said.starts_with("Coupe de l'Harmattan : classement pendant la ronde 1"),
        "{said}"
    );
    assert!(said.contains("0 point · Buchholz"), "{said}");
    assert_french(&standings.text);
    let pairings = h.core.handle(&french("bob", "tournament pairings")).await;
    assert_french(&pairings.text);
    assert!(
        pairings
            .text
            .plain_in(Language::French)
            .contains("ronde 1 sur 2, jusqu'au "),
        "{}",
        pairings.text.plain_in(Language::French)
    );

    // A day later the round is out of time: its match is scored by the houses (six each: a draw), and
    // the second round's news follows, in French.
    h.clock.advance_secs(24 * 3600);
    let notices = h.core.sweep().await.unwrap();
    let texts: Vec<&Text> = notices.iter().map(|n| &n.reply.text).collect();
    let said: Vec<String> = texts.iter().map(|t| t.plain_in(Language::French)).collect();
    let said = said.join("\n");
    assert!(
        said.contains("Le temps de la ronde 1 de Coupe de l'Harmattan est écoulé : la partie n° "),
        "{said}"
    );
    assert!(
        said.contains(
            "Coupe de l'Harmattan : la ronde 1 est terminée. La ronde 2 sur 2 commence, jusqu'au "
        ),
        "{said}"
    );
    let news = notices
        .iter()
        .find(|n| n.reply.board.standings.is_some())
        .expect("the second round's news");
    assert_eq!(news.reply.language, Language::French);
    assert_french(&news.reply.text);
    let table = news.reply.board.standings.as_ref().unwrap();
    assert_eq!(
        table.title,
        "Coupe de l'Harmattan : classement après la ronde 1"
    );
    assert!(
        table.lines.iter().any(|line| line.points == "0,5"),
        "{table:?}"
    );
    // Half a point is written the French way, and "point" stays singular under two.
    let standings = h.core.handle(&french("bob", "tournament standings")).await;
    let said = standings.text.plain_in(Language::French);
    assert!(said.contains("0,5 point · Buchholz "), "{said}");
    assert_french(&standings.text);
    let english = standings.text.plain_in(Language::English);
    assert!(english.contains("0.5 points · Buchholz "), "{english}");
}

on_both_backends!(
    a_tournament_in_a_french_server_speaks_french,
    a_swiss_sign_up_says_the_rounds_it_will_play,
    a_pairing_meets_beside_the_same_players_own_match,
    a_round_robin_of_three_plays_out_by_itself,
    a_swiss_with_a_withdrawal_a_round_out_of_time_and_a_restart,
);
