//! Engine speed: one move on the fast and the full path, legal-move generation, perft, and random playouts.
//! `cargo bench --bench engine`; compare with `shared/bench-kernel` (see docs/engine.md).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use namnam::game::{perft, House, MatchOptions, Player, Position, Rules};
use namnam::rng::SeededRng;
use namnam::selfplay::{play_match, Contestant};

fn engine(c: &mut Criterion) {
    let opening = Position::opening(Player::South, Rules::default());
    let h0 = House::new(0).unwrap();
    c.bench_function("apply opening house 1 (5 laps)", |b| {
        b.iter(|| black_box(&opening).apply(h0))
    });
    c.bench_function("play with events, opening house 1", |b| {
        b.iter(|| black_box(&opening).play(h0))
    });
    c.bench_function("legal_moves opening", |b| {
        b.iter(|| black_box(&opening).legal_moves())
    });
    c.bench_function("perft 5 opening", |b| {
        b.iter(|| perft(black_box(&opening), 5))
    });
    let options = MatchOptions::default();
    c.bench_function("random match (all rounds)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut rng = SeededRng::new(seed);
            play_match(Contestant::Random, Contestant::Random, &options, &mut rng)
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
