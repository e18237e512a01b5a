-- The computer's analysis of a finished match: asked for once, searched in the background by one process
-- at a time (claimed like the computer's turn: who, until when), and kept, so that a match is analysed once
-- and every later question is answered from here. The verdict is posted where it was asked for; that post
-- is stored in the outbox with the verdict, in one transaction.
CREATE TABLE analyses (
    match_id      INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    state         TEXT    NOT NULL CHECK (state IN ('queued', 'done')),
    -- Where the verdict is posted, and who asked.
    server_id     INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    requested_by  INTEGER NOT NULL,
    requested_at  INTEGER NOT NULL,
    -- The nodes each searched position got: the same match with the same budget gets the same verdict.
    nodes         INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER,
    finished_at   INTEGER,
    -- Every move's judgement as JSON, in the order of the moves.
    verdict       TEXT
);
CREATE INDEX analyses_queued ON analyses (requested_at) WHERE state = 'queued';
