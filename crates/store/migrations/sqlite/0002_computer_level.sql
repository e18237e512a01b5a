-- A match against Namnam's own computer opponent (the player of kind 'engine') records the computer's
-- level, 1 to 5; NULL in a match between two people.
ALTER TABLE matches ADD COLUMN engine_level INTEGER CHECK (engine_level BETWEEN 1 AND 5);
