//! `namnam selfplay`: whole matches between computer players.

use namnam::game::{Endgame, MatchOptions, Player, Rules};
use namnam::selfplay::{self, Contestant};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Matches to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the random choices: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// South's player: random or greedy.
    #[arg(long, default_value = "random")]
    south: Contestant,
    /// North's player: random or greedy.
    #[arg(long, default_value = "random")]
    north: Contestant,
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
    let s = selfplay::run(a.games, a.seed, a.south, a.north, &options);
    if a.json {
        println!("{}", serde_json::to_string(&s)?);
        return Ok(());
    }
    println!(
        "{} (south) vs {} (north), seed {}",
        s.south, s.north, s.seed
    );
    println!(
        "matches {}: south won {}, north won {}, drawn {}",
        s.matches, s.south_wins, s.north_wins, s.draws
    );
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
    println!(
        "moves {} in {:.2} s: {:.0} plies a second",
        s.moves, s.seconds, s.plies_per_second
    );
    Ok(())
}
