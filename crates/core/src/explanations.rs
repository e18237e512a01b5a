//! Why a puzzle's answer is right, in words: the line that proves it (the answer and the best replies, at
//! most [`LINE_PLIES`] moves), what a wrong answer runs into, and the facts a puzzle turns on (an opponent
//! with no seeds to feed, the stall's count, who gets the last seeds). Worked out when the answer comes,
//! by the same line the miner checked the puzzle with (`namnam_ai::puzzles::line`).

use super::error::{CoreError, InternalError};
use super::message::{Arg, Text};
use super::search_permits::Share;
use super::Core;
use namnam_ai::analysis::{JudgedMove, Why};
use namnam_ai::puzzles::{first_lead, leads, line, Puzzle, LINE_PLIES};
use namnam_game::{EndReason, Endgame, House, MoveRecord, Player, Position};
use namnam_model::{Names, UserId};

/// A puzzle's answer explained.
pub(super) struct Explanation {
    /// The answer's line, the answer first.
    pub line: Vec<MoveRecord>,
    /// For a wrong answer: its own line (the punishing reply second), and how far it is worse off than
    /// the answer's line.
    pub wrong: Option<(Vec<MoveRecord>, WorseOff)>,
}

/// How far a wrong answer's line is worse off than the answer's: after so many moves of both, so many
/// seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WorseOff {
    pub plies: usize,
    pub seeds: i32,
}

impl WorseOff {
    /// Where the answer's lead shows most, after each side's reply (2 moves, 4 …; the longer of equals):
    /// a lead that shows at once and is given back later (a capture answered by one) is still the lead.
    pub fn of(answer: &[MoveRecord], wrong: &[MoveRecord]) -> WorseOff {
        leads(answer, wrong)
            .map(|(plies, seeds)| WorseOff { plies, seeds })
            .max_by_key(|w| (w.seeds, w.plies))
            .unwrap_or(WorseOff { plies: 2, seeds: 0 })
    }
}

impl Explanation {
    /// Where the answer's line ends: the position its picture shows.
    pub fn end(&self) -> Option<Position> {
        self.line.last().map(|r| r.after)
    }
}

impl Core {
    /// Works out the answer's line, and a wrong answer's (`chosen`), under a search permit.
    pub(super) async fn explain(
        &self,
        player: UserId,
        puzzle: &Puzzle,
        chosen: Option<House>,
    ) -> Result<Explanation, CoreError> {
        let _permit = self.search_permits.acquire(Share::Player(player)).await;
        let (position, best) = (puzzle.position, puzzle.best);
        let explanation = tokio::task::spawn_blocking(move || {
            let positions = namnam_ai::endings::LIVE_POSITIONS;
            let answer = line(&position, best, LINE_PLIES, positions);
            let wrong = chosen.map(|house| {
                let theirs = line(&position, house, LINE_PLIES, positions);
                let worse = WorseOff::of(&answer, &theirs);
                (theirs, worse)
            });
            Explanation {
                line: answer,
                wrong,
            }
        })
        .await
        .map_err(InternalError::from)?;
        Ok(explanation)
    }
}

/// The explanation's lines: why the answer wins, what the wrong answer ran into, and the facts.
pub(super) fn explanation_words(puzzle: &Puzzle, explained: &Explanation) -> Vec<Text> {
    let mover = puzzle.position.to_move();
    let mut lines = vec![Text::message(
        "puzzle-why",
        [("line", Arg::Text(line_words(&explained.line, mover)))],
    )];
    if let Some((wrong, worse)) = &explained.wrong {
        // The punishing reply and the moves after it, as far as the answer's lead is told.
        if let Some(punishing) = wrong.get(1..wrong.len().min(worse.plies.max(2))) {
            lines.push(Text::message(
                "puzzle-punished",
                [
                    ("reply", Arg::Text(line_words(punishing, mover))),
                    ("plies", Arg::number(worse.plies as i64)),
                    ("cost", Arg::number(i64::from(worse.seeds.max(0)))),
                ],
            ));
        }
    }
    lines.extend(facts(&puzzle.position, &explained.line));
    lines
}

/// "you play house 7, taking 4; then North replies with house 9; then you play house 2, taking 12".
fn line_words(line: &[MoveRecord], mover: Player) -> Text {
    Text::clauses(line.iter().map(|r| ply_words(r, mover)))
}

/// One move of a line, from the puzzle's mover's side.
fn ply_words(record: &MoveRecord, mover: Player) -> Text {
    let what = takes_words(record);
    let id = match record.mover == mover {
        true => "puzzle-line-you",
        false => "puzzle-line-other",
    };
    let mut words = Text::message(
        id,
        [
            ("house", Arg::number(record.house.label())),
            ("side", Arg::Text(side(record.mover))),
            ("what", Arg::Text(what)),
        ],
    );
    if record.round_end().is_some() {
        let stores = record.after.stores();
        words = words.then(Text::message(
            "puzzle-line-ends",
            [
                ("mine", Arg::number(stores.get(mover))),
                ("theirs", Arg::number(stores.get(mover.other()))),
                ("side", Arg::Text(side(mover.other()))),
            ],
        ));
    }
    words
}

/// The seeds `player` takes in the move `record`.
fn taken_by(record: &MoveRecord, player: Player) -> i64 {
    record
        .captures()
        .filter(|c| c.player == player)
        .map(|c| i64::from(c.seeds))
        .sum()
}

/// What a move of a line takes and gives away: ", taking 4 seeds, giving 1 seed away".
fn takes_words(record: &MoveRecord) -> Text {
    Text::message(
        "puzzle-line-takes",
        [
            ("taken", Arg::number(taken_by(record, record.mover))),
            ("given", Arg::number(taken_by(record, record.mover.other()))),
        ],
    )
}

/// South or North, as the puzzles' words name the sides.
fn side(player: Player) -> Text {
    match player {
        Player::South => Text::message("picture-south", []),
        Player::North => Text::message("picture-north", []),
    }
}

/// The rules a puzzle turns on, said outright: feeding an opponent with no seeds, the stall's count when it
/// is near, and who gets the last seeds when the line ends the round by them.
fn facts(position: &Position, line: &[MoveRecord]) -> Vec<Text> {
    let mover = position.to_move();
    let mut facts = Vec::new();
    if !position.owns_seeds(mover.other()) {
        facts.push(Text::message(
            "puzzle-fact-feeding",
            [("side", Arg::Text(side(mover.other())))],
        ));
    }
    let ends = line.iter().find_map(MoveRecord::round_end);
    if position.since_capture() >= 80 || ends == Some(EndReason::Stall) {
        facts.push(Text::message(
            "puzzle-fact-stall",
            [("moves", Arg::number(i64::from(position.since_capture())))],
        ));
    }
    if ends == Some(EndReason::LastSeeds) {
        facts.push(match position.rules().endgame {
            Endgame::Capturer => Text::message("puzzle-fact-last-seeds-capturer", []),
            Endgame::Starter => Text::message(
                "puzzle-fact-last-seeds-starter",
                [("starter", Arg::Text(side(position.starter())))],
            ),
        });
    }
    facts
}

/// What a move does, as the answer tells it: "house 4 captures 12 seeds in 3 laps".
pub(super) fn move_words(record: &MoveRecord) -> Text {
    Text::message(
        "puzzle-move",
        [
            ("house", Arg::number(record.house.label())),
            ("seeds", Arg::number(taken_by(record, record.mover))),
            ("laps", Arg::number(record.laps() as i64)),
            ("given", Arg::number(taken_by(record, record.mover.other()))),
            ("ends", Arg::number(i64::from(record.round_end().is_some()))),
        ],
    )
}

/// How far a reported mistake's lines go: far enough to show most mistakes in seeds, which four moves do
/// for about half of them (docs/measurements/mistake-lines.md), and short enough to read on a phone.
pub(super) const WHY_PLIES: usize = 12;

/// The lines that show why a reported mistake was one (`judged`, played in `before`): the better move's
/// and the move played's, each [`WHY_PLIES`] long (the words show them as far as the difference shows).
/// The same lines a puzzle's answer is explained with, on every machine.
pub(super) fn mistake_lines(before: &Position, judged: &JudgedMove) -> Why {
    let positions = namnam_ai::endings::LIVE_POSITIONS;
    let j = &judged.judgement;
    let houses = |records: Vec<MoveRecord>| records.iter().map(|r| r.house).collect();
    Why {
        best_line: houses(line(before, j.best, WHY_PLIES, positions)),
        played_line: houses(line(before, j.played, WHY_PLIES, positions)),
    }
}

/// A reported mistake's why in words, from the position it was played in (`why`'s lines may be four
/// moves long, in an analysis made before they were twelve):
/// - "Why: house 9, taking 4 seeds; bob's 7. As played, with the best replies: house 3; bob's 8, taking
///   12 seeds — 2 moves on, 8 seeds worse off.", both lines as far as the better one first shows itself
///   ahead (the played line's captures are what it is worse off by);
/// - else that its point shows further on (a house given away for the next round, a match lost past
///   the horizon), rather than lines that would show nothing or the opposite.
///
/// Empty when the lines do not play from `before` (they always do, unless the record was changed).
pub(super) fn mistake_why_words(before: &Position, why: &Why, names: &Names) -> Vec<Text> {
    let (Some(best), Some(played)) = (
        played_out(before, &why.best_line),
        played_out(before, &why.played_line),
    ) else {
        return Vec::new();
    };
    let mover = before.to_move();
    let line_words = |records: &[MoveRecord]| {
        let plies = records.iter().map(|r| analysis_ply_words(r, mover, names));
        Arg::Text(Text::clauses(plies))
    };
    if let Some((plies, seeds)) = first_lead(&best, &played) {
        let shown = |line: &[MoveRecord]| line.len().min(plies);
        let mut words = vec![Text::message(
            "analysis-why",
            [("line", line_words(&best[..shown(&best)]))],
        )];
        words.push(Text::message(
            "analysis-punished",
            [
                (
                    "line",
                    punishing_words(&played[..shown(&played)], mover, names),
                ),
                ("plies", Arg::number(plies as i64)),
                ("seeds", Arg::number(i64::from(seeds))),
            ],
        ));
        return words;
    }
    vec![Text::message(
        "analysis-why-later",
        [("plies", Arg::number(best.len().max(played.len()) as i64))],
    )]
}

/// The played move's line as the words show it: the move and the first reply, then only the moves that
/// take seeds or end the round, "…" for the quiet ones between (what it is worse off by is in those).
fn punishing_words(line: &[MoveRecord], mover: Player, names: &Names) -> Arg {
    let mut parts = Vec::new();
    let mut skipped = false;
    for (i, record) in line.iter().enumerate() {
        let telling = i < 2 || record.captures().next().is_some() || record.round_end().is_some();
        if !telling {
            skipped = true;
            continue;
        }
        if std::mem::take(&mut skipped) {
            parts.push(Text::message("analysis-line-quiet", []));
        }
        parts.push(analysis_ply_words(record, mover, names));
    }
    if skipped {
        parts.push(Text::message("analysis-line-quiet", []));
    }
    Arg::Text(Text::clauses(parts))
}

/// `houses` played one after another from `position`: `None` if one of them is not legal there.
fn played_out(position: &Position, houses: &[House]) -> Option<Vec<MoveRecord>> {
    let mut at = *position;
    let mut records = Vec::with_capacity(houses.len());
    for house in houses {
        let record = at.play(*house).ok()?;
        at = record.after;
        records.push(record);
    }
    (!records.is_empty()).then_some(records)
}

/// One move of a mistake's line: "house 9, taking 4 seeds" for the mover's own, "bob's 7" for the
/// other player's.
fn analysis_ply_words(record: &MoveRecord, mover: Player, names: &Names) -> Text {
    let what = takes_words(record);
    let ends = Arg::number(i64::from(record.round_end().is_some()));
    let house = ("house", Arg::number(record.house.label()));
    match record.mover == mover {
        true => Text::message(
            "analysis-line-own",
            [house, ("what", Arg::Text(what)), ("ends", ends)],
        ),
        false => Text::message(
            "analysis-line-other",
            [
                house,
                ("player", Arg::player(names.get(record.mover))),
                ("what", Arg::Text(what)),
                ("ends", ends),
            ],
        ),
    }
}
