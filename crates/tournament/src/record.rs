//! The games of a tournament so far, as the pairing and the standings read them: checked once, when the
//! record is made, so that neither has to ask whether an entrant exists.

use namnam_game::Player;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    SouthWon,
    Draw,
    NorthWon,
    /// Not played: this side had withdrawn, and the other scores the point. A forfeit counts as a win and
    /// a loss in points only: it adds nothing to tie-breaks, and no side to either player's history,
    /// since no game took place.
    ForfeitedBy(Player),
}

/// One entry of the record, in the order the rounds were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Played {
    /// Two entrants were paired (whether or not the game was played: see [`Outcome::ForfeitedBy`]).
    Game {
        south: usize,
        north: usize,
        outcome: Outcome,
    },
    /// A round without an opponent: it scores a win, and adds nothing to tie-breaks.
    Bye { player: usize },
}

/// The games so far of a field of `entrants`, in the order they were played (round by round: the order
/// within a round does not matter). Every entrant named is one of the field, and nobody plays themself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    entrants: usize,
    games: Vec<Played>,
}

/// Why a list of games is not a record of the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("game {game}: entrant {entrant} is not one of the {entrants} entrants")]
    UnknownEntrant {
        game: usize,
        entrant: usize,
        entrants: usize,
    },
    #[error("game {game}: entrant {entrant} is paired with themself")]
    PairedWithThemself { game: usize, entrant: usize },
}

impl Record {
    /// An empty record: no round played yet.
    pub fn empty(entrants: usize) -> Record {
        Record {
            entrants,
            games: Vec::new(),
        }
    }

    /// Checks every game; the first wrong one is named.
    pub fn new(entrants: usize, games: Vec<Played>) -> Result<Record, RecordError> {
        let mut record = Record::empty(entrants);
        record.games.reserve(games.len());
        for game in games {
            record.push(game)?;
        }
        Ok(record)
    }

    /// Adds one game (checked); a refused game leaves the record as it was.
    pub fn push(&mut self, played: Played) -> Result<(), RecordError> {
        let game = self.games.len();
        let entrants = self.entrants;
        let known = |entrant: usize| {
            if entrant < entrants {
                Ok(())
            } else {
                Err(RecordError::UnknownEntrant {
                    game,
                    entrant,
                    entrants,
                })
            }
        };
        match played {
            Played::Game { south, north, .. } => {
                known(south)?;
                known(north)?;
                if south == north {
                    return Err(RecordError::PairedWithThemself {
                        game,
                        entrant: south,
                    });
                }
            }
            Played::Bye { player } => known(player)?,
        }
        self.games.push(played);
        Ok(())
    }

    pub fn entrants(&self) -> usize {
        self.entrants
    }

    pub fn games(&self) -> &[Played] {
        &self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_entrant_and_self_pairing_are_refused() {
        let game = |south, north| Played::Game {
            south,
            north,
            outcome: Outcome::Draw,
        };
        assert_eq!(
            Record::new(3, vec![game(0, 1), game(2, 3)]),
            Err(RecordError::UnknownEntrant {
                game: 1,
                entrant: 3,
                entrants: 3
            })
        );
        assert_eq!(
            Record::new(3, vec![game(1, 1)]),
            Err(RecordError::PairedWithThemself {
                game: 0,
                entrant: 1
            })
        );
        let mut record = Record::empty(2);
        assert!(record.push(Played::Bye { player: 2 }).is_err());
        assert!(record.games().is_empty());
        assert!(record.push(Played::Bye { player: 1 }).is_ok());
    }
}
