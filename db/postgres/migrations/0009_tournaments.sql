-- Issue 31. Tournaments: their settings and progress, their players, and
-- the link from each of their games (a lobby table) to them. The lobby
-- rebuilds a running tournament from these rows after a restart, on
-- whichever node starts.
CREATE TABLE tournaments (
    id          BIGSERIAL PRIMARY KEY,
    lobby_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    format      TEXT NOT NULL,            -- 'swiss' or 'arena'
    rounds      INTEGER NOT NULL DEFAULT 0,
    minutes     INTEGER NOT NULL DEFAULT 0,
    table_size  INTEGER NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}', -- JSON object of the tables' options
    pace        TEXT NOT NULL DEFAULT '',
    starts_at   TIMESTAMPTZ,              -- NULL when its creator starts it
    created_by  BIGINT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL,            -- 'open', 'running', 'finished'
    round       INTEGER NOT NULL DEFAULT 0,
    started_at  TIMESTAMPTZ,
    ends_at     TIMESTAMPTZ,
    ended_at    TIMESTAMPTZ,
    seed        BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE tournament_entries (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    account_id    BIGINT NOT NULL,
    joined_at     TIMESTAMPTZ NOT NULL,
    withdrawn     BOOLEAN NOT NULL DEFAULT FALSE,
    absent        BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (tournament_id, account_id)
);

CREATE TABLE tournament_games (
    table_id      BIGINT PRIMARY KEY,     -- one tournament per table
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seats         TEXT NOT NULL,          -- JSON: [{"player":7,"bot":false,"placing":1}, ...]
    finished      BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round, table_no);
