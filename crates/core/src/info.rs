//! Read-only commands: `matches`, `history`, `leaderboard`, `stats`.

use super::error::CoreError;
use super::message::{Arg, CommandLine};
use super::pictures;
use super::ratings::{show_rating, PROVISIONAL_GAMES};
use super::vocabulary::{InfoRefusal, InputRefusal, Request, UserRef, Wanted};
use super::web::Page;
use super::{text, Core, Reply, Text};
use namnam_game::MoveEvent;
use namnam_model::MatchId;
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
        let per_page = self.config.leaderboard_page_size;
        let server = req.server()?;
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
        let server = req.server()?;
        let reader = self.store.reader();
        let season = store::season_of(reader, server).await?.number;
        let row = store::load_rating(reader, server, who.id).await?;
        let lessons = self.lessons_line(who.id).await?;
        let Some(r) = row else {
            return match player {
                // Someone who has only taken lessons so far sees those.
                None => match lessons {
                    Some(lessons) => Ok(Reply::private(lessons)),
                    None => Err(InfoRefusal::NoStats.into()),
                },
                Some(p) => Ok(Reply::private(Text::message(
                    "stats-none",
                    [
                        ("player", Arg::player(&p.name)),
                        ("season", Arg::number(season)),
                    ],
                ))),
            };
        };
        let history = store::rating_history(reader, server, season, who.id).await?;
        let line = match r.games < PROVISIONAL_GAMES {
            true => "stats-line-provisional",
            false => "stats-line",
        };
        let token = store::web_token(reader, server).await?;
        let link = self.web_link(token, Page::Player(who.id.0));
        // Of the matches charted (a rating from before the history was kept has no streak to read).
        let streak = longest_streak(&history);
        let mut reply = Reply::private(Text::message(
            line,
            [
                ("player", Arg::player(&r.name)),
                ("season", Arg::number(season)),
                ("rating", Arg::number(r.rating.round() as i64)),
                ("spread", Arg::number((2.0 * r.deviation).round() as i64)),
                ("games", Arg::number(r.games)),
                ("won", Arg::number(r.wins)),
                ("drawn", Arg::number(r.draws)),
                ("lost", Arg::number(r.losses)),
                ("streak", Arg::number(streak)),
            ],
        ));
        if let Some(lessons) = lessons {
            reply.text = std::mem::take(&mut reply.text).words("\n").then(lessons);
        }
        reply.buttons.links.extend(link);
        if self.config.pictures {
            let (points, caption) = chart_points(&r, &history, season, self.now());
            // A private answer: the chart in the asker's language, as the reply will be.
            reply.language = req.language;
            let caption = caption.plain_in(reply.language);
            reply.board.picture = Some(
                pictures::rating_chart(r.name.clone(), points, caption, reply.language).await?,
            );
        }
        Ok(reply)
    }
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
    let streak = longest_streak(history);
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
            at_ms: now_ms,
            rating: r.rating,
        }],
        false => points,
    };
    let record = [
        ("season", Arg::number(season)),
        ("games", Arg::number(r.games)),
        ("won", Arg::number(r.wins)),
        ("drawn", Arg::number(r.draws)),
        ("lost", Arg::number(r.losses)),
        ("streak", Arg::number(streak)),
    ];
    // Rated before the history was kept: the line starts where it does.
    let caption = match history.len() < r.games as usize {
        false => Text::message("stats-chart-caption", record),
        true => {
            let [season, games, won, drawn, lost, streak] = record;
            let charted = ("charted", Arg::number(history.len() as i64));
            Text::message(
                "stats-chart-caption-partial",
                [season, games, won, drawn, lost, streak, charted],
            )
        }
    };
    (points, caption)
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
