-- Seasons, rating history and turn notifications by DM.
--
-- A server plays in seasons, numbered from 1: `ratings` holds the current season's ratings; when an admin
-- starts a new one (or the first of a month does, when the server asked for that), the season's final
-- standings are copied to `season_standings`, `ratings` is emptied for the server, and the number goes up.
ALTER TABLE servers ADD COLUMN season INTEGER NOT NULL DEFAULT 1 CHECK (season >= 1);
-- When the current season began; NULL for the first season (since the server was added).
ALTER TABLE servers ADD COLUMN season_started_at INTEGER;
-- Where season news (a season's final top three) is posted; NULL: where the admin asked.
ALTER TABLE servers ADD COLUMN season_channel_id INTEGER;
-- 1: a new season starts by itself on the first of each month (UTC).
ALTER TABLE servers ADD COLUMN season_monthly INTEGER NOT NULL DEFAULT 0 CHECK (season_monthly IN (0, 1));
-- When monthly seasons were turned on: the season going on then ends on the next first of a month.
ALTER TABLE servers ADD COLUMN season_monthly_since INTEGER;

-- The seasons that have ended, with their dates.
CREATE TABLE seasons (
    server_id  INTEGER NOT NULL REFERENCES servers (id),
    season     INTEGER NOT NULL,
    started_at INTEGER,
    ended_at   INTEGER NOT NULL,
    PRIMARY KEY (server_id, season)
);

-- A season's ratings as they stood when it ended, for `leaderboard season:N`.
CREATE TABLE season_standings (
    server_id  INTEGER NOT NULL REFERENCES servers (id),
    season     INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    PRIMARY KEY (server_id, season, player_id)
);
CREATE INDEX season_standings_board ON season_standings (server_id, season, rating DESC);

-- Every rated match's effect on each player's rating, written with the rating: the chart of `stats`.
-- A match counts in the season in which it ended.
CREATE TABLE rating_history (
    server_id     INTEGER NOT NULL REFERENCES servers (id),
    season        INTEGER NOT NULL,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    rating_before REAL    NOT NULL,
    rating_after  REAL    NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    at            INTEGER NOT NULL,
    PRIMARY KEY (player_id, match_id)
);
CREATE INDEX rating_history_of ON rating_history (server_id, player_id, season, at);

-- Who asked for a DM when it becomes their turn (`notify on`). A DM that Discord refused because the
-- player does not take DMs from the bot turns it off: `refused_at` is set, and the player is told the next
-- time they use a command (`told` then becomes 1).
CREATE TABLE turn_notifications (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    enabled    INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    refused_at INTEGER,
    told       INTEGER NOT NULL DEFAULT 1 CHECK (told IN (0, 1)),
    updated_at INTEGER NOT NULL
);

-- When each player last acted in a match (moved, offered, asked): a player who acted a few minutes ago is at
-- the board and gets no DM.
CREATE TABLE match_presence (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,
    acted_at  INTEGER NOT NULL,
    PRIMARY KEY (match_id, player_id)
);

-- A post to a player's DMs: the poster opens the DM channel and posts there (channel_id then holds the
-- player's id, which keeps each player's DMs in order).
ALTER TABLE outbox ADD COLUMN dm_user_id INTEGER;
