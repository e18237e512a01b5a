-- A server's web page (`namnam web`), opt-in: NULL until an admin turns it on. Its pages live under this
-- unguessable token (at least 128 bits, random); a new link replaces it, turning the page off clears it.
ALTER TABLE servers ADD COLUMN web_token TEXT;
CREATE UNIQUE INDEX servers_by_web_token ON servers (web_token);
