-- An open challenge: one that names no opponent, taken by the first player who accepts it. challenged_id
-- may be absent while a challenge is open, and after it was withdrawn or expired untaken; an accepted or
-- declined challenge names who answered. Accepting an open one sets challenged_id and closes it in one
-- statement that only an open, untaken challenge passes, so two players accepting at once (on two
-- processes) start one match.

ALTER TABLE challenges ALTER COLUMN challenged_id DROP NOT NULL;
ALTER TABLE challenges ADD CONSTRAINT challenges_answered_by_someone
    CHECK (challenged_id IS NOT NULL OR state IN ('open', 'cancelled', 'expired'));
-- One open challenge per channel, open to one player or to anyone: a channel's id is Discord's, unique
-- everywhere, so the channel alone is the key (a server's id, absent outside servers, adds nothing).
DROP INDEX challenges_one_open_per_channel;
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (channel_id) WHERE state = 'open';
