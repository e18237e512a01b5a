-- The everywhere rating: one Glicko-2 rating per player for the matches played outside the servers that
-- invited the bot (a server's channel where only a player installed the app, a DM between players, a group
-- DM). It is kept apart from every server's `ratings`, in tables of its own with no server column, so that
-- no server's leaderboard ever mixes with it; it has no seasons. A player sees it among the players they
-- met (`leaderboard` outside servers), never as a public list.
CREATE TABLE everywhere_ratings (
    player_id  BIGINT NOT NULL PRIMARY KEY REFERENCES players (id),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL CHECK (games >= 1),
    wins       BIGINT  NOT NULL CHECK (wins >= 0),
    draws      BIGINT  NOT NULL CHECK (draws >= 0),
    losses     BIGINT  NOT NULL CHECK (losses >= 0),
    updated_at BIGINT  NOT NULL,
    CHECK (wins + draws + losses = games)
);

-- Each rated match's effect on each of its players, with their opponent: the chart of `stats`, and who a
-- player met (the only players whose everywhere rating they are shown).
CREATE TABLE everywhere_history (
    player_id     BIGINT  NOT NULL REFERENCES players (id),
    match_id      BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    opponent_id   BIGINT  NOT NULL REFERENCES players (id),
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    at            BIGINT  NOT NULL,
    PRIMARY KEY (player_id, match_id),
    CHECK (opponent_id <> player_id)
);
CREATE INDEX everywhere_history_of ON everywhere_history (player_id, at);
