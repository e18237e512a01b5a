//! Words every layer shares about a match or a tournament: the players' names, who moves first, how a
//! tournament pairs its players.

use namnam_game::{ByPlayer, Player};

/// The two players' display names (owned: [`ByPlayer`] holds only `Copy` values).
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Names {
    pub south: String,
    pub north: String,
}

impl Names {
    pub fn get(&self, player: Player) -> &str {
        match player {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }

    pub fn as_refs(&self) -> ByPlayer<&str> {
        ByPlayer::new(&self.south, &self.north)
    }
}

/// Who makes the first move of round 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstMover {
    Challenger,
    Challenged,
    Random,
}

impl FirstMover {
    pub const ALL: [FirstMover; 3] = [
        FirstMover::Challenger,
        FirstMover::Challenged,
        FirstMover::Random,
    ];

    /// Its name, as options take it and the store keeps it.
    pub fn name(self) -> &'static str {
        match self {
            FirstMover::Challenger => "challenger",
            FirstMover::Challenged => "challenged",
            FirstMover::Random => "random",
        }
    }

    pub fn of_name(name: &str) -> Option<FirstMover> {
        FirstMover::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// A set number of rounds, players of equal scores meeting.
    Swiss,
}

impl Format {
    pub const ALL: [Format; 2] = [Format::RoundRobin, Format::Swiss];

    /// Its name, as the store keeps it.
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::Swiss => "swiss",
        }
    }

    pub fn of_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What kind of account a player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    Human,
    /// Another program: it cannot be challenged.
    Bot,
    /// Namnam's own computer opponent: challenging it starts a match at once, unrated.
    Engine,
}

impl PlayerKind {
    /// Its name, as the store keeps it.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Bot => "bot",
            PlayerKind::Engine => "engine",
        }
    }
}
