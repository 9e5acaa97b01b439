package tui_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// benchService is the lobby over SQLite with Unipoly; bots move at once.
func benchService(b testing.TB) lobbytest.Backend { return unipolyService(b, nil) }

// unipolyService is a lobby of Unipoly over SQLite in tb's temporary
// directory, its games seeded (the same games every run: allocations
// compare exactly), on clk (nil: the real clock).
func unipolyService(tb testing.TB, clk lobby.Clock) lobbytest.Backend {
	tb.Helper()
	ctx := context.Background()
	reg, err := engine.NewRegistry(unipoly.Definition{})
	if err != nil {
		tb.Fatal(err)
	}
	st, err := db.Open(ctx, filepath.Join(tb.TempDir(), "boardroom.db"), nil)
	if err != nil {
		tb.Fatal(err)
	}
	svc, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(tb)}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		_ = svc.Shutdown(ctx)
		_ = st.Close()
	})
	return lobbytest.NewBackend(svc, st, reg, clk)
}

// session starts a model for acc's key and runs its account lookup.
func session(b *testing.B, svc lobbytest.Backend, fp string, w, h int, table int64) tea.Model {
	b.Helper()
	m := tui.New(tui.Options{API: svc, Results: svc, Fingerprint: fp, Width: w, Height: h, OpenTable: table,
		Renderers: map[string]tui.RendererFactory{unipoly.ID: opolytui.New}})
	m.Update(m.Init()())
	return m
}

// BenchmarkLobbyView draws the public lobby with 20 forming tables.
func BenchmarkLobbyView(b *testing.B) {
	svc := benchService(b)
	ctx := context.Background()
	for i := range 20 {
		acc, err := svc.SetHandle(ctx, fmt.Sprintf("SHA256:host%d", i), fmt.Sprintf("host%d", i))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.CreateTable(ctx, acc, lobby.PublicLobbyID, unipoly.ID, 4, nil); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := svc.SetHandle(ctx, "SHA256:viewer", "viewer"); err != nil {
		b.Fatal(err)
	}
	m := session(b, svc, "SHA256:viewer", 80, 24, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_ = m.View()
	}
}

// BenchmarkPlayView draws the play screen of a running Unipoly game with
// a full log (a player and three bots, 40 of the player's moves in, the
// last 16 kept as states for "update": with 150 the game could be over,
// and the result screen was measured instead).
func BenchmarkPlayView(b *testing.B) {
	svc := benchService(b)
	ctx := context.Background()
	acc, err := svc.SetHandle(ctx, "SHA256:ada", "ada")
	if err != nil {
		b.Fatal(err)
	}
	t, err := svc.CreateTable(ctx, acc, lobby.PublicLobbyID, unipoly.ID, 4, nil)
	if err != nil {
		b.Fatal(err)
	}
	for range 3 {
		if err := svc.AddBot(ctx, acc, t.ID); err != nil {
			b.Fatal(err)
		}
	}
	if err := svc.Start(ctx, acc, t.ID); err != nil {
		b.Fatal(err)
	}
	for moves := 0; moves < 24; {
		gs, err := svc.GameState(ctx, acc, t.ID)
		if err != nil {
			b.Fatal(err)
		}
		if gs.Outcome.Finished {
			break
		}
		a := pick(gs.Legal)
		if a == nil {
			b.Fatalf("no move for the player: %+v", gs.Prompt)
		}
		if err := svc.Act(ctx, acc, t.ID, gs.Version, a); err != nil {
			b.Fatal(err)
		}
		moves++
	}
	// the states of the player's next moves, for the frames drawn after
	// an update (taken in turn: the log and the board move on as in play,
	// and once every len(states) frames they go back to the first)
	states := make([]lobby.GameState, 17)
	for i := range states {
		gs, err := svc.GameState(ctx, acc, t.ID)
		if err != nil || gs.Outcome.Finished {
			b.Fatalf("the game must be running: %v %+v", err, gs.Outcome)
		}
		states[i] = gs
		if i < len(states)-1 {
			if err := svc.Act(ctx, acc, t.ID, gs.Version, pick(gs.Legal)); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 50}} {
		b.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(b *testing.B) {
			// whole: the frame drawn whole (after an update, the board's
			// and the panels' drawings kept); update: a new state, then
			// the frame drawn whole; tick: ViewLines after countdown
			// ticks alone (tickframe.go); tickline: the one line a
			// session's screen writes for a tick.
			m := session(b, svc, "SHA256:ada", size.w, size.h, t.ID)
			b.Run("whole", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					_ = tui.WholeLinesForTest(m.(*tui.Model))
				}
			})
			b.Run("update", func(b *testing.B) {
				// a new state, then the frame drawn whole: what each
				// seat of a table pays per move
				v := states[len(states)-1].Version
				b.ReportAllocs()
				for i := range b.N {
					gs := states[i%len(states)]
					v++
					gs.Version = v
					tui.SetGameForTest(m.(*tui.Model), gs)
					_ = tui.WholeLinesForTest(m.(*tui.Model))
					// the states come round again every 17 frames: on a
					// server the theme's rows are others' by then
					tui.ForgetSharedRowsForTest(tui.ThemeOfForTest(m.(*tui.Model)))
				}
			})
			b.Run("tick", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					_ = m.(*tui.Model).ViewLines()
				}
			})
			b.Run("tickline", func(b *testing.B) {
				m.View()
				b.ReportAllocs()
				for range b.N {
					if _, _, ok := m.(*tui.Model).TickLine(); !ok {
						b.Fatal("no tick line")
					}
				}
			})
		})
	}
}

// pick chooses a plain move the way a hurried player does.
func pick(legal []engine.Action) engine.Action {
	for _, kind := range []string{"roll", "buy", "end_turn", "reject_trade", "pay_jail_fee", "decline"} {
		for _, a := range legal {
			if a.Kind() == kind {
				return a
			}
		}
	}
	for _, a := range legal {
		if tm, ok := a.(engine.Template); ok {
			return tm.With(tm.Param().Min)
		}
	}
	if len(legal) > 0 {
		return legal[0]
	}
	return nil
}
