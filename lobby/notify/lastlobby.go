package notify

import (
	"context"
	"fmt"
	"log/slog"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/lobbies"
)

// A player's TUI opens in the lobby they last used (issue 25): a team
// that plays in its private lobby finds it again the next evening, after a
// restart too. The lobby is remembered per account in the store.

// LastLobbyStore is the part of a store that remembers the lobby each
// account last used. Package db's SQLite store and db/postgres implement
// it; NewLastLobbies looks for it on the lobby's store (as the Service does
// for the import marker), and without it every session opens in the public lobby.
type LastLobbyStore interface {
	// LastLobby is the account's last lobby, 0 when none is stored.
	LastLobby(ctx context.Context, accountID int64) (int64, error)
	SetLastLobby(ctx context.Context, accountID, lobbyID int64) error
}

// LastLobbyBook remembers the lobby each account last used (the
// session-facing LastLobbies of package lobby).
type LastLobbyBook struct {
	store LastLobbyStore // nil: every session opens in the public lobby
	lobby Lobby
	log   *slog.Logger
}

// NewLastLobbies looks for a LastLobbyStore on store.
func NewLastLobbies(store any, l Lobby, log *slog.Logger) *LastLobbyBook {
	st, _ := store.(LastLobbyStore)
	return &LastLobbyBook{store: st, lobby: l, log: log}
}

// LastLobby is the lobby the player last used, if they still may see it (a
// private lobby they left or were removed from is not); else the public
// lobby. A guest's is the public lobby.
func (b *LastLobbyBook) LastLobby(ctx context.Context, acc *accounts.Account) (int64, error) {
	if acc == nil || b.store == nil {
		return lobbies.PublicID, nil
	}
	id, err := b.store.LastLobby(ctx, acc.ID)
	if err != nil {
		return lobbies.PublicID, fmt.Errorf("lobby: last lobby: %w", err)
	}
	if id == 0 || !b.lobby.CanSee(acc.ID, id) {
		return lobbies.PublicID, nil
	}
	return id, nil
}

// SetLastLobby remembers the lobby the player now uses; a lobby they may
// not see is refused (ErrNotFound).
func (b *LastLobbyBook) SetLastLobby(ctx context.Context, acc *accounts.Account, lobbyID int64) error {
	if acc == nil {
		return errs.ErrGuest
	}
	if !b.lobby.CanSee(acc.ID, lobbyID) {
		return errs.User(errs.ErrNotFound, "there is no such lobby")
	}
	if b.store == nil {
		return nil
	}
	if err := b.store.SetLastLobby(ctx, acc.ID, lobbyID); err != nil {
		return fmt.Errorf("lobby: remember last lobby: %w", err)
	}
	return nil
}

// Remember makes lobbyID the lobby acc's next session opens in, after they
// joined or created it (even with a plain command): a failure only costs
// that convenience, so it is logged, not returned.
func (b *LastLobbyBook) Remember(ctx context.Context, acc *accounts.Account, lobbyID int64) {
	if err := b.SetLastLobby(ctx, acc, lobbyID); err != nil {
		b.log.Warn("remember last lobby", "account", acc.ID, "lobby", lobbyID, "err", err)
	}
}
