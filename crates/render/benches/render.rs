//! Speed of the pictures: drawing and encoding one board PNG (issue 19's target: median ≤ 1.0 ms of CPU
//! time for a busy board), and the animated GIF of a five-lap move (≤ 8 ms). Run with
//! `cargo bench --bench render`; `-- cpu:` for the CPU-time cases alone.
//!
//! Before and after in one run: `board_png` is built from cached tiles; the `before:` cases are the
//! earlier paths, kept hidden in the library: the whole board drawn and written as a full-colour PNG (the
//! renderer before issue 19), the whole board drawn and written as an indexed PNG through zlib (its first
//! step), and the GIF with every frame drawn whole. The tiled cases say what is in the cache: nothing
//! (a first picture), everything but the status lines (a move: its words are new, its houses seldom), or
//! everything (the same board again).
//!
//! The same board in French and in English (issue 32): each language's board PNG, its median size over
//! the boards of a sample round and its draw time with the status lines drawn, side by side in one run.
//!
//! Each case is measured twice: in wall-clock time (criterion's default) and in the CPU time of the
//! benchmark's thread. The machine is shared, and under load the wall clock also counts the time the
//! thread waits for a core; the CPU time is what one picture costs.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use namnam_game::{ByPlayer, House, MoveRecord, Player, Position, RawPosition, Rules};
use namnam_render::{board_png, move_gif, Language, MatchView};
use std::hint::black_box;

fn position(board: [i64; 12], stores: [i64; 2], territory: i64, to_move: Player) -> Position {
    Position::try_from(RawPosition {
        territory,
        board: board.to_vec(),
        stores: stores.to_vec(),
        to_move,
        starter: Player::South,
        since_capture: 0,
        rules: Rules::default(),
    })
    .expect("a valid position")
}

/// North's house 11 here: four laps and three captures, a busy board to draw.
fn busy_move() -> MoveRecord {
    let before = position(
        [1, 10, 2, 9, 0, 2, 0, 0, 9, 1, 3, 3],
        [0, 8],
        6,
        Player::North,
    );
    before.play(House::from_label(11).unwrap()).unwrap()
}

/// South opens with house 1: five laps (rules.md §9.1).
fn five_laps() -> MoveRecord {
    let record = Position::opening(Player::South, Rules::default())
        .play(House::from_label(1).unwrap())
        .unwrap();
    assert_eq!(record.laps(), 5);
    record
}

/// The moves of one round played by a fixed pseudo-random choice of houses, for boards of every kind: a
/// quiet move, a capture, long and short moves.
fn sample_round() -> Vec<MoveRecord> {
    let mut position = Position::opening(Player::South, Rules::default());
    let mut seed = 12_345u32;
    let mut moves = Vec::new();
    while !position.is_round_over() && moves.len() < 80 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let first = (seed >> 16) as i64 % 12;
        let Some(record) = (0..12)
            .map(|k| House::from_label((first + k) % 12 + 1).expect("a label"))
            .find_map(|h| position.play(h).ok())
        else {
            break;
        };
        position = record.after;
        moves.push(record);
    }
    moves
}

fn median(mut values: Vec<usize>) -> usize {
    values.sort_unstable();
    values[values.len() / 2]
}

fn view<'a>(record: &'a MoveRecord) -> MatchView<'a> {
    in_language(record, Language::English)
}

fn in_language(record: &MoveRecord, language: Language) -> MatchView<'_> {
    MatchView {
        language,
        names: ByPlayer::new("Ama", "Kofi"),
        heading: namnam_render::Heading::Round(1),
        position: &record.after,
        last_move: Some(record),
        round_summary: None,
        result: None,
        note: None,
    }
}

/// The CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`).
struct ThreadCpu;

fn thread_cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Millis
    }
}

/// Shows nanoseconds as CPU milliseconds.
struct Millis;

impl ValueFormatter for Millis {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms (cpu)"
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        _t: &Throughput,
        _values: &mut [f64],
    ) -> &'static str {
        "ns (cpu)"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn bench(c: &mut Criterion) {
    cases(c, "wall");
}

fn bench_cpu(c: &mut Criterion<ThreadCpu>) {
    cases(c, "cpu");
}

fn cases<M: Measurement + 'static>(c: &mut Criterion<M>, clock: &str) {
    use namnam_render::{board_png_untiled, clear_tile_cache, move_gif_untiled};
    let busy = busy_move();
    let png = board_png(&view(&busy));
    println!("board PNG after a busy move: {} bytes", png.bytes.len());
    let before = board_png_untiled(&view(&busy), true);
    println!(
        "before: full-colour board PNG after a busy move: {} bytes",
        before.bytes.len()
    );
    c.bench_function(
        &format!("{clock}: before: board_png full colour, drawn whole (busy board)"),
        |b| b.iter(|| board_png_untiled(black_box(&view(&busy)), true)),
    );
    c.bench_function(
        &format!("{clock}: before: board_png indexed, drawn whole (busy board)"),
        |b| b.iter(|| board_png_untiled(black_box(&view(&busy)), false)),
    );
    c.bench_function(
        &format!("{clock}: board_png, no tile cached (busy board)"),
        |b| {
            b.iter(|| {
                clear_tile_cache(false);
                board_png(black_box(&view(&busy)))
            })
        },
    );
    c.bench_function(
        &format!("{clock}: board_png, status lines drawn (busy board)"),
        |b| {
            b.iter(|| {
                clear_tile_cache(true);
                board_png(black_box(&view(&busy)))
            })
        },
    );
    let round = sample_round();
    for language in Language::ALL {
        let code = language.code();
        let sizes = round
            .iter()
            .map(|r| board_png(&in_language(r, language)).bytes.len())
            .collect::<Vec<_>>();
        println!(
            "{code}: board PNG after the busy move: {} bytes; median over the {} boards of the sample round: {} bytes",
            board_png(&in_language(&busy, language)).bytes.len(),
            sizes.len(),
            median(sizes)
        );
        c.bench_function(
            &format!("{clock}: {code}: board_png, status lines drawn (busy board)"),
            |b| {
                b.iter(|| {
                    clear_tile_cache(true);
                    board_png(black_box(&in_language(&busy, language)))
                })
            },
        );
        c.bench_function(
            &format!(
                "{clock}: {code}: board_png, status lines drawn (each board of the sample round)"
            ),
            |b| {
                b.iter(|| {
                    for record in &round {
                        clear_tile_cache(true);
                        board_png(black_box(&in_language(record, language)));
                    }
                })
            },
        );
    }
    c.bench_function(
        &format!("{clock}: board_png (draw + encode, busy board)"),
        |b| b.iter(|| board_png(black_box(&view(&busy)))),
    );
    let opening = Position::opening(Player::South, Rules::default());
    c.bench_function(
        &format!("{clock}: board_png (draw + encode, opening)"),
        |b| {
            b.iter(|| {
                board_png(black_box(&MatchView {
                    language: Language::English,
                    names: ByPlayer::new("Ama", "Kofi"),
                    heading: namnam_render::Heading::Round(1),
                    position: &opening,
                    last_move: None,
                    round_summary: None,
                    result: None,
                    note: None,
                }))
            })
        },
    );
    let five = five_laps();
    let gif = move_gif(&view(&five), &five);
    println!("GIF of a five-lap move: {} bytes", gif.bytes.len());
    c.bench_function(
        &format!("{clock}: before: move_gif drawn whole (five laps)"),
        |b| b.iter(|| move_gif_untiled(black_box(&view(&five)), black_box(&five))),
    );
    c.bench_function(
        &format!("{clock}: move_gif, status lines drawn (five laps)"),
        |b| {
            b.iter(|| {
                clear_tile_cache(true);
                move_gif(black_box(&view(&five)), black_box(&five))
            })
        },
    );
    c.bench_function(&format!("{clock}: move_gif (five laps)"), |b| {
        b.iter(|| move_gif(black_box(&view(&five)), black_box(&five)))
    });
    let gif = move_gif(&view(&busy), &busy);
    println!(
        "GIF of a four-lap move with three captures: {} bytes",
        gif.bytes.len()
    );
    c.bench_function(
        &format!("{clock}: move_gif (four laps, three captures)"),
        |b| b.iter(|| move_gif(black_box(&view(&busy)), black_box(&busy))),
    );
}

criterion_group! {
    name = wall;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu).sample_size(30);
    targets = bench_cpu
}
criterion_main!(wall, cpu);
