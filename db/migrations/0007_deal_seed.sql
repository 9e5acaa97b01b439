-- A saved game's deal is played once per server (lobby/export.go): the
-- seed of the deal a table holds, as decimal text (a uint64 does not fit
-- SQLite's INTEGER), with a unique (game, deal_seed) index, so that of two
-- imports of one running game, however they interleave, only the first
-- claim succeeds. The first table to store a setup with a deal holds it; a
-- later table with the same deal (a finished game's import, a result to
-- look at) has none.
--
-- Existing tables are backfilled here, in the migration's transaction,
-- rather than at start-up: the unique index then never exists over rows not
-- yet filled in, and nodes starting together have nothing to race over.
-- The -> operator returns the seed's JSON text exactly (json_extract would
-- read a seed above 2^63 as a float); where tables repeat a deal, the
-- oldest keeps it.
ALTER TABLE games ADD COLUMN deal_seed TEXT;
UPDATE games SET deal_seed = setup -> '$.seed' WHERE setup IS NOT NULL;
CREATE INDEX games_deal_backfill ON games (game, deal_seed);
UPDATE games SET deal_seed = NULL WHERE deal_seed IS NOT NULL AND EXISTS (
    SELECT 1 FROM games AS older
    WHERE older.game = games.game AND older.deal_seed = games.deal_seed AND older.id < games.id);
DROP INDEX games_deal_backfill;
CREATE UNIQUE INDEX games_deal ON games (game, deal_seed);
