-- foreign keys off
-- Where a match or a challenge is played, as a kind of place: a server's channel where the bot is a member
-- ('server'), a server's channel where only a player installed the app ('guest'), the bot's DM with a
-- player ('bot-dm'), a DM between players or a group DM ('private'). Only a server's kinds have a server,
-- so server_id may now be absent. A post of a place where the bot may only answer (answers_only) is never
-- the poster's: it waits for the next answer there ('awaiting'); a post of a place without a server has
-- no server.
--
-- SQLite cannot let a column be absent in place: matches, challenges, outbox and analyses are rebuilt, as SQLite's
-- own procedure for changing a table says, with foreign keys off (the store runs a migration whose first
-- line says so on a connection of its own, and checks every key after it). Every row keeps its id, and
-- each table's id counter goes on where it was. The place is the last column, as in PostgreSQL.

CREATE TEMP TABLE kept_counters AS
    SELECT name, seq FROM sqlite_sequence WHERE name IN ('matches', 'challenges', 'outbox');

CREATE TABLE matches_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    -- The channel's name when the match began, for lists of matches across channels.
    channel_name  TEXT    NOT NULL,
    challenge_id  INTEGER REFERENCES challenges (id),
    south_id      INTEGER NOT NULL REFERENCES players (id),
    north_id      INTEGER NOT NULL REFERENCES players (id),
    state         TEXT    NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'finished', 'aborted')),
    -- The whole match (options, round, position, round summaries, result) as the engine's JSON: it is
    -- validated again whenever it is loaded.
    game          TEXT    NOT NULL,
    -- Bumped by every change: an update names the version it read, so two racing changes apply once.
    version       INTEGER NOT NULL DEFAULT 0,
    moves_played  INTEGER NOT NULL DEFAULT 0,
    clock_secs    INTEGER NOT NULL,
    deadline      INTEGER,
    remind_at     INTEGER,
    draw_offer    TEXT CHECK (draw_offer IN ('south', 'north')),
    winner        TEXT CHECK (winner IN ('south', 'north')),
    end_reason    TEXT,
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    engine_level  INTEGER CHECK (engine_level BETWEEN 1 AND 5),
    parent_channel_id INTEGER,
    computer_claimed_by TEXT,
    computer_claimed_until INTEGER,
    turns         INTEGER NOT NULL DEFAULT 0,
    takeback_request TEXT CHECK (takeback_request IN ('south', 'north')),
    takeback_asked_turn INTEGER,
    thread_closed_at INTEGER,
    south_name    TEXT,
    north_name    TEXT,
    place         TEXT    NOT NULL DEFAULT 'server'
                          CHECK (place IN ('server', 'guest', 'bot-dm', 'private')),
    CHECK (south_id <> north_id),
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')))
);
INSERT INTO matches_new (id, server_id, channel_id, channel_name, challenge_id, south_id, north_id, state,
        game, version, moves_played, clock_secs, deadline, remind_at, draw_offer, winner, end_reason, rated,
        created_at, updated_at, finished_at, engine_level, parent_channel_id, computer_claimed_by,
        computer_claimed_until, turns, takeback_request, takeback_asked_turn, thread_closed_at, south_name,
        north_name, place)
    SELECT id, server_id, channel_id, channel_name, challenge_id, south_id, north_id, state,
        game, version, moves_played, clock_secs, deadline, remind_at, draw_offer, winner, end_reason, rated,
        created_at, updated_at, finished_at, engine_level, parent_channel_id, computer_claimed_by,
        computer_claimed_until, turns, takeback_request, takeback_asked_turn, thread_closed_at, south_name,
        north_name, 'server'
    FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE INDEX matches_active_deadline ON matches (deadline) WHERE state = 'active';
CREATE INDEX matches_active_remind ON matches (remind_at) WHERE state = 'active';
CREATE INDEX matches_south ON matches (server_id, south_id, state);
CREATE INDEX matches_north ON matches (server_id, north_id, state);
-- A channel is found by its id, its server (if any) checked after.
CREATE INDEX matches_active_in_channel ON matches (channel_id, server_id) WHERE state = 'active';

CREATE TABLE challenges_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     INTEGER REFERENCES servers (id),
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    challenged_id INTEGER NOT NULL REFERENCES players (id),
    state         TEXT    NOT NULL DEFAULT 'open'
                          CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    closed_at     INTEGER,
    terms         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(terms)),
    place         TEXT    NOT NULL DEFAULT 'server'
                          CHECK (place IN ('server', 'guest', 'bot-dm', 'private')),
    CHECK (challenger_id <> challenged_id),
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')))
);
INSERT INTO challenges_new (id, server_id, channel_id, challenger_id, challenged_id, state, created_at,
        expires_at, closed_at, terms, place)
    SELECT id, server_id, channel_id, challenger_id, challenged_id, state, created_at,
        expires_at, closed_at, terms, 'server'
    FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
-- One open challenge per channel: a channel without a server is one place of its own.
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (COALESCE(server_id, 0), channel_id)
    WHERE state = 'open';

CREATE TABLE outbox_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id           INTEGER,
    channel_id          INTEGER NOT NULL,
    -- Where the message goes when channel_id is a thread that is locked or gone: its parent channel.
    fallback_channel_id INTEGER,
    match_id            INTEGER REFERENCES matches (id),
    -- The message as JSON: text, pings, deadline, buttons, and what its pictures show.
    body                TEXT    NOT NULL,
    -- 'awaiting': in a place where the bot may only answer, the message waits for the next answer there.
    state               TEXT    NOT NULL
                                CHECK (state IN ('held', 'pending', 'awaiting', 'sent', 'dropped')),
    held_until          INTEGER,
    -- Set when an attempt may have been shown already (a follow-up whose answer was lost): the poster looks
    -- for it in the channel before posting again.
    maybe_shown         INTEGER NOT NULL DEFAULT 0 CHECK (maybe_shown IN (0, 1)),
    attempts            INTEGER NOT NULL DEFAULT 0,
    created_at          INTEGER NOT NULL,
    done_at             INTEGER,
    -- What happened: the message id it was shown as, or why it was dropped.
    message_id          INTEGER,
    outcome             TEXT,
    claimed_by          TEXT,
    claimed_until       INTEGER,
    held_by             TEXT,
    dm_user_id          INTEGER,
    answers_only        INTEGER NOT NULL DEFAULT 0 CHECK (answers_only IN (0, 1)),
    CHECK (state <> 'awaiting' OR answers_only = 1)
);
INSERT INTO outbox_new (id, server_id, channel_id, fallback_channel_id, match_id, body, state, held_until,
        maybe_shown, attempts, created_at, done_at, message_id, outcome, claimed_by, claimed_until, held_by,
        dm_user_id)
    SELECT id, server_id, channel_id, fallback_channel_id, match_id, body, state, held_until,
        maybe_shown, attempts, created_at, done_at, message_id, outcome, claimed_by, claimed_until, held_by,
        dm_user_id
    FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_waiting ON outbox (id) WHERE state IN ('held', 'pending');
CREATE INDEX outbox_answers_only ON outbox (channel_id, id) WHERE answers_only = 1 AND state IN ('held', 'awaiting');

-- An analysis's verdict is posted where it was asked: a place of any kind.
CREATE TABLE analyses_new (
    match_id      INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    -- 'failed': the search failed (logged); asking again queues it again.
    state         TEXT    NOT NULL CHECK (state IN ('queued', 'done', 'failed')),
    -- Where the verdict is posted, and who asked.
    server_id     INTEGER,
    channel_id    INTEGER NOT NULL,
    requested_by  INTEGER NOT NULL,
    requested_at  INTEGER NOT NULL,
    -- 1: the verdict goes through the outbox (the Discord bot); 0: it is handed to the front end that asked
    -- (the console). Each front end does only its own, so that a console sharing the bot's database never
    -- takes a verdict the poster should deliver.
    by_poster     INTEGER NOT NULL CHECK (by_poster IN (0, 1)),
    -- The nodes each searched position got: the same match with the same budget gets the same verdict.
    nodes         INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER,
    finished_at   INTEGER,
    -- Every move's judgement as JSON, in the order of the moves.
    verdict       TEXT,
    place         TEXT    NOT NULL DEFAULT 'server'
                          CHECK (place IN ('server', 'guest', 'bot-dm', 'private')),
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')))
);
INSERT INTO analyses_new (match_id, state, server_id, channel_id, requested_by, requested_at, by_poster, nodes,
        claimed_by, claimed_until, finished_at, verdict, place)
    SELECT match_id, state, server_id, channel_id, requested_by, requested_at, by_poster, nodes,
        claimed_by, claimed_until, finished_at, verdict, 'server'
    FROM analyses;
DROP TABLE analyses;
ALTER TABLE analyses_new RENAME TO analyses;
CREATE INDEX analyses_queued ON analyses (requested_at) WHERE state = 'queued';

DELETE FROM sqlite_sequence WHERE name IN ('matches', 'challenges', 'outbox');
INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM kept_counters;
DROP TABLE kept_counters;
