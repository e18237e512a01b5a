-- The outbox: every message the bot must post in a channel by itself (clock notices, the computer's moves
-- after a restart, boards whose interaction failed), written in the same transaction as the change it
-- announces, and delivered by a poster with retries, across restarts.
--
-- state: 'held' while an interaction is delivering the message (it becomes due if that fails, or at
-- held_until if the process died); 'pending' when the poster must deliver it; 'sent' and 'dropped' when
-- done (kept a while for the record).
CREATE TABLE outbox (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id           INTEGER NOT NULL,
    channel_id          INTEGER NOT NULL,
    -- Where the message goes when channel_id is a thread that is locked or gone: its parent channel.
    fallback_channel_id INTEGER,
    match_id            INTEGER REFERENCES matches (id),
    -- The message as JSON: text, pings, deadline, buttons, and what its pictures show.
    body                TEXT    NOT NULL,
    state               TEXT    NOT NULL CHECK (state IN ('held', 'pending', 'sent', 'dropped')),
    held_until          INTEGER,
    -- Set when an attempt may have been shown already (a follow-up whose answer was lost): the poster looks
    -- for it in the channel before posting again.
    maybe_shown         INTEGER NOT NULL DEFAULT 0 CHECK (maybe_shown IN (0, 1)),
    attempts            INTEGER NOT NULL DEFAULT 0,
    created_at          INTEGER NOT NULL,
    done_at             INTEGER,
    -- What happened: the message id it was shown as, or why it was dropped.
    message_id          INTEGER,
    outcome             TEXT
);
CREATE INDEX outbox_waiting ON outbox (id) WHERE state IN ('held', 'pending');

-- A match moved into a thread remembers the channel it came from: the board goes there if the thread is
-- locked or deleted.
ALTER TABLE matches ADD COLUMN parent_channel_id INTEGER;
