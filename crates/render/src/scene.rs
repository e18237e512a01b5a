//! What a picture shows, decided apart from how it is drawn: the board, the marks of a move, and two lines
//! of words. [`from_view`] builds the scene of a board picture; the GIF builds one per frame. The
//! screen-reader description is written from the same scene, so the words and the picture agree.

use super::view::{Heading, MatchView};
use super::words::{marker, number, of_marker, say, Arg, Language};
use namnam_game::{
    ByPlayer, CaptureKind, House, MatchEnd, MoveEvent, MoveRecord, Player, Position, Territory,
};

/// A piece of a status line: plain words, or a player's name drawn in a pill of their colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Span {
    Text(String),
    Name(Player),
}

/// One status line.
pub type Line = Vec<Span>;

/// A ring around a house with a short tag on it ("start", "end", "lap 2 ends").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    pub house: House,
    pub tag: String,
}

/// The caption of the small map of houses beside the status lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapCaption {
    NextRound,
    Final,
}

impl MapCaption {
    pub fn words(self, language: Language) -> String {
        let id = match self {
            MapCaption::NextRound => "picture-map-next",
            MapCaption::Final => "picture-map-final",
        };
        say(language, id, &[])
    }
}

/// Everything one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The language of every word drawn and of the description.
    pub language: Language,
    pub names: ByPlayer<&'a str>,
    pub heading: Heading,
    pub board: [u8; 12],
    pub stores: ByPlayer<u8>,
    pub territory: Territory,
    /// Whose turn the bars show; `None` when the match is over.
    pub turn: Option<Player>,
    pub rings: Vec<Ring>,
    /// Seeds taken from each house during the move shown, by each player.
    pub captured: [ByPlayer<u8>; 12],
    pub lines: [Line; 2],
    /// A small map of the houses beside the lines, with its caption: next round's territory, or the
    /// final one when the match is over.
    pub territory_map: Option<(Territory, MapCaption)>,
}

impl Scene<'_> {
    /// The status lines as plain text, names written out.
    pub fn line_text(&self, line: &Line) -> String {
        line.iter()
            .map(|s| match s {
                Span::Text(t) => t.clone(),
                Span::Name(p) => self.names.get(*p).to_string(),
            })
            .collect()
    }
}

/// Message `id` of the pictures' words as a status line: `names` are the arguments that stand for players, drawn as their pills.
pub fn line(language: Language, id: &str, args: &[(&str, Arg)], names: &[(&str, Player)]) -> Line {
    let mut all: Vec<(&str, Arg)> = names
        .iter()
        .map(|&(name, player)| (name, Arg::Text(marker(player).to_string())))
        .collect();
    all.extend(args.iter().cloned());
    let said = say(language, id, &all);
    let mut spans = Vec::new();
    let mut words = String::new();
    for c in said.chars() {
        match of_marker(c) {
            Some(player) => {
                if !words.is_empty() {
                    spans.push(Span::Text(std::mem::take(&mut words)));
                }
                spans.push(Span::Name(player));
            }
            None => words.push(c),
        }
    }
    if !words.is_empty() {
        spans.push(Span::Text(words));
    }
    spans
}

/// The houses `player` owns, as label ranges in sowing order: "1–7", "7–12, 1–3".
pub fn owned_ranges(territory: Territory, player: Player) -> String {
    let owned: Vec<u8> = House::all()
        .filter(|&h| territory.owner(h) == player)
        .map(House::label)
        .collect();
    // Runs of consecutive labels; an arc that wraps past 12 is two runs, the one from 7 up written first.
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for l in owned {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == l => *end = l,
            _ => runs.push((l, l)),
        }
    }
    if runs.len() == 2 && runs[0].0 == 1 && runs[1].1 == 12 {
        runs.swap(0, 1);
    }
    runs.iter()
        .map(|&(a, b)| {
            if a == b {
                format!("{a}")
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The last house a seed fell into.
pub fn last_sown(events: &[MoveEvent]) -> Option<House> {
    events.iter().rev().find_map(|e| match e {
        MoveEvent::Sow { house, .. } => Some(*house),
        _ => None,
    })
}

/// Does the view's position show the board right after `record` (so its marks belong on it)?
fn shows_after(position: &Position, record: &MoveRecord) -> bool {
    record.after.territory() == position.territory() && record.after.board() == position.board()
}

/// The "X to move" line.
fn turn_line(language: Language, position: &Position, player: Player) -> Line {
    let fresh = position.board() == [4; 12] && position.stores() == ByPlayer::new(0, 0);
    let id = match (fresh, player) {
        (true, Player::South) => "picture-starts-south",
        (true, Player::North) => "picture-starts-north",
        (false, Player::South) => "picture-turn-south",
        (false, Player::North) => "picture-turn-north",
    };
    line(language, id, &[], &[("player", player)])
}

/// The scene of a board picture.
pub fn from_view<'a>(view: &MatchView<'a>) -> Scene<'a> {
    let position = view.position;
    let language = view.language;
    let mut scene = Scene {
        language,
        names: view.names,
        heading: view.heading,
        board: position.board(),
        stores: position.stores(),
        territory: position.territory(),
        turn: view.result.is_none().then(|| position.to_move()),
        rings: Vec::new(),
        captured: [ByPlayer::new(0, 0); 12],
        lines: [Vec::new(), Vec::new()],
        territory_map: None,
    };
    let marked = view.last_move.filter(|r| shows_after(position, r));
    if let Some(record) = marked {
        mark_move(&mut scene, record);
    }

    let [first, second] = &mut scene.lines;
    if let Some(result) = view.result {
        *first = match result.winner {
            Some(w) => line(language, "picture-match-won", &[], &[("winner", w)]),
            None => line(language, "picture-match-drawn", &[], &[]),
        };
        let loser = result.winner.map(Player::other);
        let lost = |id, loser| line(language, id, &[], &[("loser", loser)]);
        *second = match (result.reason, loser) {
            (MatchEnd::WholeBoard, Some(l)) => lost("picture-end-whole-board", l),
            (MatchEnd::Target, Some(l)) => {
                let winner = l.other();
                let houses = view
                    .round_summary
                    .map_or(position.territory(), |s| s.territory_after)
                    .houses_of(winner);
                line(
                    language,
                    "picture-end-target",
                    &[("count", number(houses))],
                    &[("winner", winner)],
                )
            }
            (MatchEnd::Resignation, Some(l)) => lost("picture-end-resignation", l),
            (MatchEnd::Timeout, Some(l)) => lost("picture-end-timeout", l),
            (MatchEnd::Agreement, _) => line(language, "picture-end-agreement", &[], &[]),
            (MatchEnd::Adjudicated, _) => line(language, "picture-end-adjudicated", &[], &[]),
            (MatchEnd::RoundLimit, _) => line(
                language,
                "picture-end-round-limit",
                &[(
                    "count",
                    number(
                        view.round_summary
                            .map(|s| s.round)
                            .or(view.heading.round())
                            .unwrap_or(0),
                    ),
                )],
                &[],
            ),
            (_, None) => line(language, "picture-end-even", &[], &[]),
        };
        scene.territory_map = view
            .round_summary
            .map(|s| (s.territory_after, MapCaption::Final));
    } else if let Some(summary) = view.round_summary {
        let (s, n) = (summary.stores.south, summary.stores.north);
        let round = ("round", number(summary.round));
        *first = match summary.winner {
            Some(w) => line(
                language,
                "picture-round-won",
                &[
                    round,
                    ("count", number(s.max(n))),
                    ("fewer", number(s.min(n))),
                ],
                &[("winner", w)],
            ),
            None => line(
                language,
                "picture-round-drawn",
                &[round, ("count", number(s))],
                &[],
            ),
        };
        let next = summary.territory_after;
        *second = line(
            language,
            "picture-round-next",
            &[
                ("south_houses", number(next.houses_of(Player::South))),
                ("count", number(next.houses_of(Player::North))),
            ],
            &[
                ("south", Player::South),
                ("north", Player::North),
                ("starter", summary.starter.other()),
            ],
        );
        scene.territory_map = Some((next, MapCaption::NextRound));
    } else {
        *first = match (marked, view.heading) {
            (Some(record), _) => move_line(language, record),
            (None, Heading::Puzzle) => line(language, "picture-puzzle-task", &[], &[]),
            (None, Heading::Lesson) => line(language, "picture-lesson-task", &[], &[]),
            (None, Heading::Round(round)) => {
                let round = [("round", number(round))];
                if position.board() == [4; 12] && position.stores() == ByPlayer::new(0, 0) {
                    line(language, "picture-opening", &round, &[])
                } else {
                    line(language, "picture-round", &round, &[])
                }
            }
        };
        let mover = position.to_move();
        *second = match marked.and_then(|r| r.passes().next()) {
            Some(passer) => line(
                language,
                "picture-pass",
                &[],
                &[("other", passer), ("player", mover)],
            ),
            None if position.since_capture() >= super::view::STALL_SHOWN_FROM => line(
                language,
                "picture-turn-stall",
                &[
                    ("count", number(position.since_capture())),
                    ("limit", number(namnam_game::STALL_MOVES)),
                ],
                &[("player", mover)],
            ),
            None => turn_line(language, position, mover),
        };
    }
    if let Some(note) = view.note {
        scene.lines[1] = vec![Span::Text(note.to_owned())];
    }
    scene
}

/// Start and end rings and the capture badges of `record`.
fn mark_move(scene: &mut Scene, record: &MoveRecord) {
    let end = last_sown(&record.events);
    let tag = |id| say(scene.language, id, &[]);
    if end == Some(record.house) {
        scene.rings.push(Ring {
            house: record.house,
            tag: tag("picture-tag-start-end"),
        });
    } else {
        scene.rings.push(Ring {
            house: record.house,
            tag: tag("picture-tag-start"),
        });
        if let Some(end) = end {
            scene.rings.push(Ring {
                house: end,
                tag: tag("picture-tag-end"),
            });
        }
    }
    let captured = &mut scene.captured;
    walk(record, |event, board| {
        if let MoveEvent::Capture(c) = event {
            add_capture(captured, board, c);
        }
    });
}

/// Adds a capture's seeds, house by house, to `captured`; `board` is the board just before the capture
/// (the events give only the total, and a chain's houses hold 2 or 3 each).
pub fn add_capture(
    captured: &mut [ByPlayer<u8>; 12],
    board: &[u8; 12],
    capture: &namnam_game::Capture,
) {
    for h in &capture.houses {
        *captured[h.index()].get_mut(capture.player) += board[h.index()];
    }
}

/// Follows a move's events on the board, seed by seed, calling `at` with the board as each event happens
/// (before a capture empties its houses).
pub fn walk(record: &MoveRecord, mut at: impl FnMut(&MoveEvent, &[u8; 12])) {
    let mut board = record.before.board();
    for event in &record.events {
        at(event, &board);
        match event {
            MoveEvent::Lap { house, .. } => board[house.index()] = 0,
            MoveEvent::Sow { house, count } => board[house.index()] = *count,
            MoveEvent::Capture(c) => c.houses.iter().for_each(|h| board[h.index()] = 0),
            MoveEvent::Pass { .. } | MoveEvent::RoundEnd { .. } => {}
        }
    }
}

/// "Ama sowed house 3: 4 laps, took 8 · Kofi got 4".
pub fn move_line(language: Language, record: &MoveRecord) -> Line {
    let mut taken = ByPlayer::new(0u32, 0u32);
    for c in record.captures() {
        *taken.get_mut(c.player) += c.seeds as u32;
    }
    let mover_took = taken.get(record.mover);
    let other_took = taken.get(record.mover.other());
    let id = match (mover_took > 0, other_took > 0) {
        (false, false) => "picture-move-quiet",
        (true, false) => "picture-move-took",
        (false, true) => "picture-move-gave",
        (true, true) => "picture-move-both",
    };
    line(
        language,
        id,
        &[
            ("house", number(record.house.label())),
            ("count", number(record.laps() as i64)),
            ("took", number(mover_took)),
            ("got", number(other_took)),
        ],
        &[("player", record.mover), ("other", record.mover.other())],
    )
}

/// A capture told in words: "House 7 made four: its owner Kofi takes them".
pub fn capture_line(language: Language, capture: &namnam_game::Capture) -> Line {
    let id = match capture.kind {
        CaptureKind::MidLap => "picture-capture-mid-lap",
        CaptureKind::LastSeed => "picture-capture-last-seed",
        CaptureKind::Chain => "picture-capture-chain",
    };
    line(
        language,
        id,
        &[
            ("house", number(capture.houses[0].label())),
            ("count", number(capture.seeds)),
        ],
        &[("player", capture.player)],
    )
}

/// The screen-reader description of a scene.
pub fn describe(scene: &Scene) -> String {
    let language = scene.language;
    let who = |p: Player| {
        let count = scene.territory.houses_of(p);
        let id = match (p, count) {
            (Player::South, 0) => "picture-who-south-none",
            (Player::North, 0) => "picture-who-north-none",
            (Player::South, _) => "picture-who-south",
            (Player::North, _) => "picture-who-north",
        };
        say(
            language,
            id,
            &[
                ("name", Arg::Text(scene.names.get(p).to_string())),
                ("count", number(count)),
                ("houses", Arg::Text(owned_ranges(scene.territory, p))),
                ("store", number(scene.stores.get(p))),
            ],
        )
    };
    let houses: Vec<String> = scene.board.iter().map(|s| s.to_string()).collect();
    let mut args = vec![
        ("north", Arg::Text(who(Player::North))),
        ("south", Arg::Text(who(Player::South))),
        ("seeds", Arg::Text(houses.join(", "))),
    ];
    let id = match scene.heading {
        Heading::Round(round) => {
            args.push(("round", number(round)));
            "picture-about-board"
        }
        Heading::Puzzle => "picture-about-puzzle",
        Heading::Lesson => "picture-about-lesson",
    };
    let mut d = say(language, id, &args);
    for line in &scene.lines {
        let t = scene.line_text(line);
        if !t.is_empty() {
            d.push(' ');
            d.push_str(&t);
            if !t.ends_with(['.', '!', ':']) {
                d.push('.');
            }
        }
    }
    d
}

/// Calls `f` with the scenes the board's Huffman code is trained on: an opening, and the board after a
/// four-lap move with three captures (the benchmark's busy board).
pub(crate) fn with_samples(mut f: impl FnMut(&Scene)) {
    use namnam_game::{House, RawPosition, Rules};
    let opening = Position::opening(Player::South, Rules::default());
    let busy = Position::try_from(RawPosition {
        territory: 6,
        board: vec![1, 10, 2, 9, 0, 2, 0, 0, 9, 1, 3, 3],
        stores: vec![0, 8],
        to_move: Player::North,
        starter: Player::South,
        since_capture: 0,
        rules: Rules::default(),
    })
    .expect("a valid position");
    let record = busy
        .play(House::from_label(11).expect("a label"))
        .expect("a legal move");
    let view = |position, last_move| MatchView {
        language: Language::English,
        names: ByPlayer::new("Ama", "Kofi"),
        heading: crate::Heading::Round(1),
        position,
        last_move,
        round_summary: None,
        result: None,
        note: None,
    };
    f(&from_view(&view(&opening, None)));
    f(&from_view(&view(&record.after, Some(&record))));
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::Player;

    #[test]
    fn names_become_pills_where_the_language_puts_them() {
        let pass = |language| {
            line(
                language,
                "picture-pass",
                &[],
                &[("other", Player::North), ("player", Player::South)],
            )
        };
        let english = pass(Language::English);
        assert_eq!(english.first(), Some(&Span::Name(Player::North)));
        assert!(english.contains(&Span::Name(Player::South)));
        assert_eq!(
            pass(Language::French)[1],
            Span::Text(" n'a plus de graines et passe : ".into())
        );
    }
}
