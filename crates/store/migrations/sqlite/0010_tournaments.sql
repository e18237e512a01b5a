-- Several matches in one channel, and tournaments.

-- A channel may hold several live matches (a tournament's round without threads, the console). Two players
-- have at most one live match of their own making in a channel: the core checks it when a challenge is made
-- and accepted (changes are serialised), so that a tournament's pairing can still meet beside it.
DROP INDEX matches_one_active_per_channel;
CREATE INDEX matches_active_in_channel ON matches (server_id, channel_id) WHERE state = 'active';

-- A tournament of a server: signed up for in its channel, where its standings and news are posted.
-- state: 'signup' (players join and leave), 'running' (round `round` is being played), 'finished',
-- 'cancelled'. Every change names the version it read, as matches do, so that a round is paired once.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER NOT NULL REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    channel_name  TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    organiser_id  INTEGER NOT NULL REFERENCES players (id),
    format        TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    -- Swiss: the rounds to play; round robin: NULL (as many as the field needs).
    rounds        INTEGER CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 32),
    -- The terms of every match: as a challenge's, with a round limit or a target (a match must end).
    endgame       TEXT    NOT NULL CHECK (endgame IN ('capturer', 'starter')),
    chain         INTEGER NOT NULL CHECK (chain IN (0, 1)),
    target        INTEGER CHECK (target IS NULL OR target BETWEEN 7 AND 12),
    round_limit   INTEGER CHECK (round_limit IS NULL OR round_limit BETWEEN 1 AND 99),
    clock_secs    INTEGER NOT NULL CHECK (clock_secs BETWEEN 300 AND 604800),
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
    CHECK (target IS NOT NULL OR round_limit IS NOT NULL)
);
CREATE INDEX tournaments_of_server ON tournaments (server_id, state);

-- The players of a tournament. seed: their order in the pairings (by rating at the start, then by who joined
-- first); NULL before the start. withdrawn_round: the round in which they withdrew (their later games are
-- forfeited), NULL while they play.
CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    joined_at       INTEGER NOT NULL,
    seed            INTEGER,
    withdrawn_round INTEGER,
    PRIMARY KEY (tournament_id, player_id)
);

-- The games of a tournament, round by round: a pairing played as a match, a bye (no north), or a game
-- forfeited to a player whose opponent withdrew (no match). result: NULL until decided; decided_by: how.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    south_id      INTEGER NOT NULL REFERENCES players (id),
    north_id      INTEGER REFERENCES players (id),
    match_id      INTEGER UNIQUE REFERENCES matches (id),
    result        TEXT CHECK (result IN ('south', 'north', 'draw')),
    decided_by    TEXT CHECK (decided_by IN ('match', 'houses', 'forfeit', 'bye')),
    PRIMARY KEY (tournament_id, round, board),
    CHECK ((result IS NULL) = (decided_by IS NULL))
);
