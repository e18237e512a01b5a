//! Read-only commands: `matches`, `history`, `leaderboard`, `stats`.

use super::error::{CoreError, UserError};
use super::pictures;
use super::ratings::{show_rating, PROVISIONAL_GAMES};
use super::request::{Request, UserRef};
use super::{text, Core, Reply, Text};
use namnam_game::MoveEvent;
use namnam_render::RatingPoint;
use namnam_store::{self as store, HistoryRow, Outcome};

/// Moves shown by `history` (the newest ones).
const HISTORY_MOVES: usize = 20;

impl Core {
    pub(super) async fn matches(&self, req: &Request) -> Result<Reply, CoreError> {
        let rows =
            store::matches_of_player(self.store.reader(), req.place.server, req.user.id).await?;
        if rows.is_empty() {
            return Ok(Reply::private("You have no active match in this server."));
        }
        let mut lines = vec![Text::from(format!("Your active matches ({}):", rows.len()))];
        for row in &rows {
            let side = row
                .side_of(req.user.id)
                .expect("the query selects the player's matches");
            let turn = match (row.game.to_move(), row.deadline) {
                (Some(p), Some(deadline)) if p == side => {
                    Text::from("your turn, by ").time(deadline)
                }
                (Some(p), None) if p == side => Text::from("your turn"),
                (Some(p), _) => Text::new().player(row.names.get(p)).words("'s turn"),
                (None, _) => Text::from("over"),
            };
            lines.push(
                Text::from("- ")
                    .channel(row.channel.0, Some(&row.channel_name))
                    .words(format!(" (match {}): against ", row.id))
                    .player(row.names.get(side.other()))
                    .words(format!(", round {} — ", row.game.round()))
                    .then(turn),
            );
        }
        Ok(Reply::private(Text::lines(lines)))
    }

    pub(super) async fn history(
        &self,
        req: &Request,
        number: Option<i64>,
    ) -> Result<Reply, CoreError> {
        let row = self.shown_match(req, number).await?;
        let names = &row.names;
        let mut lines = vec![Text::new()
            .words(format!("Match #{}: ", row.id))
            .player(&names.south)
            .words(" (South) against ")
            .player(&names.north)
            .words(" (North), ")
            .count(row.moves_played, "move", "moves")
            .words(".")];
        for summary in row.game.rounds() {
            // The next round is announced unless this round was the last.
            let next_round_starts = summary.round < row.game.round();
            lines.push(text::describe_round(summary, names, next_round_starts));
        }
        let moves = store::match_moves(self.store.reader(), row.id).await?;
        if moves.len() > HISTORY_MOVES {
            lines.push(Text::from(format!("The last {HISTORY_MOVES} moves:")));
        }
        for mv in moves.iter().skip(moves.len().saturating_sub(HISTORY_MOVES)) {
            let laps = mv
                .events
                .iter()
                .filter(|e| matches!(e, MoveEvent::Lap { .. }))
                .count();
            let taken: u32 = mv
                .events
                .iter()
                .filter_map(|e| match e {
                    MoveEvent::Capture(c) if c.player == mv.player => Some(c.seeds as u32),
                    _ => None,
                })
                .sum();
            let mut line = Text::from(format!("{:>4}. round {}: ", mv.ply, mv.round))
                .player(names.get(mv.player))
                .words(format!(" sowed house {} (", mv.house))
                .count(laps as i64, "lap", "laps");
            if taken > 0 {
                line = line.words(", took ").count(taken, "seed", "seeds");
            }
            lines.push(line.words(")"));
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
        let per_page = self.config.leaderboard_page_size;
        let server = req.place.server;
        let reader = self.store.reader();
        let current = store::season_of(reader, server).await?.number;
        let season = season.unwrap_or(current);
        let (rows, total, title) = if season == current {
            let (rows, total) = store::leaderboard(reader, server, page, per_page).await?;
            (rows, total, format!("Leaderboard, season {current}"))
        } else if season > current {
            return Err(UserError::NoSuchSeason {
                asked: season,
                current,
            }
            .into());
        } else {
            let (rows, total) =
                store::season_standings(reader, server, season, page, per_page).await?;
            (rows, total, format!("Final standings of season {season}"))
        };
        if total == 0 {
            let text = match season == current {
                true => format!("Nobody has finished a rated match here in season {current} yet."),
                false => format!("Nobody finished a rated match here in season {season}."),
            };
            return Ok(Reply::public(text));
        }
        let pages = total.div_ceil(per_page);
        if rows.is_empty() {
            return Err(UserError::BadOption {
                option: "page",
                expected: "a page that exists",
            }
            .into());
        }
        // One line a player rather than a table: names have any width, and a phone wraps long lines.
        let mut lines = vec![Text::from(format!("{title}, page {page} of {pages}:"))];
        for (i, r) in rows.iter().enumerate() {
            lines.push(
                Text::from(format!("{}. ", (page - 1) * per_page + i as u32 + 1))
                    .player(&r.name)
                    .words(format!(" — {}, ", show_rating(r.rating, r.games)))
                    .count(r.games, "game", "games")
                    .words(format!(
                        ": {} won, {} drawn, {} lost",
                        r.wins, r.draws, r.losses
                    )),
            );
        }
        lines.push(
            Text::from("? marks a provisional rating (fewer than ")
                .count(PROVISIONAL_GAMES, "game", "games")
                .words(")."),
        );
        if season == current && current > 1 {
            lines.push(
                Text::from("Earlier seasons: ")
                    .command_with("leaderboard", &format!("season:{}", current - 1))
                    .words("."),
            );
        }
        Ok(Reply::public(Text::lines(lines)))
    }

    pub(super) async fn stats(
        &self,
        req: &Request,
        player: Option<&UserRef>,
    ) -> Result<Reply, CoreError> {
        let who = player.unwrap_or(&req.user);
        let server = req.place.server;
        let reader = self.store.reader();
        let season = store::season_of(reader, server).await?.number;
        let row = store::load_rating(reader, server, who.id).await?;
        let Some(r) = row else {
            return match player {
                None => Err(UserError::NoStats.into()),
                Some(p) => Ok(Reply::private(Text::new().player(&p.name).words(format!(
                    " has not played a rated match here in season {season} yet."
                )))),
            };
        };
        let history = store::rating_history(reader, server, season, who.id).await?;
        let provisional = if r.games < PROVISIONAL_GAMES {
            " (provisional)"
        } else {
            ""
        };
        // Of the matches charted (a rating from before the history was kept has no streak to read).
        let streak = longest_streak(&history);
        let record = format!(
            "{} won, {} drawn, {} lost; longest winning streak {streak}",
            r.wins, r.draws, r.losses
        );
        let mut reply = Reply::private(
            Text::new()
                .player(&r.name)
                .words(format!(
                    ", season {season}: rating {:.0} ± {:.0}{provisional}; ",
                    r.rating,
                    2.0 * r.deviation
                ))
                .count(r.games, "game", "games")
                .words(format!(": {record}.")),
        );
        if self.config.pictures {
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
            let points = match points.is_empty() {
                true => vec![RatingPoint {
                    at_ms: self.now(),
                    rating: r.rating,
                }],
                false => points,
            };
            let games = match r.games {
                1 => "1 game".to_owned(),
                n => format!("{n} games"),
            };
            let mut caption = format!("Season {season} · {games}: {record}");
            if history.len() < r.games as usize {
                // Rated before the history was kept: the line starts where it does.
                caption.push_str(&format!(" (charted: the last {})", history.len()));
            }
            // A private answer: the chart in the asker's language, as the reply will be.
            reply.language = req.language;
            reply.picture = Some(
                pictures::rating_chart(r.name.clone(), points, caption, reply.language).await?,
            );
        }
        Ok(reply)
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
