-- foreign keys off
-- An open challenge: one that names no opponent, taken by the first player who accepts it. challenged_id
-- may be absent while a challenge is open, and after it was withdrawn or expired untaken; an accepted or
-- declined challenge names who answered. Accepting an open one sets challenged_id and closes it in one
-- statement that only an open, untaken challenge passes, so two players accepting at once (on two
-- processes) start one match.
--
-- SQLite cannot drop NOT NULL in place: challenges is rebuilt as in 0023 (foreign keys off, every key
-- checked after), keeping every row's id and the id counter.

CREATE TEMP TABLE kept_challenge_counter AS
    SELECT name, seq FROM sqlite_sequence WHERE name = 'challenges';

CREATE TABLE challenges_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    challenged_id INTEGER REFERENCES players (id),
    state         TEXT    NOT NULL DEFAULT 'open'
                          CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    closed_at     INTEGER,
    terms         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(terms)),
    place         TEXT    NOT NULL DEFAULT 'server'
                          CHECK (place IN ('server', 'guest', 'bot-dm', 'private')),
    CHECK (challenger_id <> challenged_id),
    CHECK (challenged_id IS NOT NULL OR state IN ('open', 'cancelled', 'expired')),
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')))
);
INSERT INTO challenges_new (id, server_id, channel_id, challenger_id, challenged_id, state, created_at,
        expires_at, closed_at, terms, place)
    SELECT id, server_id, channel_id, challenger_id, challenged_id, state, created_at,
        expires_at, closed_at, terms, place
    FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
-- One open challenge per channel, open to one player or to anyone: a channel's id is Discord's, unique
-- everywhere, so the channel alone is the key (a server's id, absent outside servers, adds nothing).
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (channel_id) WHERE state = 'open';
DELETE FROM sqlite_sequence WHERE name = 'challenges';
INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM kept_challenge_counter;
DROP TABLE kept_challenge_counter;
