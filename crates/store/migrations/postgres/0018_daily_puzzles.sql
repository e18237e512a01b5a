-- PostgreSQL's form of migrations/sqlite/0018_daily_puzzles.sql: the same tables, columns and checks.

-- A server's daily puzzle, opt-in. The sweep posts each day's once, whatever the number of processes:
-- the row of (server, day) is the claim, inserted in the transaction that stores the post.
--
-- The channel it is posted in; NULL: no daily puzzle.
ALTER TABLE servers ADD COLUMN daily_puzzle_channel_id BIGINT;

-- The puzzles posted, one a day and server.
CREATE TABLE daily_puzzles (
    server_id  BIGINT NOT NULL REFERENCES servers (id),
    -- Days since 1970-01-01, UTC.
    day        BIGINT NOT NULL,
    -- The puzzle's source (`selfplay:1:17:42`): its key in the built-in set.
    puzzle     TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    posted_at  BIGINT NOT NULL,
    PRIMARY KEY (server_id, day)
);

-- Each member's first answer to a day's puzzle (answering again changes nothing).
CREATE TABLE daily_answers (
    server_id   BIGINT NOT NULL,
    day         BIGINT NOT NULL,
    player_id   BIGINT NOT NULL,
    -- The member's name when they answered, for the next day's post (shown as text, never a mention).
    name        TEXT NOT NULL,
    house       BIGINT NOT NULL CHECK (house BETWEEN 1 AND 12),
    solved      BIGINT NOT NULL CHECK (solved IN (0, 1)),
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (server_id, day, player_id),
    FOREIGN KEY (server_id, day) REFERENCES daily_puzzles (server_id, day)
);
