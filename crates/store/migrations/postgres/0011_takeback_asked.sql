-- One takeback request per move: the turn (matches.turns) at which a takeback was last asked, so that a
-- request withdrawn or declined cannot be asked again, pinging the opponent each time, before the next move.
ALTER TABLE matches ADD COLUMN takeback_asked_turn BIGINT;
