-- Lessons (`learn`): the stages each player has passed, one row per stage, written the first time. `stage` is
-- the stage's key (`sowing`, `relay`, …, `first-match`), which never changes once shipped.
CREATE TABLE lessons_passed (
    player_id INTEGER NOT NULL REFERENCES players (id),
    stage     TEXT    NOT NULL CHECK (length(stage) BETWEEN 1 AND 40),
    passed_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, stage)
);
