//! A tournament's field: its players in seed order and its games, and the pairing state they make.

use crate::error::{CoreError, InternalError};
use crate::{Arg, Core, Language, Text};
use namnam_game::Player;
use namnam_model::{Format, UserId};
use namnam_render::{StandingsLine, StandingsTable};
use namnam_store::{
    self as store, DecidedBy, EntrantRow, GameResult, GameRow, TournamentRow, WriteTx,
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

    pub(super) fn index_of(&self, player: UserId) -> Option<usize> {
        self.entrants.iter().position(|e| e.player == player)
    }

    pub(super) fn name_of(&self, player: UserId) -> &str {
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
            let index = |player: UserId| {
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

    /// Who stands first after every game: one entrant, or several sharing first place, with their points.
    pub(super) fn winners(
        &self,
    ) -> Result<Vec<(&EntrantRow, tournament::standings::Points)>, CoreError> {
        let standings =
            tournament::standings::standings(&self.record_upto(u32::MAX)?, self.format());
        Ok(standings
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| (&self.entrants[s.entrant], s.points))
            .collect())
    }

    fn format(&self) -> tournament::Format {
        match self.t.format {
            Format::RoundRobin => tournament::Format::RoundRobin,
            Format::Swiss => tournament::Format::Swiss,
        }
    }

    /// The tie-breaks' names, as the standings show them (names, not translated).
    fn tiebreak_names(&self) -> Vec<String> {
        match self.t.format {
            Format::RoundRobin => vec!["SB".to_owned()],
            Format::Swiss => vec!["Buchholz".to_owned(), "SB".to_owned()],
        }
    }

    /// The standings of the rounds up to `upto`, one row an entrant, in order.
    fn rows(&self, upto: u32) -> Result<Vec<Row<'_>>, CoreError> {
        let standings = tournament::standings::standings(&self.record_upto(upto)?, self.format());
        Ok(standings
            .iter()
            .map(|s| {
                let shared = standings
                    .iter()
                    .filter(|other| other.rank == s.rank)
                    .count()
                    > 1;
                Row {
                    rank: format!("{}{}", s.rank, if shared { "=" } else { "" }),
                    entrant: &self.entrants[s.entrant],
                    points: s.points,
                    tiebreaks: match self.t.format {
                        Format::RoundRobin => vec![s.sonneborn_berger.to_string()],
                        Format::Swiss => {
                            vec![s.buchholz.to_string(), s.sonneborn_berger.to_string()]
                        }
                    },
                    played: s.games,
                }
            })
            .collect())
    }

    /// The standings of the rounds up to `upto` as text, one line an entrant:
    /// "1= alice: 2.5 points · Buchholz 3 · SB 2.25 · 3 played".
    pub(super) fn standings_lines(&self, upto: u32) -> Result<Vec<Text>, CoreError> {
        let names = self.tiebreak_names();
        Ok(self
            .rows(upto)?
            .into_iter()
            .map(|row| {
                let tiebreaks = names.iter().zip(&row.tiebreaks).map(|(name, value)| {
                    Text::new().words(format!("{name} ")).then(decimal(value))
                });
                let id = match row.entrant.withdrawn_round {
                    Some(_) => "tournament-standings-line-withdrawn",
                    None => "tournament-standings-line",
                };
                Text::message(
                    id,
                    [
                        ("rank", Arg::words(row.rank)),
                        ("player", Arg::player(&row.entrant.name)),
                        ("points", Arg::Text(points_words(row.points))),
                        ("tiebreaks", Arg::Text(Text::list(tiebreaks, " · "))),
                        ("played", Arg::number(row.played)),
                    ],
                )
            })
            .collect())
    }

    /// The standings of the rounds up to `upto` as a table, with the pairings of `round` under it; its
    /// words (the title, the pairings) in `language`.
    pub(super) fn table(
        &self,
        language: Language,
        title: Text,
        subtitle: Text,
        upto: u32,
        round: u32,
    ) -> Result<StandingsTable, CoreError> {
        let lines = self
            .rows(upto)?
            .into_iter()
            .map(|row| StandingsLine {
                rank: row.rank,
                name: row.entrant.name.clone(),
                points: decimal(&row.points.to_string()).plain_in(language),
                tiebreaks: row
                    .tiebreaks
                    .iter()
                    .map(|value| decimal(value).plain_in(language))
                    .collect(),
                played: row.played,
                withdrawn: row.entrant.withdrawn_round.is_some(),
            })
            .collect();
        let pairings: Vec<String> = self
            .round_games(round)
            .map(|g| self.pairing_line(g).plain_in(language))
            .collect();
        Ok(StandingsTable {
            title: title.plain_in(language),
            subtitle: subtitle.plain_in(language),
            tiebreaks: self.tiebreak_names(),
            lines,
            pairings_title: match pairings.is_empty() {
                true => String::new(),
                false => {
                    Text::message("tournament-pairings-title", [("round", Arg::number(round))])
                        .plain_in(language)
                }
            },
            pairings,
        })
    }

    /// "alice – bob", "alice – bob: 1–0 (houses)", "carol: bye".
    pub(super) fn pairing_line(&self, g: &GameRow) -> Text {
        let south = Arg::player(self.name_of(g.south));
        let Some(north) = g.north else {
            return Text::message("tournament-pairing-bye", [("player", south)]);
        };
        let north = Arg::player(self.name_of(north));
        let Some((result, by)) = g.result else {
            return Text::message(
                "tournament-pairing-open",
                [("south", south), ("north", north)],
            );
        };
        let score = match result {
            GameResult::SouthWon => "1–0",
            GameResult::NorthWon => "0–1",
            GameResult::Draw => "½–½",
        };
        let id = match by {
            DecidedBy::Houses => "tournament-pairing-result-houses",
            DecidedBy::Forfeit => "tournament-pairing-result-forfeit",
            DecidedBy::Match | DecidedBy::Bye => "tournament-pairing-result",
        };
        Text::message(
            id,
            [
                ("south", south),
                ("north", north),
                ("score", Arg::words(score)),
            ],
        )
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

/// One entrant's line of the standings.
struct Row<'a> {
    /// "1", or "3=" for a shared rank.
    rank: String,
    entrant: &'a EntrantRow,
    points: tournament::standings::Points,
    /// One value a tie-break, in the order of [`Field::tiebreak_names`].
    tiebreaks: Vec<String>,
    /// Games played over the board.
    played: u32,
}

/// A score in words: "1 point", "2.5 points".
pub(super) fn points_words(points: tournament::standings::Points) -> Text {
    Text::message(
        "tournament-points",
        [
            ("points", Arg::Text(decimal(&points.to_string()))),
            ("halves", Arg::number(points.halves())),
        ],
    )
}

/// A score or a tie-break ("2", "2.5", "2.25") as the reader's language writes a decimal: "2,5" in French.
fn decimal(value: &str) -> Text {
    match value.split_once('.') {
        Some((whole, decimals)) => Text::message(
            "tournament-decimal",
            [
                ("whole", Arg::words(whole)),
                ("decimals", Arg::words(decimals)),
            ],
        ),
        None => Text::new().words(value),
    }
}
