-- Tables opened by importing a saved game (lobby/export.go). Their games are
-- never rated: the importer chose who sits where.
CREATE TABLE imported_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    from_table  INTEGER NOT NULL,
    imported_at TEXT NOT NULL
);
