//! Glicko-2 ratings per server, updated inside the transaction that ends a match.

use super::context::{Aftermath, HookFuture, MatchChange, MatchHook};
use super::reply::RatingChange;
use super::Core;
use namnam_game::{ByPlayer, Player};
use namnam_model::{MatchId, ServerId, UserId};
use namnam_store::{self as store, NewHistory, Outcome, RatingRow, StoreResult, WriteTx};
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
    let mut rows = Vec::with_capacity(2);
    for p in Player::BOTH {
        let id = players.get(p);
        let row = store::load_rating(&mut **tx, server, id).await?;
        rows.push(row.unwrap_or_else(|| fresh_rating(id)));
    }
    let as_glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = match winner {
        Some(Player::South) => Outcomes::WIN,
        Some(Player::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &as_glicko(&rows[0]),
        &as_glicko(&rows[1]),
        &outcome,
        &Glicko2Config::new(),
    );
    let mut changes = Vec::with_capacity(2);
    for (p, (row, new)) in Player::BOTH
        .into_iter()
        .zip(rows.iter_mut().zip([south, north]))
    {
        let change = RatingChange {
            before: row.rating,
            after: new.rating,
        };
        changes.push(change);
        let outcome = match winner {
            None => Outcome::Draw,
            Some(w) if w == p => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        count_game(row, &new, outcome);
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
    Ok(ByPlayer::new(changes[0], changes[1]))
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
            let server = row.place.server();
            if let (Some(result), Some(at), Some(server)) =
                (row.game.result(), change.rated_at, server)
            {
                let changes =
                    rate_match(tx, server, row.id, row.players, result.winner, at).await?;
                aftermath.ratings = Some(changes);
            }
            Ok(())
        })
    }
}
