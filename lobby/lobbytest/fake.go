package lobbytest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// Lobby is a small in-memory fake of the whole lobby for screen tests (tui,
// and the screens of new games): it implements lobby.API, and lobby.Results
// through its embedded Archive. It follows the documented behaviour closely
// enough for the TUI: errors are the lobby's sentinels, games run on the
// real test game (engine/testgame). It is safe for concurrent use. Tests
// that need the real rules use the real lobby on SQLite (Backend).
type Lobby struct {
	// Archive answers the results pages: no finished games unless the
	// test fills it in.
	Archive

	mu      sync.Mutex
	games   []engine.Info
	accs    []*lobby.Account
	lobbies []*lobby.Lobby
	members map[int64][]lobby.Member
	tables  []*fakeTable
	chat    []lobby.ChatMessage
	subs    []*Sub
	calls   []string
	last    map[int64]int64 // account id -> last lobby (lastlobby.go)
	// Now is the time the fake stamps on chat lines and tables; tests start
	// their session clocks at it.
	Now time.Time
}

type fakeTable struct {
	t     lobby.Table
	game  engine.Game
	log   []lobby.LogLine
	dline time.Time
	// version counts the actions applied. The fake refuses any action not
	// made on the current one (the lobby lets another seat's sealed
	// commitment pass; lobby/stale_test.go tests that).
	version int
}

// NewLobby makes a fake with the public lobby only; withGame offers the test
// game (engine/testgame), else the server offers no game.
func NewLobby(withGame bool) *Lobby {
	f := &Lobby{members: map[int64][]lobby.Member{}, Now: time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)}
	if withGame {
		f.games = []engine.Info{testgame.Definition{}.Info()}
	}
	f.lobbies = []*lobby.Lobby{{ID: lobby.PublicLobbyID, Slug: "public", Name: "Public", Public: true}}
	return f
}

func (f *Lobby) record(c string) { f.calls = append(f.calls, c) }

func (f *Lobby) publish(u lobby.Update) {
	for _, s := range f.subs {
		select {
		case s.ch <- u:
		default:
		}
	}
}

func (f *Lobby) Games() []engine.Info { return f.games }

// SetGames replaces the games the fake offers; call it before the fake is
// in use.
func (f *Lobby) SetGames(games ...engine.Info) { f.games = games }

func (f *Lobby) AccountByFingerprint(_ context.Context, fp string) (*lobby.Account, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, a := range f.accs {
		if a.Fingerprint == fp {
			c := *a
			return &c, nil
		}
	}
	return nil, nil
}

func (f *Lobby) AccountByHandle(_ context.Context, h string) (*lobby.Account, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, a := range f.accs {
		if strings.EqualFold(a.Handle, h) {
			c := *a
			return &c, nil
		}
	}
	return nil, lobby.ErrNotFound
}

func (f *Lobby) SetHandle(_ context.Context, fp, h string) (*lobby.Account, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !lobby.ValidHandle(h) {
		return nil, lobby.ErrBadHandle
	}
	for _, a := range f.accs {
		if strings.EqualFold(a.Handle, h) && a.Fingerprint != fp {
			return nil, lobby.ErrHandleTaken
		}
	}
	a := &lobby.Account{ID: int64(len(f.accs) + 1), Fingerprint: fp, Handle: h}
	f.accs = append(f.accs, a)
	c := *a
	return &c, nil
}

// Calls lists what the fake was asked to change, in order ("act bid",
// "spectate true", "export", ...).
func (f *Lobby) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// ChatLog is every chat line said, oldest first.
func (f *Lobby) ChatLog() []lobby.ChatMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]lobby.ChatMessage(nil), f.chat...)
}

// AddRawChat stores a chat line exactly as given, unsanitised, as if one
// had slipped past the lobby: screens must still clean what they show.
func (f *Lobby) AddRawChat(m lobby.ChatMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.chat = append(f.chat, m)
}

// AddAccount creates a player with the key fingerprint and handle (it
// panics if the handle is refused: a test's own mistake).
func (f *Lobby) AddAccount(fp, h string) *lobby.Account {
	a, err := f.SetHandle(context.Background(), fp, h)
	if err != nil {
		panic(err)
	}
	return a
}

func (f *Lobby) visible(viewer *lobby.Account, l *lobby.Lobby) bool {
	if l.Public {
		return true
	}
	if viewer == nil {
		return false
	}
	for _, m := range f.members[l.ID] {
		if m.AccountID == viewer.ID {
			return true
		}
	}
	return false
}

func (f *Lobby) Lobbies(_ context.Context, viewer *lobby.Account) ([]lobby.Lobby, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []lobby.Lobby
	for _, l := range f.lobbies {
		if f.visible(viewer, l) {
			c := *l
			c.Members = len(f.members[l.ID])
			out = append(out, c)
		}
	}
	return out, nil
}

func (f *Lobby) Lobby(_ context.Context, viewer *lobby.Account, id int64) (lobby.Lobby, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.lobbies {
		if l.ID == id && f.visible(viewer, l) {
			return *l, nil
		}
	}
	return lobby.Lobby{}, lobby.ErrNotFound
}

func (f *Lobby) LobbyBySlug(context.Context, *lobby.Account, string) (lobby.Lobby, error) {
	return lobby.Lobby{}, lobby.ErrNotFound
}

func (f *Lobby) CreateLobby(_ context.Context, owner *lobby.Account, name string) (lobby.Lobby, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if owner == nil {
		return lobby.Lobby{}, lobby.ErrGuest
	}
	if len(name) < 3 || len(name) > 32 {
		return lobby.Lobby{}, lobby.ErrBadName
	}
	l := &lobby.Lobby{ID: int64(len(f.lobbies) + 1), Name: name, OwnerID: owner.ID, InviteCode: fmt.Sprintf("CODE%d", len(f.lobbies)+1)}
	f.lobbies = append(f.lobbies, l)
	f.members[l.ID] = []lobby.Member{{AccountID: owner.ID, Handle: owner.Handle, Owner: true}}
	return *l, nil
}

func (f *Lobby) JoinLobby(_ context.Context, acc *lobby.Account, code string) (lobby.Lobby, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if acc == nil {
		return lobby.Lobby{}, lobby.ErrGuest
	}
	for _, l := range f.lobbies {
		if !l.Public && l.InviteCode == code {
			f.members[l.ID] = append(f.members[l.ID], lobby.Member{AccountID: acc.ID, Handle: acc.Handle})
			return *l, nil
		}
	}
	return lobby.Lobby{}, lobby.ErrBadCode
}

func (f *Lobby) LeaveLobby(_ context.Context, acc *lobby.Account, id int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	ms := f.members[id][:0:0]
	for _, m := range f.members[id] {
		if m.AccountID != acc.ID {
			ms = append(ms, m)
		}
	}
	f.members[id] = ms
	return nil
}

func (f *Lobby) RotateInvite(_ context.Context, owner *lobby.Account, id int64) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.lobbies {
		if l.ID == id {
			if owner == nil || l.OwnerID != owner.ID {
				return "", lobby.ErrForbidden
			}
			l.InviteCode += "X"
			return l.InviteCode, nil
		}
	}
	return "", lobby.ErrNotFound
}

func (f *Lobby) Members(_ context.Context, _ *lobby.Account, id int64) ([]lobby.Member, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]lobby.Member(nil), f.members[id]...), nil
}

func (f *Lobby) RemoveMember(ctx context.Context, owner *lobby.Account, id, accountID int64) error {
	return f.LeaveLobby(ctx, &lobby.Account{ID: accountID}, id)
}

// Live updates

// Sub is the fake's subscription: updates the fake publishes go to every
// open one, dropped when its buffer is full (as the hub drops them).
type Sub struct {
	ch     chan lobby.Update
	mu     sync.Mutex
	topics []lobby.Topic
	closed bool
	viewer *lobby.Account
}

func (s *Sub) C() <-chan lobby.Update { return s.ch }

func (s *Sub) Watch(ts ...lobby.Topic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.topics = append([]lobby.Topic(nil), ts...)
}

func (s *Sub) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
}

// Send queues an update on this subscription alone (it blocks while the
// buffer is full).
func (s *Sub) Send(u lobby.Update) { s.ch <- u }

// End closes the update channel, as the hub does when the server drops a
// subscriber.
func (s *Sub) End() { close(s.ch) }

// Watching is the set of topics last passed to Watch.
func (s *Sub) Watching() []lobby.Topic {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.topics
}

// Closed reports whether the session closed the subscription.
func (s *Sub) Closed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

func (f *Lobby) Subscribe(viewer *lobby.Account) lobby.Subscription {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := &Sub{ch: make(chan lobby.Update, 16), viewer: viewer}
	f.subs = append(f.subs, s)
	return s
}

// Chat

func (f *Lobby) Say(_ context.Context, acc *lobby.Account, ch lobby.Channel, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if acc == nil {
		return lobby.ErrGuest
	}
	f.chat = append(f.chat, lobby.ChatMessage{ID: int64(len(f.chat) + 1), Channel: ch, AuthorID: acc.ID, Handle: acc.Handle, Text: text, At: f.Now})
	f.publish(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: ch}})
	return nil
}

func (f *Lobby) Chat(_ context.Context, _ *lobby.Account, ch lobby.Channel, n int) ([]lobby.ChatMessage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []lobby.ChatMessage
	for _, m := range f.chat {
		if m.Channel == ch {
			out = append(out, m)
		}
	}
	if len(out) > n {
		out = out[len(out)-n:]
	}
	return out, nil
}
