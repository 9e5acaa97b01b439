-- The lobby each account last used: its sessions open there (issue 25).
-- NULL: none yet, the public lobby. A lobby the account may no longer see
-- is checked when read (lobby.Service.LastLobby), not cleared here.
ALTER TABLE accounts ADD COLUMN last_lobby_id INTEGER REFERENCES lobbies (id);
