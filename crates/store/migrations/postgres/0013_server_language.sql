-- The language of what everyone sees in a server (boards, clock notices, tournament news), by its code
-- (`en`, `fr`); NULL: English. A private answer follows the asker's own language instead.
ALTER TABLE servers ADD COLUMN language TEXT;
