-- PostgreSQL's form of migrations/sqlite/0022_terms.sql: a match's terms, one way for challenges and
-- tournaments, a JSON object (the model's `Terms`) checked by the code that reads it. Every row is kept;
-- dropping a column drops its checks with it.
ALTER TABLE challenges ADD COLUMN terms TEXT;
UPDATE challenges SET terms = json_build_object(
    'endgame', endgame,
    'chain', chain = 1,
    'first', first,
    'target', target,
    'round_limit', rounds,
    'clock_secs', clock_secs)::text;
ALTER TABLE challenges ALTER COLUMN terms SET NOT NULL;
ALTER TABLE challenges DROP COLUMN endgame, DROP COLUMN chain, DROP COLUMN first, DROP COLUMN target,
    DROP COLUMN rounds, DROP COLUMN clock_secs;

ALTER TABLE tournaments ADD COLUMN terms TEXT;
UPDATE tournaments SET terms = json_build_object(
    'endgame', endgame,
    'chain', chain = 1,
    'first', 'challenger',
    'target', target,
    'round_limit', round_limit,
    'clock_secs', clock_secs)::text;
ALTER TABLE tournaments ALTER COLUMN terms SET NOT NULL;
ALTER TABLE tournaments DROP COLUMN endgame, DROP COLUMN chain, DROP COLUMN target,
    DROP COLUMN round_limit, DROP COLUMN clock_secs;
