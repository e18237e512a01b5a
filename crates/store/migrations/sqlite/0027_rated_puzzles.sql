-- Each puzzle rated by its answers (Glicko-2, as lichess rates its puzzles): a right answer lowers the
-- puzzle's rating, a wrong one raises it. Keyed by the puzzle's key (`selfplay:…` or `match:…`), however it
-- was shown (as found, or with its sides swapped). A puzzle without a row is at its start: its difficulty's
-- rating, provisional.
CREATE TABLE rated_puzzles (
    puzzle     TEXT    PRIMARY KEY CHECK (length(puzzle) BETWEEN 1 AND 80),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    answers    INTEGER NOT NULL CHECK (answers >= 1),
    solved     INTEGER NOT NULL CHECK (solved BETWEEN 0 AND answers),
    updated_at INTEGER NOT NULL
);
