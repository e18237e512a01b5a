//! Engine speed: one move on the fast and the full path, legal-move generation, perft, and random playouts,
//! the engine's beside the in-repo yardstick's (`namnam_ai::speed::yardstick`, bare relay sowing): the
//! `playout` group times both by the move, so that their ratio is read from one `cargo bench --bench engine`
//! (see docs/engine.md).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use namnam_ai::selfplay::{play_match, Contestant};
use namnam_ai::speed::yardstick;
use namnam_game::rng::SeededRng;
use namnam_game::{perft, House, MatchOptions, Player, Position, Rules};
use std::time::{Duration, Instant};

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
            play_match(
                Contestant::Random,
                Contestant::Random,
                &options,
                0,
                1,
                &mut rng,
            )
        })
    });
    c.bench_function("yardstick/sow opening house 1 (5 laps)", |b| {
        b.iter(|| black_box(&yardstick::Board::OPENING).sow(0))
    });
}

/// Random playouts timed by the move: `playout/engine` plays whole random matches under every rule (as
/// `namnam selfplay` does), `playout/yardstick` random games of bare relay sowing. An iteration is one
/// move: games are played until the moves asked for are reached, and the time is scaled to them.
fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let options = MatchOptions::default();
    group.bench_function("engine", |b| {
        let mut seed = 0;
        b.iter_custom(|moves| {
            per_move(moves, || {
                seed += 1;
                let mut rng = SeededRng::new(seed);
                play_match(
                    Contestant::Random,
                    Contestant::Random,
                    &options,
                    0,
                    1,
                    &mut rng,
                )
                .plies
            })
        })
    });
    group.bench_function("yardstick", |b| {
        let mut rng = SeededRng::new(1);
        b.iter_custom(|moves| per_move(moves, || u64::from(yardstick::playout(&mut rng).plies)))
    });
    group.finish();
}

/// Plays games (`game` returns the moves it played) until `moves` moves are played, and returns the time
/// they took scaled to exactly `moves` moves.
fn per_move(moves: u64, mut game: impl FnMut() -> u64) -> Duration {
    let start = Instant::now();
    let mut played = 0;
    while played < moves {
        played += black_box(game());
    }
    start.elapsed().mul_f64(moves as f64 / played as f64)
}

criterion_group!(benches, engine, playout);
criterion_main!(benches);
