//! `namnam selfplay`: whole matches between computer players.

use namnam_ai::selfplay::{self, Contestant, RunOptions};
use namnam_game::{Endgame, MatchOptions, Player, Rules};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Matches to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the random choices: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// South's player: random, greedy, the search at a level (ai:1 … ai:5), or the bare search at a
    /// budget of nodes (nodes:N: no book, no exact endings, no random moves). Wins, draws and losses are
    /// counted for this player.
    #[arg(long, default_value = "random")]
    south: Contestant,
    /// North's player: random, greedy, ai:1 … ai:5 or nodes:N.
    #[arg(long, default_value = "random")]
    north: Contestant,
    /// Moves at the start of each match played at random by both players (varied openings for players
    /// that would otherwise play the same match every time).
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    /// Let the other player move first in round 1 of every other match.
    #[arg(long)]
    alternate_first: bool,
    /// Divide every ai level's node budget by this (strength tests on a small machine).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    node_divisor: u64,
    /// Who takes the last seeds: the capturer or the round's starter.
    #[arg(long, value_enum, default_value_t = EndgameArg::Capturer)]
    endgame: EndgameArg,
    /// Play with the chain capture.
    #[arg(long)]
    chain: bool,
    /// Who moves first in round 1.
    #[arg(long, value_enum, default_value_t = Side::South)]
    first: Side,
    /// End the match when a player owns this many houses (7–12).
    #[arg(long)]
    target: Option<u8>,
    /// End the match after this many rounds (1–99).
    #[arg(long)]
    rounds: Option<u8>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum EndgameArg {
    Capturer,
    Starter,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Side {
    South,
    North,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    let rules = Rules {
        endgame: match a.endgame {
            EndgameArg::Capturer => Endgame::Capturer,
            EndgameArg::Starter => Endgame::Starter,
        },
        chain: a.chain,
    };
    let first = match a.first {
        Side::South => Player::South,
        Side::North => Player::North,
    };
    let options = MatchOptions::new(rules, first, a.target, a.rounds)?;
    let run_options = RunOptions {
        random_plies: a.random_plies,
        alternate_first: a.alternate_first,
        node_divisor: a.node_divisor,
    };
    let s = selfplay::run(a.games, a.seed, a.south, a.north, &options, &run_options);
    if a.json {
        println!("{}", serde_json::to_string(&s)?);
        return Ok(());
    }
    println!(
        "{} (south) vs {} (north), seed {}, {} random plies, first move {}, node budgets / {}",
        s.south,
        s.north,
        s.seed,
        s.random_plies,
        if s.alternate_first {
            "alternating"
        } else {
            "fixed"
        },
        s.node_divisor
    );
    println!(
        "matches {}: south won {}, north won {}, drawn {}",
        s.matches, s.south_wins, s.north_wins, s.draws
    );
    if let Some(elo) = s.match_elo {
        println!("  {} by match: {elo}", s.south);
    }
    println!(
        "rounds {} ({:.1} a match): south won {}, north won {}, drawn {}; ended by last-seeds {}, stall {}, stuck {}",
        s.rounds,
        s.rounds as f64 / s.matches.max(1) as f64,
        s.rounds_won.south,
        s.rounds_won.north,
        s.rounds_won.drawn,
        s.end_reason.last_seeds,
        s.end_reason.stall,
        s.end_reason.stuck
    );
    if let Some(elo) = s.round_elo {
        println!("  {} by round: {elo}", s.south);
    }
    println!(
        "moves {} in {:.2} s: {:.0} plies a second",
        s.moves, s.seconds, s.plies_per_second
    );
    Ok(())
}
