package lobbytest

import (
	"context"

	"boardroom/lobby"
)

// The fake's last lobby of each account (lobby.LastLobbies), kept in
// memory as the real lobby keeps it in its store.

var _ lobby.LastLobbies = (*Lobby)(nil)

// LastLobby returns the account's last lobby while it may see it, else the
// public lobby.
func (f *Lobby) LastLobby(_ context.Context, acc *lobby.Account) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if acc == nil {
		return lobby.PublicLobbyID, nil
	}
	id := f.last[acc.ID]
	for _, l := range f.lobbies {
		if l.ID == id && f.visible(acc, l) {
			return id, nil
		}
	}
	return lobby.PublicLobbyID, nil
}

// SetLastLobby remembers the account's lobby (one it may see).
func (f *Lobby) SetLastLobby(_ context.Context, acc *lobby.Account, id int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if acc == nil {
		return lobby.ErrGuest
	}
	for _, l := range f.lobbies {
		if l.ID == id && f.visible(acc, l) {
			if f.last == nil {
				f.last = map[int64]int64{}
			}
			f.last[acc.ID] = id
			return nil
		}
	}
	return lobby.ErrNotFound
}
