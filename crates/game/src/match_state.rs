//! A whole match: rounds, next-round territory and starter (rules.md §6), and the end of the match (§7).

use super::moves::{IllegalMove, MoveRecord};
use super::player::{ByPlayer, House, Player};
use super::position::{Endgame, Position, Rules};
use super::territory::Territory;
use super::EndReason;
use serde::{Deserialize, Serialize};

/// The options two players agree on before a match, validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawMatchOptions", into = "RawMatchOptions")]
pub struct MatchOptions {
    rules: Rules,
    first: Player,
    target: Option<u8>,
    round_limit: Option<u8>,
}

/// The JSON form of [`MatchOptions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawMatchOptions {
    pub endgame: Endgame,
    pub chain: bool,
    /// Who makes the first move of round 1.
    pub first: Player,
    /// Houses that win the match at once (7–12).
    pub target: Option<u8>,
    /// Rounds after which the player with more houses wins (1–99).
    pub rounds: Option<u8>,
}

/// Match options outside their ranges.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadOptions {
    #[error("the target must be 7 to 12 houses, not {0}")]
    Target(u8),
    #[error("the round limit must be 1 to 99 rounds, not {0}")]
    Rounds(u8),
}

impl MatchOptions {
    pub const TARGET_RANGE: std::ops::RangeInclusive<u8> = 7..=12;
    pub const ROUNDS_RANGE: std::ops::RangeInclusive<u8> = 1..=99;

    pub fn new(
        rules: Rules,
        first: Player,
        target: Option<u8>,
        round_limit: Option<u8>,
    ) -> Result<MatchOptions, BadOptions> {
        if let Some(t) = target.filter(|t| !Self::TARGET_RANGE.contains(t)) {
            return Err(BadOptions::Target(t));
        }
        if let Some(r) = round_limit.filter(|r| !Self::ROUNDS_RANGE.contains(r)) {
            return Err(BadOptions::Rounds(r));
        }
        Ok(MatchOptions {
            rules,
            first,
            target,
            round_limit,
        })
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn first(&self) -> Player {
        self.first
    }
    pub fn target(&self) -> Option<u8> {
        self.target
    }
    pub fn round_limit(&self) -> Option<u8> {
        self.round_limit
    }
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions::new(Rules::default(), Player::South, None, None).expect("defaults are valid")
    }
}

impl TryFrom<RawMatchOptions> for MatchOptions {
    type Error = BadOptions;
    fn try_from(r: RawMatchOptions) -> Result<Self, BadOptions> {
        MatchOptions::new(
            Rules {
                endgame: r.endgame,
                chain: r.chain,
            },
            r.first,
            r.target,
            r.rounds,
        )
    }
}

impl From<MatchOptions> for RawMatchOptions {
    fn from(o: MatchOptions) -> Self {
        RawMatchOptions {
            endgame: o.rules.endgame,
            chain: o.rules.chain,
            first: o.first,
            target: o.target,
            rounds: o.round_limit,
        }
    }
}

/// How a round went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub round: u32,
    pub starter: Player,
    pub territory_before: Territory,
    pub stores: ByPlayer<u8>,
    pub territory_after: Territory,
    pub end_reason: EndReason,
    /// More houses next round; `None` for six each.
    pub winner: Option<Player>,
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchEnd {
    /// The loser owns no houses.
    WholeBoard,
    /// The winner reached the target of houses.
    Target,
    /// The round limit was reached.
    RoundLimit,
    Resignation,
    /// The loser's move clock ran out.
    Timeout,
    /// Both players agreed to a draw.
    Agreement,
    /// Stopped from outside before its end (a tournament round ran out) and scored by the houses each
    /// player owns: more houses win, six each is a draw.
    Adjudicated,
}

/// The result of a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// `None` for a draw.
    pub winner: Option<Player>,
    pub reason: MatchEnd,
}

/// A match in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    options: MatchOptions,
    /// The round being played (or the last one, when the match is over), from 1.
    round: u32,
    /// The current round's position; when the match is over, the last round's final position.
    position: Position,
    rounds: Vec<RoundSummary>,
    result: Option<MatchResult>,
}

/// Why a match refuses a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("the match is over")]
    MatchOver,
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A move played in a match, with what it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchMove {
    pub round: u32,
    pub record: MoveRecord,
    /// Set when the move ended its round.
    pub round_summary: Option<RoundSummary>,
    /// Set when the move ended the match.
    pub result: Option<MatchResult>,
}

impl Match {
    pub fn new(options: MatchOptions) -> Match {
        Match {
            options,
            round: 1,
            position: Position::opening(options.first, options.rules),
            rounds: Vec::new(),
            result: None,
        }
    }

    pub fn options(&self) -> &MatchOptions {
        &self.options
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn rounds(&self) -> &[RoundSummary] {
        &self.rounds
    }
    pub fn result(&self) -> Option<MatchResult> {
        self.result
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    /// The player to move, while the match goes on.
    pub fn to_move(&self) -> Option<Player> {
        (!self.is_over()).then(|| self.position.to_move())
    }

    /// Plays `house` for the player to move; a move that ends its round starts the next one (or ends the match).
    pub fn play(&mut self, house: House) -> Result<MatchMove, MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        let record = self.position.play(house)?;
        let round = self.round;
        self.position = record.after;
        let round_summary = record.round_end().map(|reason| self.finish_round(reason));
        Ok(MatchMove {
            round,
            record,
            round_summary,
            result: self.result,
        })
    }

    /// Ends the round whose board is now empty, and starts the next unless the match is over.
    fn finish_round(&mut self, end_reason: EndReason) -> RoundSummary {
        let (summary, result) =
            conclude_round(&self.position, self.round, &self.options, end_reason);
        self.rounds.push(summary);
        self.result = result;
        if result.is_none() {
            self.round += 1;
            self.position = Position::new_round(
                summary.territory_after,
                summary.starter.other(),
                self.options.rules,
            );
        }
        summary
    }

    /// `player` resigns: the other player wins.
    pub fn resign(&mut self, player: Player) -> Result<MatchResult, MatchError> {
        self.conclude(Some(player.other()), MatchEnd::Resignation)
    }

    /// `player` ran out of time: the other player wins.
    pub fn time_out(&mut self, player: Player) -> Result<MatchResult, MatchError> {
        self.conclude(Some(player.other()), MatchEnd::Timeout)
    }

    /// Both players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<MatchResult, MatchError> {
        self.conclude(None, MatchEnd::Agreement)
    }

    /// Ends the match where it stands, scored by the houses each player owns (see
    /// [`MatchEnd::Adjudicated`]).
    pub fn adjudicate(&mut self) -> Result<MatchResult, MatchError> {
        let territory = self.position.territory();
        let winner = match territory
            .houses_of(Player::South)
            .cmp(&territory.houses_of(Player::North))
        {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        self.conclude(winner, MatchEnd::Adjudicated)
    }

    fn conclude(
        &mut self,
        winner: Option<Player>,
        reason: MatchEnd,
    ) -> Result<MatchResult, MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        let result = MatchResult { winner, reason };
        self.result = Some(result);
        Ok(result)
    }
}

/// The summary of a finished round (`finished` has an empty board) and, if the round ended the match, its
/// result: a player with no houses, then the target, then the round limit (rules.md §7).
pub fn conclude_round(
    finished: &Position,
    round: u32,
    options: &MatchOptions,
    end_reason: EndReason,
) -> (RoundSummary, Option<MatchResult>) {
    let territory_after =
        Territory::from_stores(finished.stores()).expect("a finished round holds 48 seeds");
    let houses = |player| territory_after.houses_of(player);
    let winner = match houses(Player::South).cmp(&houses(Player::North)) {
        std::cmp::Ordering::Greater => Some(Player::South),
        std::cmp::Ordering::Less => Some(Player::North),
        std::cmp::Ordering::Equal => None,
    };
    let summary = RoundSummary {
        round,
        starter: finished.starter(),
        territory_before: finished.territory(),
        stores: finished.stores(),
        territory_after,
        end_reason,
        winner,
    };
    let leader_houses = winner.map_or(6, houses);
    let reason = if territory_after.is_whole_board() {
        Some(MatchEnd::WholeBoard)
    } else if options.target.is_some_and(|t| leader_houses >= t) {
        Some(MatchEnd::Target)
    } else if options.round_limit.is_some_and(|r| round >= r as u32) {
        Some(MatchEnd::RoundLimit)
    } else {
        None
    };
    (summary, reason.map(|reason| MatchResult { winner, reason }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        let r = Rules::default();
        assert_eq!(
            MatchOptions::new(r, Player::South, Some(6), None),
            Err(BadOptions::Target(6))
        );
        assert_eq!(
            MatchOptions::new(r, Player::South, None, Some(0)),
            Err(BadOptions::Rounds(0))
        );
        assert!(MatchOptions::new(r, Player::North, Some(12), Some(99)).is_ok());
        let bad: Result<MatchOptions, _> = serde_json::from_str(
            r#"{"endgame":"capturer","chain":false,"first":"south","target":13,"rounds":null}"#,
        );
        assert!(bad.is_err());
    }
}
