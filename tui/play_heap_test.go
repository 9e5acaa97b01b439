package tui_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// playSessionHeap is what one playing session's model keeps on the heap
// between frames, measured as the capacity test plays (issue 32): tables
// of Unipoly (over SQLite, the lobby on a fake clock) with two humans and
// two bots, each human in one session at 80x24, every session of one
// terminal kind (256 colours) sharing a Theme and the sources, as the
// server's do. Each session is shown its
// seat's states of moves as the table's updates would show them, drawing
// a frame for each. What the tables and their states hold (the lobby's,
// shared) is on the heap before the sessions start and not counted.
// scan is the part of it the collector scans (the runtime's
// /gc/scan/heap:bytes: objects with pointers, up to their last pointer).
func playSessionHeap(t *testing.T, tables, moves int) (heap, scan float64) {
	svc := heapService(t)
	ctx := context.Background()
	type seat struct {
		acc    *lobby.Account
		table  int64
		states []lobby.GameState
	}
	var seats []*seat
	for i := range tables {
		ada, err := svc.SetHandle(ctx, fmt.Sprintf("SHA256:ada%d", i), fmt.Sprintf("ada%d", i))
		require.NoError(t, err)
		bob, err := svc.SetHandle(ctx, fmt.Sprintf("SHA256:bob%d", i), fmt.Sprintf("bob%d", i))
		require.NoError(t, err)
		tb, err := svc.CreateTable(ctx, ada, lobby.PublicLobbyID, unipoly.ID, 4, nil)
		require.NoError(t, err)
		_, err = svc.Sit(ctx, bob, tb.ID, -1)
		require.NoError(t, err)
		require.NoError(t, svc.SetReady(ctx, bob, tb.ID, true))
		for range 2 {
			require.NoError(t, svc.AddBot(ctx, ada, tb.ID))
		}
		require.NoError(t, svc.Start(ctx, ada, tb.ID))
		pair := []*seat{{acc: ada, table: tb.ID}, {acc: bob, table: tb.ID}}
		// Whoever of the two may act makes a hurried player's move; each
		// seat's state after every move is what its session is shown.
		for len(pair[0].states) < moves {
			acted := false
			for _, s := range pair {
				gs, err := svc.GameState(ctx, s.acc, tb.ID)
				require.NoError(t, err)
				require.False(t, gs.Outcome.Finished, "the game must be running")
				if a := pick(stayIn(gs.Legal)); a != nil && !acted {
					require.NoError(t, svc.Act(ctx, s.acc, tb.ID, gs.Version, a))
					acted = true
				}
			}
			require.True(t, acted, "no human may act")
			for _, s := range pair {
				gs, err := svc.GameState(ctx, s.acc, tb.ID)
				require.NoError(t, err)
				s.states = append(s.states, gs)
			}
		}
		seats = append(seats, pair...)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	th := tui.NewTheme(r, false, false) // the server shares one per terminal kind
	src := tui.NewSources(svc, svc)
	rs := opolytui.Renderers()
	draw := func(s *seat) *tui.Model {
		m := tui.New(tui.Options{API: svc, Results: svc, Sources: src, Theme: th, Renderers: rs,
			Fingerprint: s.acc.Fingerprint, Width: 80, Height: 24, OpenTable: s.table}).(*tui.Model)
		m.Update(m.Init()())
		tui.WakeForTest(m) // the table's first update, as the session's wake-up takes it
		// The states come as the table's updates, each newer than the one
		// on screen (read at the table's last move).
		v := tui.PlayVersionForTest(m)
		for _, gs := range s.states {
			v++
			gs.Version = v
			tui.SetGameForTest(m, gs)
			_ = m.ViewLines()
			// the key hints' list goes back to the process's lists (keyBufs)
			require.False(t, tui.KeepsKeysForTest(m), "a playing session keeps its list of keys between frames")
		}
		return m
	}
	// One session's frames first: the theme's first drawings (glyph
	// tables, styles) and the lobby's first reads are not the sessions'.
	first := draw(seats[0])
	var ms runtime.MemStats
	scanned := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
	ms2 := make([]*tui.Model, 0, len(seats))
	runtime.GC()
	runtime.ReadMemStats(&ms)
	metrics.Read(scanned)
	before, scanBefore := ms.HeapAlloc, scanned[0].Value.Uint64()
	for _, s := range seats[1:] {
		ms2 = append(ms2, draw(s))
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	metrics.Read(scanned)
	after, scanAfter := ms.HeapAlloc, scanned[0].Value.Uint64()
	runtime.KeepAlive(first)
	runtime.KeepAlive(ms2)
	runtime.KeepAlive(seats) // the states stay the lobby's
	n := float64(len(ms2))
	return (float64(after) - float64(before)) / n, (float64(scanAfter) - float64(scanBefore)) / n
}

// TestPlaySessionHeapStaysSmall: a session playing Unipoly at 80x24 keeps
// at most 21 KiB of heap in its model and its subscription (issue 32: at
// 4,000 players the collector's marking of the live heap made the slow
// seconds). It kept 34.2 KiB with each renderer's own styles, board grid,
// copies of the game state and render context, its first board's 16 KiB
// buffer, the action bar's whole list, the chat panel without messages,
// its own keys' list, the table screen's seats and the frame's buffers;
// 19.5 KiB without them (docs/decisions/
// 2026-11-play-session-heap.md). About 4 KiB of it is the lobby's
// subscription of the session.
func TestPlaySessionHeapStaysSmall(t *testing.T) {
	per, scan := playSessionHeap(t, 50, 16)
	t.Logf("a playing session keeps %.1f KiB of heap, %.1f KiB of it scanned by the collector", per/1024, scan/1024)
	require.LessOrEqual(t, per, 21.0*1024)
}

// heapService is benchService on a fake clock: no turn timer lapses
// while the sessions are measured, however slow the machine (a lapse
// moves the games on and queues updates for the sessions).
func heapService(t *testing.T) lobbytest.Backend {
	t.Helper()
	return unipolyService(t, lobbytest.NewFakeClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)))
}

// stayIn is legal without the moves that leave the game: both humans of
// the table play on.
func stayIn(legal []engine.Action) []engine.Action {
	var in []engine.Action
	for _, a := range legal {
		if k := a.Kind(); k != "resign" && k != "declare_bankruptcy" {
			in = append(in, a)
		}
	}
	return in
}
