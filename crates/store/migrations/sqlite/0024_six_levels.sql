-- foreign keys off
-- Six computer levels: a new level 1 for beginners, below the five there were (each now one higher: the
-- old strongest, 5, is 6). A stored match keeps the player it was played against: its level is shifted,
-- and the check widened.
--
-- SQLite cannot change a column's check in place: matches is rebuilt as in 0023 (foreign keys off, every
-- row with its id, the id counter kept).

CREATE TEMP TABLE kept_counters AS SELECT name, seq FROM sqlite_sequence WHERE name = 'matches';

CREATE TABLE matches_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    -- The channel's name when the match began, for lists of matches across channels.
    channel_name  TEXT    NOT NULL,
    challenge_id  INTEGER REFERENCES challenges (id),
    south_id      INTEGER NOT NULL REFERENCES players (id),
    north_id      INTEGER NOT NULL REFERENCES players (id),
    state         TEXT    NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'finished', 'aborted')),
    -- The whole match (options, round, position, round summaries, result) as the engine's JSON: it is
    -- validated again whenever it is loaded.
    game          TEXT    NOT NULL,
    -- Bumped by every change: an update names the version it read, so two racing changes apply once.
    version       INTEGER NOT NULL DEFAULT 0,
    moves_played  INTEGER NOT NULL DEFAULT 0,
    clock_secs    INTEGER NOT NULL,
    deadline      INTEGER,
    remind_at     INTEGER,
    draw_offer    TEXT CHECK (draw_offer IN ('south', 'north')),
    winner        TEXT CHECK (winner IN ('south', 'north')),
    end_reason    TEXT,
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    engine_level  INTEGER CHECK (engine_level BETWEEN 1 AND 6),
    parent_channel_id INTEGER,
    computer_claimed_by TEXT,
    computer_claimed_until INTEGER,
    turns         INTEGER NOT NULL DEFAULT 0,
    takeback_request TEXT CHECK (takeback_request IN ('south', 'north')),
    takeback_asked_turn INTEGER,
    thread_closed_at INTEGER,
    south_name    TEXT,
    north_name    TEXT,
    place         TEXT    NOT NULL DEFAULT 'server'
                          CHECK (place IN ('server', 'guest', 'bot-dm', 'private')),
    CHECK (south_id <> north_id),
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')))
);
INSERT INTO matches_new (id, server_id, channel_id, channel_name, challenge_id, south_id, north_id, state,
        game, version, moves_played, clock_secs, deadline, remind_at, draw_offer, winner, end_reason, rated,
        created_at, updated_at, finished_at, engine_level, parent_channel_id, computer_claimed_by,
        computer_claimed_until, turns, takeback_request, takeback_asked_turn, thread_closed_at, south_name,
        north_name, place)
    SELECT id, server_id, channel_id, channel_name, challenge_id, south_id, north_id, state,
        game, version, moves_played, clock_secs, deadline, remind_at, draw_offer, winner, end_reason, rated,
        created_at, updated_at, finished_at, engine_level + 1, parent_channel_id, computer_claimed_by,
        computer_claimed_until, turns, takeback_request, takeback_asked_turn, thread_closed_at, south_name,
        north_name, place
    FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE INDEX matches_active_deadline ON matches (deadline) WHERE state = 'active';
CREATE INDEX matches_active_remind ON matches (remind_at) WHERE state = 'active';
CREATE INDEX matches_south ON matches (server_id, south_id, state);
CREATE INDEX matches_north ON matches (server_id, north_id, state);
-- A channel is found by its id, its server (if any) checked after.
CREATE INDEX matches_active_in_channel ON matches (channel_id, server_id) WHERE state = 'active';

DELETE FROM sqlite_sequence WHERE name IN ('matches', 'matches_new');
INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM kept_counters;
DROP TABLE kept_counters;
