-- A server's language may follow Discord's: `servers.language` = 'discord' takes the language Discord
-- reports for the server (its `guild_locale`, set in a Community server's settings), noted here as a code
-- (`en`, `fr`) from the server's latest interaction.
ALTER TABLE servers ADD COLUMN discord_language TEXT;
-- The language of the player's latest interaction (`en`, `fr`): their DMs are in it.
ALTER TABLE players ADD COLUMN language TEXT;
