package metrics

import (
	"context"
	"time"

	"boardroom/lobby"
)

// Backend is a store whose writes are timed: the lobby's store with the
// optional parts the lobby looks for on it, the import marker and the last
// lobby of each account (package db's SQLite store and db/postgres
// implement them all).
type Backend interface {
	lobby.Store
	lobby.LastLobbyStore
	lobby.ImportStore
	lobby.ImportDigestStore // the finished games' import digests (lobby/importfinished.go)
	lobby.SettingsStore     // accounts' settings (lobby/settings.go)
	lobby.WebhookStore      // private lobbies' webhooks (lobby/webhooks.go)
}

// Store is a store with each write timed into
// boardroom_store_write_seconds{op} (and failures counted). It embeds a
// Backend rather than wrapping lobby.Store, so that the optional
// interfaces the lobby looks for on its store (marking imported games) are
// still there; reads pass through untimed.
type Store struct {
	Backend
	m *Metrics
}

var _ lobby.Store = (*Store)(nil)

// Operations of boardroom_store_write_seconds.
const (
	opAccount = "account" // CreateAccount, RenameAccount, EnsureBot, SetLastLobby, SetAccountSettings
	opLobby   = "lobby"   // CreateLobby, UpdateLobby, AddMember, RemoveMember, SetLobbyWebhook
	opTable   = "table"   // CreateTable, SaveTable, MarkImported, ClaimDeal, MarkImportDigest
	opAction  = "action"  // AppendAction: one per action applied
	opFinish  = "finish"  // FinishGame: results and ratings in one transaction
	opChat    = "chat"    // AddChat
)

var storeOps = []string{opAccount, opLobby, opTable, opAction, opFinish, opChat}

// Store times the writes of s.
func (m *Metrics) Store(s Backend) *Store { return &Store{Backend: s, m: m} }

func (s *Store) done(op string, start time.Time, err error) {
	s.m.storeT.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err != nil {
		s.m.storeErr.WithLabelValues(op).Inc()
	}
}

// SetLastLobby times the store's SetLastLobby.
func (s *Store) SetLastLobby(ctx context.Context, accountID, lobbyID int64) error {
	start := time.Now()
	err := s.Backend.SetLastLobby(ctx, accountID, lobbyID)
	s.done(opAccount, start, err)
	return err
}

// SetAccountSettings times the store's SetAccountSettings.
func (s *Store) SetAccountSettings(ctx context.Context, accountID int64, text string) error {
	start := time.Now()
	err := s.Backend.SetAccountSettings(ctx, accountID, text)
	s.done(opAccount, start, err)
	return err
}

// SetLobbyWebhook times the store's SetLobbyWebhook.
func (s *Store) SetLobbyWebhook(ctx context.Context, lobbyID int64, w *lobby.Webhook) error {
	start := time.Now()
	err := s.Backend.SetLobbyWebhook(ctx, lobbyID, w)
	s.done(opLobby, start, err)
	return err
}

// CreateAccount times the store's CreateAccount.
func (s *Store) CreateAccount(ctx context.Context, fp, handle string, at time.Time) (*lobby.Account, error) {
	start := time.Now()
	v, err := s.Backend.CreateAccount(ctx, fp, handle, at)
	s.done(opAccount, start, err)
	return v, err
}

// RenameAccount times the store's RenameAccount.
func (s *Store) RenameAccount(ctx context.Context, id int64, handle string) error {
	start := time.Now()
	err := s.Backend.RenameAccount(ctx, id, handle)
	s.done(opAccount, start, err)
	return err
}

// EnsureBot times the store's EnsureBot.
func (s *Store) EnsureBot(ctx context.Context, handle string, at time.Time) (*lobby.Account, error) {
	start := time.Now()
	v, err := s.Backend.EnsureBot(ctx, handle, at)
	s.done(opAccount, start, err)
	return v, err
}

// CreateLobby times the store's CreateLobby.
func (s *Store) CreateLobby(ctx context.Context, rec lobby.LobbyRecord) (int64, error) {
	start := time.Now()
	v, err := s.Backend.CreateLobby(ctx, rec)
	s.done(opLobby, start, err)
	return v, err
}

// UpdateLobby times the store's UpdateLobby.
func (s *Store) UpdateLobby(ctx context.Context, id, ownerID int64, inviteCode string) error {
	start := time.Now()
	err := s.Backend.UpdateLobby(ctx, id, ownerID, inviteCode)
	s.done(opLobby, start, err)
	return err
}

// AddMember times the store's AddMember.
func (s *Store) AddMember(ctx context.Context, lobbyID, accountID int64, at time.Time) error {
	start := time.Now()
	err := s.Backend.AddMember(ctx, lobbyID, accountID, at)
	s.done(opLobby, start, err)
	return err
}

// RemoveMember times the store's RemoveMember.
func (s *Store) RemoveMember(ctx context.Context, lobbyID, accountID int64) error {
	start := time.Now()
	err := s.Backend.RemoveMember(ctx, lobbyID, accountID)
	s.done(opLobby, start, err)
	return err
}

// CreateTable times the store's CreateTable.
func (s *Store) CreateTable(ctx context.Context, rec lobby.TableRecord) (int64, error) {
	start := time.Now()
	v, err := s.Backend.CreateTable(ctx, rec)
	s.done(opTable, start, err)
	return v, err
}

// SaveTable times the store's SaveTable.
func (s *Store) SaveTable(ctx context.Context, rec lobby.TableRecord) error {
	start := time.Now()
	err := s.Backend.SaveTable(ctx, rec)
	s.done(opTable, start, err)
	return err
}

// MarkImported times the store's MarkImported.
func (s *Store) MarkImported(ctx context.Context, tableID, fromTable int64, at time.Time) error {
	start := time.Now()
	err := s.Backend.MarkImported(ctx, tableID, fromTable, at)
	s.done(opTable, start, err)
	return err
}

// ClaimDeal times the store's ClaimDeal (a deal already held counts as a
// failed write, as a taken handle does).
func (s *Store) ClaimDeal(ctx context.Context, tableID int64, seed uint64) error {
	start := time.Now()
	err := s.Backend.ClaimDeal(ctx, tableID, seed)
	s.done(opTable, start, err)
	return err
}

// MarkImportDigest times the store's MarkImportDigest.
func (s *Store) MarkImportDigest(ctx context.Context, tableID int64, digest string) error {
	start := time.Now()
	err := s.Backend.MarkImportDigest(ctx, tableID, digest)
	s.done(opTable, start, err)
	return err
}

// AppendAction times the store's AppendAction.
func (s *Store) AppendAction(ctx context.Context, tableID int64, rec lobby.ActionRecord) error {
	start := time.Now()
	err := s.Backend.AppendAction(ctx, tableID, rec)
	s.done(opAction, start, err)
	return err
}

// FinishGame times the store's FinishGame.
func (s *Store) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	start := time.Now()
	err := s.Backend.FinishGame(ctx, end)
	s.done(opFinish, start, err)
	return err
}

// AddChat times the store's AddChat.
func (s *Store) AddChat(ctx context.Context, m lobby.ChatMessage, keep int) (int64, error) {
	start := time.Now()
	v, err := s.Backend.AddChat(ctx, m, keep)
	s.done(opChat, start, err)
	return v, err
}
