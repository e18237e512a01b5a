//! A match with a blunder planted in it, for the tests of the computer's analysis: both players play the
//! computer's good moves (level 4), except one move of the blunderer's, the worst of its position by a
//! search deeper than the analysis gets, once such a move gives away two houses or more. The match ends
//! by the board or, after 40 moves, by the blunderer's resignation.

use namnam_ai::analysis::{judge, Judgement};
use namnam_ai::{choose_match_move, Level};
use namnam_core::{Core, Request};
use namnam_game::House;
use namnam_model::MatchId;
use namnam_store as store;

/// The nodes of each position searched to find the blunder.
const PLANTING_NODES: u64 = 200_000;
/// The least a planted blunder costs, in the search's units: two houses changing hands.
const PLANTED_COST: i32 = 2 * 2 * 4 * namnam_ai::eval::SEED;

/// Plays match `match_id` (in progress, no move played) as described above; `ask(user, line)` makes the
/// request of a console-style line. Returns the blunder's move number and its judgement.
pub async fn play_with_blunder(
    core: &Core,
    match_id: MatchId,
    blunderer: &str,
    ask: impl Fn(&str, &str) -> Request,
) -> (u32, Judgement) {
    let level = Level::new(4).unwrap();
    let mut planted = None;
    for ply in 1..=40u32 {
        let row = store::load_match(core.store().reader(), match_id)
            .await
            .unwrap()
            .expect("the match");
        let Some(to_move) = row.game.to_move() else {
            break;
        };
        let mover = row.names.get(to_move).to_owned();
        let mut house = choose_match_move(&row.game, level, u64::from(ply))
            .unwrap()
            .house;
        if planted.is_none() && mover == blunderer && ply > 4 {
            let legal: Vec<House> = row.game.position().legal_moves().iter().collect();
            let worst = legal
                .iter()
                .map(|&h| judge(&row.game, h, PLANTING_NODES).unwrap())
                .min_by_key(|j| j.played_value)
                .unwrap();
            if worst.cost() >= PLANTED_COST {
                house = worst.played;
                planted = Some((ply, worst));
            }
        }
        let line = format!("move house:{}", house.label());
        core.try_handle(&ask(&mover, &line))
            .await
            .unwrap_or_else(|e| panic!("{mover}: {line}: {e}"));
    }
    let row = store::load_match(core.store().reader(), match_id)
        .await
        .unwrap()
        .expect("the match");
    if row.game.to_move().is_some() {
        core.try_handle(&ask(blunderer, "resign confirm:yes"))
            .await
            .expect("the blunderer resigns");
    }
    planted.expect("the blunderer had a blunder to make")
}

/// Plays match `match_id` (in progress) to its end, each player the computer's moves at their level
/// (`players`: name and level), seeded by the move's number so that the match is the same every run.
pub async fn play_out(
    core: &Core,
    match_id: MatchId,
    players: [(&str, u8); 2],
    ask: impl Fn(&str, &str) -> Request,
) {
    for ply in 1..=2_000u64 {
        let row = store::load_match(core.store().reader(), match_id)
            .await
            .unwrap()
            .expect("the match");
        let Some(to_move) = row.game.to_move() else {
            return;
        };
        let mover = row.names.get(to_move).to_owned();
        let (_, level) = players
            .iter()
            .find(|(name, _)| *name == mover)
            .expect("a player of the match");
        let level = Level::new(i64::from(*level)).unwrap();
        let house = choose_match_move(&row.game, level, ply).unwrap().house;
        let line = format!("move house:{}", house.label());
        core.try_handle(&ask(&mover, &line))
            .await
            .unwrap_or_else(|e| panic!("{mover}: {line}: {e}"));
    }
    panic!("the match did not end in 2 000 moves");
}
