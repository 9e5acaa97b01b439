-- A saved game's deal is played once per server, across every node
-- (lobby/export.go): the seed of the deal a table holds, as decimal text
-- (a uint64 does not fit BIGINT), with a unique (game, deal_seed) index,
-- so that of two imports of one running game only the first claim
-- succeeds. The first table to store a setup with a deal holds it; a later
-- table with the same deal (a finished game's import) has none.
--
-- Existing tables are backfilled here, in the migration's transaction
-- (under the migration lock), rather than at start-up: the unique index
-- never exists over rows not yet filled in, and nodes starting together
-- have nothing to race over. ->> on json (not jsonb) returns the seed's
-- text as written; where tables repeat a deal, the oldest keeps it.
ALTER TABLE games ADD COLUMN deal_seed TEXT;
UPDATE games SET deal_seed = setup::json ->> 'seed' WHERE setup IS NOT NULL;
UPDATE games SET deal_seed = NULL WHERE deal_seed IS NOT NULL AND EXISTS (
    SELECT 1 FROM games AS older
    WHERE older.game = games.game AND older.deal_seed = games.deal_seed AND older.id < games.id);
CREATE UNIQUE INDEX games_deal ON games (game, deal_seed);
