-- PostgreSQL's form of migrations/sqlite/0020_server_names.sql: the same tables, columns and checks.

-- Names stay in their server: the name a player has in each server (their nickname there, else their
-- account's display name), apart from `players.name`, which is now the account's own display name (what a
-- place outside any server shows). Before this, `players.name` was overwritten by the nickname of whichever
-- server the player last acted in, and every server's pages read it.
CREATE TABLE server_names (
    server_id  BIGINT  NOT NULL REFERENCES servers (id),
    player_id  BIGINT  NOT NULL REFERENCES players (id),
    name       TEXT    NOT NULL,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (server_id, player_id)
);

-- Today's one name is the starting point in every server where the player has a trace.
INSERT INTO server_names (server_id, player_id, name, updated_at)
SELECT seen.server_id, seen.player_id, p.name, p.created_at
FROM (
    SELECT server_id, south_id AS player_id FROM matches
    UNION SELECT server_id, north_id FROM matches
    UNION SELECT server_id, challenger_id FROM challenges
    UNION SELECT server_id, challenged_id FROM challenges
    UNION SELECT server_id, player_id FROM ratings
    UNION SELECT server_id, player_id FROM season_standings
    UNION SELECT t.server_id, e.player_id FROM tournament_players e JOIN tournaments t ON t.id = e.tournament_id
    UNION SELECT server_id, organiser_id FROM tournaments
) seen
JOIN players p ON p.id = seen.player_id;

-- A finished (or aborted) match keeps the names its players had when it was played: its record, its page
-- and its history line do not change when a player changes their nickname later. NULL while it is active.
ALTER TABLE matches ADD COLUMN south_name TEXT;
ALTER TABLE matches ADD COLUMN north_name TEXT;
UPDATE matches
SET south_name = (SELECT name FROM players WHERE id = matches.south_id),
    north_name = (SELECT name FROM players WHERE id = matches.north_id)
WHERE state <> 'active';
