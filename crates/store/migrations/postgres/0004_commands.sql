-- PostgreSQL's form of migrations/sqlite/0004_commands.sql: the same tables, columns and checks (INTEGER is BIGINT, REAL is
-- DOUBLE PRECISION, AUTOINCREMENT is an identity column). Keep the two in step: tests/core checks that
-- both backends have the same columns.

-- The slash commands as last registered with Discord, per scope ('global', or 'guild <id>' for a
-- development server): a restart with the same commands registers nothing, a move to another scope
-- removes the old server's copy, and replies mention commands by the ids Discord gave them.
-- (These were kept in a file beside the database before; the first start after the upgrade registers once.)
CREATE TABLE command_registrations (
    scope          TEXT    PRIMARY KEY,
    application_id BIGINT NOT NULL,
    -- A SHA-256 of the exact registration request.
    fingerprint    TEXT    NOT NULL,
    registered_at  BIGINT NOT NULL
);

CREATE TABLE registered_commands (
    scope      TEXT    NOT NULL REFERENCES command_registrations (scope) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    command_id BIGINT NOT NULL,
    PRIMARY KEY (scope, name)
);
