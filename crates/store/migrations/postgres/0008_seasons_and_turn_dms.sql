-- PostgreSQL's form of migrations/sqlite/0008_seasons_and_turn_dms.sql: the same tables, columns and checks
-- (INTEGER is BIGINT, REAL is DOUBLE PRECISION). Keep the two in step: tests/core checks that both backends
-- have the same columns.

-- Seasons, rating history and turn notifications by DM.
--
-- A server plays in seasons, numbered from 1: `ratings` holds the current season's ratings; when an admin
-- starts a new one (or the first of a month does, when the server asked for that), the season's final
-- standings are copied to `season_standings`, `ratings` is emptied for the server, and the number goes up.
ALTER TABLE servers ADD COLUMN season BIGINT NOT NULL DEFAULT 1 CHECK (season >= 1);
-- When the current season began; NULL for the first season (since the server was added).
ALTER TABLE servers ADD COLUMN season_started_at BIGINT;
-- Where season news (a season's final top three) is posted; NULL: where the admin asked.
ALTER TABLE servers ADD COLUMN season_channel_id BIGINT;
-- 1: a new season starts by itself on the first of each month (UTC).
ALTER TABLE servers ADD COLUMN season_monthly BIGINT NOT NULL DEFAULT 0 CHECK (season_monthly IN (0, 1));
-- When monthly seasons were turned on: the season going on then ends on the next first of a month.
ALTER TABLE servers ADD COLUMN season_monthly_since BIGINT;

-- The seasons that have ended, with their dates.
CREATE TABLE seasons (
    server_id  BIGINT NOT NULL REFERENCES servers (id),
    season     BIGINT NOT NULL,
    started_at BIGINT,
    ended_at   BIGINT NOT NULL,
    PRIMARY KEY (server_id, season)
);

-- A season's ratings as they stood when it ended, for `leaderboard season:N`.
CREATE TABLE season_standings (
    server_id  BIGINT NOT NULL REFERENCES servers (id),
    season     BIGINT NOT NULL,
    player_id  BIGINT NOT NULL REFERENCES players (id),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    PRIMARY KEY (server_id, season, player_id)
);
CREATE INDEX season_standings_board ON season_standings (server_id, season, rating DESC);

-- Every rated match's effect on each player's rating, written with the rating: the chart of `stats`.
-- A match counts in the season in which it ended.
CREATE TABLE rating_history (
    server_id     BIGINT NOT NULL REFERENCES servers (id),
    season        BIGINT NOT NULL,
    player_id     BIGINT NOT NULL REFERENCES players (id),
    match_id      BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    at            BIGINT NOT NULL,
    PRIMARY KEY (player_id, match_id)
);
CREATE INDEX rating_history_of ON rating_history (server_id, player_id, season, at);

-- Who asked for a DM when it becomes their turn (`notify on`). A DM that Discord refused because the
-- player does not take DMs from the bot turns it off: `refused_at` is set, and the player is told the next
-- time they use a command (`told` then becomes 1).
CREATE TABLE turn_notifications (
    player_id  BIGINT PRIMARY KEY REFERENCES players (id),
    enabled    BIGINT NOT NULL CHECK (enabled IN (0, 1)),
    refused_at BIGINT,
    told       BIGINT NOT NULL DEFAULT 1 CHECK (told IN (0, 1)),
    updated_at BIGINT NOT NULL
);

-- When each player last acted in a match (moved, offered, asked): a player who acted a few minutes ago is at
-- the board and gets no DM.
CREATE TABLE match_presence (
    match_id  BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id BIGINT NOT NULL,
    acted_at  BIGINT NOT NULL,
    PRIMARY KEY (match_id, player_id)
);

-- A post to a player's DMs: the poster opens the DM channel and posts there (channel_id then holds the
-- player's id, which keeps each player's DMs in order).
ALTER TABLE outbox ADD COLUMN dm_user_id BIGINT;
