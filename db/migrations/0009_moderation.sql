-- Issue 30. The operators' bans of keys and of address prefixes (one per
-- kind and target: banning again replaces the ban), and the audit of every
-- operator action, which is never rewritten.
CREATE TABLE bans (
    kind       TEXT NOT NULL,            -- 'key' or 'address'
    target     TEXT NOT NULL,            -- a key's SHA256 fingerprint, or a prefix
    handle     TEXT NOT NULL DEFAULT '', -- the key's handle when it was banned
    reason     TEXT NOT NULL,
    by_key     TEXT NOT NULL,            -- the operator's key fingerprint
    created_at TEXT NOT NULL,
    until      TEXT NOT NULL DEFAULT '', -- '' for good
    PRIMARY KEY (kind, target)
);

CREATE TABLE operator_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,
    by_key     TEXT NOT NULL,
    by_handle  TEXT NOT NULL DEFAULT '',
    action     TEXT NOT NULL,
    target     TEXT NOT NULL,
    handle     TEXT NOT NULL DEFAULT '',
    reason     TEXT NOT NULL DEFAULT '',
    until      TEXT NOT NULL DEFAULT ''
);
