//! The animated GIF of a move: the board before it, the end of every lap, every capture, and the final
//! board (drawn exactly as [`super::board_png`] draws it).
//!
//! Frames are drawn with anti-aliasing like the PNG, then each pixel is mapped to the fixed palette
//! through its lookup table ([`GifPalette`]), so no frame is quantised. The first frame is whole; each
//! later one is only the rectangle that changed, LZW-encoded by [`super::lzw`] and written with the `gif`
//! crate. Very long
//! moves keep at most [`MAX_MIDDLE_FRAMES`] frames between the first and the last, and a byte budget keeps
//! every GIF under 10 MiB whatever the frames hold.

use super::draw::{HEIGHT, WIDTH};
use super::lzw;
use super::palette::GifPalette;
use super::scene::line;
use super::scene::{self, add_capture, capture_line, walk, Ring, Scene};
use super::view::{MatchView, Picture};
use super::words::{number, say, Arg};
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use namnam_game::{ByPlayer, EndReason, MoveEvent, MoveRecord, Player};

/// Frames kept between the first and the last on a very long move.
pub const MAX_MIDDLE_FRAMES: usize = 40;
/// No GIF grows past this.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

/// Why a frame is in the animation: it decides how long it shows and which frames a long move drops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Start,
    LapEnd,
    Capture,
    /// The round's end: the seeds still in play go to the stores (rules.md §4).
    HandOut,
    Final,
}

struct KeyFrame<'a> {
    scene: Scene<'a>,
    kind: Kind,
}

/// See the module documentation.
/// `draw` gives a frame's palette indices.
pub fn move_gif(
    view: &MatchView,
    record: &MoveRecord,
    draw: impl Fn(&Scene) -> Vec<u8>,
) -> Picture {
    let frames = select(key_frames(view, record));
    let count = frames.len();
    let bytes = encode(&frames, record.laps(), draw);
    let final_scene = &frames.last().expect("there is always a final frame").scene;
    let first = &frames[0].scene;
    let language = view.language;
    let description = say(
        language,
        "picture-about-animation",
        &[
            ("count", number(count as i64)),
            (
                "move",
                Arg::Text(first.line_text(&scene::move_line(language, record))),
            ),
            ("board", Arg::Text(scene::describe(final_scene))),
        ],
    );
    Picture {
        bytes,
        description,
        width: WIDTH,
        height: HEIGHT,
    }
}

fn key_frames<'a>(view: &MatchView<'a>, record: &MoveRecord) -> Vec<KeyFrame<'a>> {
    let before = &record.before;
    let mover = record.mover;
    let laps = record.laps();
    let language = view.language;
    let start_ring = Ring {
        house: record.house,
        tag: say(language, "picture-tag-start", &[]),
    };
    let base = Scene {
        language,
        names: view.names,
        heading: view.heading,
        board: before.board(),
        stores: before.stores(),
        territory: before.territory(),
        turn: Some(mover),
        rings: vec![start_ring.clone()],
        captured: [ByPlayer::new(0, 0); 12],
        lines: [
            line(
                language,
                "picture-lifts",
                &[
                    ("count", number(before.seeds(record.house))),
                    ("house", number(record.house.label())),
                ],
                &[("player", mover)],
            ),
            line(
                language,
                "picture-sows",
                &[("count", number(before.seeds(record.house)))],
                &[],
            ),
        ],
        territory_map: None,
    };
    let mut frames = vec![KeyFrame {
        scene: base.clone(),
        kind: Kind::Start,
    }];
    let mut state = base;
    let mut lap = 0;
    walk(record, |event, board| match event {
        MoveEvent::Lap { house, seeds } => {
            lap += 1;
            if lap > 1 {
                let mut s = state.clone();
                s.board = *board;
                s.rings = vec![
                    start_ring.clone(),
                    Ring {
                        house: *house,
                        tag: say(
                            language,
                            "picture-tag-lap-ends",
                            &[("count", number(lap as i64 - 1))],
                        ),
                    },
                ];
                let laps = [("lap", number(lap as i64)), ("laps", number(laps as i64))];
                s.lines = [
                    line(
                        language,
                        "picture-lap-ended",
                        &[
                            ("lap", number(lap as i64 - 1)),
                            ("house", number(house.label())),
                            ("count", number(*seeds)),
                        ],
                        &[],
                    ),
                    line(language, "picture-lifts-again", &laps, &[("player", mover)]),
                ];
                frames.push(KeyFrame {
                    scene: s,
                    kind: Kind::LapEnd,
                });
            }
        }
        MoveEvent::Capture(c) => {
            add_capture(&mut state.captured, board, c);
            *state.stores.get_mut(c.player) += c.seeds;
            let mut s = state.clone();
            s.board = *board;
            for h in &c.houses {
                s.board[h.index()] = 0;
            }
            s.lines = [
                capture_line(language, c),
                line(
                    language,
                    "picture-lap-of",
                    &[
                        ("lap", number(lap.max(1) as i64)),
                        ("laps", number(laps as i64)),
                    ],
                    &[],
                ),
            ];
            frames.push(KeyFrame {
                scene: s,
                kind: Kind::Capture,
            });
        }
        MoveEvent::RoundEnd { reason, swept } if swept.south + swept.north > 0 => {
            frames.push(KeyFrame {
                scene: hand_out(&state, *reason, *swept, record.after.to_move()),
                kind: Kind::HandOut,
            });
        }
        _ => {}
    });
    frames.push(KeyFrame {
        scene: scene::from_view(view),
        kind: Kind::Final,
    });
    frames
}

/// The board bared and the stores given what was left in play: the picture after it is already the next
/// round's opening, so without this frame the seeds would jump into the stores unseen.
fn hand_out<'a>(
    state: &Scene<'a>,
    reason: EndReason,
    swept: ByPlayer<u8>,
    next_starter: Player,
) -> Scene<'a> {
    let language = state.language;
    let mut s = state.clone();
    s.board = [0; 12];
    s.stores = ByPlayer::new(s.stores.south + swept.south, s.stores.north + swept.north);
    s.rings = Vec::new();
    // On a bare board the marker names who opens the next round (rules.md §4.4: the finished position's
    // player to move).
    s.turn = Some(next_starter);
    s.captured = [ByPlayer::new(0, 0); 12];
    let first = match reason {
        EndReason::LastSeeds => {
            let taker = if swept.south > 0 {
                Player::South
            } else {
                Player::North
            };
            line(
                language,
                "picture-hand-out-last-seeds",
                &[("count", number(swept.get(taker)))],
                &[("player", taker)],
            )
        }
        EndReason::Stall => line(language, "picture-hand-out-stall", &[], &[]),
        EndReason::Stuck => line(language, "picture-hand-out-stuck", &[], &[]),
    };
    let second = line(
        language,
        "picture-hand-out-stores",
        &[
            ("south_count", number(swept.south)),
            ("north_count", number(swept.north)),
        ],
        &[("south", Player::South), ("north", Player::North)],
    );
    s.lines = [first, second];
    s
}

/// Keeps the first and last frames and at most [`MAX_MIDDLE_FRAMES`] between them: captures first (up to
/// half), then lap ends, each kind spread evenly over the move.
fn select(frames: Vec<KeyFrame>) -> Vec<KeyFrame> {
    let middle = frames
        .iter()
        .filter(|f| matches!(f.kind, Kind::LapEnd | Kind::Capture))
        .count();
    if middle <= MAX_MIDDLE_FRAMES {
        return frames;
    }
    let count = |k| frames.iter().filter(|f| f.kind == k).count();
    let captures = count(Kind::Capture).min(MAX_MIDDLE_FRAMES / 2);
    let laps = (MAX_MIDDLE_FRAMES - captures).min(count(Kind::LapEnd));
    let keep_captures = spread(count(Kind::Capture), captures);
    let keep_laps = spread(count(Kind::LapEnd), laps);
    let (mut ci, mut li) = (0, 0);
    frames
        .into_iter()
        .filter(|f| match f.kind {
            Kind::Start | Kind::HandOut | Kind::Final => true,
            Kind::Capture => {
                ci += 1;
                keep_captures[ci - 1]
            }
            Kind::LapEnd => {
                li += 1;
                keep_laps[li - 1]
            }
        })
        .collect()
}

/// `keep` of `n` flags set, evenly spread, the last one always set.
fn spread(n: usize, keep: usize) -> Vec<bool> {
    let mut flags = vec![false; n];
    for k in 1..=keep {
        flags[k * n / keep - 1] = true;
    }
    flags
}

/// Hundredths of a second each frame shows.
fn delay(kind: Kind, laps: usize) -> u16 {
    match kind {
        Kind::Start => 150,
        Kind::LapEnd if laps > 8 => 70,
        Kind::LapEnd => 110,
        Kind::Capture | Kind::HandOut => 150,
        Kind::Final => 500,
    }
}

/// The largest an LZW-encoded whole frame can be: at most 12 bits a pixel, plus block lengths.
const WORST_FRAME: usize =
    (WIDTH * HEIGHT) as usize * 3 / 2 + (WIDTH * HEIGHT) as usize / 200 + 1024;

fn encode(frames: &[KeyFrame], laps: usize, draw: impl Fn(&Scene) -> Vec<u8>) -> Vec<u8> {
    let palette = GifPalette::get();
    let mut encoder = Encoder::new(
        Vec::with_capacity(256 * 1024),
        WIDTH as u16,
        HEIGHT as u16,
        &palette.rgb_bytes(),
    )
    .expect("writing a GIF header into memory cannot fail");
    encoder
        .set_repeat(Repeat::Infinite)
        .expect("writing into memory cannot fail");
    let mut shown: Option<Vec<u8>> = None;
    let mut pending: Option<Frame<'static>> = None;
    for key in frames {
        let indices = draw(&key.scene);
        let mut frame = match &shown {
            None => Frame::from_indexed_pixels(WIDTH as u16, HEIGHT as u16, indices.clone(), None),
            Some(previous) => match changed_rect(previous, &indices) {
                Some(rect) => crop(previous, &indices, rect, palette.transparent()),
                None => {
                    // Nothing changed: the frame on screen simply stays longer.
                    if let Some(p) = pending.as_mut() {
                        p.delay += delay(key.kind, laps);
                    }
                    continue;
                }
            },
        };
        frame.delay = delay(key.kind, laps);
        frame.dispose = DisposalMethod::Keep;
        frame.buffer = std::borrow::Cow::Owned(lzw::encode(&frame.buffer));
        if key.kind != Kind::Final {
            let written = encoder.get_ref().len();
            let queued = pending.as_ref().map_or(0, |p| p.buffer.len());
            if written + queued + frame.buffer.len() + WORST_FRAME + 4096 > MAX_BYTES {
                continue; // keep room for the final board
            }
        }
        if let Some(p) = pending.take() {
            write(&mut encoder, &p);
        }
        pending = Some(frame);
        shown = Some(indices);
    }
    if let Some(p) = pending {
        write(&mut encoder, &p);
    }
    encoder
        .into_inner()
        .expect("writing into memory cannot fail")
}

fn write(encoder: &mut Encoder<Vec<u8>>, frame: &Frame) {
    encoder
        .write_lzw_pre_encoded_frame(frame)
        .expect("writing into memory cannot fail");
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
}

/// The smallest rectangle holding every pixel that differs, or `None` when none does.
fn changed_rect(a: &[u8], b: &[u8]) -> Option<Rect> {
    let w = WIDTH as usize;
    let mut rect: Option<Rect> = None;
    for (y, (ra, rb)) in a.chunks_exact(w).zip(b.chunks_exact(w)).enumerate() {
        if ra == rb {
            continue;
        }
        let first = ra
            .iter()
            .zip(rb)
            .position(|(p, q)| p != q)
            .expect("rows differ");
        let last = w
            - 1
            - ra.iter()
                .rev()
                .zip(rb.iter().rev())
                .position(|(p, q)| p != q)
                .expect("rows differ");
        rect = Some(match rect {
            None => Rect {
                left: first,
                top: y,
                right: last,
                bottom: y,
            },
            Some(r) => Rect {
                left: r.left.min(first),
                top: r.top,
                right: r.right.max(last),
                bottom: y,
            },
        });
    }
    rect
}

/// The changed rectangle of `indices` as a frame; pixels that did not change are transparent, which
/// gives the LZW coder long runs (half the encoding time and a smaller file).
fn crop(previous: &[u8], indices: &[u8], r: Rect, transparent: u8) -> Frame<'static> {
    let w = WIDTH as usize;
    let (cw, ch) = (r.right - r.left + 1, r.bottom - r.top + 1);
    let mut pixels = Vec::with_capacity(cw * ch);
    for y in r.top..=r.bottom {
        let row = y * w + r.left..=y * w + r.right;
        pixels.extend(
            indices[row.clone()]
                .iter()
                .zip(&previous[row])
                .map(|(&now, &before)| if now == before { transparent } else { now }),
        );
    }
    let mut frame = Frame::from_indexed_pixels(cw as u16, ch as u16, pixels, Some(transparent));
    frame.left = r.left as u16;
    frame.top = r.top as u16;
    frame
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::Position;

    /// A view of `position` in round 1, its names "a" and "b".
    fn view<'a>(position: &'a Position, last_move: Option<&'a MoveRecord>) -> MatchView<'a> {
        MatchView {
            language: crate::Language::English,
            names: ByPlayer::new("a", "b"),
            heading: crate::Heading::Round(1),
            position,
            last_move,
            round_summary: None,
            result: None,
            note: None,
        }
    }

    #[test]
    fn one_seed_is_sown_as_one() {
        use namnam_game::{House, Player, Position, Rules};
        // rules.md §9.8: South's house 6 holds two seeds, house 1 one.
        let p = Position::from_parts(
            6,
            [1, 1, 1, 1, 1, 2, 0, 3, 1, 1, 1, 1],
            [17, 17],
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap();
        let view = view(&p, None);
        let first_lines = |house: i64| {
            let record = p.play(House::from_label(house).unwrap()).unwrap();
            let frames = key_frames(&view, &record);
            let scene = &frames[0].scene;
            format!(
                "{} {}",
                scene.line_text(&scene.lines[0]),
                scene.line_text(&scene.lines[1])
            )
        };
        assert_eq!(
            first_lines(1),
            "a lifts 1 seed from house 1 and sows it in the next house, anticlockwise"
        );
        assert!(first_lines(6)
            .ends_with("2 seeds from house 6 and sows them one by one, anticlockwise"));
    }

    #[test]
    fn a_round_ending_move_draws_the_last_seeds_going_to_the_store() {
        use namnam_game::{House, Player, Position, Rules};
        // rules.md §9.5: North's house 10 makes a four in house 1 for South, and the four seeds left in
        // play (three on the board, one in hand) go to South: 28 / 20. North opened this round, so South
        // opens the next.
        let p = Position::from_parts(
            6,
            [3, 0, 1, 0, 0, 0, 1, 0, 0, 1, 2, 0],
            [20, 20],
            Player::North,
            Player::North,
            Rules::default(),
        )
        .unwrap();
        let record = p.play(House::from_label(10).unwrap()).unwrap();
        let view = MatchView {
            heading: crate::Heading::Round(3),
            ..view(&record.after, Some(&record))
        };
        let frames = key_frames(&view, &record);
        let hand_out: Vec<_> = frames.iter().filter(|f| f.kind == Kind::HandOut).collect();
        assert_eq!(hand_out.len(), 1);
        let scene = &hand_out[0].scene;
        assert_eq!(scene.board, [0; 12]);
        assert_eq!(scene.stores, ByPlayer::new(28, 20));
        assert_eq!(scene.heading, crate::Heading::Round(3));
        assert_eq!(
            scene.turn,
            Some(Player::South),
            "South opens the next round"
        );
        assert_eq!(
            scene.line_text(&scene.lines[0]),
            "4 seeds are left in play: they go to a"
        );
        assert_eq!(scene.line_text(&scene.lines[1]), "Round over: a +4, b +0");
        // It comes after the capture and before the final board.
        let kinds: Vec<Kind> = frames.iter().map(|f| f.kind).collect();
        let at = kinds.iter().position(|&k| k == Kind::HandOut).unwrap();
        assert_eq!(kinds[at - 1], Kind::Capture);
        assert_eq!(kinds[at + 1], Kind::Final);
        // A move that does not end the round has none.
        let opening = Position::opening(Player::South, Rules::default());
        let quiet = opening.play(House::from_label(3).unwrap()).unwrap();
        let frames = key_frames(&view, &quiet);
        assert!(frames.iter().all(|f| f.kind != Kind::HandOut));
    }

    #[test]
    fn spread_keeps_evenly_and_the_last() {
        assert_eq!(spread(4, 2), vec![false, true, false, true]);
        assert_eq!(spread(3, 3), vec![true, true, true]);
        assert_eq!(spread(5, 0), vec![false; 5]);
    }

    #[test]
    fn a_very_long_move_keeps_the_ends_half_captures_and_spread_laps() {
        use namnam_game::{Player, Position, Rules};
        let p = Position::opening(Player::South, Rules::default());
        let view = view(&p, None);
        let frame = |kind| KeyFrame {
            scene: scene::from_view(&view),
            kind,
        };
        let mut frames = vec![frame(Kind::Start)];
        for i in 0..90 {
            frames.push(frame(if i % 3 == 0 {
                Kind::Capture
            } else {
                Kind::LapEnd
            }));
        }
        frames.push(frame(Kind::Final));
        let kept = select(frames);
        assert_eq!(kept.len(), 2 + MAX_MIDDLE_FRAMES);
        assert_eq!(kept[0].kind, Kind::Start);
        assert_eq!(kept.last().unwrap().kind, Kind::Final);
        let captures = kept.iter().filter(|f| f.kind == Kind::Capture).count();
        assert_eq!(captures, MAX_MIDDLE_FRAMES / 2);
    }

    #[test]
    fn changed_rect_bounds_the_differences() {
        let w = WIDTH as usize;
        let a = vec![0u8; w * 4];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b), None);
        b[w + 5] = 1;
        b[3 * w + 2] = 1;
        assert_eq!(
            changed_rect(&a, &b),
            Some(Rect {
                left: 2,
                top: 1,
                right: 5,
                bottom: 3
            })
        );
    }
}
