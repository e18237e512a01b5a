-- Each process's heartbeat, one each sweep of the clock (a shard's heartbeat, in shard_heartbeats, says
-- that its gateway is live). When a process's heartbeat stops, another takes over the posts its answers
-- held, which would otherwise wait out an interaction's 15 minutes.
CREATE TABLE process_heartbeats (
    process TEXT PRIMARY KEY,
    beat_at BIGINT NOT NULL
);

-- When a live match's thread was closed and its board posted in the parent channel: once per thread.
ALTER TABLE matches ADD COLUMN thread_closed_at BIGINT;
