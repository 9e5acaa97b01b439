package lobby

import (
	"context"
	"fmt"
)

// A player's TUI opens in the lobby they last used (issue 25): a team
// that plays in its private lobby finds it again the next evening, after a
// restart too. The lobby is remembered per account in the store.

// LastLobbyStore is the part of a store that remembers the lobby each
// account last used. Package db's SQLite store and db/postgres implement
// it; the Service looks for it on its store (as for the import marker), and
// without it every session opens in the public lobby.
type LastLobbyStore interface {
	// LastLobby is the account's last lobby, 0 when none is stored.
	LastLobby(ctx context.Context, accountID int64) (int64, error)
	SetLastLobby(ctx context.Context, accountID, lobbyID int64) error
}

// LastLobbies is the session-facing side: the lobby a session opens in.
// *Service implements it.
type LastLobbies interface {
	// LastLobby is the lobby the player last used, if they still may see
	// it (a private lobby they left or were removed from is not); else the
	// public lobby. A guest's is the public lobby.
	LastLobby(ctx context.Context, acc *Account) (int64, error)
	// SetLastLobby remembers the lobby the player now uses; a lobby they
	// may not see is refused (ErrNotFound).
	SetLastLobby(ctx context.Context, acc *Account, lobbyID int64) error
}

var _ LastLobbies = (*Service)(nil)

// LastLobby implements LastLobbies.
func (s *Service) LastLobby(ctx context.Context, acc *Account) (int64, error) {
	st, ok := s.store.(LastLobbyStore)
	if acc == nil || !ok {
		return PublicLobbyID, nil
	}
	id, err := st.LastLobby(ctx, acc.ID)
	if err != nil {
		return PublicLobbyID, fmt.Errorf("lobby: last lobby: %w", err)
	}
	if id == 0 || !s.canSeeLobby(acc.ID, id) {
		return PublicLobbyID, nil
	}
	return id, nil
}

// SetLastLobby implements LastLobbies.
func (s *Service) SetLastLobby(ctx context.Context, acc *Account, lobbyID int64) error {
	if acc == nil {
		return ErrGuest
	}
	if !s.canSeeLobby(acc.ID, lobbyID) {
		return userErr(ErrNotFound, "there is no such lobby")
	}
	st, ok := s.store.(LastLobbyStore)
	if !ok {
		return nil
	}
	if err := st.SetLastLobby(ctx, acc.ID, lobbyID); err != nil {
		return fmt.Errorf("lobby: remember last lobby: %w", err)
	}
	return nil
}

// rememberLobby makes lobbyID the lobby acc's next session opens in, after
// they joined or created it (even with a plain command): a failure only
// costs that convenience, so it is logged, not returned.
func (s *Service) rememberLobby(ctx context.Context, acc *Account, lobbyID int64) {
	if err := s.SetLastLobby(ctx, acc, lobbyID); err != nil {
		s.log.Warn("remember last lobby", "account", acc.ID, "lobby", lobbyID, "err", err)
	}
}
