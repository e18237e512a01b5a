-- Six computer levels: a new level 1 for beginners, below the five there were (each now one higher: the
-- old strongest, 5, is 6). A stored match keeps the player it was played against: its level is shifted,
-- and the check widened.

ALTER TABLE matches DROP CONSTRAINT matches_engine_level_check;
UPDATE matches SET engine_level = engine_level + 1 WHERE engine_level IS NOT NULL;
ALTER TABLE matches ADD CONSTRAINT matches_engine_level_check CHECK (engine_level BETWEEN 1 AND 6);
