//! What a picture shows, decided apart from how it is drawn: the board, the marks of a move, and two lines
//! of words. [`from_view`] builds the scene of a board picture; the GIF builds one per frame. The
//! screen-reader description is written from the same scene, so the words and the picture agree.

use super::palette::colour_name;
use super::view::MatchView;
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

fn text(s: impl Into<String>) -> Span {
    Span::Text(s.into())
}

/// A ring around a house with a short tag on it ("start", "end", "lap 2 ends").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    pub house: House,
    pub tag: String,
}

/// Everything one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    pub names: ByPlayer<&'a str>,
    pub round: u32,
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
    pub territory_map: Option<(Territory, &'static str)>,
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

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
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
fn turn_line(position: &Position, player: Player) -> Line {
    let fresh = position.board() == [4; 12] && position.stores() == ByPlayer::new(0, 0);
    let what = if fresh {
        " starts: pick one of your "
    } else {
        " to move: pick one of your "
    };
    vec![
        Span::Name(player),
        text(format!("{what}{} houses", colour_name(player))),
    ]
}

/// The scene of a board picture.
pub fn from_view<'a>(view: &MatchView<'a>) -> Scene<'a> {
    let position = view.position;
    let mut scene = Scene {
        names: view.names,
        round: view.round,
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
            Some(w) => vec![Span::Name(w), text(" wins the match!")],
            None => vec![text("The match is drawn")],
        };
        let loser = result.winner.map(Player::other);
        *second = match (result.reason, loser) {
            (MatchEnd::WholeBoard, Some(l)) => vec![Span::Name(l), text(" has no houses left")],
            (MatchEnd::Target, Some(l)) => {
                let winner = l.other();
                let houses = view
                    .round_summary
                    .map_or(position.territory(), |s| s.territory_after)
                    .houses_of(winner);
                vec![
                    Span::Name(winner),
                    text(format!(" reached the target with {houses} houses")),
                ]
            }
            (MatchEnd::Resignation, Some(l)) => vec![Span::Name(l), text(" resigned")],
            (MatchEnd::Timeout, Some(l)) => vec![Span::Name(l), text(" ran out of time")],
            (MatchEnd::Agreement, _) => vec![text("both players agreed to a draw")],
            (MatchEnd::Adjudicated, _) => vec![text("scored by the houses owned: time was up")],
            (MatchEnd::RoundLimit, _) => vec![text(format!(
                "the round limit: {} rounds played",
                view.round_summary.map_or(view.round, |s| s.round)
            ))],
            (_, None) => vec![text("six houses each")],
        };
        scene.territory_map = view
            .round_summary
            .map(|s| (s.territory_after, "final houses"));
    } else if let Some(summary) = view.round_summary {
        let (s, n) = (summary.stores.south, summary.stores.north);
        *first = match summary.winner {
            Some(w) => vec![
                text(format!("Round {} to ", summary.round)),
                Span::Name(w),
                text(format!(": {} seeds to {}", s.max(n), s.min(n))),
            ],
            None => vec![text(format!(
                "Round {} drawn: {s} seeds each",
                summary.round
            ))],
        };
        let next = summary.territory_after;
        *second = vec![
            text("Next: "),
            Span::Name(Player::South),
            text(format!(" {}, ", next.houses_of(Player::South))),
            Span::Name(Player::North),
            text(format!(" {} houses · ", next.houses_of(Player::North))),
            Span::Name(summary.starter.other()),
            text(" starts"),
        ];
        scene.territory_map = Some((next, "next round"));
    } else {
        if let Some(record) = marked {
            *first = move_line(record);
        } else if position.board() == [4; 12] && position.stores() == ByPlayer::new(0, 0) {
            *first = vec![text(format!(
                "Round {}: sow anticlockwise, make fours, win houses",
                view.round
            ))];
        } else {
            *first = vec![text(format!("Round {}", view.round))];
        }
        let mover = position.to_move();
        *second = match marked.and_then(|r| r.passes().next()) {
            Some(passer) => vec![
                Span::Name(passer),
                text(" has no seeds and passes: "),
                Span::Name(mover),
                text(" again"),
            ],
            None => turn_line(position, mover),
        };
    }
    if let Some(note) = view.note {
        scene.lines[1] = vec![text(note)];
    }
    scene
}

/// Start and end rings and the capture badges of `record`.
fn mark_move(scene: &mut Scene, record: &MoveRecord) {
    let end = last_sown(&record.events);
    if end == Some(record.house) {
        scene.rings.push(Ring {
            house: record.house,
            tag: "start · end".into(),
        });
    } else {
        scene.rings.push(Ring {
            house: record.house,
            tag: "start".into(),
        });
        if let Some(end) = end {
            scene.rings.push(Ring {
                house: end,
                tag: "end".into(),
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

/// "Ama sowed house 3: 4 laps, took 8 · Kofi took 4".
pub fn move_line(record: &MoveRecord) -> Line {
    let mut line = vec![
        Span::Name(record.mover),
        text(format!(
            " sowed house {}: {}",
            record.house,
            plural(record.laps(), "lap", "laps")
        )),
    ];
    let mut taken = ByPlayer::new(0u32, 0u32);
    for c in record.captures() {
        *taken.get_mut(c.player) += c.seeds as u32;
    }
    let mover_took = taken.get(record.mover);
    let other_took = taken.get(record.mover.other());
    if mover_took > 0 {
        line.push(text(format!(", took {mover_took}")));
    }
    if other_took > 0 {
        line.push(text(" · "));
        line.push(Span::Name(record.mover.other()));
        line.push(text(format!(" got {other_took}")));
    }
    if mover_took == 0 && other_took == 0 {
        line.push(text(", no capture"));
    }
    line
}

/// A capture told in words: "House 7 made four: Kofi takes them".
pub fn capture_line(capture: &namnam_game::Capture) -> Line {
    let four = capture.houses[0];
    match capture.kind {
        CaptureKind::MidLap => vec![
            text(format!("House {four} made four: its owner ")),
            Span::Name(capture.player),
            text(" takes them"),
        ],
        CaptureKind::LastSeed => vec![
            text(format!("Last seed made four in house {four}: ")),
            Span::Name(capture.player),
            text(" takes them"),
        ],
        CaptureKind::Chain => vec![
            text(format!("Four in house {four} and a chain: ")),
            Span::Name(capture.player),
            text(format!(" takes {}", capture.seeds)),
        ],
    }
}

/// The screen-reader description of a scene.
pub fn describe(scene: &Scene) -> String {
    let who = |p: Player| {
        format!(
            "{} ({}, {}) owns houses {}, store {}",
            scene.names.get(p),
            p.name(),
            colour_name(p),
            owned_ranges(scene.territory, p),
            scene.stores.get(p)
        )
    };
    let houses: Vec<String> = scene.board.iter().map(|s| s.to_string()).collect();
    let mut d = format!(
        "Nam-nam board, round {}. {}. {}. Seeds in houses 1 to 12: {}.",
        scene.round,
        who(Player::North),
        who(Player::South),
        houses.join(", ")
    );
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
        names: ByPlayer::new("Ama", "Kofi"),
        round: 1,
        position,
        last_move,
        round_summary: None,
        result: None,
        note: None,
    };
    f(&from_view(&view(&opening, None)));
    f(&from_view(&view(&record.after, Some(&record))));
}
