package lobby

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"boardroom/internal/webhook"
)

// A private lobby's owner connects it to the team's chat (issue 28): the
// lobby stores an http(s) URL and a signing secret, and boardroom POSTs
// what happens there (a table opened, a game finished, ...) through the
// server's webhook sender (internal/webhook), which never slows play. The
// events are told by the node that made them happen, so a cluster tells
// each once.

// Webhook is a lobby's stored webhook.
type Webhook struct {
	URL       string
	Secret    string
	CreatedAt time.Time
}

// WebhookStore is the part of a store that keeps lobbies' webhooks. Package
// db's SQLite store and db/postgres implement it; the Service looks for it
// on its store, and without it (or without Config.Webhooks) lobbies have
// none.
type WebhookStore interface {
	// LobbyWebhook is the lobby's webhook, nil when it has none.
	LobbyWebhook(ctx context.Context, lobbyID int64) (*Webhook, error)
	// SetLobbyWebhook stores the lobby's webhook; nil removes it.
	SetLobbyWebhook(ctx context.Context, lobbyID int64, w *Webhook) error
}

// WebhookSender delivers events; *webhook.Sender is the server's.
type WebhookSender interface {
	Send(hook webhook.Hook, p webhook.Payload) bool
	Health(owner string) webhook.Health
	Forget(owner string)
	AllowPrivate() bool
}

// WebhookStatus is what a lobby's members see of its webhook.
type WebhookStatus struct {
	On     bool
	Host   string // where the events go (the URL's host: its path is a secret)
	Health webhook.Health
}

// Errors of webhooks.
var (
	// ErrNoWebhooks: this server delivers no webhooks.
	ErrNoWebhooks = errors.New("this server sends no webhooks")
	// ErrBadWebhook: the URL cannot be a webhook (CheckURL says why).
	ErrBadWebhook = errors.New("that is not a webhook URL this server calls")
)

// Webhooks is the session-facing side. *Service implements it.
type Webhooks interface {
	// SetWebhook connects a private lobby to the URL, returning the new
	// signing secret (shown once). Only the owner may; the URL must be
	// http(s) and not a local or private address (unless the operator
	// allows those). A test event goes out at once.
	SetWebhook(ctx context.Context, owner *Account, lobbyID int64, rawURL string) (secret string, err error)
	// RemoveWebhook disconnects it.
	RemoveWebhook(ctx context.Context, owner *Account, lobbyID int64) error
	// WebhookStatus is the lobby's webhook as its members see it.
	WebhookStatus(ctx context.Context, viewer *Account, lobbyID int64) (WebhookStatus, error)
}

var _ Webhooks = (*Service)(nil)

func (s *Service) webhooks() (WebhookStore, WebhookSender, bool) {
	st, ok := s.store.(WebhookStore)
	if !ok || s.cfg.Webhooks == nil {
		return nil, nil, false
	}
	return st, s.cfg.Webhooks, true
}

// ownedPrivate checks that acc owns the private lobby.
func (s *Service) ownedPrivate(acc *Account, lobbyID int64) (LobbyRecord, error) {
	if err := account(acc); err != nil {
		return LobbyRecord{}, err
	}
	if !s.canSeeLobby(acc.ID, lobbyID) {
		return LobbyRecord{}, noSuchLobby()
	}
	rec, ok := s.dir.Record(lobbyID)
	if !ok {
		return LobbyRecord{}, noSuchLobby()
	}
	if rec.Public {
		return LobbyRecord{}, userErr(ErrForbidden, "the public lobby has no webhook; a private lobby's owner can connect one")
	}
	if rec.OwnerID != acc.ID {
		return LobbyRecord{}, userErr(ErrForbidden, "only the lobby's owner can connect it to a chat")
	}
	return rec, nil
}

// SetWebhook implements Webhooks.
func (s *Service) SetWebhook(ctx context.Context, owner *Account, lobbyID int64, rawURL string) (string, error) {
	rec, err := s.ownedPrivate(owner, lobbyID)
	if err != nil {
		return "", err
	}
	st, sender, ok := s.webhooks()
	if !ok {
		return "", userErr(ErrNoWebhooks, ErrNoWebhooks.Error())
	}
	u, err := webhook.CheckURL(rawURL, sender.AllowPrivate())
	if err != nil {
		return "", userErr(ErrBadWebhook, err.Error())
	}
	w := &Webhook{URL: u.String(), Secret: webhook.NewSecret(), CreatedAt: s.clock.Now().UTC()}
	if err := st.SetLobbyWebhook(ctx, lobbyID, w); err != nil {
		return "", s.storageErr(err)
	}
	sender.Forget(rec.Slug)
	sender.Send(webhook.Hook{Owner: rec.Slug, URL: w.URL, Secret: w.Secret}, webhook.Payload{
		Event: webhook.EventTest, Lobby: rec.Slug,
		Text: fmt.Sprintf("boardroom: %s connected the lobby %q to this chat.", s.handle(owner.ID), rec.Name),
	})
	s.announceLobbies(lobbyID)
	return w.Secret, nil
}

// RemoveWebhook implements Webhooks.
func (s *Service) RemoveWebhook(ctx context.Context, owner *Account, lobbyID int64) error {
	rec, err := s.ownedPrivate(owner, lobbyID)
	if err != nil {
		return err
	}
	st, sender, ok := s.webhooks()
	if !ok {
		return userErr(ErrNoWebhooks, ErrNoWebhooks.Error())
	}
	if err := st.SetLobbyWebhook(ctx, lobbyID, nil); err != nil {
		return s.storageErr(err)
	}
	sender.Forget(rec.Slug)
	s.announceLobbies(lobbyID)
	return nil
}

// WebhookStatus implements Webhooks.
func (s *Service) WebhookStatus(ctx context.Context, viewer *Account, lobbyID int64) (WebhookStatus, error) {
	if viewer == nil || !s.canSeeLobby(viewer.ID, lobbyID) {
		return WebhookStatus{}, noSuchLobby()
	}
	st, sender, ok := s.webhooks()
	rec, found := s.dir.Record(lobbyID)
	if !ok || !found || rec.Public {
		return WebhookStatus{}, nil
	}
	w, err := st.LobbyWebhook(ctx, lobbyID)
	if err != nil {
		return WebhookStatus{}, s.storageErr(err)
	}
	if w == nil {
		return WebhookStatus{}, nil
	}
	host := ""
	if u, err := url.Parse(w.URL); err == nil {
		host = u.Hostname()
	}
	return WebhookStatus{On: true, Host: host, Health: sender.Health(rec.Slug)}, nil
}

// tellLobby sends an event to the lobby's webhook, if it has one. It
// reads the store on its own goroutine, so the caller (who may hold a
// table's lock) never waits; the sender's queue is bounded.
func (s *Service) tellLobby(lobbyID int64, p webhook.Payload) {
	st, sender, ok := s.webhooks()
	if !ok || lobbyID == PublicLobbyID {
		return
	}
	rec, found := s.dir.Record(lobbyID)
	if !found || rec.Public {
		return
	}
	p.Lobby = rec.Slug
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("telling a lobby's webhook panicked", "lobby", lobbyID, "panic", r)
			}
		}()
		ctx, cancel := context.WithTimeout(s.bg, 5*time.Second)
		defer cancel()
		w, err := st.LobbyWebhook(ctx, lobbyID)
		if err != nil {
			s.log.Warn("reading a lobby's webhook failed", "lobby", lobbyID, "err", err)
			return
		}
		if w != nil {
			sender.Send(webhook.Hook{Owner: rec.Slug, URL: w.URL, Secret: w.Secret}, p)
		}
	}()
}

// tellTableOpened tells the lobby's chat that a table opens, with the
// command that joins it.
func (s *Service) tellTableOpened(t *table, host int64) {
	join := ""
	if s.cfg.JoinCommand != nil {
		join = s.cfg.JoinCommand(t.id)
	}
	text := fmt.Sprintf("%s opened a table of %s (table %d).", s.handle(host), t.info.Title, t.id)
	if join != "" {
		text += " Join: " + join
	}
	s.tellLobby(t.lobbyID, webhook.Payload{Event: webhook.EventTableOpened, Table: t.id, Game: t.info.Title,
		Player: s.handle(host), Join: join, Text: text})
}

// tellFinished tells the lobby's chat the standings of a finished game.
func (s *Service) tellFinished(t *table, end GameEnd) {
	seats := slices.Clone(end.Seats)
	slices.SortStableFunc(seats, func(a, b SeatOutcome) int { return a.Placement - b.Placement })
	var st []webhook.Standing
	var parts []string
	for _, o := range seats {
		name := s.handle(o.AccountID)
		st = append(st, webhook.Standing{Place: o.Placement, Player: name})
		parts = append(parts, fmt.Sprintf("%d. %s", o.Placement, name))
	}
	text := fmt.Sprintf("The game of %s at table %d is over: %s.", t.info.Title, t.id, strings.Join(parts, ", "))
	s.tellLobby(t.lobbyID, webhook.Payload{Event: webhook.EventGameFinished, Table: t.id, Game: t.info.Title,
		Standings: st, Text: text})
}
