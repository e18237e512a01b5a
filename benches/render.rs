//! Speed of the pictures (issue 3): drawing and encoding one board PNG (target: median ≤ 5 ms), and the
//! animated GIF of a five-lap move (target: ≤ 60 ms). Run with `cargo bench --bench render`.

use criterion::{criterion_group, criterion_main, Criterion};
use namnam::game::{ByPlayer, House, MoveRecord, Player, Position, RawPosition, Rules};
use namnam::render::{board_png, move_gif, MatchView};
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

/// South opens with house 1: five laps (RULES §9, example 1).
fn five_laps() -> MoveRecord {
    let record = Position::opening(Player::South, Rules::default())
        .play(House::from_label(1).unwrap())
        .unwrap();
    assert_eq!(record.laps(), 5);
    record
}

fn view<'a>(record: &'a MoveRecord) -> MatchView<'a> {
    MatchView {
        names: ByPlayer::new("Ama", "Kofi"),
        round: 1,
        position: &record.after,
        last_move: Some(record),
        round_summary: None,
        result: None,
    }
}

fn bench(c: &mut Criterion) {
    let busy = busy_move();
    let png = board_png(&view(&busy));
    println!("board PNG after a busy move: {} bytes", png.bytes.len());
    c.bench_function("board_png (draw + encode, busy board)", |b| {
        b.iter(|| board_png(black_box(&view(&busy))))
    });
    let opening = Position::opening(Player::South, Rules::default());
    c.bench_function("board_png (draw + encode, opening)", |b| {
        b.iter(|| {
            board_png(black_box(&MatchView {
                names: ByPlayer::new("Ama", "Kofi"),
                round: 1,
                position: &opening,
                last_move: None,
                round_summary: None,
                result: None,
            }))
        })
    });
    let five = five_laps();
    let gif = move_gif(&view(&five), &five);
    println!("GIF of a five-lap move: {} bytes", gif.bytes.len());
    c.bench_function("move_gif (five laps)", |b| {
        b.iter(|| move_gif(black_box(&view(&five)), black_box(&five)))
    });
    let gif = move_gif(&view(&busy), &busy);
    println!(
        "GIF of a four-lap move with three captures: {} bytes",
        gif.bytes.len()
    );
    c.bench_function("move_gif (four laps, three captures)", |b| {
        b.iter(|| move_gif(black_box(&view(&busy)), black_box(&busy)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
