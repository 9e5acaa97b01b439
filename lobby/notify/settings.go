package notify

import (
	"context"
	"encoding/json"
	"fmt"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
)

// A player's own settings (issue 28): today whether their terminal rings
// the bell when a decision of theirs opens or a chat line names them. They
// are stored per account, so every session of the player and the next
// evening's session follow them.

// Settings are one account's settings. The zero value is every default:
// a field names what differs from the default, so that a stored '{}' and
// a new setting's absence mean the same.
type Settings struct {
	// BellOff: the terminal stays silent on the player's move and when
	// named in chat (the default rings).
	BellOff bool `json:"bell_off,omitempty"`
}

// Bell is whether the player's terminal rings.
func (s Settings) Bell() bool { return !s.BellOff }

// EncodeSettings is what a store keeps of s; DecodeSettings reads it
// (empty or malformed text is every default, never an error a player
// could not get out of).
func EncodeSettings(s Settings) string {
	b, _ := json.Marshal(s) // a struct of bools cannot fail
	return string(b)
}

// DecodeSettings reads EncodeSettings's text.
func DecodeSettings(text string) Settings {
	var s Settings
	if text != "" {
		_ = json.Unmarshal([]byte(text), &s)
	}
	return s
}

// SettingsStore is the part of a store that keeps accounts' settings.
// Package db's SQLite store and db/postgres implement it; NewSettings looks
// for it on the lobby's store, and without it every account has the defaults.
type SettingsStore interface {
	// AccountSettings is the account's stored settings text ("" or "{}"
	// when none).
	AccountSettings(ctx context.Context, accountID int64) (string, error)
	SetAccountSettings(ctx context.Context, accountID int64, text string) error
}

// SettingsBook keeps accounts' settings (the session-facing AccountSettings
// of package lobby).
type SettingsBook struct {
	store SettingsStore // nil: every account has the defaults
	lobby Lobby
}

// NewSettings looks for a SettingsStore on store.
func NewSettings(store any, l Lobby) *SettingsBook {
	st, _ := store.(SettingsStore)
	return &SettingsBook{store: st, lobby: l}
}

// Settings are the player's settings; a guest has the defaults.
func (s *SettingsBook) Settings(ctx context.Context, acc *accounts.Account) (Settings, error) {
	if acc == nil || s.store == nil {
		return Settings{}, nil
	}
	text, err := s.store.AccountSettings(ctx, acc.ID)
	if err != nil {
		return Settings{}, fmt.Errorf("lobby: settings: %w", err)
	}
	return DecodeSettings(text), nil
}

// SaveSettings stores the player's settings and tells their other sessions
// (an account update). A guest has none to save (ErrGuest).
func (s *SettingsBook) SaveSettings(ctx context.Context, acc *accounts.Account, set Settings) error {
	if acc == nil {
		return errs.ErrGuest
	}
	if s.store == nil {
		return errs.User(errs.ErrNotFound, "this server keeps no settings")
	}
	if err := s.store.SetAccountSettings(ctx, acc.ID, EncodeSettings(set)); err != nil {
		return fmt.Errorf("lobby: settings: %w", err)
	}
	s.lobby.AccountChanged(acc.ID)
	return nil
}
