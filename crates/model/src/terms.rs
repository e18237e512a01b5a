//! A match's terms: what two players agree on before it starts.

use std::fmt;

use namnam_game::{BadOptions, Endgame, MatchOptions, Player, Rules};
use serde::{Deserialize, Serialize};

use crate::FirstMover;

/// What two players agree on before a match: the rules, when the match ends, the clock and who moves
/// first. One type for a challenge, a match against the computer and every match of a tournament: parsed
/// once (the core's `vocabulary::terms`), described once (the core's `text::describe_terms`), stored one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredTerms", into = "StoredTerms")]
pub struct Terms {
    pub rules: Rules,
    /// Houses that win the match at once (7–12); `None`: the match goes on to the whole board or its
    /// round limit.
    pub target: Option<u8>,
    /// Rounds after which the player with more houses wins (1–99).
    pub round_limit: Option<u8>,
    /// Time for each move, in seconds.
    pub clock_secs: u32,
    /// Who makes the first move of round 1 (in a tournament's game, the player paired South is the
    /// challenger).
    pub first: FirstMover,
}

impl Terms {
    /// The shortest and longest time for a move, in seconds: 5 minutes to 7 days.
    pub const CLOCK_RANGE: std::ops::RangeInclusive<u32> = 300..=604_800;

    /// The game's options, once it is known who moves first.
    pub fn match_options(&self, first: Player) -> Result<MatchOptions, BadOptions> {
        MatchOptions::new(self.rules, first, self.target, self.round_limit)
    }

    /// The terms a match was played on, its clock and who was to move first then (a rematch's).
    pub fn of_match(options: &MatchOptions, clock_secs: u32, first: FirstMover) -> Terms {
        Terms {
            rules: options.rules(),
            target: options.target(),
            round_limit: options.round_limit(),
            clock_secs,
            first,
        }
    }

    /// Whether every match on these terms comes to an end by itself (a target or a round limit): what
    /// a tournament needs.
    pub fn always_ends(&self) -> bool {
        self.target.is_some() || self.round_limit.is_some()
    }
}

/// Terms as the store keeps them, one JSON object: `{"endgame":"capturer","chain":false,"first":"random",
/// "target":10,"round_limit":null,"clock_secs":86400}`. Read back, each value is checked against its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct StoredTerms {
    endgame: Endgame,
    chain: bool,
    first: FirstMover,
    target: Option<u8>,
    round_limit: Option<u8>,
    clock_secs: u32,
}

/// Terms outside their ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadTerms {
    Options(BadOptions),
    Clock(u32),
}

impl fmt::Display for BadTerms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTerms::Options(bad) => bad.fmt(f),
            BadTerms::Clock(secs) => {
                write!(f, "a move's time must be 300 to 604800 seconds, not {secs}")
            }
        }
    }
}

impl TryFrom<StoredTerms> for Terms {
    type Error = BadTerms;

    fn try_from(s: StoredTerms) -> Result<Terms, BadTerms> {
        let rules = Rules {
            endgame: s.endgame,
            chain: s.chain,
        };
        // The game's own check of the target and the round limit.
        MatchOptions::new(rules, Player::South, s.target, s.round_limit)
            .map_err(BadTerms::Options)?;
        if !Terms::CLOCK_RANGE.contains(&s.clock_secs) {
            return Err(BadTerms::Clock(s.clock_secs));
        }
        Ok(Terms {
            rules,
            target: s.target,
            round_limit: s.round_limit,
            clock_secs: s.clock_secs,
            first: s.first,
        })
    }
}

impl From<Terms> for StoredTerms {
    fn from(t: Terms) -> StoredTerms {
        StoredTerms {
            endgame: t.rules.endgame,
            chain: t.rules.chain,
            first: t.first,
            target: t.target,
            round_limit: t.round_limit,
            clock_secs: t.clock_secs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_round_trip_as_json_and_are_checked_when_read() {
        let terms = Terms {
            rules: Rules {
                endgame: Endgame::Starter,
                chain: true,
            },
            target: Some(10),
            round_limit: None,
            clock_secs: 86_400,
            first: FirstMover::Random,
        };
        let json = serde_json::to_string(&terms).unwrap();
        assert_eq!(
            json,
            r#"{"endgame":"starter","chain":true,"first":"random","target":10,"round_limit":null,"clock_secs":86400}"#
        );
        assert_eq!(serde_json::from_str::<Terms>(&json).unwrap(), terms);
        for bad in [
            json.replace(r#""target":10"#, r#""target":13"#),
            json.replace(r#""round_limit":null"#, r#""round_limit":0"#),
            json.replace("86400", "60"),
            json.replace("random", "whoever"),
        ] {
            assert!(serde_json::from_str::<Terms>(&bad).is_err(), "{bad}");
        }
    }
}
