-- When a table's game started (NULL while forming).
ALTER TABLE games ADD COLUMN started_at TEXT;
