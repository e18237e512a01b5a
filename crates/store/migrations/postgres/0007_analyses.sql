-- PostgreSQL's form of migrations/sqlite/0007_analyses.sql: the same columns (INTEGER is BIGINT). Keep the
-- two in step: tests/core checks that both backends have the same columns.

-- The computer's analysis of a finished match: asked for once, searched in the background by one process
-- at a time (claimed like the computer's turn: who, until when), and kept, so that a match is analysed once
-- and every later question is answered from here. The verdict is posted where it was asked for; that post
-- is stored in the outbox with the verdict, in one transaction.
CREATE TABLE analyses (
    match_id      BIGINT  PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    -- 'failed': the search failed (logged); asking again queues it again.
    state         TEXT    NOT NULL CHECK (state IN ('queued', 'done', 'failed')),
    -- Where the verdict is posted, and who asked.
    server_id     BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    requested_by  BIGINT  NOT NULL,
    requested_at  BIGINT  NOT NULL,
    -- 1: the verdict goes through the outbox (the Discord bot); 0: it is handed to the front end that asked
    -- (the console). Each front end does only its own, so that a console sharing the bot's database never
    -- takes a verdict the poster should deliver.
    by_poster     BIGINT  NOT NULL CHECK (by_poster IN (0, 1)),
    -- The nodes each searched position got: the same match with the same budget gets the same verdict.
    nodes         BIGINT  NOT NULL,
    claimed_by    TEXT,
    claimed_until BIGINT,
    finished_at   BIGINT,
    -- Every move's judgement as JSON, in the order of the moves.
    verdict       TEXT
);
CREATE INDEX analyses_queued ON analyses (requested_at) WHERE state = 'queued';
