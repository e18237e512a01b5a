-- PostgreSQL's form of migrations/sqlite/0002_computer_level.sql: the same tables, columns and checks (INTEGER is BIGINT, REAL is
-- DOUBLE PRECISION, AUTOINCREMENT is an identity column). Keep the two in step: tests/core checks that
-- both backends have the same columns.

-- A match against Namnam's own computer opponent (the player of kind 'engine') records the computer's
-- level, 1 to 5; NULL in a match between two people.
ALTER TABLE matches ADD COLUMN engine_level BIGINT CHECK (engine_level BETWEEN 1 AND 5);
