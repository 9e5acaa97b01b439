-- Issue 30, second part. A player's blocks of other players (never shown
-- to the blocked), and players' reports of others to the operators, each
-- with the reported player's last chat lines as they were then (JSON), so
-- that a deleted or scrolled-away line is still in the report.
CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES accounts (id),
    blocked_id BIGINT NOT NULL REFERENCES accounts (id),
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);

CREATE TABLE reports (
    id              BIGSERIAL PRIMARY KEY,
    at              TIMESTAMPTZ NOT NULL,
    reporter_id     BIGINT NOT NULL REFERENCES accounts (id),
    reporter_handle TEXT NOT NULL,
    reported_id     BIGINT NOT NULL REFERENCES accounts (id),
    reported_handle TEXT NOT NULL,
    reason          TEXT NOT NULL,
    lines           JSONB NOT NULL DEFAULT '[]'
);
CREATE INDEX reports_reporter ON reports (reporter_id, at);
CREATE INDEX chat_author ON chat (author_id, id);
