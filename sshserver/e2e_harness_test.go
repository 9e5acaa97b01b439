package sshserver_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/engine"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
	"boardroom/tui"
)

// The harness of the games' end-to-end tests: a real server with one game,
// two humans on real SSH terminals and the keys they press. Each game's
// file holds only its own script and checks.

// Terminal size of both players: the large board with the log beside it.
const (
	termW, termH = 160, 50
	// stepWait bounds one step: a key reaching the game, a redraw.
	stepWait = 10 * time.Second
)

// player is one human at the table: a key, an SSH connection and the
// terminal with the TUI.
type player struct {
	name string
	key  gossh.Signer
	cli  *gossh.Client
	acc  *lobby.Account
	tm   *term
	seat int
}

// match is one game between two humans (alice and bob, and bots) driven
// through their terminals; the test reads the game through the lobby API
// only to decide which keys to press and what the screens must show.
type match struct {
	t        *testing.T
	ts       *testServer
	ctx      context.Context
	tid      int64
	a, b     *player
	deadline time.Time
}

// startGame starts a server with one real game, its dedicated renderers and
// games seeded from seedBase (lobbytest.SeedsFrom), and a match on it that
// must be over within the given time.
func startGame(t *testing.T, def engine.Definition, renderers map[string]tui.RendererFactory, seedBase uint64, within time.Duration) *match {
	t.Helper()
	ts := startServerWith(t, t.TempDir(), serverSetup{games: []engine.Definition{def}, seedBase: seedBase, renderers: renderers})
	return &match{t: t, ts: ts, ctx: context.Background(), deadline: time.Now().Add(within)}
}

// humans are both human players, alice first.
func (m *match) humans() []*player { return []*player{m.a, m.b} }

// other is the human who is not p.
func (m *match) other(p *player) *player {
	if p == m.a {
		return m.b
	}
	return m.a
}

// awaited is the first human the game waits on; bots move at once, so
// there must be one.
func (m *match) awaited(gs lobby.GameState) *player {
	m.t.Helper()
	for _, p := range m.humans() {
		if gs.Prompt.Awaits(p.seat) {
			return p
		}
	}
	require.Failf(m.t, "no human awaited", "bots move at once, yet the game waits on no human: %+v", gs.Prompt)
	return nil
}

// inTime fails the test once the match is past its deadline; progress says
// how far it got.
func (m *match) inTime(progress string) {
	m.t.Helper()
	require.True(m.t, time.Now().Before(m.deadline), "out of time: %s\n%s\n%s", progress, m.a.tm.dump(), m.b.tm.dump())
}

// setUp: both pick their handles in the TUI; alice opens a table from the
// lobby's menu (the only game, the first seat count), raises it to seats
// (of at most maxSeats) and adds bots; bob opens it with `play ID` and
// sits, both get ready and alice starts.
func (m *match) setUp(seats, maxSeats, bots int) {
	t, ts := m.t, m.ts
	m.a = &player{name: "alice", key: newKey(t)}
	m.b = &player{name: "bob", key: newKey(t)}
	for _, p := range m.humans() {
		p.cli = dialKey(t, ts.addr, p.key)
	}

	a := m.a
	a.tm = openTerm(t, a.cli, a.name, termW, termH, "")
	a.tm.waitShows("Welcome to boardroom", screenWait)
	a.tm.typeText("alice\r")
	a.tm.waitShows("Lobbies:", screenWait)
	a.acc = account(t, ts, a.key)

	// n: new table; the only game is highlighted; the first seat count
	// (two) is highlighted; then + on the table screen.
	a.tm.typeText("n")
	a.tm.waitShows("New table: pick a game", screenWait)
	a.tm.typeText("\r")
	a.tm.waitShows("How many seats?", screenWait)
	a.tm.typeText("\r")
	a.tm.waitShows("You are the host", screenWait)
	tables, err := ts.svc.Tables(m.ctx, a.acc, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, tables, 1)
	m.tid = tables[0].ID
	for n := 3; n <= seats; n++ {
		a.tm.typeText("+")
		a.tm.waitShows(fmt.Sprintf("Seats: %d (2-%d)", n, maxSeats), screenWait)
	}
	for n := 1; n <= bots; n++ {
		a.tm.typeText("b")
		m.waitTable(fmt.Sprintf("bot %d", n), func(tb lobby.Table) bool { return countBots(tb) == n })
	}

	b := m.b
	b.tm = openTerm(t, b.cli, b.name, termW, termH, "play "+itoa(m.tid))
	b.tm.waitShows("Welcome to boardroom", screenWait)
	b.tm.typeText("bob\r")
	b.tm.waitShows("You sit in seat", screenWait)
	b.acc = account(t, ts, b.key)

	for _, p := range []*player{b, a} {
		p.tm.typeText("r")
		m.waitTable(p.name+" ready", func(tb lobby.Table) bool {
			s := tb.SeatOf(p.acc.ID)
			return s >= 0 && tb.Seats[s].Ready
		})
	}
	a.tm.typeText("S")
	m.waitTable("the game started", func(tb lobby.Table) bool { return tb.Status == lobby.TablePlaying })
	for _, p := range m.humans() {
		tb, err := ts.svc.Table(m.ctx, p.acc, m.tid)
		require.NoError(t, err)
		p.seat = tb.SeatOf(p.acc.ID)
		require.GreaterOrEqual(t, p.seat, 0)
		p.tm.waitShows("you are seat "+itoa(int64(p.seat+1)), screenWait)
	}
}

// waitTable waits until the table satisfies f.
func (m *match) waitTable(what string, f func(lobby.Table) bool) {
	m.t.Helper()
	require.Eventually(m.t, func() bool {
		tb, err := m.ts.svc.Table(m.ctx, m.a.acc, m.tid)
		return err == nil && f(tb)
	}, stepWait, 10*time.Millisecond, "the table never showed %s", what)
}

func countBots(tb lobby.Table) int {
	n := 0
	for _, s := range tb.Seats {
		if s.Bot {
			n++
		}
	}
	return n
}

// state is the game as p sees it.
func (m *match) state(p *player) lobby.GameState {
	m.t.Helper()
	gs, err := m.ts.svc.GameState(m.ctx, p.acc, m.tid)
	require.NoError(m.t, err)
	return gs
}

// viewOf is the game's own view in a game state, which holds it as a
// value or a pointer.
func viewOf[V any](t *testing.T, gs lobby.GameState) *V {
	t.Helper()
	switch v := gs.View.(type) {
	case V:
		return &v
	case *V:
		return v
	}
	t.Fatalf("not a %T: %T", *new(V), gs.View)
	return nil
}

// legal returns p's first legal action of a kind, or nil.
func legal(gs lobby.GameState, kind string) engine.Action {
	for _, a := range gs.Legal {
		if a.Kind() == kind {
			return a
		}
	}
	return nil
}

// lastLog is the text of the last log line of a kind.
func lastLog(t require.TestingT, gs lobby.GameState, kind string) string {
	for i := len(gs.Log.All()) - 1; i >= 0; i-- {
		if gs.Log.All()[i].Kind == kind {
			return gs.Log.All()[i].Text
		}
	}
	require.Failf(t, "no log line", "kind %q", kind)
	return ""
}

// answer is what a key opens and how it is answered: once shows is on the
// screen, key is sent.
type answer struct{ shows, key string }

// press waits for label on p's screen, sends key, answers what it opens in
// order and waits until the game has applied an action. A key is only sent
// once its label shows: then the TUI holds a state in which the key means
// that action, so no key is lost to a screen that is a frame behind.
func (m *match) press(p *player, key, label string, then ...answer) {
	m.t.Helper()
	p.tm.waitShows(label, stepWait)
	before := m.state(p).Version
	p.tm.typeText(key)
	for _, a := range then {
		p.tm.waitShows(a.shows, stepWait)
		p.tm.typeText(a.key)
	}
	m.waitApplied(p, before)
}

// confirm is the answer to the question an action that spends money asks
// first ("Please confirm", y/n).
var confirm = answer{"Please confirm", "y"}

// pressConfirmed is press for an action that spends money.
func (m *match) pressConfirmed(p *player, key, label string) {
	m.t.Helper()
	m.press(p, key, label, confirm)
}

// pressPickAnswer presses key after label shows, then answers the pick list
// (enter) and the question (y) it opens, as they come, until the game
// moves.
func (m *match) pressPickAnswer(p *player, key, label string) {
	m.t.Helper()
	p.tm.waitShows(label, stepWait)
	before := m.state(p).Version
	p.tm.typeText(key)
	for range 3 {
		var next string
		done := assert.Eventually(m.t, func() bool {
			if g, err := m.ts.svc.GameState(m.ctx, p.acc, m.tid); err == nil && g.Version > before {
				return true
			}
			switch {
			case p.tm.shows("Please confirm"):
				next = "y"
			case p.tm.shows("Choose where to"):
				next = "\r"
			default:
				return false
			}
			return true
		}, stepWait, 10*time.Millisecond)
		require.True(m.t, done, "%s could not answer\n%s", p.name, p.tm.dump())
		if m.state(p).Version > before {
			return
		}
		p.tm.typeText(next)
	}
	m.waitApplied(p, before)
}

// waitApplied waits until the game has moved past version before.
func (m *match) waitApplied(p *player, before int) {
	m.t.Helper()
	if !assert.Eventually(m.t, func() bool {
		gs, err := m.ts.svc.GameState(m.ctx, p.acc, m.tid)
		return err == nil && gs.Version > before
	}, stepWait, 10*time.Millisecond) {
		m.t.Fatalf("%s's key did not reach the game\n%s", p.name, p.tm.dump())
	}
}

// logShows waits until the log panel of p's screen holds sentence (wrapped
// lines read as one).
func (m *match) logShows(p *player, sentence string) {
	m.t.Helper()
	want := squash(lobby.Sanitize(sentence, 2000))
	p.tm.waitUntil("the log line "+sentence, stepWait, func(v *vtscreen.Screen) bool {
		r, c := v.Find("╭─ Log")
		return r >= 0 && strings.Contains(region(v, c, v.Width()), want)
	})
}

// lineMatches reports whether a row of the screen matches re.
func lineMatches(v *vtscreen.Screen, re *regexp.Regexp) bool {
	for _, l := range v.Lines() {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

func countIn(v *vtscreen.Screen, s string) int {
	n := 0
	for _, l := range v.Lines() {
		n += strings.Count(l, s)
	}
	return n
}

func seatDigit(s int) string { return string(rune('1' + s)) }
