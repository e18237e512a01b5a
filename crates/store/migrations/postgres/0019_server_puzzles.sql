-- PostgreSQL's form of migrations/sqlite/0019_server_puzzles.sql: the same tables, columns and checks.

-- Puzzles found in a server's own finished matches, for its daily puzzle (docs/puzzles.md). Only servers
-- with a daily puzzle have their matches mined, each match once: its row in `mined_matches` is the claim,
-- taken before the work (a process that dies while mining leaves that match unmined).
CREATE TABLE mined_matches (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id),
    mined_at BIGINT NOT NULL
);

CREATE TABLE server_puzzles (
    server_id BIGINT NOT NULL REFERENCES servers (id),
    -- The puzzle's source (`match:42:17`: before move 17 of match #42), its key.
    puzzle    TEXT   NOT NULL,
    -- The whole puzzle as a line of a puzzle file (namnam_ai::puzzles::LINE_FORMAT).
    line      TEXT   NOT NULL,
    found_at  BIGINT NOT NULL,
    PRIMARY KEY (server_id, puzzle)
);
