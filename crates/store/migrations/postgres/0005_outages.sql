-- PostgreSQL's form of migrations/sqlite/0005_outages.sql: the same tables, columns and checks (INTEGER is BIGINT, REAL is
-- DOUBLE PRECISION, AUTOINCREMENT is an identity column). Keep the two in step: tests/core checks that
-- both backends have the same columns.

-- The clock's fairness through outages. A shard's heartbeat is the last time its gateway session was seen
-- live; a gap in it (Discord unreachable, or the bot not running) is an outage, and the deadlines of the
-- shard's matches and challenges move by its length. Keyed by the shard count too: with another count, a
-- shard number names other servers.
CREATE TABLE shard_heartbeats (
    shard_count BIGINT NOT NULL,
    shard_id    BIGINT NOT NULL,
    beat_at     BIGINT NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);

-- Servers that Discord marks unavailable, and since when (kept across a restart, which does not end it).
CREATE TABLE server_outages (
    server_id BIGINT PRIMARY KEY,
    since     BIGINT NOT NULL
);
