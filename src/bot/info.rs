//! Read-only commands: `matches`, `history`, `leaderboard`, `stats`.

use super::clock::format_utc;
use super::error::{CoreError, UserError};
use super::ratings::{show_rating, PROVISIONAL_GAMES};
use super::request::{Request, UserRef};
use super::{text, Core, Reply};
use crate::game::MoveEvent;
use crate::store;

/// Moves shown by `history` (the newest ones).
const HISTORY_MOVES: usize = 20;

impl Core {
    pub(super) async fn matches(&self, req: &Request) -> Result<Reply, CoreError> {
        let rows =
            store::matches_of_player(self.store.reader(), req.place.server, req.user.id).await?;
        if rows.is_empty() {
            return Ok(Reply::private("You have no active match in this server."));
        }
        let mut lines = vec![format!("Your active matches ({}):", rows.len())];
        let mut named = Vec::new();
        for row in &rows {
            named.extend([row.names.south.clone(), row.names.north.clone()]);
            let side = row
                .side_of(req.user.id)
                .expect("the query selects the player's matches");
            let turn = match row.game.to_move() {
                Some(p) if p == side => format!(
                    "your turn, by {}",
                    row.deadline.map_or("?".into(), format_utc)
                ),
                Some(p) => format!("{}'s turn", row.names.get(p)),
                None => "over".into(),
            };
            lines.push(format!(
                "- #{} (match {}): against {}, round {} — {turn}",
                row.channel_name,
                row.id,
                row.names.get(side.other()),
                row.game.round()
            ));
        }
        Ok(Reply::private(lines.join("\n")).naming(named.iter().map(String::as_str)))
    }

    pub(super) async fn history(&self, req: &Request) -> Result<Reply, CoreError> {
        let (server, channel) = (req.place.server, req.place.channel);
        let row = match store::active_match_in_channel(self.store.reader(), server, channel).await?
        {
            Some(row) => row,
            None => store::last_match_in_channel(self.store.reader(), server, channel)
                .await?
                .ok_or(UserError::NoMatch)?,
        };
        let names = &row.names;
        let mut lines = vec![format!(
            "Match #{}: {} (South) against {} (North), {} moves.",
            row.id, names.south, names.north, row.moves_played
        )];
        for summary in row.game.rounds() {
            lines.push(text::describe_round(summary, names, true));
        }
        let moves = store::match_moves(self.store.reader(), row.id).await?;
        if moves.len() > HISTORY_MOVES {
            lines.push(format!("The last {HISTORY_MOVES} moves:"));
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
            lines.push(format!(
                "{:>4}. round {}: {} sowed house {} ({laps} laps{})",
                mv.ply,
                mv.round,
                names.get(mv.player),
                mv.house,
                if taken > 0 {
                    format!(", took {taken}")
                } else {
                    String::new()
                }
            ));
        }
        if let Some(result) = row.game.result() {
            lines.push(text::describe_result(&result, names));
        }
        Ok(Reply::private(lines.join("\n")).naming([names.south.as_str(), names.north.as_str()]))
    }

    pub(super) async fn leaderboard(&self, req: &Request, page: u32) -> Result<Reply, CoreError> {
        let per_page = self.config.leaderboard_page_size;
        let (rows, total) =
            store::leaderboard(self.store.reader(), req.place.server, page, per_page).await?;
        if total == 0 {
            return Ok(Reply::public("Nobody has finished a rated match here yet."));
        }
        let pages = total.div_ceil(per_page);
        if rows.is_empty() {
            return Err(UserError::BadOption {
                option: "page",
                expected: "a page that exists",
            }
            .into());
        }
        let mut lines = vec![format!("Leaderboard, page {page} of {pages}:")];
        lines.push(format!(
            "{:>4}  {:<20} {:>7} {:>6} {:>5} {:>6} {:>7}",
            "#", "player", "rating", "games", "wins", "draws", "losses"
        ));
        for (i, r) in rows.iter().enumerate() {
            lines.push(format!(
                "{:>4}  {:<20} {:>7} {:>6} {:>5} {:>6} {:>7}",
                (page - 1) * per_page + i as u32 + 1,
                r.name,
                show_rating(r.rating, r.games),
                r.games,
                r.wins,
                r.draws,
                r.losses
            ));
        }
        lines.push(format!(
            "? marks a provisional rating (fewer than {PROVISIONAL_GAMES} games)."
        ));
        Ok(Reply::public(lines.join("\n")).naming(rows.iter().map(|r| r.name.as_str())))
    }

    pub(super) async fn stats(
        &self,
        req: &Request,
        player: Option<&UserRef>,
    ) -> Result<Reply, CoreError> {
        let who = player.unwrap_or(&req.user);
        let row = store::load_rating(self.store.reader(), req.place.server, who.id).await?;
        let Some(r) = row else {
            return match player {
                None => Err(UserError::NoStats.into()),
                Some(p) => Ok(Reply::private(format!(
                    "{} has not played a rated match here yet.",
                    p.name
                ))),
            };
        };
        let provisional = if r.games < PROVISIONAL_GAMES {
            " (provisional)"
        } else {
            ""
        };
        Ok(Reply::private(format!(
            "{}: rating {:.0} ± {:.0}{provisional}; {} games: {} won, {} drawn, {} lost.",
            r.name,
            r.rating,
            2.0 * r.deviation,
            r.games,
            r.wins,
            r.draws,
            r.losses
        )))
    }
}
