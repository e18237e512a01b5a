//! Seasons: an admin starts a new one (`admin season`), or the first of each month (UTC) does, when the
//! server asked for that. The season that ends keeps its final standings (`leaderboard season:N`) and its
//! top three are posted where the server's season news goes; ratings start fresh. A match counts in the
//! season in which it ends (it is rated then).

use super::error::CoreError;
use super::message::{Arg, CommandLine};
use super::outbox::{PostPlace, Via};
use super::ratings::show_rating;
use super::vocabulary::{AdminRefusal, MatchRefusal, Request, SeasonChange};
use super::{Core, Notice, Reply, Text};
use namnam_model::{Place, ServerId};
use namnam_store::{self as store, SeasonState, StoreError, WriteTx};

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
        let server = req.server()?;
        let now = self.now();
        let mut tx = self.store.begin().await?;
        store::ensure_server(&mut tx, server, req.server_name(), now).await?;
        let state = store::season_of(&mut *tx, server).await?;
        let monthly = change.monthly.unwrap_or(state.monthly);
        // A monthly season's news must go somewhere: where monthly seasons were asked for, unless named.
        let news = change
            .news
            .or(state.news_channel)
            .or_else(|| monthly.then_some(place.channel()));
        store::set_season_options(&mut tx, server, news, monthly, now).await?;
        if change.start
            && state
                .started_at
                .is_some_and(|at| now - at < SEASON_RESTART_MS)
        {
            // The same command twice (or two admins at once): one season's end is enough.
            return Err(AdminRefusal::SeasonJustStarted(state.number).into());
        }
        // Said after what a season command did, when seasons are monthly.
        let how = monthly.then(|| Text::message("season-monthly", []));
        let with_how = |text: Text| match &how {
            Some(how) => Text::list([text, how.clone()], " "),
            None => text,
        };
        if !change.start {
            tx.commit().await.map_err(StoreError::from)?;
            let season = ("season", Arg::number(state.number));
            let text = match news {
                Some(channel) => {
                    let name = (channel == place.channel()).then_some(req.names.channel.as_str());
                    Text::message(
                        "season-is",
                        [season, ("channel", Arg::channel(channel.0, name))],
                    )
                }
                None => Text::message("season-is-no-news", [season]),
            };
            return Ok(Reply::private(with_how(text)));
        }
        let news_channel = news.unwrap_or(place.channel());
        let Some(mut news_post) = self.end_season(&mut tx, server, state, now).await? else {
            return Err(MatchRefusal::Stale.into());
        };
        if news_channel == place.channel() || !self.config.outbox {
            // The news is the answer: everyone here sees it (stored as shown, so that the poster finds it
            // if the answer's fate is unknown).
            if let Some(how) = &how {
                news_post.text = Text::lines([news_post.text, how.clone()]);
            }
            let place = PostPlace::channel(place.with_channel(news_channel));
            self.store_post(&mut tx, place, &mut news_post, Via::Answer)
                .await?;
            tx.commit().await.map_err(StoreError::from)?;
            return Ok(news_post);
        }
        let post_place = PostPlace::channel(place.with_channel(news_channel));
        self.store_post(&mut tx, post_place, &mut news_post, Via::Poster)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(Reply::private(with_how(Text::message(
            "season-over-posted",
            [
                ("season", Arg::number(state.number)),
                ("next", Arg::number(state.number + 1)),
                ("channel", Arg::channel(news_channel.0, None)),
            ],
        ))))
    }

    /// Ends the server's season `state` within `tx` and returns its news (not yet stored); `None` when it
    /// had ended already.
    async fn end_season(
        &self,
        tx: &mut WriteTx,
        server: ServerId,
        state: SeasonState,
        now: i64,
    ) -> Result<Option<Reply>, CoreError> {
        if !store::end_season(tx, server, state.number, now).await? {
            return Ok(None);
        }
        let top = store::season_page(&mut **tx, server, state.number, 1, 3).await?;
        let season = ("season", Arg::number(state.number));
        let over = match state.started_at {
            Some(started) => Text::message("season-over", [season, ("began", Arg::time(started))]),
            None => Text::message("season-over-undated", [season]),
        };
        let top = match top.is_empty() {
            true => Text::message("season-nobody", []),
            false => {
                let podium = PODIUM.iter().zip(&top).map(|(medal, r)| {
                    Text::new()
                        .words(format!("{medal} "))
                        .player(&r.name)
                        .words(format!(" {}", show_rating(r.rating, r.games)))
                });
                Text::message(
                    "season-top",
                    [("podium", Arg::Text(Text::list(podium, ", ")))],
                )
            }
        };
        let text = Text::list([over, top], " ");
        let next = Text::message(
            "season-begins",
            [
                ("season", Arg::number(state.number + 1)),
                (
                    "command",
                    Arg::command_line(CommandLine::new("leaderboard").with("season", state.number)),
                ),
            ],
        );
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
                    // A season's news channel is set where the bot is a member, by an admin.
                    let place = Place::ServerChannel { server, channel };
                    self.store_post(&mut tx, PostPlace::channel(place), &mut news, Via::Poster)
                        .await?;
                    tx.commit().await.map_err(StoreError::from)?;
                    notices.push(Notice { place, reply: news });
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
