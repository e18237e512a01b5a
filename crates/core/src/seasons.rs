//! Seasons: an admin starts a new one (`admin season`), or the first of each month (UTC) does, when the
//! server asked for that. The season that ends keeps its final standings (`leaderboard season:N`) and its
//! top three are posted where the server's season news goes; ratings start fresh. A match counts in the
//! season in which it ends (it is rated then).

use super::error::{CoreError, UserError};
use super::outbox::{PostPlace, Via};
use super::ratings::show_rating;
use super::request::{Request, SeasonChange};
use super::{Core, Notice, Reply, Text};
use namnam_store::{self as store, SeasonState, Snowflake, StoreError, WriteTx};

/// A season younger than this is not ended again by `admin season` (a command sent twice).
const SEASON_RESTART_MS: i64 = 60_000;

/// The places in a season's news.
const PODIUM: [&str; 3] = ["🥇", "🥈", "🥉"];

impl Core {
    pub(super) async fn season(
        &self,
        req: &Request,
        change: &SeasonChange,
    ) -> Result<Reply, CoreError> {
        let place = &req.place;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        store::ensure_server(&mut tx, place.server, &place.server_name, now).await?;
        let state = store::season_of(&mut *tx, place.server).await?;
        let monthly = change.monthly.unwrap_or(state.monthly);
        // A monthly season's news must go somewhere: where monthly seasons were asked for, unless named.
        let news = change
            .news
            .or(state.news_channel)
            .or_else(|| monthly.then_some(place.channel));
        store::set_season_options(&mut tx, place.server, news, monthly, now).await?;
        if change.start
            && state
                .started_at
                .is_some_and(|at| now - at < SEASON_RESTART_MS)
        {
            // The same command twice (or two admins at once): one season's end is enough.
            return Err(UserError::SeasonJustStarted(state.number).into());
        }
        let how = match monthly {
            true => " A new season starts by itself on the first of each month (UTC).",
            false => "",
        };
        if !change.start {
            tx.commit().await.map_err(StoreError::from)?;
            let mut text = Text::from(format!("This is season {}.", state.number));
            text = match news {
                Some(channel) if channel == place.channel => text
                    .words(" Season news goes to ")
                    .channel(channel.0, Some(&place.channel_name)),
                Some(channel) => text.words(" Season news goes to ").channel(channel.0, None),
                None => text.words(" Season news goes where a season is started"),
            };
            return Ok(Reply::private(text.words(format!(".{how}"))));
        }
        let news_channel = news.unwrap_or(place.channel);
        let Some(mut news_post) = self.end_season(&mut tx, place.server, state, now).await? else {
            return Err(UserError::Stale.into());
        };
        if news_channel == place.channel || !self.config.outbox {
            // The news is the answer: everyone here sees it (stored as shown, so that the poster finds it
            // if the answer's fate is unknown).
            if !how.is_empty() {
                news_post.text = Text::lines([news_post.text, Text::from(how.trim())]);
            }
            let place = PostPlace::channel(place.server, news_channel);
            self.store_post(&mut tx, place, &mut news_post, Via::Answer)
                .await?;
            tx.commit().await.map_err(StoreError::from)?;
            return Ok(news_post);
        }
        let post_place = PostPlace::channel(place.server, news_channel);
        self.store_post(&mut tx, post_place, &mut news_post, Via::Poster)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(Reply::private(
            Text::from(format!(
                "Season {} is over and season {} begins: ratings start fresh. Its final top three \
                 are posted in ",
                state.number,
                state.number + 1
            ))
            .channel(news_channel.0, None)
            .words(format!(".{how}")),
        ))
    }

    /// Ends the server's season `state` within `tx` and returns its news (not yet stored); `None` when it
    /// had ended already.
    async fn end_season(
        &self,
        tx: &mut WriteTx,
        server: Snowflake,
        state: SeasonState,
        now: i64,
    ) -> Result<Option<Reply>, CoreError> {
        if !store::end_season(tx, server, state.number, now).await? {
            return Ok(None);
        }
        let top = store::season_page(&mut **tx, server, state.number, 1, 3).await?;
        let mut text = Text::from(format!("Season {} is over", state.number));
        if let Some(started) = state.started_at {
            text = text.words(" (it began ").time(started).words(")");
        }
        text = match top.is_empty() {
            true => text.words(". Nobody finished a rated match in it."),
            false => {
                let mut line = text.words(". Final top three: ");
                for (i, (medal, r)) in PODIUM.iter().zip(&top).enumerate() {
                    if i > 0 {
                        line = line.words(", ");
                    }
                    line = line
                        .words(format!("{medal} "))
                        .player(&r.name)
                        .words(format!(" {}", show_rating(r.rating, r.games)));
                }
                line.words(".")
            }
        };
        let next = Text::from(format!(
            "Season {} begins now: everyone's rating starts fresh. The old standings: ",
            state.number + 1
        ))
        .command_with("leaderboard", &format!("season:{}", state.number))
        .words(".");
        Ok(Some(Reply::public(Text::lines([text, next]))))
    }

    /// Starts a new season in every server that asked for one each month and is still in last month's.
    /// Its news goes to the server's news channel (without one, it is not posted: the standings are kept
    /// all the same).
    pub(super) async fn monthly_seasons(&self) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let month_start = super::clock::month_start_utc(now);
        let mut notices = Vec::new();
        for (server, state) in store::monthly_seasons_due(self.store.reader(), month_start).await? {
            let mut tx = self.store.begin().await?;
            // Another process (or an admin) may have got there first: then nothing happens.
            let Some(mut news) = self.end_season(&mut tx, server, state, now).await? else {
                continue;
            };
            match state.news_channel {
                Some(channel) => {
                    let place = PostPlace::channel(server, channel);
                    self.store_post(&mut tx, place, &mut news, Via::Poster)
                        .await?;
                    tx.commit().await.map_err(StoreError::from)?;
                    notices.push(Notice {
                        server,
                        channel,
                        reply: news,
                    });
                }
                None => {
                    tx.commit().await.map_err(StoreError::from)?;
                    tracing::info!(%server, season = state.number, "a monthly season ended (no news channel)");
                }
            }
        }
        Ok(notices)
    }
}
