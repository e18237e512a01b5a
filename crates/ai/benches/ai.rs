//! Search speed: a fixed-depth search from the opening, reported as nodes a second (criterion's
//! "elements"), each level's move from the opening, and the analysis of a move (every legal move valued at
//! the bot's budget). `cargo bench --bench ai`; docs/ai.md has the figures.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use namnam_ai::analysis::{judge, ANALYSIS_NODES};
use namnam_ai::{choose_match_move, choose_move, search, Level, Limits, Stakes};
use namnam_game::{Match, MatchOptions, Player, Position, Rules};
use std::hint::black_box;

fn fixed_depth(c: &mut Criterion) {
    let opening = Position::opening(Player::South, Rules::default());
    let mut group = c.benchmark_group("search-opening");
    group.sample_size(10);
    for depth in [10, 12, 14, 16, 18] {
        let limits = Limits {
            nodes: 100_000_000,
            max_depth: depth,
            order: None,
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

/// The positions of a whole match between two level-3 players (one round, seeded), each with the move
/// played in it.
fn level_three_match() -> Vec<(Match, namnam_game::House)> {
    let options = MatchOptions::new(Rules::default(), Player::South, None, Some(1)).unwrap();
    let mut game = Match::new(options);
    let mut moves = Vec::new();
    let mut ply = 0;
    while !game.is_over() {
        ply += 1;
        let house = choose_match_move(&game, Level::new(3).unwrap(), ply)
            .unwrap()
            .house;
        moves.push((game.clone(), house));
        game.play(house).unwrap();
    }
    moves
}

fn analysis(c: &mut Criterion) {
    let moves = level_three_match();
    // The whole match once, as the bot's analyst does it (one move after another, on one core).
    let started = std::time::Instant::now();
    for (game, house) in &moves {
        black_box(judge(game, *house, ANALYSIS_NODES).unwrap());
    }
    eprintln!(
        "a whole match of {} moves analysed in {:.2} s ({ANALYSIS_NODES} nodes a position)",
        moves.len(),
        started.elapsed().as_secs_f64()
    );
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    // A middlegame move: the tenth of the match.
    let (game, house) = &moves[9.min(moves.len() - 1)];
    group.bench_function("judge-move-10", |b| {
        b.iter(|| judge(black_box(game), *house, ANALYSIS_NODES))
    });
    group.finish();
}

criterion_group!(benches, fixed_depth, levels, analysis);
criterion_main!(benches);
