-- Issue 29. Which key a node seals its cluster messages with (the id the
-- node logs at start, never the key): a node whose seal.key differs from
-- the live nodes' refuses to start instead of taking tables whose calls it
-- cannot serve. '' for rows written before this migration.
ALTER TABLE cluster_nodes ADD COLUMN key_id TEXT NOT NULL DEFAULT '';
