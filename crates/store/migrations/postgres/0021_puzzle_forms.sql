-- PostgreSQL's form of migrations/sqlite/0021_puzzle_forms.sql: the same tables, columns and checks.

-- The form a puzzle was shown in: as found (0), or with the players' sides swapped (1), as the daily puzzle
-- shows a puzzle of the shipped set, whose answers are in the binary's own file. The answer's house is in
-- the form shown; the puzzle's key is the same in both.
ALTER TABLE puzzle_attempts ADD COLUMN sides_swapped BIGINT NOT NULL DEFAULT 0 CHECK (sides_swapped IN (0, 1));
