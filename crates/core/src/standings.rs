//! A server's standings as they are read: one page of a season's ratings (the current season's live ones,
//! an ended season's final ones), for `leaderboard` and the server's web page alike, and the players' current
//! streaks for the page that shows them.

use super::error::CoreError;
use super::vocabulary::InfoRefusal;
use super::Core;
use namnam_model::{ServerId, UserId};
use namnam_store::{self as store, Outcome, RatingRow};

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
    ) -> Result<Vec<(UserId, Outcome, u32)>, CoreError> {
        Ok(store::current_streaks(self.store.reader(), server, season, players).await?)
    }
}
