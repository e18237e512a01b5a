//! A server's standings as they are read: one page of a season's ratings (the current season's live ones,
//! an ended season's final ones), for `leaderboard` and the server's web page alike, the players' current
//! streaks for the page that shows them, and one player's rating in the current season with the history
//! that charts it, for the player's web page.

use super::error::CoreError;
use super::vocabulary::InfoRefusal;
use super::Core;
use namnam_model::{ServerId, UserId};
use namnam_store::{self as store, HistoryRow, Outcome, RatingRow};

/// One page of a season's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsPage {
    /// The season shown.
    pub season: u32,
    /// The server's current season: the one whose ratings still move.
    pub current: u32,
    /// This page's rows, best first.
    pub rows: Vec<RatingRow>,
    /// The rank of the page's first row.
    pub first_rank: u32,
    /// How many rows the season has in all.
    pub total: u32,
}

impl StandingsPage {
    /// Whether it is the current season's (live ratings) rather than an ended season's final standings.
    pub fn is_current(&self) -> bool {
        self.season == self.current
    }
}

/// A player's current streak: their last rated matches of the season, all gone the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    pub player: UserId,
    /// How each of those matches went for the player.
    pub outcome: Outcome,
    /// How many there are in a row.
    pub length: u32,
}

/// A player in a server's current season: rated there or not yet.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStanding {
    /// The server's current season, whose ratings still move.
    pub season: u32,
    /// The player's rating in it, if they have played a rated match there.
    pub rating: Option<RatingRow>,
}

/// A rated player's current season so far, as their chart draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingHistory {
    /// The server's current season.
    pub season: u32,
    /// The player's rating in it now.
    pub rating: RatingRow,
    /// The season's rated matches that moved it, oldest first (a rating from before the history was kept
    /// has fewer of them than games).
    pub history: Vec<HistoryRow>,
}

impl Core {
    /// Page `page` (from 1) of `season`'s standings in `server`, `per_page` rows a page; the current
    /// season's when `season` is `None`. A season that has not begun is refused
    /// ([`InfoRefusal::NoSuchSeason`]); a page past the last comes back with no rows, for the caller to
    /// say so its own way.
    pub async fn standings_page(
        &self,
        server: ServerId,
        season: Option<u32>,
        page: u32,
        per_page: u32,
    ) -> Result<StandingsPage, CoreError> {
        let reader = self.store.reader();
        let current = store::season_of(reader, server).await?.number;
        let season = season.unwrap_or(current);
        if season == 0 || season > current {
            return Err(InfoRefusal::NoSuchSeason {
                asked: season,
                current,
            }
            .into());
        }
        let (rows, total) = match season == current {
            true => store::leaderboard(reader, server, page, per_page).await?,
            false => store::season_standings(reader, server, season, page, per_page).await?,
        };
        Ok(StandingsPage {
            season,
            current,
            rows,
            first_rank: page
                .saturating_sub(1)
                .saturating_mul(per_page)
                .saturating_add(1),
            total,
        })
    }

    /// The current streak (its outcome and length) of each of `players` in `server`'s `season`, for those
    /// who have one.
    pub async fn streaks(
        &self,
        server: ServerId,
        season: u32,
        players: &[UserId],
    ) -> Result<Vec<Streak>, CoreError> {
        let streaks = store::current_streaks(self.store.reader(), server, season, players).await?;
        Ok(streaks
            .into_iter()
            .map(|(player, outcome, length)| Streak {
                player,
                outcome,
                length,
            })
            .collect())
    }

    /// `player`'s standing in `server`'s current season: the live rating, the one `stats` shows too.
    pub async fn player_standing(
        &self,
        server: ServerId,
        player: UserId,
    ) -> Result<PlayerStanding, CoreError> {
        let reader = self.store.reader();
        let season = store::season_of(reader, server).await?.number;
        let rating = store::load_rating(reader, server, player).await?;
        Ok(PlayerStanding { season, rating })
    }

    /// `player`'s rating in `server`'s current season with the rated matches that moved it, for a chart;
    /// `None` for a player not rated there.
    pub async fn rating_history(
        &self,
        server: ServerId,
        player: UserId,
    ) -> Result<Option<RatingHistory>, CoreError> {
        let PlayerStanding { season, rating } = self.player_standing(server, player).await?;
        let Some(rating) = rating else {
            return Ok(None);
        };
        let history = store::rating_history(self.store.reader(), server, season, player).await?;
        Ok(Some(RatingHistory {
            season,
            rating,
            history,
        }))
    }
}
