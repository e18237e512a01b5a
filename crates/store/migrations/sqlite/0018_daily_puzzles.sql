-- A server's daily puzzle, opt-in. The sweep posts each day's once, whatever the number of processes:
-- the row of (server, day) is the claim, inserted in the transaction that stores the post.
--
-- The channel it is posted in; NULL: no daily puzzle.
ALTER TABLE servers ADD COLUMN daily_puzzle_channel_id INTEGER;

-- The puzzles posted, one a day and server.
CREATE TABLE daily_puzzles (
    server_id  INTEGER NOT NULL REFERENCES servers (id),
    -- Days since 1970-01-01, UTC.
    day        INTEGER NOT NULL,
    -- The puzzle's source (`selfplay:1:17:42`): its key in the built-in set.
    puzzle     TEXT NOT NULL,
    channel_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (server_id, day)
);

-- Each member's first answer to a day's puzzle (answering again changes nothing).
CREATE TABLE daily_answers (
    server_id   INTEGER NOT NULL,
    day         INTEGER NOT NULL,
    player_id   INTEGER NOT NULL,
    -- The member's name when they answered, for the next day's post (shown as text, never a mention).
    name        TEXT NOT NULL,
    house       INTEGER NOT NULL CHECK (house BETWEEN 1 AND 12),
    solved      INTEGER NOT NULL CHECK (solved IN (0, 1)),
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (server_id, day, player_id),
    FOREIGN KEY (server_id, day) REFERENCES daily_puzzles (server_id, day)
);
