//! Glicko-2 ratings, updated inside the transaction that ends a match: per server for a match in a server
//! that invited the bot, and the everywhere rating for a match anywhere else (`matches::Pool` says which).

use super::context::{Aftermath, HookFuture, MatchChange, MatchHook};
use super::matches::{pool, Pool};
use super::reply::RatingChange;
use super::Core;
use namnam_game::{ByPlayer, Player};
use namnam_model::{MatchId, ServerId, UserId};
use namnam_store::{
    self as store, NewEverywhereHistory, NewHistory, Outcome, RatingRow, StoreResult, WriteTx,
};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Below this many rated games a rating is marked provisional.
pub const PROVISIONAL_GAMES: u32 = 5;

/// Rates finished match `match_id` (`winner: None` is a draw) in `tx`, in the server's current season (a
/// match counts in the season in which it ends), and keeps each player's change for their chart; returns
/// both players' changes.
pub async fn rate_match(
    tx: &mut WriteTx,
    server: ServerId,
    match_id: MatchId,
    players: ByPlayer<UserId>,
    winner: Option<Player>,
    now_ms: i64,
) -> StoreResult<ByPlayer<RatingChange>> {
    let season = store::season_of(&mut **tx, server).await?.number;
    let mut rows = [fresh_rating(players.south), fresh_rating(players.north)];
    for row in &mut rows {
        if let Some(stored) = store::load_rating(&mut **tx, server, row.player).await? {
            *row = stored;
        }
    }
    let moved = move_ratings(&mut rows, winner);
    for (row, (change, outcome)) in rows.iter().zip(moved) {
        store::save_rating(tx, server, row, now_ms).await?;
        let history = NewHistory {
            server,
            season,
            player: row.player,
            match_id,
            rating_before: change.before,
            rating_after: change.after,
            outcome,
            at: now_ms,
        };
        store::insert_history(tx, &history).await?;
    }
    Ok(ByPlayer::new(moved[0].0, moved[1].0))
}

/// Rates finished match `match_id`, played outside the servers that invited the bot, in the everywhere
/// rating (no server, no seasons), and keeps each player's change with their opponent; returns both
/// players' changes.
pub async fn rate_everywhere(
    tx: &mut WriteTx,
    match_id: MatchId,
    players: ByPlayer<UserId>,
    winner: Option<Player>,
    now_ms: i64,
) -> StoreResult<ByPlayer<RatingChange>> {
    let mut rows = [fresh_rating(players.south), fresh_rating(players.north)];
    for row in &mut rows {
        if let Some(stored) = store::load_everywhere_rating(&mut **tx, row.player).await? {
            *row = stored;
        }
    }
    let moved = move_ratings(&mut rows, winner);
    for (p, (row, (change, outcome))) in Player::BOTH.into_iter().zip(rows.iter().zip(moved)) {
        store::save_everywhere_rating(tx, row, now_ms).await?;
        let history = NewEverywhereHistory {
            player: row.player,
            opponent: players.get(p.other()),
            match_id,
            rating_before: change.before,
            rating_after: change.after,
            outcome,
            at: now_ms,
        };
        store::insert_everywhere_history(tx, &history).await?;
    }
    Ok(ByPlayer::new(moved[0].0, moved[1].0))
}

/// Moves both players' `rows` (South's, North's) by one match's result (Glicko-2, one rating period per
/// match) and counts it in their records; returns each player's change and outcome.
fn move_ratings(rows: &mut [RatingRow; 2], winner: Option<Player>) -> [(RatingChange, Outcome); 2] {
    let as_glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let result = match winner {
        Some(Player::South) => Outcomes::WIN,
        Some(Player::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &as_glicko(&rows[0]),
        &as_glicko(&rows[1]),
        &result,
        &Glicko2Config::new(),
    );
    let moved = |p: Player, row: &mut RatingRow, new: Glicko2Rating| {
        let change = RatingChange {
            before: row.rating,
            after: new.rating,
        };
        let outcome = match winner {
            None => Outcome::Draw,
            Some(w) if w == p => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        count_game(row, &new, outcome);
        (change, outcome)
    };
    let [south_row, north_row] = rows;
    [
        moved(Player::South, south_row, south),
        moved(Player::North, north_row, north),
    ]
}

/// The rating of a player who has none yet: Glicko-2's starting point, and no games.
fn fresh_rating(player: UserId) -> RatingRow {
    let fresh = Glicko2Rating::new();
    RatingRow {
        player,
        name: String::new(),
        rating: fresh.rating,
        deviation: fresh.deviation,
        volatility: fresh.volatility,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
    }
}

/// Moves a player's row to its `new` rating, and counts the match in its record.
fn count_game(row: &mut RatingRow, new: &Glicko2Rating, outcome: Outcome) {
    row.rating = new.rating;
    row.deviation = new.deviation;
    row.volatility = new.volatility;
    row.games += 1;
    match outcome {
        Outcome::Draw => row.draws += 1,
        Outcome::Win => row.wins += 1,
        Outcome::Loss => row.losses += 1,
    }
}

/// `1512`, or `1512?` while provisional.
pub fn show_rating(rating: f64, games: u32) -> String {
    let mark = if games < PROVISIONAL_GAMES { "?" } else { "" };
    format!("{:.0}{mark}", rating)
}

/// The ratings follow every change to a match: a rated match that ends moves both players' ratings, in the
/// change's transaction, and its reply says by how much.
pub(super) struct RatingsHook;

impl MatchHook for RatingsHook {
    fn before_reply<'a>(
        &'a self,
        _core: &'a Core,
        tx: &'a mut WriteTx,
        change: &'a MatchChange<'a>,
        aftermath: &'a mut Aftermath,
    ) -> HookFuture<'a> {
        Box::pin(async move {
            let row = change.row;
            let (Some(result), Some(at), Some(counted_in)) =
                (row.game.result(), change.rated_at, pool(row))
            else {
                return Ok(());
            };
            let (id, players, winner) = (row.id, row.players, result.winner);
            let changes = match counted_in {
                Pool::Server(server) => rate_match(tx, server, id, players, winner, at).await?,
                Pool::Everywhere => rate_everywhere(tx, id, players, winner, at).await?,
            };
            aftermath.ratings = Some(changes);
            Ok(())
        })
    }
}
