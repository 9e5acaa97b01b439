package tui_test

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// The frames a move costs, as the capacity test plays (issue 32): a
// Unipoly table of two humans and two bots, every action (a human's or a
// bot's, the bots after a pause as on the server) a table update that
// each human's session (80x24, 256 colours, one Theme for all, as the
// server's sessions of one terminal kind) takes and draws a frame for.

// moveBotDelay is the bots' pause before an action: on the fake clock,
// each bot action is one Advance, so every action is its own update.
const moveBotDelay = time.Second

// moveTable is one table's states: for each action after the first
// moves, the state of each human's seat after it.
type moveTable struct {
	accs   [2]*lobby.Account
	table  int64
	states [][2]lobby.GameState
}

// moveFixture holds two tables of the same lobby: the first warms a
// theme (its first drawings of glyphs, styles and log lines are not a
// move's), the second is measured.
type moveFixture struct {
	svc         lobbytest.Backend
	src         *tui.Sources
	warm, moves moveTable
}

// newMoveFixture plays two tables of Unipoly (2 humans, 2 bots; seeded)
// and keeps the humans' states of `actions` actions after `skip`.
func newMoveFixture(tb testing.TB, skip, actions int) *moveFixture {
	tb.Helper()
	clk := lobbytest.NewFakeClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	ctx := context.Background()
	reg, err := engine.NewRegistry(unipoly.Definition{})
	require.NoError(tb, err)
	st, err := db.Open(ctx, filepath.Join(tb.TempDir(), "boardroom.db"), nil)
	require.NoError(tb, err)
	svc, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(tb), BotDelay: moveBotDelay}, nil)
	require.NoError(tb, err)
	tb.Cleanup(func() {
		_ = svc.Shutdown(ctx)
		_ = st.Close()
	})
	be := lobbytest.NewBackend(svc, st, reg, clk)
	f := &moveFixture{svc: be, src: tui.NewSources(be, be)}
	f.warm = playTable(tb, be, clk, "w", skip, actions)
	f.moves = playTable(tb, be, clk, "m", skip, actions)
	// The warm table's players chat: its sessions draw chat panels of
	// their own; the measured table's chat is empty (the theme's panel).
	for i, text := range []string{"good luck", "that rent is steep, I will trade you the yellow group for the two stations and some cash"} {
		require.NoError(tb, be.Say(ctx, f.warm.accs[i], lobby.TableChannel(f.warm.table), text))
	}
	return f
}

// playTable starts a table of two humans and two bots and plays it: a
// human who may act makes a hurried player's move, else the clock moves
// on to the next bot's action.
func playTable(tb testing.TB, svc lobbytest.Backend, clk *lobbytest.FakeClock, name string, skip, actions int) moveTable {
	tb.Helper()
	ctx := context.Background()
	var mt moveTable
	for i, h := range []string{"ada", "bob"} {
		acc, err := svc.SetHandle(ctx, "SHA256:"+h+name, h+name)
		require.NoError(tb, err)
		mt.accs[i] = acc
	}
	t, err := svc.CreateTable(ctx, mt.accs[0], lobby.PublicLobbyID, unipoly.ID, 4, nil)
	require.NoError(tb, err)
	mt.table = t.ID
	_, err = svc.Sit(ctx, mt.accs[1], t.ID, -1)
	require.NoError(tb, err)
	require.NoError(tb, svc.SetReady(ctx, mt.accs[1], t.ID, true))
	for range 2 {
		require.NoError(tb, svc.AddBot(ctx, mt.accs[0], t.ID))
	}
	require.NoError(tb, svc.Start(ctx, mt.accs[0], t.ID))
	version := -1
	for len(mt.states) < actions {
		var pair [2]lobby.GameState
		for i, acc := range mt.accs {
			gs, err := svc.GameState(ctx, acc, t.ID)
			require.NoError(tb, err)
			require.False(tb, gs.Outcome.Finished, "the game must be running")
			pair[i] = gs
		}
		if pair[0].Version != version {
			version = pair[0].Version
			if skip > 0 {
				skip--
			} else {
				mt.states = append(mt.states, pair)
			}
		}
		acted := false
		for i, acc := range mt.accs {
			if a := pick(stayIn(pair[i].Legal)); a != nil {
				require.NoError(tb, svc.Act(ctx, acc, t.ID, pair[i].Version, a))
				acted = true
				break
			}
		}
		if !acted {
			clk.Advance(moveBotDelay) // a bot's action
		}
	}
	return mt
}

// moveRun is a theme and the two humans' sessions of the measured table,
// drawing its states in turn.
type moveRun struct {
	f    *moveFixture
	ms   [2]*tui.Model
	next int
	ups  [][2]*lobby.GameState
	now  time.Time // the sessions' clock: 45 s before the turn timer lapses
	seen func([]string)
	th   *tui.Theme
}

// moveScreen is the sessions' terminal: its size and kind.
type moveScreen struct {
	w, h    int
	noColor bool
}

// screen80 is the capacity test's terminal: 80x24, 256 colours.
var screen80 = moveScreen{w: 80, h: 24}

// start makes a fresh theme, warms it with the first table's frames and
// opens the measured table's two sessions, at 80x24 in 256 colours.
func (f *moveFixture) start(tb testing.TB) *moveRun { return f.startOn(tb, screen80, nil) }

// startOn is start on terminals of sc, each frame drawn (the warm table's
// too) handed to seen when it is not nil.
func (f *moveFixture) startOn(tb testing.TB, sc moveScreen, seen func([]string)) *moveRun {
	tb.Helper()
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	if sc.noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	th := tui.NewTheme(r, sc.noColor, false)
	open := func(run *moveRun, mt *moveTable) {
		run.seen = seen
		run.now = mt.states[0][0].Deadline.Add(-45 * time.Second)
		for i, acc := range mt.accs {
			m := tui.New(tui.Options{API: f.svc, Results: f.svc, Sources: f.src, Theme: th, Renderers: opolytui.Renderers(),
				Fingerprint: acc.Fingerprint, Width: sc.w, Height: sc.h, OpenTable: mt.table, NoColor: sc.noColor,
				Now: func() time.Time { return run.now }}).(*tui.Model)
			m.Update(m.Init()())
			tui.WakeForTest(m)
			run.ms[i] = m
		}
	}
	warm := &moveRun{f: f, ups: updates(f.warm.states), th: th}
	open(warm, &f.warm)
	for warm.move() {
	}
	run := &moveRun{f: f, ups: updates(f.moves.states), th: th}
	open(run, &f.moves)
	return run
}

// updates is the table's updates carrying states: each its own pointer,
// as the lobby makes one per update and viewer class, numbered after the
// state the sessions opened on.
func updates(states [][2]lobby.GameState) [][2]*lobby.GameState {
	ups := make([][2]*lobby.GameState, len(states))
	for i, pair := range states {
		for s := range pair {
			gs := pair[s]
			gs.Version += 1 << 20 // newer than the one on screen at the table's last move
			ups[i][s] = &gs
		}
	}
	return ups
}

// move shows the next action's states to both sessions, each drawing a
// frame as its screen would; false when there is none left.
func (r *moveRun) move() bool {
	if r.next >= len(r.ups) {
		return false
	}
	if d := r.ups[r.next][0].Deadline; !d.IsZero() {
		r.now = d.Add(-45 * time.Second)
	}
	for i, m := range r.ms {
		tui.TableUpdateForTest(m, r.ups[r.next][i])
		f := m.ViewLines()
		if r.seen != nil {
			r.seen(f)
		}
	}
	// On a full server the table's next action comes after thousands of
	// other frames: the rows the theme keeps a moment are others' by then.
	tui.ForgetSharedRowsForTest(r.th)
	r.next++
	return true
}

// Actions of the measured table: after the first 30 (the players' first
// rolls and purchases), 120 actions.
const (
	moveSkip    = 30
	moveActions = 120
)

// BenchmarkPlayMoves draws, per op, one action of a Unipoly game of two
// humans and two bots on both humans' screens (80x24, the capacity
// test's; and 160x50). Run it with -benchtime=120x for the exact figure
// of the 120 actions: with more ops, the states are drawn again by a fresh
// theme and sessions (not timed).
func BenchmarkPlayMoves(b *testing.B) {
	f := newMoveFixture(b, moveSkip, moveActions)
	for _, sc := range []moveScreen{screen80, {w: 160, h: 50}} {
		b.Run(fmt.Sprintf("%dx%d", sc.w, sc.h), func(b *testing.B) {
			r := f.startOn(b, sc, nil)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if !r.move() {
					b.StopTimer()
					r = f.startOn(b, sc, nil)
					b.StartTimer()
					r.move()
				}
			}
		})
	}
}

// movesDrawn is the bytes and allocations of drawing the measured table's
// actions, per action (both sessions' frames).
func movesDrawn(t *testing.T) (bytes, allocs float64) {
	f := newMoveFixture(t, moveSkip, moveActions)
	r := f.start(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	for r.move() {
		n++
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(n), float64(after.Mallocs-before.Mallocs) / float64(n)
}

// TestPlayMovesAllocateLittle guards the bytes drawing a move allocates:
// both humans' frames of an action of Unipoly at 80x24 (issue 32: the
// allocation rate of 4,000 players set how often the collector ran, and
// its seconds were the slow ones). 17,555 bytes and 118 allocations on
// main before the frames kept their parts, 10,380 and 85.5 after
// (10,732 and 87.7 under -race); docs/decisions/
// 2026-11-play-frames-keep-their-parts.md. A change that draws the board,
// the strip or a pane whole again for each session fails here.
func TestPlayMovesAllocateLittle(t *testing.T) {
	bytes, allocs := movesDrawn(t)
	t.Logf("an action drawn on two screens: %.0f bytes, %.1f allocations", bytes, allocs)
	require.LessOrEqual(t, bytes, 11.5*1024, "bytes an action's two frames allocate")
}
