//! The lessons' path: short stages, each a staged position with one task, in the order a new player meets
//! the rules (docs/learn.md). A task is met or not by what the engine says the player's move did — how
//! many laps it ran, who captured what, whether and how it ended the round, the houses it buys — never by
//! one fixed answer, so that every move that meets it passes.

use namnam_game::{EndReason, Endgame, House, MoveRecord, Player, Position, Rules, Territory};

/// What a stage asks of the player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The move ends after its first lap: the last seed falls into an empty house.
    OneLap,
    /// The move runs at least this many laps.
    Laps(usize),
    /// The mover captures at least this many seeds in the move.
    Capture(u8),
    /// The other player takes nothing during the move (a mid-lap four in their house is theirs).
    GiveNothing,
    /// The other player owns seeds after the move (the engine refuses a move that starves them).
    Feed,
    /// The move ends the round, this way.
    EndRound(EndReason),
    /// The move ends the round and the mover owns at least this many houses next round.
    Houses(u8),
    /// Beat the computer at level 1 in a match: passed when such a match is won, not by a move.
    WinMatch,
}

impl Task {
    /// Whether `record`, a legal move of the stage's position, meets the task. A task met by a match
    /// ([`Task::WinMatch`]) is never met by a move.
    pub fn met_by(self, record: &MoveRecord) -> bool {
        let mover = record.mover;
        let taken_by = |player: Player| -> u32 {
            record
                .captures()
                .filter(|c| c.player == player)
                .map(|c| u32::from(c.seeds))
                .sum()
        };
        match self {
            Task::OneLap => record.laps() == 1,
            Task::Laps(laps) => record.laps() >= laps,
            Task::Capture(seeds) => taken_by(mover) >= u32::from(seeds),
            Task::GiveNothing => taken_by(mover.other()) == 0,
            Task::Feed => record.after.owns_seeds(mover.other()),
            Task::EndRound(reason) => record.round_end() == Some(reason),
            Task::Houses(houses) => {
                record.round_end().is_some()
                    && Territory::from_stores(record.after.stores())
                        .is_some_and(|next| next.houses_of(mover) >= houses)
            }
            Task::WinMatch => false,
        }
    }
}

/// One stage of the path.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    /// Its name in ids, the store and the words (`lesson-<key>-…`): never changed once shipped.
    pub key: &'static str,
    /// Where the player starts: South to move. `None` for the match against the computer.
    pub position: Option<Position>,
    pub task: Task,
}

impl Stage {
    /// The player's houses with seeds (the buttons a stage shows), split into those whose move meets the
    /// task and those whose move does not or is refused by the rules. Empty for the match stage.
    pub fn tries(&self) -> (Vec<House>, Vec<House>) {
        let Some(position) = self.position else {
            return (Vec::new(), Vec::new());
        };
        self.houses()
            .into_iter()
            .partition(|&h| position.play(h).is_ok_and(|r| self.task.met_by(&r)))
    }

    /// The player's houses with seeds, in order: a stage's buttons (none for the match stage).
    pub fn houses(&self) -> Vec<House> {
        let Some(position) = self.position else {
            return Vec::new();
        };
        House::all()
            .filter(|&h| position.owner(h) == position.to_move() && position.seeds(h) > 0)
            .collect()
    }
}

/// A stage by its place on the path (0 is the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StageId(u8);

impl StageId {
    /// The stage numbered `number` (1 is the first), if the path has it.
    pub fn from_number(number: i64) -> Option<StageId> {
        let index = usize::try_from(number.checked_sub(1)?).ok()?;
        (index < path().len()).then_some(StageId(index as u8))
    }

    /// The stage named `key`, if the path has it.
    pub fn from_key(key: &str) -> Option<StageId> {
        path()
            .iter()
            .position(|s| s.key == key)
            .map(|i| StageId(i as u8))
    }

    pub fn first() -> StageId {
        StageId(0)
    }

    /// The one after, unless this is the last.
    pub fn next(self) -> Option<StageId> {
        StageId::from_number(self.number() + 1)
    }

    /// Its number as players see it: 1 is the first.
    pub fn number(self) -> i64 {
        i64::from(self.0) + 1
    }

    pub fn stage(self) -> &'static Stage {
        &path()[usize::from(self.0)]
    }

    pub fn key(self) -> &'static str {
        self.stage().key
    }

    /// Every stage, in order.
    pub fn all() -> impl Iterator<Item = StageId> {
        (0..path().len()).map(|i| StageId(i as u8))
    }
}

/// The stage that starts a first match against the computer, passed by winning it.
pub const FIRST_MATCH: &str = "first-match";

/// The path, in order.
pub fn path() -> &'static [Stage] {
    static PATH: std::sync::OnceLock<Vec<Stage>> = std::sync::OnceLock::new();
    PATH.get_or_init(build)
}

/// A staged position: South to move and the round's starter, `board` as houses 1–12, South's store
/// `south` (North's holds the rest of the 48 seeds).
fn staged(board: [u8; 12], south: u8, since_capture: u8, rules: Rules) -> Position {
    let on_board: u8 = board.iter().sum();
    let north = 48 - on_board - south;
    Position::from_parts(
        6,
        board,
        [south, north],
        Player::South,
        Player::South,
        rules,
    )
    .and_then(|p| p.with_since_capture(since_capture))
    .expect("a lesson's position is valid (tested)")
}

/// One staged stage: its key, the board (houses 1–12), South's store, the moves since a capture, the rules
/// and the task.
type Staged = (&'static str, [u8; 12], u8, u8, Rules, Task);

const PLAIN: Rules = Rules {
    endgame: Endgame::Capturer,
    chain: false,
};
const CHAIN: Rules = Rules {
    endgame: Endgame::Capturer,
    chain: true,
};
const STARTER: Rules = Rules {
    endgame: Endgame::Starter,
    chain: false,
};

/// The staged stages, in order (docs/learn.md says what each teaches).
#[rustfmt::skip]
const STAGED: [Staged; 12] = [
    ("sowing", [0, 1, 1, 0, 2, 0, 0, 2, 6, 1, 0, 0], 17, 0, PLAIN, Task::OneLap),
    ("relay", [2, 0, 2, 0, 1, 0, 4, 0, 1, 1, 1, 0], 18, 0, PLAIN, Task::Laps(3)),
    ("four-own", [3, 3, 0, 0, 0, 0, 0, 1, 2, 0, 0, 1], 19, 0, PLAIN, Task::Capture(4)),
    ("four-given", [5, 0, 0, 0, 0, 2, 0, 1, 1, 0, 1, 3], 17, 0, PLAIN, Task::GiveNothing),
    ("four-last", [0, 0, 2, 0, 0, 3, 2, 0, 3, 1, 0, 3], 17, 0, PLAIN, Task::Capture(4)),
    ("feeding", [0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], 22, 0, PLAIN, Task::Feed),
    ("chain", [0, 5, 0, 0, 0, 6, 2, 2, 2, 1, 1, 3], 13, 0, CHAIN, Task::Capture(6)),
    ("last-seeds", [0, 0, 2, 3, 0, 0, 0, 1, 0, 1, 1, 0], 20, 0, PLAIN, Task::EndRound(EndReason::LastSeeds)),
    ("last-seeds-starter", [0, 1, 0, 0, 0, 3, 0, 3, 0, 1, 0, 0], 20, 0, STARTER, Task::EndRound(EndReason::LastSeeds)),
    ("stall", [1, 0, 0, 0, 0, 6, 1, 0, 0, 0, 3, 1], 18, 99, PLAIN, Task::EndRound(EndReason::Stall)),
    ("stuck", [0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 0, 0], 22, 0, PLAIN, Task::EndRound(EndReason::Stuck)),
    ("territory", [0, 0, 1, 0, 5, 0, 0, 1, 1, 0, 0, 1], 22, 99, PLAIN, Task::Houses(7)),
];

fn build() -> Vec<Stage> {
    let staged = STAGED
        .iter()
        .map(|&(key, board, south, since, rules, task)| Stage {
            key,
            position: Some(staged(board, south, since, rules)),
            task,
        });
    let first_match = Stage {
        key: FIRST_MATCH,
        position: None,
        task: Task::WinMatch,
    };
    staged.chain(std::iter::once(first_match)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::TOTAL_SEEDS;

    #[test]
    fn every_stage_s_task_is_met_by_some_move_and_missed_by_another() {
        for stage in StageId::all() {
            let Stage {
                key,
                position,
                task,
            } = *stage.stage();
            let Some(position) = position else {
                assert_eq!(
                    task,
                    Task::WinMatch,
                    "{key}: only the match has no position"
                );
                continue;
            };
            assert_eq!(
                position.to_move(),
                Player::South,
                "{key}: the player is South"
            );
            let (met, missed) = stage.stage().tries();
            assert!(!met.is_empty(), "{key}: no move meets the task");
            assert!(!missed.is_empty(), "{key}: every move meets the task");
        }
    }

    #[test]
    fn the_stages_teach_what_they_say() {
        let stage = |key| StageId::from_key(key).expect(key).stage();
        let record = |key, label| {
            stage(key)
                .position
                .unwrap()
                .play(House::from_label(label).unwrap())
        };
        // Sowing: two different houses end in one lap; house 2 relays on.
        assert!(record("sowing", 3).unwrap().laps() == 1);
        assert!(record("sowing", 5).unwrap().laps() == 1);
        assert!(record("sowing", 2).unwrap().laps() > 1);
        // Feeding: the house that keeps its seeds in South's row is refused by the rules.
        assert_eq!(
            record("feeding", 2).unwrap_err(),
            namnam_game::IllegalMove::MustFeed
        );
        // The chain: house 6's run behind its four is five houses long and takes nothing.
        let long = record("chain", 6).unwrap();
        assert_eq!(long.captures().map(|c| c.seeds).sum::<u8>(), 4);
        let chain = record("chain", 2).unwrap();
        assert!(chain.captures().any(|c| c.houses.len() > 1));
        // A four mid-lap in North's house goes to North.
        let given = record("four-given", 1).unwrap();
        assert!(given.captures().all(|c| c.player == Player::North));
        // With the starter's option, North's capture ends the round and South gets the last seeds.
        let starter = record("last-seeds-starter", 6).unwrap();
        assert!(starter.captures().all(|c| c.player == Player::North));
        assert!(starter.after.stores().south > starter.before.stores().south);
        // The stuck player is North, after South's move.
        let stuck = record("stuck", 5).unwrap();
        assert_eq!(stuck.round_end(), Some(EndReason::Stuck));
        assert!(stuck.before.stores().north < stuck.after.stores().north);
    }

    #[test]
    fn keys_are_unique_and_numbers_and_keys_find_their_stage() {
        let keys: std::collections::HashSet<&str> = path().iter().map(|s| s.key).collect();
        assert_eq!(keys.len(), path().len());
        for stage in StageId::all() {
            assert_eq!(StageId::from_key(stage.key()), Some(stage));
            assert_eq!(StageId::from_number(stage.number()), Some(stage));
        }
        assert_eq!(StageId::from_number(0), None);
        assert_eq!(StageId::from_number(path().len() as i64 + 1), None);
        assert_eq!(StageId::from_number(i64::MIN), None);
        assert_eq!(StageId::all().last().unwrap().key(), FIRST_MATCH);
        for stage in path() {
            if let Some(p) = stage.position {
                let seeds: u32 = p.board().iter().map(|&s| u32::from(s)).sum::<u32>()
                    + u32::from(p.stores().south)
                    + u32::from(p.stores().north);
                assert_eq!(seeds, u32::from(TOTAL_SEEDS));
            }
        }
    }

    #[test]
    fn every_stage_has_its_words_in_every_language() {
        for language in [
            namnam_words::Language::English,
            namnam_words::Language::French,
        ] {
            for stage in path() {
                let parts: &[&str] = match stage.position {
                    Some(_) => &["title", "explain", "task", "hint", "done"],
                    None => &["title", "explain", "task"],
                };
                for part in parts {
                    let id = format!("lesson-{}-{part}", stage.key);
                    assert!(
                        namnam_words::find(language, &id, None).is_some(),
                        "{id} missing in {language:?}"
                    );
                }
            }
        }
    }
}
