//! The words of the replies: moves, rounds, results, houses, the board as text, help and rules.

use super::clock::format_duration;
use super::message::{shown_plain, Arg, Text};
use namnam_game::{
    CaptureKind, EndReason, MatchEnd, MatchResult, MoveRecord, Player, Position, RoundSummary,
    Territory,
};
use namnam_store::Names;

/// `1–7`, `8–12`, `3–5 and 12`… the houses a player owns, as labels.
pub fn houses_owned(territory: Territory, player: Player) -> Text {
    let owned: Vec<u8> = namnam_game::House::all()
        .filter(|&h| territory.owner(h) == player)
        .map(|h| h.label())
        .collect();
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for l in owned {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == l => *end = l,
            _ => runs.push((l, l)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                format!("{a}")
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    match parts.as_slice() {
        [] => Text::message("houses-none", []),
        [one] => Text::from(one.as_str()),
        [init @ .., last] => Text::message(
            "list-last",
            [
                ("list", Arg::words(init.join(", "))),
                ("last", Arg::words(last.as_str())),
            ],
        ),
    }
}

/// `alice sowed house 3: 2 laps; bob took 4 seeds (house 7).`
pub fn describe_move(record: &MoveRecord, names: &Names) -> Text {
    let mut text = Text::message(
        "move-sowed",
        [
            ("mover", Arg::player(names.get(record.mover))),
            ("house", Arg::number(record.house.label())),
            ("laps", Arg::number(record.laps() as i64)),
        ],
    );
    for c in record.captures() {
        let houses: Vec<String> = c.houses.iter().map(|h| h.label().to_string()).collect();
        let id = match c.kind {
            CaptureKind::MidLap => "move-capture-mid-lap",
            CaptureKind::LastSeed => "move-capture-last-seed",
            CaptureKind::Chain => "move-capture-chain",
        };
        text = text.words("; ").then_message(
            id,
            [
                ("player", Arg::player(names.get(c.player))),
                ("seeds", Arg::number(c.seeds as i64)),
                ("count", Arg::number(houses.len() as i64)),
                ("houses", Arg::words(houses.join(", "))),
            ],
        );
    }
    text = text.words(".");
    for p in record.passes() {
        text = text
            .words(" ")
            .then_message("move-pass", [("player", Arg::player(names.get(p)))]);
    }
    text
}

fn end_reason(reason: EndReason) -> Text {
    let id = match reason {
        EndReason::LastSeeds => "round-reason-last-seeds",
        EndReason::Stall => "round-reason-stall",
        EndReason::Stuck => "round-reason-stuck",
    };
    Text::message(id, [])
}

/// The end of a round and the territory of the next.
pub fn describe_round(s: &RoundSummary, names: &Names, next_round_starts: bool) -> Text {
    let t = s.territory_after;
    let mut text = Text::message(
        "round-over",
        [
            ("round", Arg::number(s.round)),
            ("reason", Arg::Text(end_reason(s.end_reason))),
            ("south", Arg::player(names.get(Player::South))),
            ("south_seeds", Arg::number(s.stores.south as i64)),
            ("north", Arg::player(names.get(Player::North))),
            ("north_seeds", Arg::number(s.stores.north as i64)),
        ],
    );
    text = match s.winner {
        Some(w) => text
            .words(" ")
            .then_message("round-winner", [("name", Arg::player(names.get(w)))]),
        None => text.words(" ").then_message("round-drawn", []),
    };
    if next_round_starts && !t.is_whole_board() {
        text = text.words(" ").then_message(
            "round-next",
            [
                ("round", Arg::number(s.round + 1)),
                ("territory", Arg::Text(territory(t, names))),
                ("starter", Arg::player(names.get(s.starter.other()))),
            ],
        );
    }
    text
}

/// `alice plays South (houses 1–6), bob plays North (houses 7–12)`.
pub fn sides(t: Territory, names: &Names) -> Text {
    let plays = |player: Player, id: &str| {
        Text::message(
            id,
            [
                ("name", Arg::player(names.get(player))),
                ("houses", Arg::Text(houses_owned(t, player))),
            ],
        )
    };
    plays(Player::South, "side-south")
        .words(", ")
        .then(plays(Player::North, "side-north"))
}

/// `alice owns 7 houses (1–7), bob owns 5 houses (8–12)`.
pub fn territory(t: Territory, names: &Names) -> Text {
    let owns = |player| {
        Text::message(
            "owns-houses",
            [
                ("name", Arg::player(names.get(player))),
                ("count", Arg::number(t.houses_of(player) as i64)),
                ("houses", Arg::Text(houses_owned(t, player))),
            ],
        )
    };
    owns(Player::South).words(", ").then(owns(Player::North))
}

/// `alice wins the match (the target of houses was reached).`
pub fn describe_result(result: &MatchResult, names: &Names) -> Text {
    let why = match result.reason {
        MatchEnd::WholeBoard => "result-why-whole-board",
        MatchEnd::Target => "result-why-target",
        MatchEnd::RoundLimit => "result-why-round-limit",
        MatchEnd::Resignation => "result-why-resignation",
        MatchEnd::Timeout => "result-why-timeout",
        MatchEnd::Agreement => "result-why-agreement",
        MatchEnd::Adjudicated => "result-why-adjudicated",
    };
    let why = ("why", Arg::Text(Text::message(why, [])));
    match result.winner {
        Some(w) => Text::message("result-win", [("name", Arg::player(names.get(w))), why]),
        None => Text::message("result-draw", [why]),
    }
}

/// `bob to move, by 2026-11-30 13:40 UTC (24h per move).`
pub fn describe_turn(names: &Names, to_move: Player, deadline_ms: i64, clock_secs: u32) -> Text {
    Text::message(
        "turn",
        [
            ("name", Arg::player(names.get(to_move))),
            ("deadline", Arg::time(deadline_ms)),
            ("clock", Arg::words(format_duration(clock_secs))),
        ],
    )
}

/// The board as text, North's row on top, read from the left as the picture shows it:
///
/// ```text
///        12  11  10   9   8   7     bob (north), store 0
///       [ 4][ 4][ 4][ 4][ 4][ 4]
///       [ 4][ 4][ 4][ 4][ 4][ 4]
///         1   2   3   4   5   6     alice (south), store 0
/// ```
/// A house's number is marked `*` when South owns it, `.` when North does.
pub fn board_text(position: &Position, names: &Names) -> String {
    let b = position.board();
    let t = position.territory();
    let mark = |h: usize| {
        let house = namnam_game::House::new(h).expect("0–11");
        if t.owner(house) == Player::South {
            '*'
        } else {
            '.'
        }
    };
    let row =
        |hs: &[usize], f: &dyn Fn(usize) -> String| hs.iter().map(|&h| f(h)).collect::<String>();
    let north: Vec<usize> = (6..12).rev().collect();
    let south: Vec<usize> = (0..6).collect();
    let stores = position.stores();
    let (south_name, north_name) = (shown_plain(&names.south), shown_plain(&names.north));
    format!(
        "  {}   {} (north), store {}\n  {}\n  {}\n  {}   {} (south), store {}\n  (* owned by {}, . owned by {})",
        row(&north, &|h| format!(" {:>2}{}", h + 1, mark(h))),
        north_name,
        stores.north,
        row(&north, &|h| format!("[{:>2}]", b[h])),
        row(&south, &|h| format!("[{:>2}]", b[h])),
        row(&south, &|h| format!(" {:>2}{}", h + 1, mark(h))),
        south_name,
        stores.south,
        south_name,
        north_name
    )
}

pub const HELP: &str = "\
Commands (options are name:value):
  challenge opponent:NAME [endgame:capturer|starter] [chain:yes|no] [first:challenger|challenged|random]
            [target:7-12|none] [rounds:1-99] [clock:5m-7d]   offer a match (defaults: capturer, no chain,
                                                            random first, target 10, no round limit, 24h)
  accept | decline | cancel       answer or withdraw the open challenge in this channel
  move house:N [match:N]          sow house N (1-12) of yours (match:N when you have several matches here)
  board [match:N]                 the match in this channel
  draw                            offer a draw, or accept your opponent's offer
  takeback [decline:yes]          ask to take back your last move (until your opponent moves), or accept
                                  your opponent's request (decline:yes declines it, or withdraws yours)
  resign                          give up the match (asks you to confirm: resign confirm:yes)
  rematch [match:N]               play your last finished match here again, same terms (or match N)
  matches                         your active matches in this server, and where it is your turn
  history                         the rounds and moves of the match in this channel
  replay match:N [move:M]         step through match N from move M (public:yes shows it to the channel)
  analyse match:N                 the computer's verdict on a match that is over: each player's worst moves
  export match:N                  the record of match N as a file (a .nnr record: namnam replay FILE)
  leaderboard [page:N] [season:N] ratings in this server (season:N: an ended season's final standings)
  stats [player:NAME]             a player's rating chart and record in this season
  notify on|off                   a DM when it becomes your turn (none while you are at the board)
  rules                           the rules of Nam-nam
  tournament create NAME [format:swiss|round-robin] [rounds:N] [target:7-12|none] [match_rounds:N]
            [clock:5m-7d] [round_days:N] [start:in2d|2026-12-24T18:00] [limit:N]   a tournament here
  tournament join|leave|start|standings|pairings|withdraw|cancel [tournament:N]
  admin abort [match:N] | admin settings [channels:#a,#b|all] [clock:24h] [target:10|none] [thread:yes|no]
  admin season [news:#channel] [monthly:yes|no] [start:no]
                                  a new season now: ratings start fresh, the old standings are kept";

pub const RULES: &str = "\
Nam-nam, the roaming Oware of Ghana, in short:
- Twelve houses in a ring hold four seeds each. You own six houses at the start (South: 1-6, North: 7-12).
- A move: lift all the seeds of one of your houses and sow them one by one anticlockwise (1 to 12, then 1).
- Whenever a seed makes a house hold exactly four: with seeds still in hand, the owner of that house takes
  the four; if it was your last seed, you take them, wherever the house is, and your move ends.
- If your last seed lands in a house that already had seeds (and does not make four), you lift them all and
  sow on: a new lap. If it lands in an empty house, your move ends.
- You must leave your opponent some seeds if they have none; a player with no seeds passes.
- When a capture leaves four or fewer seeds in play, the round ends and those seeds go to whoever made that
  capture (or to the round's first player, if the match was set up so).
- Between rounds every four seeds you won buy you a house: whoever owns more houses won the round, and the
  territory changes hands. The first move alternates between rounds.
- The match ends when one player owns no houses, when someone reaches the agreed target of houses, or after
  the agreed number of rounds. Each move has a clock: run out and you lose.";
