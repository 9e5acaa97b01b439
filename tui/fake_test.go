package tui

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

// fakeAPI is a small in-memory lobby.API for screen tests. It follows the
// documented behaviour closely enough for the TUI: errors are the lobby's
// sentinels, games run on the real test game.
type fakeAPI struct {
	mu      sync.Mutex
	games   []engine.Info
	accs    []*lobby.Account
	lobbies []*lobby.Lobby
	members map[int64][]lobby.Member
	tables  []*fakeTable
	chat    []lobby.ChatMessage
	subs    []*fakeSub
	now     time.Time
	calls   []string
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

func newFakeAPI(withGame bool) *fakeAPI {
	f := &fakeAPI{members: map[int64][]lobby.Member{}, now: time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)}
	if withGame {
		f.games = []engine.Info{testgame.Definition{}.Info()}
	}
	f.lobbies = []*lobby.Lobby{{ID: lobby.PublicLobbyID, Slug: "public", Name: "Public", Public: true}}
	return f
}

func (f *fakeAPI) record(c string) { f.calls = append(f.calls, c) }

func (f *fakeAPI) publish(u lobby.Update) {
	for _, s := range f.subs {
		select {
		case s.ch <- u:
		default:
		}
	}
}

func (f *fakeAPI) Games() []engine.Info { return f.games }

func (f *fakeAPI) AccountByFingerprint(_ context.Context, fp string) (*lobby.Account, error) {
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

func (f *fakeAPI) AccountByHandle(_ context.Context, h string) (*lobby.Account, error) {
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

func (f *fakeAPI) SetHandle(_ context.Context, fp, h string) (*lobby.Account, error) {
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

func (f *fakeAPI) addAccount(fp, h string) *lobby.Account {
	a, err := f.SetHandle(context.Background(), fp, h)
	if err != nil {
		panic(err)
	}
	return a
}

func (f *fakeAPI) visible(viewer *lobby.Account, l *lobby.Lobby) bool {
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

func (f *fakeAPI) Lobbies(_ context.Context, viewer *lobby.Account) ([]lobby.Lobby, error) {
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

func (f *fakeAPI) Lobby(_ context.Context, viewer *lobby.Account, id int64) (lobby.Lobby, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.lobbies {
		if l.ID == id && f.visible(viewer, l) {
			return *l, nil
		}
	}
	return lobby.Lobby{}, lobby.ErrNotFound
}

func (f *fakeAPI) LobbyBySlug(context.Context, *lobby.Account, string) (lobby.Lobby, error) {
	return lobby.Lobby{}, lobby.ErrNotFound
}

func (f *fakeAPI) CreateLobby(_ context.Context, owner *lobby.Account, name string) (lobby.Lobby, error) {
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

func (f *fakeAPI) JoinLobby(_ context.Context, acc *lobby.Account, code string) (lobby.Lobby, error) {
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

func (f *fakeAPI) LeaveLobby(_ context.Context, acc *lobby.Account, id int64) error {
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

func (f *fakeAPI) RotateInvite(_ context.Context, owner *lobby.Account, id int64) (string, error) {
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

func (f *fakeAPI) Members(_ context.Context, _ *lobby.Account, id int64) ([]lobby.Member, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]lobby.Member(nil), f.members[id]...), nil
}

func (f *fakeAPI) RemoveMember(ctx context.Context, owner *lobby.Account, id, accountID int64) error {
	return f.LeaveLobby(ctx, &lobby.Account{ID: accountID}, id)
}

// Live updates

type fakeSub struct {
	ch     chan lobby.Update
	mu     sync.Mutex
	topics []lobby.Topic
	closed bool
	viewer *lobby.Account
}

func (s *fakeSub) C() <-chan lobby.Update { return s.ch }

func (s *fakeSub) Watch(ts ...lobby.Topic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.topics = append([]lobby.Topic(nil), ts...)
}

func (s *fakeSub) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
}

func (s *fakeSub) watching() []lobby.Topic {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.topics
}

func (f *fakeAPI) Subscribe(viewer *lobby.Account) lobby.Subscription {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := &fakeSub{ch: make(chan lobby.Update, 16), viewer: viewer}
	f.subs = append(f.subs, s)
	return s
}

// Chat

func (f *fakeAPI) Say(_ context.Context, acc *lobby.Account, ch lobby.Channel, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if acc == nil {
		return lobby.ErrGuest
	}
	f.chat = append(f.chat, lobby.ChatMessage{ID: int64(len(f.chat) + 1), Channel: ch, AuthorID: acc.ID, Handle: acc.Handle, Text: text, At: f.now})
	f.publish(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: ch}})
	return nil
}

func (f *fakeAPI) Chat(_ context.Context, _ *lobby.Account, ch lobby.Channel, n int) ([]lobby.ChatMessage, error) {
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
