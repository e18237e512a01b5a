-- Namnam's tables: servers and their settings, players, challenges, matches, their moves and rounds, and
-- per-server ratings. Times are milliseconds since the Unix epoch (UTC); Discord-style ids are INTEGER
-- (i64). Players are named by the side they play: 'south' (the challenger) and 'north'.

CREATE TABLE servers (
    id                 INTEGER PRIMARY KEY,
    name               TEXT    NOT NULL,
    default_clock_secs INTEGER NOT NULL DEFAULT 86400 CHECK (default_clock_secs BETWEEN 300 AND 604800),
    -- NULL: no target (the match runs to the whole board or its round limit).
    default_target     INTEGER DEFAULT 10 CHECK (default_target IS NULL OR default_target BETWEEN 7 AND 12),
    thread_per_match   INTEGER NOT NULL DEFAULT 0 CHECK (thread_per_match IN (0, 1)),
    created_at         INTEGER NOT NULL
);

-- When a server lists channels here, challenges are allowed only in them; no rows: everywhere.
CREATE TABLE allowed_channels (
    server_id  INTEGER NOT NULL REFERENCES servers (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (server_id, channel_id)
);

-- kind: 'human'; 'bot' (another program: cannot be challenged); 'engine' (reserved for Namnam's own
-- computer opponent).
CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    kind       TEXT    NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'bot', 'engine')),
    created_at INTEGER NOT NULL
);

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER NOT NULL REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    challenged_id INTEGER NOT NULL REFERENCES players (id),
    endgame       TEXT    NOT NULL CHECK (endgame IN ('capturer', 'starter')),
    chain         INTEGER NOT NULL CHECK (chain IN (0, 1)),
    first         TEXT    NOT NULL CHECK (first IN ('challenger', 'challenged', 'random')),
    target        INTEGER CHECK (target IS NULL OR target BETWEEN 7 AND 12),
    rounds        INTEGER CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 99),
    clock_secs    INTEGER NOT NULL CHECK (clock_secs BETWEEN 300 AND 604800),
    state         TEXT    NOT NULL DEFAULT 'open'
                          CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    closed_at     INTEGER,
    CHECK (challenger_id <> challenged_id)
);
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (server_id, channel_id) WHERE state = 'open';

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER NOT NULL REFERENCES servers (id),
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
    CHECK (south_id <> north_id)
);
CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (server_id, channel_id) WHERE state = 'active';
CREATE INDEX matches_active_deadline ON matches (deadline) WHERE state = 'active';
CREATE INDEX matches_active_remind ON matches (remind_at) WHERE state = 'active';
CREATE INDEX matches_south ON matches (server_id, south_id, state);
CREATE INDEX matches_north ON matches (server_id, north_id, state);

CREATE TABLE moves (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    player         TEXT    NOT NULL CHECK (player IN ('south', 'north')),
    house          INTEGER NOT NULL CHECK (house BETWEEN 1 AND 12),
    events         TEXT    NOT NULL,
    position_after TEXT    NOT NULL,
    played_at      INTEGER NOT NULL,
    PRIMARY KEY (match_id, ply)
);

CREATE TABLE rounds (
    match_id         INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    round            INTEGER NOT NULL,
    starter          TEXT    NOT NULL CHECK (starter IN ('south', 'north')),
    territory_before INTEGER NOT NULL CHECK (territory_before BETWEEN 0 AND 12),
    territory_after  INTEGER NOT NULL CHECK (territory_after BETWEEN 0 AND 12),
    store_south      INTEGER NOT NULL,
    store_north      INTEGER NOT NULL,
    end_reason       TEXT    NOT NULL,
    winner           TEXT CHECK (winner IN ('south', 'north')),
    PRIMARY KEY (match_id, round)
);

CREATE TABLE ratings (
    server_id  INTEGER NOT NULL REFERENCES servers (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (server_id, player_id)
);
CREATE INDEX ratings_leaderboard ON ratings (server_id, rating DESC);
