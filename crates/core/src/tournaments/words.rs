//! What a tournament's messages say: its terms, its sign-up, its threads' names. The words are messages of
//! the resources' `tournaments` area (`crates/words/locales/<code>/tournaments.ftl`).

use super::field::swiss_rounds;
use super::MAX_THREAD_NAME;
use crate::vocabulary::actions::ActionId;
use crate::{Action, Arg, Language, Text};
use namnam_model::{Format, TournamentId};
use namnam_store::{MatchRow, TournamentRow};
use namnam_tournament as tournament;

/// The join and leave buttons of a sign-up.
pub(super) fn signup_actions(id: TournamentId) -> Vec<Action> {
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

/// "round robin", "Swiss".
fn format_name(format: Format) -> Text {
    match format {
        Format::RoundRobin => Text::message("tournament-format-round-robin", []),
        Format::Swiss => Text::message("tournament-format-swiss", []),
    }
}

/// "Swiss, 4 rounds · target 10 houses · 24h a move · 7 days a round".
pub(super) fn describe_terms(t: &TournamentRow) -> Text {
    let format = match (t.format, t.rounds) {
        (Format::Swiss, Some(r)) => Text::message(
            "tournament-terms-swiss-rounds",
            [("rounds", Arg::number(r))],
        ),
        (Format::Swiss, None) => Text::message("tournament-terms-swiss", []),
        (Format::RoundRobin, _) => Text::message("tournament-terms-round-robin", []),
    };
    let mut terms = vec![format];
    terms.extend(crate::text::describe_terms(
        crate::text::TermsForm::Brief,
        &t.terms,
    ));
    terms.push(Text::message(
        "tournament-terms-round-days",
        [("days", Arg::number(t.round_days))],
    ));
    Text::list(terms, " · ")
}

/// "Winter cup R2: alice vs bob", in `language`, within Discord's limit. A thread's name is plain text: the
/// names go in as written.
pub(super) fn thread_name(
    language: Language,
    tournament: &str,
    round: u32,
    row: &MatchRow,
) -> String {
    let name = namnam_words::message(
        language,
        "tournament-thread",
        &[
            ("tournament", tournament.into()),
            ("round", namnam_words::Arg::Number(round.into())),
            ("south", row.names.south.as_str().into()),
            ("north", row.names.north.as_str().into()),
        ],
    );
    name.chars().take(MAX_THREAD_NAME).collect()
}

/// A tournament's name, as its organiser wrote it, for a message's `$tournament` (which shows it in bold
/// where the message says so).
pub(super) fn named(name: &str) -> Arg {
    Arg::quoted(name)
}

/// When a tournament in sign-up starts.
pub(super) fn start_words(t: &TournamentRow) -> Text {
    match t.starts_at {
        Some(at) => Text::message("tournament-starts-at", [("time", Arg::time(at))]),
        None => Text::message(
            "tournament-started-by",
            [
                ("organiser", Arg::player(&t.organiser_name)),
                ("command", Arg::subcommand("tournament", "start")),
            ],
        ),
    }
}

/// What a Swiss asked for a number of rounds will play: a Swiss can pair at most half its field (rounded
/// up) without a rematch, so fewer players play fewer rounds. Said on the sign-up, before anyone joins.
fn swiss_plan(t: &TournamentRow) -> Option<Text> {
    match (t.format, t.rounds) {
        (Format::Swiss, Some(rounds)) if rounds > 1 => Some(Text::message(
            "tournament-swiss-plan",
            [
                ("rounds", Arg::number(rounds)),
                ("players", Arg::number(2 * rounds - 1)),
            ],
        )),
        _ => None,
    }
}

/// The rounds a Swiss of `players` would play, said while its sign-up is open.
pub(super) fn swiss_rounds_now(t: &TournamentRow, players: usize) -> Option<Text> {
    if t.format != Format::Swiss || players < 2 {
        return None;
    }
    let most = tournament::swiss::max_rounds(players) as u32;
    let planned = t
        .rounds
        .map_or_else(|| swiss_rounds(players), |r| r.min(most));
    Some(Text::message(
        "tournament-swiss-rounds-now",
        [
            ("players", Arg::number(players as i64)),
            ("count", Arg::number(planned)),
        ],
    ))
}

/// The sign-up message: the organiser, the terms, how to join.
pub(super) fn signup_text(t: &TournamentRow, players: usize) -> Text {
    let mut lines = vec![
        Text::message(
            "tournament-signup",
            [
                ("organiser", Arg::player(&t.organiser_name)),
                ("tournament", named(&t.name)),
                ("id", Arg::number(t.id)),
                ("format", Arg::Text(format_name(t.format))),
            ],
        ),
        describe_terms(t),
    ];
    if let Some(plan) = swiss_plan(t) {
        lines.push(plan);
    }
    let join = Arg::subcommand("tournament", "join");
    let joined = Arg::number(players as i64);
    let start = Arg::Text(start_words(t));
    lines.push(match t.player_limit {
        Some(limit) => Text::message(
            "tournament-signup-join-limit",
            [
                ("join", join),
                ("limit", Arg::number(limit)),
                ("joined", joined),
                ("start", start),
            ],
        ),
        None => Text::message(
            "tournament-signup-join",
            [("join", join), ("joined", joined), ("start", start)],
        ),
    });
    Text::lines(lines)
}

/// Names joined as a sentence says them: "alice", "alice and bob", "alice, bob and carol".
pub(super) fn names_and(names: Vec<Text>) -> Text {
    let mut names = names;
    let Some(last) = names.pop() else {
        return Text::new();
    };
    if names.is_empty() {
        return last;
    }
    Text::message(
        "tournament-and",
        [
            ("first", Arg::Text(Text::list(names, ", "))),
            ("last", Arg::Text(last)),
        ],
    )
}
