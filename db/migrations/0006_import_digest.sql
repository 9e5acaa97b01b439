-- A finished game's import is a result to look at, kept once per server:
-- the digest identifies the game it holds (its game, set-up and moves,
-- whatever file it came from), so that importing it again finds this table
-- (lobby/importfinished.go). Running games' imports have none.
ALTER TABLE imported_games ADD COLUMN digest TEXT;
CREATE INDEX imported_games_digest ON imported_games (digest) WHERE digest IS NOT NULL;
