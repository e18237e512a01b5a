-- PostgreSQL's form of migrations/sqlite/0006_claims.sql: the same columns and table (INTEGER is
-- BIGINT). Keep the two in step: tests/core checks that both backends have the same columns.

-- Several processes on one database: work that ends in a request to Discord is claimed first, with who
-- claimed it and until when, in a transaction committed before the request. A claim that runs out (its
-- process died) is taken over; the process that made it takes it back at once when it starts again.

-- The computer's turn in a match, while its move is searched. Any move clears it.
ALTER TABLE matches ADD COLUMN computer_claimed_by TEXT;
ALTER TABLE matches ADD COLUMN computer_claimed_until BIGINT;

-- A post, while a poster delivers it, and through that poster's pause after a failed try: no other poster
-- takes it before `claimed_until`. `held_by` names the process whose answer holds it.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;
ALTER TABLE outbox ADD COLUMN held_by TEXT;

-- Work of which one process does all at a time (registering the slash commands).
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  BIGINT NOT NULL
);
