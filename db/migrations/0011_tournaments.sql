-- Issue 31. Tournaments: their settings and progress, their players, and
-- the link from each of their games (a lobby table) to them. The lobby
-- rebuilds a running tournament from these rows after a restart.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    lobby_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    format      TEXT NOT NULL,            -- 'swiss' or 'arena'
    rounds      INTEGER NOT NULL DEFAULT 0,
    minutes     INTEGER NOT NULL DEFAULT 0,
    table_size  INTEGER NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}', -- JSON object of the tables' options
    pace        TEXT NOT NULL DEFAULT '',
    starts_at   TEXT NOT NULL DEFAULT '', -- '' when its creator starts it
    created_by  INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    status      TEXT NOT NULL,            -- 'open', 'running', 'finished'
    round       INTEGER NOT NULL DEFAULT 0,
    started_at  TEXT NOT NULL DEFAULT '',
    ends_at     TEXT NOT NULL DEFAULT '',
    ended_at    TEXT NOT NULL DEFAULT '',
    seed        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    account_id    INTEGER NOT NULL,
    joined_at     TEXT NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    absent        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, account_id)
);

CREATE TABLE tournament_games (
    table_id      INTEGER PRIMARY KEY,    -- one tournament per table
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seats         TEXT NOT NULL,          -- JSON: [{"player":7,"bot":false,"placing":1}, ...]
    finished      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round, table_no);
