//! Search speed: a fixed-depth search from the opening, reported as nodes a second (criterion's
//! "elements"), and each level's move from the opening. `cargo bench --bench ai`; docs/ai.md has the figures.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use namnam::ai::{choose_move, search, Level, Limits, Stakes};
use namnam::game::{Player, Position, Rules};
use std::hint::black_box;

fn fixed_depth(c: &mut Criterion) {
    let opening = Position::opening(Player::South, Rules::default());
    let mut group = c.benchmark_group("search-opening");
    group.sample_size(10);
    for depth in [10, 12, 14, 16, 18] {
        let limits = Limits {
            nodes: 100_000_000,
            max_depth: depth,
        };
        let nodes = search(&opening, &limits, &Stakes::default())
            .expect("the opening has moves")
            .nodes;
        eprintln!("depth {depth}: {nodes} nodes a search");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth-{depth}"), |b| {
            b.iter(|| search(black_box(&opening), &limits, &Stakes::default()))
        });
    }
    group.finish();
}

fn levels(c: &mut Criterion) {
    let opening = Position::opening(Player::South, Rules::default());
    let mut group = c.benchmark_group("level-move-opening");
    group.sample_size(10);
    for level in Level::all() {
        group.bench_function(format!("level-{level}"), |b| {
            b.iter(|| choose_move(black_box(&opening), level, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, levels);
criterion_main!(benches);
