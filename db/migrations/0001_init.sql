-- Accounts: players (fingerprint set) and bots (bot = 1, no fingerprint).
CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    fingerprint TEXT UNIQUE,
    handle      TEXT NOT NULL,
    bot         INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX accounts_handle ON accounts (handle COLLATE NOCASE);

CREATE TABLE lobbies (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL,
    name        TEXT NOT NULL,
    public      INTEGER NOT NULL DEFAULT 0,
    owner_id    INTEGER REFERENCES accounts (id),
    invite_code TEXT UNIQUE,
    created_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX lobbies_slug ON lobbies (slug COLLATE NOCASE);

INSERT INTO lobbies (id, slug, name, public, created_at)
VALUES (1, 'public', 'Public lobby', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE memberships (
    lobby_id   INTEGER NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    joined_at  TEXT NOT NULL,
    PRIMARY KEY (lobby_id, account_id)
);
CREATE INDEX memberships_account ON memberships (account_id);

-- A table is one game: forming, playing, finished or abandoned.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    lobby_id    INTEGER NOT NULL REFERENCES lobbies (id),
    game        TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',
    host_id     INTEGER NOT NULL REFERENCES accounts (id),
    status      TEXT NOT NULL CHECK (status IN ('forming', 'playing', 'finished', 'abandoned')),
    seats       INTEGER NOT NULL,
    turn_timer  INTEGER NOT NULL DEFAULT 0,
    setup       TEXT,
    reason      TEXT,
    rounds      INTEGER,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX games_status ON games (status, updated_at);
CREATE INDEX games_lobby ON games (lobby_id);

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    bot        INTEGER NOT NULL DEFAULT 0,
    ready      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_account ON seats (account_id);

-- The action log: the truth of a game (setup + actions replay it).
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- One row per seat of a finished game (C-9).
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    bot         INTEGER NOT NULL DEFAULT 0,
    game        TEXT NOT NULL,
    lobby_id    INTEGER NOT NULL REFERENCES lobbies (id),
    placement   INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    status      TEXT NOT NULL,
    rounds      INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_game_account ON results (game, account_id);
CREATE INDEX results_lobby_game ON results (lobby_id, game);

-- Chat: channel is "l:<lobby>", "t:<table>" or "s:<table>" (spectators).
CREATE TABLE chat (
    id        INTEGER PRIMARY KEY,
    channel   TEXT NOT NULL,
    author_id INTEGER REFERENCES accounts (id),
    handle    TEXT NOT NULL,
    text      TEXT NOT NULL,
    system    INTEGER NOT NULL DEFAULT 0,
    at        TEXT NOT NULL
);
CREATE INDEX chat_channel ON chat (channel, id);
