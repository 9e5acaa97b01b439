package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"boardroom/internal/webhook"
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
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
// db's SQLite store and db/postgres implement it; NewHooks looks for it on
// the lobby's store, and without it (or without a sender: the Service's
// Config.Webhooks) lobbies have none.
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

// Hooks is the lobbies' webhooks: the session-facing side (lobby.Webhooks)
// and what the lobby tells a private lobby's chat.
type Hooks struct {
	store  WebhookStore  // nil with sender: lobbies have no webhooks
	sender WebhookSender // nil: this server sends none
	lobby  Lobby
	join   func(tableID int64) string // nil: messages name no command
	bg     context.Context            // for the reads of a webhook that telling starts
	log    *slog.Logger
}

// NewHooks looks for a WebhookStore on store; sender delivers (nil: no
// webhooks); join is the command that opens a table in the terminal.
func NewHooks(bg context.Context, store any, sender WebhookSender, l Lobby, join func(tableID int64) string, log *slog.Logger) *Hooks {
	st, _ := store.(WebhookStore)
	return &Hooks{store: st, sender: sender, lobby: l, join: join, bg: bg, log: log}
}

func (h *Hooks) webhooks() (WebhookStore, WebhookSender, bool) {
	if h.store == nil || h.sender == nil {
		return nil, nil, false
	}
	return h.store, h.sender, true
}

// ownedPrivate checks that acc owns the private lobby.
func (h *Hooks) ownedPrivate(acc *accounts.Account, lobbyID int64) (lobbies.Record, error) {
	if err := accounts.Player(acc); err != nil {
		return lobbies.Record{}, err
	}
	if !h.lobby.CanSee(acc.ID, lobbyID) {
		return lobbies.Record{}, errs.NoSuchLobby()
	}
	rec, ok := h.lobby.Lobby(lobbyID)
	if !ok {
		return lobbies.Record{}, errs.NoSuchLobby()
	}
	if rec.Public {
		return lobbies.Record{}, errs.User(errs.ErrForbidden, "the public lobby has no webhook; a private lobby's owner can connect one")
	}
	if rec.OwnerID != acc.ID {
		return lobbies.Record{}, errs.User(errs.ErrForbidden, "only the lobby's owner can connect it to a chat")
	}
	return rec, nil
}

// SetWebhook connects a private lobby to the URL, returning the new
// signing secret (shown once). Only the owner may; the URL must be http(s)
// and not a local or private address (unless the operator allows those).
// A test event goes out at once.
func (h *Hooks) SetWebhook(ctx context.Context, owner *accounts.Account, lobbyID int64, rawURL string) (string, error) {
	rec, err := h.ownedPrivate(owner, lobbyID)
	if err != nil {
		return "", err
	}
	st, sender, ok := h.webhooks()
	if !ok {
		return "", errs.User(ErrNoWebhooks, ErrNoWebhooks.Error())
	}
	u, err := webhook.CheckURL(rawURL, sender.AllowPrivate())
	if err != nil {
		return "", errs.User(ErrBadWebhook, err.Error())
	}
	w := &Webhook{URL: u.String(), Secret: webhook.NewSecret(), CreatedAt: h.lobby.Now().UTC()}
	if err := st.SetLobbyWebhook(ctx, lobbyID, w); err != nil {
		return "", h.lobby.StorageErr(err)
	}
	sender.Forget(rec.Slug)
	sender.Send(webhook.Hook{Owner: rec.Slug, URL: w.URL, Secret: w.Secret}, webhook.Payload{
		Event: webhook.EventTest, Lobby: rec.Slug,
		Text: fmt.Sprintf("boardroom: %s connected the lobby %q to this chat.", h.lobby.Handle(owner.ID), rec.Name),
	})
	h.lobby.LobbyChanged(lobbyID)
	return w.Secret, nil
}

// RemoveWebhook disconnects it.
func (h *Hooks) RemoveWebhook(ctx context.Context, owner *accounts.Account, lobbyID int64) error {
	rec, err := h.ownedPrivate(owner, lobbyID)
	if err != nil {
		return err
	}
	st, sender, ok := h.webhooks()
	if !ok {
		return errs.User(ErrNoWebhooks, ErrNoWebhooks.Error())
	}
	if err := st.SetLobbyWebhook(ctx, lobbyID, nil); err != nil {
		return h.lobby.StorageErr(err)
	}
	sender.Forget(rec.Slug)
	h.lobby.LobbyChanged(lobbyID)
	return nil
}

// WebhookStatus is the lobby's webhook as its members see it.
func (h *Hooks) WebhookStatus(ctx context.Context, viewer *accounts.Account, lobbyID int64) (WebhookStatus, error) {
	if viewer == nil || !h.lobby.CanSee(viewer.ID, lobbyID) {
		return WebhookStatus{}, errs.NoSuchLobby()
	}
	st, sender, ok := h.webhooks()
	rec, found := h.lobby.Lobby(lobbyID)
	if !ok || !found || rec.Public {
		return WebhookStatus{}, nil
	}
	w, err := st.LobbyWebhook(ctx, lobbyID)
	if err != nil {
		return WebhookStatus{}, h.lobby.StorageErr(err)
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

// Tell sends an event to the lobby's webhook, if it has one. It reads the
// store on its own goroutine, so the caller (who may hold a table's lock)
// never waits; the sender's queue is bounded.
func (h *Hooks) Tell(lobbyID int64, p webhook.Payload) {
	st, sender, ok := h.webhooks()
	if !ok || lobbyID == lobbies.PublicID {
		return
	}
	rec, found := h.lobby.Lobby(lobbyID)
	if !found || rec.Public {
		return
	}
	p.Lobby = rec.Slug
	go func() {
		defer func() {
			if r := recover(); r != nil {
				h.log.Error("telling a lobby's webhook panicked", "lobby", lobbyID, "panic", r)
			}
		}()
		ctx, cancel := context.WithTimeout(h.bg, 5*time.Second)
		defer cancel()
		w, err := st.LobbyWebhook(ctx, lobbyID)
		if err != nil {
			h.log.Warn("reading a lobby's webhook failed", "lobby", lobbyID, "err", err)
			return
		}
		if w != nil {
			sender.Send(webhook.Hook{Owner: rec.Slug, URL: w.URL, Secret: w.Secret}, p)
		}
	}()
}

// TableOpened tells the lobby's chat that the host opened a table, with
// the command that joins it.
func (h *Hooks) TableOpened(tableID, lobbyID int64, title string, host int64) {
	join := ""
	if h.join != nil {
		join = h.join(tableID)
	}
	text := fmt.Sprintf("%s opened a table of %s (table %d).", h.lobby.Handle(host), title, tableID)
	if join != "" {
		text += " Join: " + join
	}
	h.Tell(lobbyID, webhook.Payload{Event: webhook.EventTableOpened, Table: tableID, Game: title,
		Player: h.lobby.Handle(host), Join: join, Text: text})
}

// Finished tells the lobby's chat the standings of a finished game.
func (h *Hooks) Finished(tableID, lobbyID int64, title string, end play.GameEnd) {
	seats := slices.Clone(end.Seats)
	slices.SortStableFunc(seats, func(a, b play.SeatOutcome) int { return a.Placement - b.Placement })
	var st []webhook.Standing
	var parts []string
	for _, o := range seats {
		name := h.lobby.Handle(o.AccountID)
		st = append(st, webhook.Standing{Place: o.Placement, Player: name})
		parts = append(parts, fmt.Sprintf("%d. %s", o.Placement, name))
	}
	text := fmt.Sprintf("The game of %s at table %d is over: %s.", title, tableID, strings.Join(parts, ", "))
	h.Tell(lobbyID, webhook.Payload{Event: webhook.EventGameFinished, Table: tableID, Game: title,
		Standings: st, Text: text})
}

// MoveWaiting tells a private lobby's chat that a daily table waits for a
// player's move (named), with the deadline.
func (h *Hooks) MoveWaiting(tableID, lobbyID int64, title string, accountID int64, deadline time.Time) {
	name := h.lobby.Handle(accountID)
	text := fmt.Sprintf("%s's move at table %d (%s)", name, tableID, title)
	var dl *time.Time
	if !deadline.IsZero() {
		d := deadline.UTC()
		dl = &d
		text += ", " + play.DeadlineText(d, h.lobby.Now())
	}
	join := ""
	if h.join != nil {
		join = h.join(tableID)
	}
	if join != "" {
		text += ". Open it: " + join
	}
	h.Tell(lobbyID, webhook.Payload{Event: webhook.EventMoveWaiting, Table: tableID, Game: title,
		Player: name, Join: join, Deadline: dl, Text: text + "."})
}
