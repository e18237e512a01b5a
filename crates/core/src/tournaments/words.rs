//! What a tournament's messages say: its terms, its sign-up, its threads' names.

use super::field::swiss_rounds;
use super::MAX_THREAD_NAME;
use crate::action::ActionId;
use crate::clock::format_duration;
use crate::{Action, Text};
use namnam_game::Endgame;
use namnam_store::{Format, MatchRow, TournamentRow};
use namnam_tournament as tournament;

/// The join and leave buttons of a sign-up.
pub(super) fn signup_actions(id: i64) -> Vec<Action> {
    vec![
        Action::new(
            ActionId::TournamentJoin { tournament: id },
            Text::message("button-join", []),
        ),
        Action::new(
            ActionId::TournamentLeave { tournament: id },
            Text::message("button-leave", []),
        ),
    ]
}

pub(super) fn format_name(format: Format) -> &'static str {
    match format {
        Format::RoundRobin => "round robin",
        Format::Swiss => "Swiss",
    }
}

/// "Swiss, 4 rounds · target 10 houses · 24h a move · rounds of 7 days".
pub(super) fn describe_terms(t: &TournamentRow) -> String {
    let format = match (t.format, t.rounds) {
        (Format::Swiss, Some(r)) => format!("Swiss, {r} rounds"),
        (Format::Swiss, None) => "Swiss".to_owned(),
        (Format::RoundRobin, _) => "round robin".to_owned(),
    };
    let mut terms = vec![format];
    if let Some(target) = t.terms.target {
        terms.push(format!("target {target} houses"));
    }
    if let Some(limit) = t.terms.round_limit {
        let rounds = if limit == 1 { "round" } else { "rounds" };
        terms.push(format!("at most {limit} {rounds} a match"));
    }
    terms.push(format!("{} a move", format_duration(t.terms.clock_secs)));
    if t.terms.endgame == Endgame::Starter {
        terms.push("endgame: starter".to_owned());
    }
    if t.terms.chain {
        terms.push("chain captures".to_owned());
    }
    let days = t.round_days;
    terms.push(format!(
        "{days} day{} a round",
        if days == 1 { "" } else { "s" }
    ));
    terms.join(" · ")
}

/// "Winter cup R2: alice vs bob", within Discord's limit.
pub(super) fn thread_name(tournament: &str, round: u32, row: &MatchRow) -> String {
    let name = format!(
        "{tournament} R{round}: {} vs {}",
        row.names.south, row.names.north
    );
    name.chars().take(MAX_THREAD_NAME).collect()
}

/// A tournament's name in bold, as its organiser wrote it.
pub(super) fn bold(name: &str) -> Text {
    Text::new().quoted_bold(name)
}

/// When a tournament in sign-up starts.
pub(super) fn start_words(t: &TournamentRow) -> Text {
    match t.starts_at {
        Some(at) => Text::from("It starts ").time(at).words("."),
        None => Text::new()
            .player(&t.organiser_name)
            .words(" starts it with ")
            .command("tournament start")
            .words("."),
    }
}

/// What a Swiss asked for a number of rounds will play: a Swiss can pair at most half its field (rounded
/// up) without a rematch, so fewer players play fewer rounds. Said on the sign-up, before anyone joins.
fn swiss_plan(t: &TournamentRow) -> Option<String> {
    match (t.format, t.rounds) {
        (Format::Swiss, Some(rounds)) if rounds > 1 => Some(format!(
            "It plays {rounds} rounds if at least {} players join; with fewer, as many as they can play \
             without meeting twice (half the players, rounded up).",
            2 * rounds - 1
        )),
        _ => None,
    }
}

/// The rounds a Swiss of `players` would play, said while its sign-up is open.
pub(super) fn swiss_rounds_now(t: &TournamentRow, players: usize) -> Option<String> {
    if t.format != Format::Swiss || players < 2 {
        return None;
    }
    let most = tournament::swiss::max_rounds(players) as u32;
    let planned = t
        .rounds
        .map_or_else(|| swiss_rounds(players), |r| r.min(most));
    Some(format!(
        " With {players} players it would play {planned} round{}.",
        if planned == 1 { "" } else { "s" }
    ))
}

/// The sign-up message: the organiser, the terms, how to join.
pub(super) fn signup_text(t: &TournamentRow, players: usize) -> Text {
    let mut lines = vec![
        Text::new()
            .player(&t.organiser_name)
            .words(" organises ")
            .quoted_bold(&t.name)
            .words(format!(" (tournament #{}): ", t.id))
            .words(format_name(t.format))
            .words("."),
        Text::from(describe_terms(t)),
    ];
    let limit = match t.player_limit {
        Some(limit) => format!(" (at most {limit} players)"),
        None => String::new(),
    };
    if let Some(plan) = swiss_plan(t) {
        lines.push(Text::from(plan));
    }
    lines.push(
        Text::from("Join with the button below or ")
            .command("tournament join")
            .words(format!("{limit}; {players} joined so far. "))
            .then(start_words(t)),
    );
    Text::lines(lines)
}
