//! A server's web site as `namnam web` reads it: the server behind a token, its live matches and
//! tournaments, a player's page, a match with its moves (its verdict and record once it is over) and a
//! tournament's sheet. Everything of another server is `None`, as a page that does not exist: the web
//! server answers both with the same 404, so that nothing tells what another server has.
//!
//! Reads only. The decisions a page shares with the bot are made here once: which season and rating a
//! player shows, who has a page, and that a match's past is shown only once it is over (as the replay
//! waits for the end in Discord).

use super::error::CoreError;
use super::message::Language;
use super::standings::PlayerStanding;
use super::tournaments::TournamentSheet;
use super::web::is_token;
use super::Core;
use namnam_ai::analysis::JudgedMove;
use namnam_model::{MatchId, Names, Place, ServerId, TournamentId, UserId};
use namnam_record::Record;
use namnam_store::{self as store, MatchRow, MatchState, MoveRow, RatingRow, TournamentState};

/// The server whose pages live under a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub id: ServerId,
    pub name: String,
    /// The token its pages' paths hold ([`Page::path`](super::web::Page::path)).
    pub token: String,
    /// The language its pages are written in: the server's public one.
    pub language: Language,
}

/// A match in a list of matches: enough to name it and link to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLine {
    pub id: MatchId,
    /// The players' names, as the match shows them.
    pub names: Names,
    /// The moves played so far: the number of its current board's picture.
    pub moves_played: u32,
}

impl MatchLine {
    fn of(row: &MatchRow) -> MatchLine {
        MatchLine {
            id: row.id,
            names: row.names.clone(),
            moves_played: row.moves_played,
        }
    }
}

/// A tournament in a server's list of tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLine {
    pub id: TournamentId,
    pub name: String,
    pub state: TournamentState,
    /// The round being played (0 before the start; the last one once finished).
    pub round: u32,
}

/// A player's page: who they are here, their standing in the current season, their last finished matches.
#[derive(Clone, Debug, PartialEq)]
pub struct SitePlayer {
    /// Their name in this server.
    pub name: String,
    /// The server's current season.
    pub season: u32,
    /// Their rating in it, if they have one.
    pub rating: Option<RatingRow>,
    /// Their finished matches, newest first.
    pub recent: Vec<MatchLine>,
}

/// A match as its page and pictures show it: the stored match and its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteMatch {
    pub row: MatchRow,
    pub moves: Vec<MoveRow>,
}

impl SiteMatch {
    /// Whether the match is over (finished, or stopped by an admin): only then is its past shown.
    pub fn is_over(&self) -> bool {
        !self.row.state.is_active()
    }

    /// Whether an admin stopped it: over, without a result.
    pub fn is_aborted(&self) -> bool {
        self.row.state == MatchState::Aborted
    }

    /// The moves kept: the last position a finished match can be stepped to.
    pub fn last_ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The position a page shows when `asked` (none: the start): a live match only its current board,
    /// whatever was asked; a finished match the one asked, if it has it.
    pub fn shown_ply(&self, asked: Option<u32>) -> Option<u32> {
        match self.is_over() {
            true => Some(asked.unwrap_or(0)).filter(|&ply| ply <= self.last_ply()),
            false => Some(self.row.moves_played),
        }
    }

    /// Whether it has a picture of the board after `ply` moves: a live match only of its current board.
    pub fn has_board(&self, ply: u32) -> bool {
        ply <= self.last_ply() && (self.is_over() || ply == self.row.moves_played)
    }

    /// Whether it has an animation of move `ply` (from 1): a live match none.
    pub fn has_animation(&self, ply: u32) -> bool {
        self.is_over() && ply >= 1 && ply <= self.last_ply()
    }
}

/// A tournament's page: its name and its sheet.
#[derive(Clone, Debug)]
pub struct SiteTournament {
    pub name: String,
    pub sheet: TournamentSheet,
}

impl Core {
    /// The server whose pages live under `token`; `None` for a token no server has now. A string that no
    /// token could be is refused before any query.
    pub async fn site(&self, token: &str) -> Result<Option<Site>, CoreError> {
        if !is_token(token) {
            return Ok(None);
        }
        let reader = self.store.reader();
        let Some((id, name)) = store::server_of_web_token(reader, token).await? else {
            return Ok(None);
        };
        let language = self.public_language(store::server_language(reader, id).await?);
        Ok(Some(Site {
            id,
            name,
            token: token.to_owned(),
            language,
        }))
    }

    /// `server`'s matches being played, newest first, at most `limit`.
    pub async fn live_matches(
        &self,
        server: ServerId,
        limit: u32,
    ) -> Result<Vec<MatchLine>, CoreError> {
        let rows = store::live_matches_of_server(self.store.reader(), server, limit).await?;
        Ok(rows.iter().map(MatchLine::of).collect())
    }

    /// Every tournament of `server`, newest first.
    pub async fn site_tournaments(
        &self,
        server: ServerId,
    ) -> Result<Vec<TournamentLine>, CoreError> {
        let rows = store::tournaments_of_server(self.store.reader(), server).await?;
        Ok(rows
            .into_iter()
            .map(|t| TournamentLine {
                id: t.id,
                name: t.name,
                state: t.state,
                round: t.round,
            })
            .collect())
    }

    /// `player`'s page in `server`, with at most `recent` of their finished matches; `None` for someone
    /// who never played here (neither rated nor in a finished match).
    pub async fn site_player(
        &self,
        server: ServerId,
        player: UserId,
        recent: u32,
    ) -> Result<Option<SitePlayer>, CoreError> {
        let PlayerStanding { season, rating } = self.player_standing(server, player).await?;
        let matches =
            store::finished_matches_of_player(self.store.reader(), server, player, recent).await?;
        // Their rating's name, else the one their last match shows.
        let name = match (&rating, matches.first()) {
            (Some(r), _) => r.name.clone(),
            (None, Some(m)) => match m.side_of(player) {
                Some(side) => m.names.get(side).to_owned(),
                None => return Ok(None),
            },
            (None, None) => return Ok(None),
        };
        Ok(Some(SitePlayer {
            name,
            season,
            rating,
            recent: matches.iter().map(MatchLine::of).collect(),
        }))
    }

    /// Match `id` of `server`, with its moves: one played where the bot is a member only (a guest's match
    /// in that server counts in the everywhere rating, which no web page shows).
    pub async fn site_match(
        &self,
        server: ServerId,
        id: MatchId,
    ) -> Result<Option<SiteMatch>, CoreError> {
        let reader = self.store.reader();
        let Some(row) = store::load_match(reader, id).await?.filter(
            |row| matches!(row.place, Place::ServerChannel { server: s, .. } if s == server),
        ) else {
            return Ok(None);
        };
        let moves = store::match_moves(reader, id).await?;
        Ok(Some(SiteMatch { row, moves }))
    }

    /// The computer's verdict on a match that is over, once its analysis is done.
    pub async fn match_verdict(
        &self,
        shown: &SiteMatch,
    ) -> Result<Option<Vec<JudgedMove>>, CoreError> {
        if !shown.is_over() {
            return Ok(None);
        }
        let analysis = store::analysis_of(self.store.reader(), shown.row.id).await?;
        Ok(analysis.and_then(|a| a.verdict))
    }

    /// The record of a match that is over, to download; a live match has none yet.
    pub async fn match_record(&self, shown: &SiteMatch) -> Result<Option<Record>, CoreError> {
        if !shown.is_over() {
            return Ok(None);
        }
        Ok(store::load_record(self.store.reader(), shown.row.id).await?)
    }

    /// Tournament `id` of `server`, its sheet's words in `language`.
    pub async fn site_tournament(
        &self,
        server: ServerId,
        id: TournamentId,
        language: Language,
    ) -> Result<Option<SiteTournament>, CoreError> {
        let Some(t) = store::load_tournament(self.store.reader(), id)
            .await?
            .filter(|t| t.server == server)
        else {
            return Ok(None);
        };
        let name = t.name.clone();
        let sheet = self.tournament_sheet(t, language).await?;
        Ok(Some(SiteTournament { name, sheet }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::{ByPlayer, Match, MatchOptions, Player};
    use namnam_model::ChannelId;

    /// A match of three moves, in `state`, `moves_played` as its row counts them.
    fn three_moves(state: MatchState, moves_played: u32) -> SiteMatch {
        let row = MatchRow {
            id: MatchId(1),
            place: namnam_model::Place::ServerChannel {
                server: ServerId(1),
                channel: ChannelId(1),
            },
            channel_name: "general".to_owned(),
            players: ByPlayer {
                south: UserId(1),
                north: UserId(2),
            },
            names: Names {
                south: "alice".to_owned(),
                north: "bob".to_owned(),
            },
            state,
            game: Match::new(MatchOptions::default()),
            version: 1,
            moves_played,
            turns: 3,
            clock_secs: 60,
            remind_at: None,
            draw_offer: None,
            takeback_request: None,
            takeback_asked_turn: None,
            thread_closed_at: None,
            last_move: None,
            rated: true,
            created_at: 0,
            computer: None,
            parent_channel: None,
        };
        let moves = (1..=3)
            .map(|ply| MoveRow {
                ply,
                round: 1,
                player: Player::South,
                house: 1,
                events: Vec::new(),
                played_at: 0,
                deadline_before: None,
            })
            .collect();
        SiteMatch { row, moves }
    }

    #[test]
    fn a_finished_match_shows_every_position_and_move_and_none_past_the_end() {
        let over = three_moves(MatchState::Finished, 3);
        assert!(over.is_over() && !over.is_aborted());
        assert_eq!(over.shown_ply(None), Some(0));
        assert_eq!(over.shown_ply(Some(3)), Some(3));
        assert_eq!(over.shown_ply(Some(4)), None);
        assert!((0..=3).all(|ply| over.has_board(ply)));
        assert!(!over.has_board(4));
        assert!((1..=3).all(|ply| over.has_animation(ply)));
        assert!(!over.has_animation(0) && !over.has_animation(4));
        assert!(three_moves(MatchState::Aborted, 3).is_over());
    }

    #[test]
    fn a_live_match_shows_its_current_board_only() {
        let live = three_moves(MatchState::Active { deadline: 0 }, 3);
        assert!(!live.is_over());
        // Whatever position is asked for.
        assert_eq!(live.shown_ply(None), Some(3));
        assert_eq!(live.shown_ply(Some(1)), Some(3));
        assert!(live.has_board(3));
        assert!((0..3).all(|ply| !live.has_board(ply)));
        assert!((0..=3).all(|ply| !live.has_animation(ply)));
    }
}
