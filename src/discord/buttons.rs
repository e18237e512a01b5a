//! Button ids. Every button the bot sends carries what makes it safe to handle much later, after a
//! restart, with no in-memory state: the match (or challenge) it belongs to, the turn it was drawn for, and
//! the action. `nn:m42:7:h3` is "house 3 in match 42 at turn 7"; an old board's button names an old turn,
//! so the core refuses it as stale.
//!
//! Discord allows 100 characters in a custom id; these stay under 40.

use std::fmt;
use std::str::FromStr;

/// The namespace prefix: ids without it belong to something else and are ignored.
const PREFIX: &str = "nn";

/// What a button acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Match(i64),
    Challenge(i64),
}

/// What pressing the button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play this house: the label a person sees, 1–12.
    House(u8),
    Accept,
    Decline,
    /// Asks for confirmation; [`Action::ConfirmResign`] is the confirmation itself.
    Resign,
    ConfirmResign,
    Rematch,
}

/// A parsed custom id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ButtonId {
    pub subject: Subject,
    /// The number of moves played in the match when the button was drawn (0 for a challenge).
    pub turn: u32,
    pub action: Action,
}

/// A custom id that is ours (`nn:`) but malformed, or one that is not ours at all.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ButtonIdError {
    #[error("not a Namnam button")]
    Foreign,
    #[error("malformed Namnam button id {0:?}")]
    Malformed(String),
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let subject = match self.subject {
            Subject::Match(id) => format!("m{id}"),
            Subject::Challenge(id) => format!("c{id}"),
        };
        let action = match self.action {
            Action::House(label) => return write!(f, "{PREFIX}:{subject}:{}:h{label}", self.turn),
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Resign => "resign",
            Action::ConfirmResign => "resign!",
            Action::Rematch => "rematch",
        };
        write!(f, "{PREFIX}:{subject}:{}:{action}", self.turn)
    }
}

impl FromStr for ButtonId {
    type Err = ButtonIdError;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        let malformed = || ButtonIdError::Malformed(id.to_owned());
        let mut parts = id.split(':');
        if parts.next() != Some(PREFIX) {
            return Err(ButtonIdError::Foreign);
        }
        let (Some(subject), Some(turn), Some(action), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed());
        };
        let number = |s: &str| s.parse::<i64>().ok().filter(|n| *n > 0);
        let subject = match subject.split_at_checked(1) {
            Some(("m", n)) => Subject::Match(number(n).ok_or_else(malformed)?),
            Some(("c", n)) => Subject::Challenge(number(n).ok_or_else(malformed)?),
            _ => return Err(malformed()),
        };
        let turn = turn.parse::<u32>().map_err(|_| malformed())?;
        let action = match action {
            "accept" => Action::Accept,
            "decline" => Action::Decline,
            "resign" => Action::Resign,
            "resign!" => Action::ConfirmResign,
            "rematch" => Action::Rematch,
            house => {
                let label = house.strip_prefix('h').and_then(|n| n.parse::<u8>().ok());
                match label {
                    Some(label @ 1..=12) => Action::House(label),
                    _ => return Err(malformed()),
                }
            }
        };
        let parsed = Self {
            subject,
            turn,
            action,
        };
        // One spelling per button: "h03" or "+5" would parse but are not what we send.
        if parsed.to_string() != id {
            return Err(malformed());
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips() {
        let actions = [
            Action::House(1),
            Action::House(12),
            Action::Accept,
            Action::Decline,
            Action::Resign,
            Action::ConfirmResign,
            Action::Rematch,
        ];
        for action in actions {
            for subject in [Subject::Match(42), Subject::Challenge(7)] {
                let id = ButtonId {
                    subject,
                    turn: 31,
                    action,
                };
                let text = id.to_string();
                assert!(text.len() <= 100);
                assert_eq!(text.parse::<ButtonId>(), Ok(id), "{text}");
            }
        }
        assert_eq!(
            ButtonId {
                subject: Subject::Match(42),
                turn: 7,
                action: Action::House(3)
            }
            .to_string(),
            "nn:m42:7:h3"
        );
    }

    #[test]
    fn foreign_ids_are_told_apart_from_broken_ones() {
        assert_eq!("other:1".parse::<ButtonId>(), Err(ButtonIdError::Foreign));
        for broken in [
            "nn:m42:7",
            "nn:m42:7:h3:x",
            "nn:x42:7:h3",
            "nn:m0:7:h3",
            "nn:m-1:7:h3",
            "nn:m42:-7:h3",
            "nn:m42:7:h0",
            "nn:m42:7:h13",
            "nn:m42:7:h03",
            "nn:m+42:7:h3",
            "nn:m42:7:dance",
        ] {
            assert!(
                matches!(broken.parse::<ButtonId>(), Err(ButtonIdError::Malformed(_))),
                "{broken}"
            );
        }
    }
}
