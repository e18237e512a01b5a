//! A tournament's field: its players in seed order and its games, and the pairing state they make.

use crate::error::{CoreError, InternalError};
use crate::Core;
use namnam_game::Player;
use namnam_render::{StandingsLine, StandingsTable};
use namnam_store::{
    self as store, DecidedBy, EntrantRow, Format, GameResult, GameRow, Snowflake, TournamentRow,
    WriteTx,
};
use namnam_tournament as tournament;

/// The Swiss rounds that tell a winner apart (⌈log₂ n⌉), within the most a field of `n` can play without
/// meeting anyone twice (⌈n/2⌉).
pub(super) fn swiss_rounds(n: usize) -> u32 {
    let log = usize::BITS - n.saturating_sub(1).leading_zeros();
    log.max(1).min(tournament::swiss::max_rounds(n) as u32)
}

/// The rounds a tournament plays with `n` players.
pub(super) fn total_rounds(t: &TournamentRow, n: usize) -> u32 {
    match t.format {
        Format::RoundRobin => tournament::berger::round_robin(n).len() as u32,
        Format::Swiss => t.rounds.unwrap_or_else(|| swiss_rounds(n)),
    }
}

/// The tournament as it stands: its players in seed order and its games.
pub(super) struct Field {
    pub(super) t: TournamentRow,
    pub(super) entrants: Vec<EntrantRow>,
    pub(super) games: Vec<GameRow>,
}

impl Field {
    pub(super) async fn load(tx: &mut WriteTx, t: TournamentRow) -> Result<Field, CoreError> {
        let entrants = store::entrants(&mut **tx, t.id).await?;
        let games = store::games(&mut **tx, t.id).await?;
        Ok(Field { t, entrants, games })
    }

    pub(super) async fn read(core: &Core, t: TournamentRow) -> Result<Field, CoreError> {
        let reader = core.store.reader();
        let entrants = store::entrants(reader, t.id).await?;
        let games = store::games(reader, t.id).await?;
        Ok(Field { t, entrants, games })
    }

    pub(super) fn index_of(&self, player: Snowflake) -> Option<usize> {
        self.entrants.iter().position(|e| e.player == player)
    }

    pub(super) fn name_of(&self, player: Snowflake) -> &str {
        self.entrants
            .iter()
            .find(|e| e.player == player)
            .map_or("someone", |e| e.name.as_str())
    }

    /// The games decided so far as the pairing and the standings read them.
    pub(super) fn record(&self) -> Result<tournament::Record, CoreError> {
        self.record_upto(u32::MAX)
    }

    /// [`Self::record`] of the rounds up to `round`.
    pub(super) fn record_upto(&self, round: u32) -> Result<tournament::Record, CoreError> {
        let mut played = Vec::new();
        for g in self.games.iter().filter(|g| g.round <= round) {
            let Some((result, by)) = g.result else {
                continue;
            };
            let index = |player: Snowflake| {
                self.index_of(player).ok_or_else(|| {
                    InternalError::Inconsistent(format!(
                        "tournament {}: a game of someone not in it",
                        self.t.id
                    ))
                })
            };
            let south = index(g.south)?;
            played.push(match g.north {
                None => tournament::Played::Bye { player: south },
                Some(north) => tournament::Played::Game {
                    south,
                    north: index(north)?,
                    outcome: match (result, by) {
                        (GameResult::SouthWon, DecidedBy::Forfeit) => {
                            tournament::Outcome::ForfeitedBy(Player::North)
                        }
                        (_, DecidedBy::Forfeit) => tournament::Outcome::ForfeitedBy(Player::South),
                        (GameResult::SouthWon, _) => tournament::Outcome::SouthWon,
                        (GameResult::NorthWon, _) => tournament::Outcome::NorthWon,
                        (GameResult::Draw, _) => tournament::Outcome::Draw,
                    },
                },
            });
        }
        tournament::Record::new(self.entrants.len(), played).map_err(|e| {
            InternalError::Inconsistent(format!("tournament {}: {e}", self.t.id)).into()
        })
    }

    pub(super) fn round_games(&self, round: u32) -> impl Iterator<Item = &GameRow> {
        self.games.iter().filter(move |g| g.round == round)
    }

    pub(super) fn round_done(&self, round: u32) -> bool {
        self.round_games(round).all(|g| g.result.is_some())
    }

    /// Still playing in `round` (not withdrawn before it).
    pub(super) fn active(&self, round: u32) -> Vec<bool> {
        self.entrants
            .iter()
            .map(|e| e.withdrawn_round.map_or(true, |w| w >= round))
            .collect()
    }

    /// The standings of the rounds up to `upto` as a table, with the pairings of `round` under it.
    /// Who stands first after every game: one entrant, or several sharing first place, with their points.
    pub(super) fn winners(&self) -> Result<Vec<(&EntrantRow, String)>, CoreError> {
        let standings =
            tournament::standings::standings(&self.record_upto(u32::MAX)?, self.format());
        Ok(standings
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| (&self.entrants[s.entrant], s.points.to_string()))
            .collect())
    }

    fn format(&self) -> tournament::Format {
        match self.t.format {
            Format::RoundRobin => tournament::Format::RoundRobin,
            Format::Swiss => tournament::Format::Swiss,
        }
    }

    pub(super) fn table(
        &self,
        title: String,
        subtitle: String,
        upto: u32,
        round: u32,
    ) -> Result<StandingsTable, CoreError> {
        let standings = tournament::standings::standings(&self.record_upto(upto)?, self.format());
        let tiebreaks = match self.t.format {
            Format::RoundRobin => vec!["SB".to_owned()],
            Format::Swiss => vec!["Buchholz".to_owned(), "SB".to_owned()],
        };
        let lines = standings
            .iter()
            .map(|s| {
                let entrant = &self.entrants[s.entrant];
                let shared = standings
                    .iter()
                    .filter(|other| other.rank == s.rank)
                    .count()
                    > 1;
                StandingsLine {
                    rank: format!("{}{}", s.rank, if shared { "=" } else { "" }),
                    name: entrant.name.clone(),
                    points: s.points.to_string(),
                    tiebreaks: match self.t.format {
                        Format::RoundRobin => vec![s.sonneborn_berger.to_string()],
                        Format::Swiss => {
                            vec![s.buchholz.to_string(), s.sonneborn_berger.to_string()]
                        }
                    },
                    played: s.games,
                    withdrawn: entrant.withdrawn_round.is_some(),
                }
            })
            .collect();
        let pairings: Vec<String> = self
            .round_games(round)
            .map(|g| self.pairing_line(g))
            .collect();
        Ok(StandingsTable {
            title,
            subtitle,
            tiebreaks,
            lines,
            pairings_title: match pairings.is_empty() {
                true => String::new(),
                false => format!("Round {round}"),
            },
            pairings,
        })
    }

    /// "alice – bob", "alice – bob: 1–0", "carol: bye".
    pub(super) fn pairing_line(&self, g: &GameRow) -> String {
        let south = self.name_of(g.south);
        let Some(north) = g.north else {
            return format!("{south}: bye");
        };
        let north = self.name_of(north);
        match g.result {
            None => format!("{south} – {north}"),
            Some((result, by)) => {
                let score = match result {
                    GameResult::SouthWon => "1–0",
                    GameResult::NorthWon => "0–1",
                    GameResult::Draw => "½–½",
                };
                let how = match by {
                    DecidedBy::Houses => " (houses)",
                    DecidedBy::Forfeit => " (forfeit)",
                    DecidedBy::Match | DecidedBy::Bye => "",
                };
                format!("{south} – {north}: {score}{how}")
            }
        }
    }

    /// The pairings of the next round, as the pure pairing gives them, in players' ids; `None` when no
    /// Swiss pairing keeps the rules any more (many withdrawals can leave too few new opponents).
    pub(super) fn pair(&self, round: u32) -> Result<Option<Vec<GameRow>>, CoreError> {
        let n = self.entrants.len();
        let active = self.active(round);
        let pairs: Vec<(usize, Option<usize>)> = match self.t.format {
            Format::RoundRobin => {
                let schedule = tournament::berger::round_robin(n);
                let planned = schedule.get(round as usize - 1).ok_or_else(|| {
                    InternalError::Inconsistent(format!(
                        "tournament {} has no round {round}",
                        self.t.id
                    ))
                })?;
                planned
                    .games
                    .iter()
                    .map(|p| (p.south, Some(p.north)))
                    .chain(planned.bye.map(|b| (b, None)))
                    .collect()
            }
            Format::Swiss => {
                let withdrawn: Vec<usize> = (0..n).filter(|&i| !active[i]).collect();
                let planned = match tournament::swiss::pair_round(&self.record()?, &withdrawn) {
                    Ok(planned) => planned,
                    Err(tournament::swiss::SwissError::NoPairing { .. }) => return Ok(None),
                    Err(e) => {
                        return Err(InternalError::Inconsistent(format!(
                            "tournament {} round {round}: {e}",
                            self.t.id
                        ))
                        .into())
                    }
                };
                planned
                    .games
                    .iter()
                    .map(|p| (p.south, Some(p.north)))
                    .chain(planned.bye.map(|b| (b, None)))
                    .collect()
            }
        };
        let mut games = Vec::new();
        for (south, north) in pairs {
            let (south_in, north_in) = (active[south], north.map(|n| active[n]));
            let player = |i: usize| self.entrants[i].player;
            let result = match (south_in, north_in) {
                // A round robin's bye of a player who has withdrawn is no game at all.
                (false, None) => continue,
                (true, None) => Some((GameResult::SouthWon, DecidedBy::Bye)),
                (true, Some(true)) => None,
                (true, Some(false)) => Some((GameResult::SouthWon, DecidedBy::Forfeit)),
                (false, Some(true)) => Some((GameResult::NorthWon, DecidedBy::Forfeit)),
                // Both have withdrawn: nobody scores, no game.
                (false, Some(false)) => continue,
            };
            games.push(GameRow {
                round,
                board: games.len() as u32 + 1,
                south: player(south),
                north: north.map(player),
                match_id: None,
                result,
            });
        }
        Ok(Some(games))
    }
}
