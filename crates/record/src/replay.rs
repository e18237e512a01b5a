//! Playing a record through the engine: every move must be legal and made by the player to move, and every
//! fact the record writes that the moves decide (a round's territory and starter, a move's laps and
//! captures, the result) must be what the engine makes of the moves.

use super::write::captures_text;
use super::{captured, title, Outcome, Record, RecordError};
use namnam_game::{
    ByPlayer, IllegalMove, Match, MatchEnd, MatchError, MatchMove, MatchResult, Player, Territory,
};

/// One move of a replayed record.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayStep {
    /// The round, from 1.
    pub round: u32,
    /// The move's number in its round, from 1.
    pub move_in_round: u32,
    /// The move's number in the match, from 1.
    pub ply: u32,
    pub mover: Player,
    /// The mover's name.
    pub name: String,
    /// The match just before the move.
    pub before: Match,
    /// What the move did.
    pub played: MatchMove,
}

/// A whole record played through: each move, and the match at the end (with the record's result).
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub steps: Vec<ReplayStep>,
    pub game: Match,
}

/// Why a round line does not fit the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundFault {
    #[error("the round's territory should be {}, not {}", .actual.south_houses(), .written.south_houses())]
    Territory {
        written: Territory,
        actual: Territory,
    },
    #[error("the round's starter should be {}, not {}", title(*.actual), title(*.written))]
    Starter { written: Player, actual: Player },
    #[error("round {previous} is not over after its last move")]
    PreviousNotOver { previous: u32 },
    #[error("the match ended with round {last}")]
    MatchOver { last: u32 },
}

/// Why a move does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    #[error("it is {}'s turn, not {}'s", title(*.to_move), title(*.written))]
    WrongMover { written: Player, to_move: Player },
    #[error("{} cannot sow house {house}: {why}", title(*.mover))]
    Illegal {
        mover: Player,
        house: u8,
        why: IllegalMove,
    },
    #[error("the round ended with move {ended_with}")]
    RoundOver { ended_with: u32 },
    #[error("the match ended with move {ended_with}")]
    MatchOver { ended_with: u32 },
    #[error("the record says {written} laps, the move makes {made}")]
    Laps { written: u32, made: u32 },
    #[error("the record says captures={}, the move makes captures={}", captures_text(*.written), captures_text(*.made))]
    Captures {
        written: ByPlayer<u8>,
        made: ByPlayer<u8>,
    },
}

/// Why the result line does not fit the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultFault {
    #[error("the record says `{written}`, but the moves end the match: `{actual}`")]
    AlreadyOver { written: Outcome, actual: Outcome },
    #[error("the record says `{written}`, but after the moves the match is still going on")]
    NotOver { written: Outcome },
    #[error("the record says `{written}`, but the moves end the match otherwise: `{actual}`")]
    Different { written: Outcome, actual: Outcome },
    /// A draw by resignation or timeout, a win by agreement, a draw by whole board or target.
    #[error("`{written}` is not a way for a match to end")]
    Impossible { written: Outcome },
    #[error("the record says {} ran out of time, but it was {}'s turn", title(*.loser), title(*.to_move))]
    NotTheirClock { loser: Player, to_move: Player },
}

impl Record {
    /// Plays the record through the engine: every move and the match at the end.
    pub fn play_through(&self) -> Result<Replay, RecordError> {
        let mut game = Match::new(self.options);
        let mut steps = Vec::new();
        let mut ply = 0;
        for (index, round) in self.rounds.iter().enumerate() {
            let number = index as u32 + 1;
            let round_fault = |fault| RecordError::Round {
                round: number,
                fault,
            };
            if game.is_over() {
                return Err(round_fault(RoundFault::MatchOver { last: game.round() }));
            }
            if game.round() < number {
                return Err(round_fault(RoundFault::PreviousNotOver {
                    previous: game.round(),
                }));
            }
            let opening = game.position();
            if round.territory != opening.territory() {
                return Err(round_fault(RoundFault::Territory {
                    written: round.territory,
                    actual: opening.territory(),
                }));
            }
            if round.starter != opening.starter() {
                return Err(round_fault(RoundFault::Starter {
                    written: round.starter,
                    actual: opening.starter(),
                }));
            }
            for (m, mv) in round.moves.iter().enumerate() {
                let move_in_round = m as u32 + 1;
                let fault = |fault| RecordError::Move {
                    round: number,
                    move_in_round,
                    fault,
                };
                if game.is_over() {
                    return Err(fault(MoveFault::MatchOver {
                        ended_with: move_in_round - 1,
                    }));
                }
                if game.round() != number {
                    return Err(fault(MoveFault::RoundOver {
                        ended_with: move_in_round - 1,
                    }));
                }
                let to_move = game.position().to_move();
                if mv.mover != to_move {
                    return Err(fault(MoveFault::WrongMover {
                        written: mv.mover,
                        to_move,
                    }));
                }
                let before = game.clone();
                let played = game.play(mv.house).map_err(|e| match e {
                    MatchError::Illegal(why) => fault(MoveFault::Illegal {
                        mover: to_move,
                        house: mv.house.label(),
                        why,
                    }),
                    MatchError::MatchOver => unreachable!("checked above"),
                })?;
                let laps = played.record.laps() as u32;
                if let Some(written) = mv.laps.filter(|&l| l != laps) {
                    return Err(fault(MoveFault::Laps {
                        written,
                        made: laps,
                    }));
                }
                let made = captured(&played.record.events);
                if let Some(written) = mv.captures.filter(|&c| c != made) {
                    return Err(fault(MoveFault::Captures { written, made }));
                }
                ply += 1;
                steps.push(ReplayStep {
                    round: number,
                    move_in_round,
                    ply,
                    mover: to_move,
                    name: self.name(to_move).to_owned(),
                    before,
                    played,
                });
            }
        }
        self.check_outcome(&mut game).map_err(RecordError::Result)?;
        Ok(Replay { steps, game })
    }

    /// Checks the record's outcome against `game`, the match after every move, and applies an ending that
    /// is not a move's (resignation, timeout, agreement).
    fn check_outcome(&self, game: &mut Match) -> Result<(), ResultFault> {
        let written = self.outcome;
        let actual = game.result().map(Outcome::Finished);
        let by_board = |r: &MatchResult| {
            matches!(
                r.reason,
                MatchEnd::WholeBoard | MatchEnd::Target | MatchEnd::RoundLimit
            )
        };
        match (written, actual) {
            (Outcome::Finished(r), Some(actual)) if by_board(&r) => {
                if actual == written {
                    Ok(())
                } else {
                    Err(ResultFault::Different { written, actual })
                }
            }
            (Outcome::Finished(r), None) if by_board(&r) => Err(ResultFault::NotOver { written }),
            (_, Some(actual)) => Err(ResultFault::AlreadyOver { written, actual }),
            (Outcome::InProgress | Outcome::Aborted, None) => Ok(()),
            (Outcome::Finished(r), None) => {
                let to_move = game.position().to_move();
                let outcome = match (r.reason, r.winner) {
                    (MatchEnd::Resignation, Some(winner)) => game.resign(winner.other()),
                    (MatchEnd::Timeout, Some(winner)) if winner.other() != to_move => {
                        return Err(ResultFault::NotTheirClock {
                            loser: winner.other(),
                            to_move,
                        })
                    }
                    (MatchEnd::Timeout, Some(winner)) => game.time_out(winner.other()),
                    (MatchEnd::Agreement, None) => game.agree_draw(),
                    (MatchEnd::Adjudicated, winner) => {
                        let result = game.adjudicate().expect("the match is not over");
                        if result.winner != winner {
                            return Err(ResultFault::Impossible { written });
                        }
                        Ok(result)
                    }
                    _ => return Err(ResultFault::Impossible { written }),
                };
                outcome.expect("the match is not over");
                Ok(())
            }
        }
    }
}

impl Record {
    /// Every move, with the match before it and what it did, checked by the engine.
    pub fn replay(&self) -> Result<Vec<ReplayStep>, RecordError> {
        Ok(self.play_through()?.steps)
    }
}
