-- The everywhere rating: one Glicko-2 rating per player for the matches played outside the servers that
-- invited the bot (a server's channel where only a player installed the app, a DM between players, a group
-- DM). It is kept apart from every server's `ratings`, in tables of its own with no server column, so that
-- no server's leaderboard ever mixes with it; it has no seasons. A player sees it among the players they
-- met (`leaderboard` outside servers), never as a public list.
CREATE TABLE everywhere_ratings (
    player_id  INTEGER NOT NULL PRIMARY KEY REFERENCES players (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 1),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    draws      INTEGER NOT NULL CHECK (draws >= 0),
    losses     INTEGER NOT NULL CHECK (losses >= 0),
    updated_at INTEGER NOT NULL,
    CHECK (wins + draws + losses = games)
);

-- Each rated match's effect on each of its players, with their opponent: the chart of `stats`, and who a
-- player met (the only players whose everywhere rating they are shown).
CREATE TABLE everywhere_history (
    player_id     INTEGER NOT NULL REFERENCES players (id),
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    opponent_id   INTEGER NOT NULL REFERENCES players (id),
    rating_before REAL    NOT NULL,
    rating_after  REAL    NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    at            INTEGER NOT NULL,
    PRIMARY KEY (player_id, match_id),
    CHECK (opponent_id <> player_id)
);
CREATE INDEX everywhere_history_of ON everywhere_history (player_id, at);
