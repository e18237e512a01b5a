//! Read-only commands: `matches`, `history`, `leaderboard`, `stats`.

use super::error::CoreError;
use super::message::{Arg, CommandLine};
use super::pictures;
use super::ratings::{show_rating, PROVISIONAL_GAMES};
use super::vocabulary::{InfoRefusal, InputRefusal, Request, UserRef, Wanted};
use super::web::Page;
use super::{text, Core, Reply, Text};
use namnam_game::MoveEvent;
use namnam_model::{MatchId, Place, UserId};
use namnam_render::RatingPoint;
use namnam_store::{self as store, HistoryRow, Outcome, RatingRow};

/// Moves shown by `history` (the newest ones).
const HISTORY_MOVES: usize = 20;

impl Core {
    pub(super) async fn matches(&self, req: &Request) -> Result<Reply, CoreError> {
        let rows =
            store::matches_of_player(self.store.reader(), req.place.server(), req.user.id).await?;
        if rows.is_empty() {
            return Ok(Reply::private(Text::message("matches-none", [])));
        }
        let mut lines = vec![Text::message(
            "matches-heading",
            [("count", Arg::number(rows.len() as i64))],
        )];
        for row in &rows {
            let side = row
                .side_of(req.user.id)
                .expect("the query selects the player's matches");
            let turn = match (row.game.to_move(), row.deadline()) {
                (Some(p), Some(deadline)) if p == side => {
                    Text::message("matches-turn-yours-by", [("deadline", Arg::time(deadline))])
                }
                (Some(p), None) if p == side => Text::message("matches-turn-yours", []),
                (Some(p), _) => Text::message(
                    "matches-turn-theirs",
                    [("player", Arg::player(row.names.get(p)))],
                ),
                (None, _) => Text::message("matches-over", []),
            };
            lines.push(Text::message(
                "matches-line",
                [
                    (
                        "channel",
                        Arg::channel(row.place.channel().0, Some(&row.channel_name)),
                    ),
                    ("id", Arg::number(row.id)),
                    ("opponent", Arg::player(row.names.get(side.other()))),
                    ("round", Arg::number(row.game.round())),
                    ("turn", Arg::Text(turn)),
                ],
            ));
        }
        Ok(Reply::private(Text::lines(lines)))
    }

    pub(super) async fn history(
        &self,
        req: &Request,
        number: Option<MatchId>,
    ) -> Result<Reply, CoreError> {
        let row = self.shown_match(req, number).await?;
        let names = &row.names;
        let mut lines = vec![Text::message(
            "history-heading",
            [
                ("id", Arg::number(row.id)),
                ("south", Arg::player(&names.south)),
                ("north", Arg::player(&names.north)),
                ("moves", Arg::number(row.moves_played)),
            ],
        )];
        for summary in row.game.rounds() {
            // The next round is announced unless this round was the last.
            let next_round_starts = summary.round < row.game.round();
            lines.push(text::describe_round(summary, names, next_round_starts));
        }
        let moves = store::match_moves(self.store.reader(), row.id).await?;
        if moves.len() > HISTORY_MOVES {
            lines.push(Text::message(
                "history-last-moves",
                [("count", Arg::number(HISTORY_MOVES as i64))],
            ));
        }
        for mv in moves.iter().skip(moves.len().saturating_sub(HISTORY_MOVES)) {
            let laps = mv
                .events
                .iter()
                .filter(|e| matches!(e, MoveEvent::Lap { .. }))
                .count();
            // The numbers are right-aligned, as a console shows them.
            let ply = Arg::words(format!("{:>4}", mv.ply));
            let (round, player) = (Arg::number(mv.round), Arg::player(names.get(mv.player)));
            let (house, laps) = (Arg::number(mv.house), Arg::number(laps as i64));
            let sowed = Text::message(
                "history-move",
                [
                    ("ply", ply),
                    ("round", round),
                    ("player", player),
                    ("house", house),
                    ("laps", laps),
                ],
            );
            // Every capture, whoever took it (a four made mid-lap is its house's owner's), and every pass.
            lines.push(text::with_captures_and_passes(sowed, &mv.events, names));
        }
        if let Some(result) = row.game.result() {
            lines.push(text::describe_result(&result, names));
        }
        Ok(Reply::private(Text::lines(lines)))
    }

    pub(super) async fn leaderboard(
        &self,
        req: &Request,
        page: u32,
        season: Option<u32>,
    ) -> Result<Reply, CoreError> {
        let Place::ServerChannel { server, .. } = req.place else {
            return self.everywhere_leaderboard(req, page, season).await;
        };
        let per_page = self.config.leaderboard_page_size;
        let reader = self.store.reader();
        let standings = self.standings_page(server, season, page, per_page).await?;
        let (season, current, total) = (standings.season, standings.current, standings.total);
        let rows = standings.rows;
        let heading = match standings.season == standings.current {
            true => "leaderboard-heading",
            false => "leaderboard-heading-final",
        };
        if total == 0 {
            let empty = match season == current {
                true => "leaderboard-empty",
                false => "leaderboard-empty-final",
            };
            let mut reply = Reply::public(Text::message(empty, [("season", Arg::number(season))]));
            let token = store::web_token(reader, server).await?;
            reply
                .buttons
                .links
                .extend(self.web_link(token, Page::Server));
            return Ok(reply);
        }
        let pages = total.div_ceil(per_page);
        if rows.is_empty() {
            return Err(InputRefusal::BadOption {
                option: "page",
                expected: Wanted::ExistingPage,
            }
            .into());
        }
        // One line a player rather than a table: names have any width, and a phone wraps long lines.
        let mut lines = vec![Text::message(
            heading,
            [
                ("season", Arg::number(season)),
                ("page", Arg::number(page)),
                ("pages", Arg::number(pages)),
            ],
        )];
        for (i, r) in rows.iter().enumerate() {
            lines.push(leaderboard_line(standings.first_rank + i as u32, r));
        }
        lines.push(Text::message(
            "leaderboard-provisional",
            [("games", Arg::number(PROVISIONAL_GAMES))],
        ));
        if season == current && current > 1 {
            lines.push(Text::message(
                "leaderboard-earlier",
                [(
                    "command",
                    Arg::command_line(CommandLine::new("leaderboard").with("season", current - 1)),
                )],
            ));
        }
        let mut reply = Reply::public(Text::lines(lines));
        let token = store::web_token(reader, server).await?;
        reply
            .buttons
            .links
            .extend(self.web_link(token, Page::Server));
        Ok(reply)
    }

    pub(super) async fn stats(
        &self,
        req: &Request,
        player: Option<&UserRef>,
    ) -> Result<Reply, CoreError> {
        let who = player.unwrap_or(&req.user);
        let Place::ServerChannel { server, .. } = req.place else {
            return self.everywhere_stats(req, who).await;
        };
        let reader = self.store.reader();
        let season = store::season_of(reader, server).await?.number;
        let row = store::load_rating(reader, server, who.id).await?;
        let lessons = self.lessons_line(who.id).await?;
        // Both ratings: the everywhere one too, where the asker may see it.
        let everywhere = match self.everywhere_rating_for(req, who.id).await? {
            Some(r) => Some(self.everywhere_line(&r).await?.0),
            None => None,
        };
        let Some(r) = row else {
            let lines = match player {
                // Someone who has only taken lessons, or played outside servers, so far sees those.
                None => vec![everywhere, lessons],
                Some(p) => vec![
                    Some(Text::message(
                        "stats-none",
                        [
                            ("player", Arg::player(&p.name)),
                            ("season", Arg::number(season)),
                        ],
                    )),
                    everywhere,
                ],
            };
            let lines: Vec<Text> = lines.into_iter().flatten().collect();
            return match lines.is_empty() {
                true => Err(InfoRefusal::NoStats.into()),
                false => Ok(Reply::private(Text::lines(lines))),
            };
        };
        let history = store::rating_history(reader, server, season, who.id).await?;
        let token = store::web_token(reader, server).await?;
        let link = self.web_link(token, Page::Player(who.id.0));
        let mut reply = Reply::private(stats_line(&r, &history, Some(season)));
        for line in [everywhere, lessons].into_iter().flatten() {
            reply.text = std::mem::take(&mut reply.text).words("\n").then(line);
        }
        reply.buttons.links.extend(link);
        if self.config.pictures {
            let (points, caption) = chart_points(&r, &history, season, self.now());
            self.attach_chart(req, &mut reply, &r, points, caption)
                .await?;
        }
        Ok(reply)
    }

    /// The rating chart of `r` in the asker's language (a private answer), with its caption.
    async fn attach_chart(
        &self,
        req: &Request,
        reply: &mut Reply,
        r: &RatingRow,
        points: Vec<RatingPoint>,
        caption: Text,
    ) -> Result<(), CoreError> {
        reply.language = req.language;
        let caption = caption.plain_in(reply.language);
        reply.board.picture =
            Some(pictures::rating_chart(r.name.clone(), points, caption, reply.language).await?);
        Ok(())
    }

    /// `leaderboard` outside the servers that invited the bot: the everywhere rating of the asker and of the
    /// players they met in rated matches outside servers, with the asker's place among them, privately —
    /// never a public list of people who played only in private places.
    async fn everywhere_leaderboard(
        &self,
        req: &Request,
        page: u32,
        season: Option<u32>,
    ) -> Result<Reply, CoreError> {
        if season.is_some() {
            // Seasons are a server's.
            return Err(InputRefusal::ServerOnly.into());
        }
        let circle = store::everywhere_circle(self.store.reader(), req.user.id).await?;
        let Some(place) = circle.iter().position(|r| r.player == req.user.id) else {
            return Ok(Reply::private(Text::message(
                "leaderboard-everywhere-none",
                [],
            )));
        };
        let per_page = self.config.leaderboard_page_size.max(1);
        let count = u32::try_from(circle.len()).unwrap_or(u32::MAX);
        let pages = count.div_ceil(per_page);
        if page > pages {
            return Err(InputRefusal::BadOption {
                option: "page",
                expected: Wanted::ExistingPage,
            }
            .into());
        }
        let mut lines = vec![Text::message(
            "leaderboard-everywhere-heading",
            [("page", Arg::number(page)), ("pages", Arg::number(pages))],
        )];
        let first = page.saturating_sub(1) * per_page;
        for (rank, r) in
            (first + 1..).zip(circle.iter().skip(first as usize).take(per_page as usize))
        {
            lines.push(leaderboard_line(rank, r));
        }
        lines.push(Text::message(
            "leaderboard-everywhere-place",
            [
                ("rank", Arg::number(place as i64 + 1)),
                ("count", Arg::number(count)),
            ],
        ));
        lines.push(Text::message(
            "leaderboard-provisional",
            [("games", Arg::number(PROVISIONAL_GAMES))],
        ));
        Ok(Reply::private(Text::lines(lines)))
    }

    /// `stats` outside the servers that invited the bot: `who`'s everywhere rating, with its chart, if the
    /// asker may see it (their own, or a player they met there).
    async fn everywhere_stats(&self, req: &Request, who: &UserRef) -> Result<Reply, CoreError> {
        let lessons = self.lessons_line(who.id).await?;
        let Some(r) = self.everywhere_rating_for(req, who.id).await? else {
            let none = match who.id == req.user.id {
                true => Text::message("stats-everywhere-none", []),
                // Said alike whether they have one or not: nothing tells who plays in private.
                false => Text::message(
                    "stats-everywhere-unmet",
                    [("player", Arg::player(&who.name))],
                ),
            };
            // Another player's lessons neither: they would tell a stranger that the player uses the bot.
            let lessons = lessons.filter(|_| who.id == req.user.id);
            let lines: Vec<Text> = [Some(none), lessons].into_iter().flatten().collect();
            return Ok(Reply::private(Text::lines(lines)));
        };
        let (line, history) = self.everywhere_line(&r).await?;
        let mut reply = Reply::private(line);
        if let Some(lessons) = lessons {
            reply.text = std::mem::take(&mut reply.text).words("\n").then(lessons);
        }
        if self.config.pictures {
            let points = rating_points(&r, &history, self.now());
            let caption = Text::message("stats-everywhere-caption", record_args(&r, &history));
            self.attach_chart(req, &mut reply, &r, points, caption)
                .await?;
        }
        Ok(reply)
    }

    /// `who`'s everywhere rating, if the asker may see it: their own, or that of a player they met in a
    /// rated match outside servers.
    async fn everywhere_rating_for(
        &self,
        req: &Request,
        who: UserId,
    ) -> Result<Option<RatingRow>, CoreError> {
        let reader = self.store.reader();
        if who != req.user.id && !store::met_everywhere(reader, req.user.id, who).await? {
            return Ok(None);
        }
        Ok(store::load_everywhere_rating(reader, who).await?)
    }

    /// An everywhere rating's line in `stats`, and the rated matches it was read from.
    async fn everywhere_line(&self, r: &RatingRow) -> Result<(Text, Vec<HistoryRow>), CoreError> {
        let history = store::everywhere_history(self.store.reader(), r.player).await?;
        Ok((stats_line(r, &history, None), history))
    }
}

/// A player's rating and record in `stats`: a server's in `season`, or (`None`) the everywhere one.
fn stats_line(r: &RatingRow, history: &[HistoryRow], season: Option<u32>) -> Text {
    let provisional = r.games < PROVISIONAL_GAMES;
    let player = ("player", Arg::player(&r.name));
    let rating = ("rating", Arg::number(r.rating.round() as i64));
    let spread = ("spread", Arg::number((2.0 * r.deviation).round() as i64));
    let [games, won, drawn, lost, streak] = record_args(r, history);
    match season {
        Some(season) => Text::message(
            match provisional {
                true => "stats-line-provisional",
                false => "stats-line",
            },
            [
                player,
                ("season", Arg::number(season)),
                rating,
                spread,
                games,
                won,
                drawn,
                lost,
                streak,
            ],
        ),
        None => Text::message(
            match provisional {
                true => "stats-everywhere-line-provisional",
                false => "stats-everywhere-line",
            },
            [player, rating, spread, games, won, drawn, lost, streak],
        ),
    }
}

/// A rating's record: games, won, drawn, lost, and the longest winning streak of the matches charted (a
/// rating from before the history was kept has no streak to read).
fn record_args(r: &RatingRow, history: &[HistoryRow]) -> [(&'static str, Arg); 5] {
    [
        ("games", Arg::number(r.games)),
        ("won", Arg::number(r.wins)),
        ("drawn", Arg::number(r.draws)),
        ("lost", Arg::number(r.losses)),
        ("streak", Arg::number(longest_streak(history))),
    ]
}

/// A player's line in the leaderboard, at `rank`: the rating (marked while provisional) and the record.
fn leaderboard_line(rank: u32, r: &RatingRow) -> Text {
    Text::message(
        "leaderboard-line",
        [
            ("rank", Arg::number(rank)),
            ("player", Arg::player(&r.name)),
            ("rating", Arg::words(show_rating(r.rating, r.games))),
            ("games", Arg::number(r.games)),
            ("won", Arg::number(r.wins)),
            ("drawn", Arg::number(r.draws)),
            ("lost", Arg::number(r.losses)),
        ],
    )
}

/// A player's rating chart in a season: its points (the rating before the first match kept, then after
/// each; one point at `now_ms` for a rating with no history) and its caption (the season's record). The
/// chart of `stats`, and of the player's web page.
pub fn chart_points(
    r: &RatingRow,
    history: &[HistoryRow],
    season: u32,
    now_ms: i64,
) -> (Vec<RatingPoint>, Text) {
    let points = rating_points(r, history, now_ms);
    let [games, won, drawn, lost, streak] = record_args(r, history);
    let season = ("season", Arg::number(season));
    // Rated before the history was kept: the line starts where it does.
    let caption = match history.len() < r.games as usize {
        false => Text::message(
            "stats-chart-caption",
            [season, games, won, drawn, lost, streak],
        ),
        true => {
            let charted = ("charted", Arg::number(history.len() as i64));
            Text::message(
                "stats-chart-caption-partial",
                [season, games, won, drawn, lost, streak, charted],
            )
        }
    };
    (points, caption)
}

/// A rating chart's points: the rating before the first match kept, then after each; one point at
/// `now_ms` for a rating with no history.
fn rating_points(r: &RatingRow, history: &[HistoryRow], now_ms: i64) -> Vec<RatingPoint> {
    // The first point is the rating before the first match kept (ratings from before the history
    // was kept start the line where it begins).
    let points: Vec<RatingPoint> = history
        .first()
        .map(|h| RatingPoint {
            at_ms: h.at,
            rating: h.rating_before,
        })
        .into_iter()
        .chain(history.iter().map(|h| RatingPoint {
            at_ms: h.at,
            rating: h.rating_after,
        }))
        .collect();
    match points.is_empty() {
        true => vec![RatingPoint {
            at_ms: now_ms,
            rating: r.rating,
        }],
        false => points,
    }
}

/// The longest run of wins in a row.
fn longest_streak(history: &[HistoryRow]) -> u32 {
    let (mut longest, mut run) = (0, 0);
    for h in history {
        run = match h.outcome {
            Outcome::Win => run + 1,
            Outcome::Draw | Outcome::Loss => 0,
        };
        longest = longest.max(run);
    }
    longest
}
