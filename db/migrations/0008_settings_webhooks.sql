-- Issue 28. Each account's own settings (the terminal bell on its move and
-- when named in chat) as a small JSON object, so that a new setting needs
-- no migration: '{}' is every default.
ALTER TABLE accounts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

-- A private lobby's webhook: where boardroom tells the team's chat what
-- happens in the lobby, and the secret its requests are signed with. One
-- per lobby; it goes with the lobby.
CREATE TABLE lobby_webhooks (
    lobby_id   INTEGER PRIMARY KEY REFERENCES lobbies (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    secret     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
