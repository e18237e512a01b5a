-- Puzzles (`puzzle`): one puzzle rating per player across servers, since a puzzle is the same everywhere.
-- Glicko-2's three numbers, apart from the match ratings of `ratings`, with the player's record.
CREATE TABLE puzzle_ratings (
    player_id   INTEGER PRIMARY KEY REFERENCES players (id),
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    attempts    INTEGER NOT NULL CHECK (attempts >= 0),
    solved      INTEGER NOT NULL CHECK (solved BETWEEN 0 AND attempts),
    streak      INTEGER NOT NULL CHECK (streak BETWEEN 0 AND solved),
    best_streak INTEGER NOT NULL CHECK (best_streak BETWEEN streak AND solved),
    updated_at  INTEGER NOT NULL
);

-- Every puzzle shown to a player, once each (`puzzle` is the puzzle's source, `selfplay:…` or `match:…`, its
-- key in every set). Its answer is the first house played, and only that one counts: answered_at, house
-- and solved are set together, once. A player's current puzzle is their latest unanswered one.
CREATE TABLE puzzle_attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    puzzle      TEXT    NOT NULL,
    server_id   INTEGER,
    shown_at    INTEGER NOT NULL,
    answered_at INTEGER,
    house       INTEGER CHECK (house BETWEEN 1 AND 12),
    solved      INTEGER CHECK (solved IN (0, 1)),
    UNIQUE (player_id, puzzle),
    CHECK ((answered_at IS NULL) = (house IS NULL) AND (house IS NULL) = (solved IS NULL))
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (player_id, id) WHERE answered_at IS NULL;
