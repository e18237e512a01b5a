-- A match's terms, one way for challenges and tournaments: a JSON object (the model's `Terms`), checked
-- by the code that reads it, instead of a column and a check per option in each table. Adding a rule
-- option then changes no table. Every row is kept, with its id.
--
-- challenges loses its columns by DROP COLUMN (each one's check is its own). tournaments is rebuilt: a
-- table check names two of its columns, which SQLite cannot drop. sqlx runs this in a transaction, where
-- foreign keys cannot be turned off, so dropping the old table deletes the rows that cascade from it
-- (tournament_players, tournament_games): they are kept aside and put back, and the checks of the keys
-- wait for the commit. The tournaments' id counter goes on where it was.

ALTER TABLE challenges ADD COLUMN terms TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(terms));
UPDATE challenges SET terms = json_object(
    'endgame', endgame,
    'chain', json(CASE chain WHEN 1 THEN 'true' ELSE 'false' END),
    'first', first,
    'target', target,
    'round_limit', rounds,
    'clock_secs', clock_secs);
ALTER TABLE challenges DROP COLUMN endgame;
ALTER TABLE challenges DROP COLUMN chain;
ALTER TABLE challenges DROP COLUMN first;
ALTER TABLE challenges DROP COLUMN target;
ALTER TABLE challenges DROP COLUMN rounds;
ALTER TABLE challenges DROP COLUMN clock_secs;

PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE kept_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'tournaments';
CREATE TEMP TABLE kept_players AS SELECT * FROM tournament_players;
CREATE TEMP TABLE kept_games AS SELECT * FROM tournament_games;

CREATE TABLE tournaments_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER NOT NULL REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    channel_name  TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    organiser_id  INTEGER NOT NULL REFERENCES players (id),
    format        TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    -- Swiss: the rounds to play; round robin: NULL (as many as the field needs).
    rounds        INTEGER CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 32),
    -- The days a tournament round may last: then its unfinished matches are scored by houses.
    round_days    INTEGER NOT NULL DEFAULT 7 CHECK (round_days BETWEEN 1 AND 60),
    -- When the tournament starts by itself; NULL: when the organiser (or an admin) starts it.
    starts_at     INTEGER,
    player_limit  INTEGER CHECK (player_limit IS NULL OR player_limit BETWEEN 2 AND 128),
    state         TEXT    NOT NULL DEFAULT 'signup'
                          CHECK (state IN ('signup', 'running', 'finished', 'cancelled')),
    -- The round being played (0 before the start).
    round         INTEGER NOT NULL DEFAULT 0,
    -- When the round being played runs out.
    round_ends_at INTEGER,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    -- The terms of every match (a target or a round limit: a match must end), as a challenge's. Last, as
    -- in PostgreSQL's table, where it is added.
    terms         TEXT    NOT NULL CHECK (json_valid(terms))
);
INSERT INTO tournaments_new (id, server_id, channel_id, channel_name, name, organiser_id, format, rounds,
        round_days, starts_at, player_limit, state, round, round_ends_at, version, created_at, updated_at,
        terms)
    SELECT id, server_id, channel_id, channel_name, name, organiser_id, format, rounds,
        round_days, starts_at, player_limit, state, round, round_ends_at, version, created_at, updated_at,
        json_object(
            'endgame', endgame,
            'chain', json(CASE chain WHEN 1 THEN 'true' ELSE 'false' END),
            'first', 'challenger',
            'target', target,
            'round_limit', round_limit,
            'clock_secs', clock_secs)
    FROM tournaments;
DROP TABLE tournaments;
ALTER TABLE tournaments_new RENAME TO tournaments;
CREATE INDEX tournaments_of_server ON tournaments (server_id, state);
INSERT INTO tournament_players SELECT * FROM kept_players;
INSERT INTO tournament_games SELECT * FROM kept_games;
DELETE FROM sqlite_sequence WHERE name IN ('tournaments', 'tournaments_new');
INSERT INTO sqlite_sequence (name, seq) SELECT 'tournaments', seq FROM kept_counter;
DROP TABLE kept_counter;
DROP TABLE kept_players;
DROP TABLE kept_games;
