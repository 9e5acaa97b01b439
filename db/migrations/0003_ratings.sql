-- Whether a finished game counted for the ladders (a game aborted before
-- every seat had acted does not).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- Ladders: one per game (lobby_id 0: global) and per private lobby and game.
-- One row per account that played a rated game on the ladder.
CREATE TABLE ratings (
    game        TEXT NOT NULL,
    lobby_id    INTEGER NOT NULL,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    best_score  INTEGER NOT NULL,
    last_played TEXT NOT NULL,
    PRIMARY KEY (game, lobby_id, account_id)
) WITHOUT ROWID;
CREATE INDEX ratings_account ON ratings (account_id);

-- Each rated game's rating change per ladder and account.
CREATE TABLE rating_history (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    lobby_id     INTEGER NOT NULL,
    account_id   INTEGER NOT NULL REFERENCES accounts (id),
    game         TEXT NOT NULL,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after     REAL NOT NULL,
    sigma_after  REAL NOT NULL,
    at           TEXT NOT NULL,
    PRIMARY KEY (game_id, lobby_id, account_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_account ON rating_history (account_id, game, lobby_id, at);

CREATE INDEX results_account ON results (account_id, finished_at);
