-- Takebacks: a player asks to take back their last move, and the opponent accepts or declines.

-- The moves and the accepted takebacks so far. Unlike moves_played, which a takeback sets back by one, it
-- never decreases: the buttons of a board carry `turns + 1`, so that a button drawn before a move or before
-- a takeback is out of date after it. A match stored before had no takeback: its turns are its moves, and
-- the buttons already posted (which carry moves_played + 1) keep working.
ALTER TABLE matches ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET turns = moves_played;

-- The player who asked to take back their last move, until the opponent answers or moves.
ALTER TABLE matches ADD COLUMN takeback_request TEXT CHECK (takeback_request IN ('south', 'north'));

-- The mover's deadline when they played the move: a takeback gives them back the time they had left then
-- (deadline_before - played_at). NULL for the computer's moves, and for the moves stored before.
ALTER TABLE moves ADD COLUMN deadline_before INTEGER;
