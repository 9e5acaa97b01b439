-- Issue 29. A table's lease names the process that holds it, not only its
-- node name: owner_incarnation is the random id a node makes at each start,
-- so two processes started with one --node never share a lease or its
-- token. NULL for leases taken before this migration (they run out).
ALTER TABLE games ADD COLUMN owner_incarnation TEXT;

-- One live process per node name. A node claims its name at start (when
-- nobody heartbeated it within a few heartbeats) and heartbeats it while it
-- runs; a clean stop deletes its row.
CREATE TABLE cluster_nodes (
    name         TEXT PRIMARY KEY,
    incarnation  TEXT NOT NULL,
    host         TEXT NOT NULL DEFAULT '',
    started_at   TIMESTAMPTZ NOT NULL,
    heartbeat_at TIMESTAMPTZ NOT NULL
);
