-- The clock's fairness through outages. A shard's heartbeat is the last time its gateway session was seen
-- live; a gap in it (Discord unreachable, or the bot not running) is an outage, and the deadlines of the
-- shard's matches and challenges move by its length. Keyed by the shard count too: with another count, a
-- shard number names other servers.
CREATE TABLE shard_heartbeats (
    shard_count INTEGER NOT NULL,
    shard_id    INTEGER NOT NULL,
    beat_at     INTEGER NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);

-- Servers that Discord marks unavailable, and since when (kept across a restart, which does not end it).
CREATE TABLE server_outages (
    server_id INTEGER PRIMARY KEY,
    since     INTEGER NOT NULL
);
