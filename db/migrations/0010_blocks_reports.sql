-- Issue 30, second part. A player's blocks of other players (never shown
-- to the blocked), and players' reports of others to the operators, each
-- with the reported player's last chat lines as they were then (JSON), so
-- that a deleted or scrolled-away line is still in the report.
CREATE TABLE blocks (
    blocker_id INTEGER NOT NULL REFERENCES accounts (id),
    blocked_id INTEGER NOT NULL REFERENCES accounts (id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);

CREATE TABLE reports (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    at              TEXT NOT NULL,
    reporter_id     INTEGER NOT NULL REFERENCES accounts (id),
    reporter_handle TEXT NOT NULL,
    reported_id     INTEGER NOT NULL REFERENCES accounts (id),
    reported_handle TEXT NOT NULL,
    reason          TEXT NOT NULL,
    lines           TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX reports_reporter ON reports (reporter_id, at);
CREATE INDEX chat_author ON chat (author_id, id);
