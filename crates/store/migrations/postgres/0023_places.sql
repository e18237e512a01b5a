-- Where a match or a challenge is played, as a kind of place: a server's channel where the bot is a member
-- ('server'), a server's channel where only a player installed the app ('guest'), the bot's DM with a
-- player ('bot-dm'), a DM between players or a group DM ('private'). Only a server's kinds have a server,
-- so server_id may now be absent. A post of a place where the bot may only answer (answers_only) is never
-- the poster's: it waits for the next answer there ('awaiting'); a post of a place without a server has
-- no server.

ALTER TABLE matches ADD COLUMN place TEXT NOT NULL DEFAULT 'server'
    CHECK (place IN ('server', 'guest', 'bot-dm', 'private'));
ALTER TABLE matches ALTER COLUMN server_id DROP NOT NULL;
ALTER TABLE matches ADD CONSTRAINT matches_server_of_place
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')));
-- A channel is found by its id, its server (if any) checked after.
DROP INDEX matches_active_in_channel;
CREATE INDEX matches_active_in_channel ON matches (channel_id, server_id) WHERE state = 'active';

ALTER TABLE challenges ADD COLUMN place TEXT NOT NULL DEFAULT 'server'
    CHECK (place IN ('server', 'guest', 'bot-dm', 'private'));
ALTER TABLE challenges ALTER COLUMN server_id DROP NOT NULL;
ALTER TABLE challenges ADD CONSTRAINT challenges_server_of_place
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')));
-- One open challenge per channel: a channel without a server is one place of its own.
DROP INDEX challenges_one_open_per_channel;
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (COALESCE(server_id, 0), channel_id)
    WHERE state = 'open';

ALTER TABLE outbox ALTER COLUMN server_id DROP NOT NULL;
ALTER TABLE outbox DROP CONSTRAINT outbox_state_check;
-- 'awaiting': in a place where the bot may only answer, the message waits for the next answer there.
ALTER TABLE outbox ADD CONSTRAINT outbox_state_check
    CHECK (state IN ('held', 'pending', 'awaiting', 'sent', 'dropped'));
ALTER TABLE outbox ADD COLUMN answers_only BIGINT NOT NULL DEFAULT 0 CHECK (answers_only IN (0, 1));
ALTER TABLE outbox ADD CONSTRAINT outbox_awaits_answers_only CHECK (state <> 'awaiting' OR answers_only = 1);
CREATE INDEX outbox_answers_only ON outbox (channel_id, id) WHERE answers_only = 1 AND state IN ('held', 'awaiting');

-- An analysis's verdict is posted where it was asked: a place of any kind.
ALTER TABLE analyses ADD COLUMN place TEXT NOT NULL DEFAULT 'server'
    CHECK (place IN ('server', 'guest', 'bot-dm', 'private'));
ALTER TABLE analyses ALTER COLUMN server_id DROP NOT NULL;
ALTER TABLE analyses ADD CONSTRAINT analyses_server_of_place
    CHECK ((server_id IS NOT NULL) = (place IN ('server', 'guest')));
