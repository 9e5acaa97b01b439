package tui_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// TestReplayOfUnipolyUsesTheBoardRenderer plays a short Unipoly game
// between two players (moves chosen by the game's bot from each player's
// own view), recording a guest spectator's state after every action; then
// a session replays the game through profile, standings and replay, and at
// every step its game area is what the board renderer drew for the live
// spectator.
func TestReplayOfUnipolyUsesTheBoardRenderer(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc, _, ada, bob := unipolyLobby(t, at)
	tb := startUnipoly(t, svc, ada, bob, 2, 0)
	def := unipoly.Definition{}
	move := playerMove(t, svc, tb.ID, ada, bob)
	spectator := func() lobby.GameState {
		gs, err := svc.GameState(ctx, nil, tb.ID)
		require.NoError(t, err)
		return gs
	}
	live := []lobby.GameState{spectator()}
	for !live[len(live)-1].Outcome.Finished {
		require.Less(t, len(live), 5000, "the game ends after 10 rounds")
		require.True(t, move())
		live = append(live, spectator())
	}
	steps := len(live) - 1

	now := at
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		w, h := size[0], size[1]
		m := tui.New(tui.Options{API: svc, Results: svc, Fingerprint: ada.Fingerprint, Width: w, Height: h, Renderers: opolytui.Renderers(),
			Now: func() time.Time { return now }})
		m.Update(m.Init()())
		press := func(k tea.KeyMsg) {
			now = now.Add(50 * time.Millisecond)
			m.Update(k)
		}
		runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
		press(runes("p"))
		press(tea.KeyMsg{Type: tea.KeyTab})
		press(tea.KeyMsg{Type: tea.KeyEnter})
		require.Contains(t, ansi.Strip(m.View()), "Standings")
		press(runes("r"))

		gw, gh, _ := tui.ReplayLayout(w, h-3)
		th := tui.NewTheme(nil, false, false)
		for step := 0; step <= steps; step++ {
			if step > 0 {
				press(tea.KeyMsg{Type: tea.KeyRight})
			}
			if step%7 != 0 && step != steps {
				continue
			}
			frame := strings.Split(ansi.Strip(m.View()), "\n")
			require.Len(t, frame, h)
			require.Contains(t, frame[1], fmt.Sprintf("step %d/%d", step, steps))
			r := opolytui.New(tui.RenderContext{Theme: th, Info: def.Info(), Now: func() time.Time { return now }, Replay: true})
			r.SetState(live[step])
			want := strings.Split(ansi.Strip(tui.Block(r.View(gw, gh), gw, gh)), "\n")
			for i, l := range want {
				require.True(t, strings.HasPrefix(frame[3+i], l), "%dx%d step %d line %d:\n got %q\nwant %q", w, h, step, i, frame[3+i], l)
			}
		}
		end := ansi.Strip(m.View())
		require.Contains(t, end, "Game over.")
		require.Contains(t, end, "You are watching this", "the board renderer draws it for a spectator")
	}
}

// startUnipoly creates a Unipoly table of seats with a limit of 10
// rounds: ada hosts, bob sits and is ready, bots more seats are bots; and
// starts it.
func startUnipoly(t *testing.T, svc lobbytest.Backend, ada, bob *lobby.Account, seats, bots int) lobby.Table {
	t.Helper()
	ctx := context.Background()
	tb, err := svc.CreateTable(ctx, ada, lobby.PublicLobbyID, "unipoly", seats, map[string]string{"endMode": "rounds:10"})
	require.NoError(t, err)
	_, err = svc.Sit(ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, svc.SetReady(ctx, bob, tb.ID, true))
	for range bots {
		require.NoError(t, svc.AddBot(ctx, ada, tb.ID))
	}
	require.NoError(t, svc.Start(ctx, ada, tb.ID))
	return tb
}

// playerMove returns a step of the game for its players: the first of
// them the game awaits takes the one Unipoly's bot would choose from
// that player's own view (seat 0 and 1 bots of seeds 1 and 2). It reports
// whether a player acted (false: the game waits on a bot or is over).
func playerMove(t *testing.T, svc lobbytest.Backend, tableID int64, players ...*lobby.Account) func() bool {
	ctx := context.Background()
	def := unipoly.Definition{}
	bots := []engine.Bot{def.NewBot(0, 1), def.NewBot(1, 2)}
	return func() bool {
		t.Helper()
		for _, p := range players {
			gs, err := svc.GameState(ctx, p, tableID)
			require.NoError(t, err)
			if !gs.Prompt.Awaits(gs.Seat) { // a seat not awaited may only resign (C-8)
				continue
			}
			a := bots[gs.Seat].Choose(gs.View, gs.Legal)
			require.NotNil(t, a)
			require.NoError(t, svc.Act(ctx, p, tableID, gs.Version, a))
			return true
		}
		return false
	}
}

// unipolyLobby is a lobby over a fresh database with the real Unipoly, a
// fake clock standing at at, fixed game seeds, and two players, ada and bob.
func unipolyLobby(t *testing.T, at time.Time) (lobbytest.Backend, *lobbytest.FakeClock, *lobby.Account, *lobby.Account) {
	t.Helper()
	ctx := context.Background()
	reg, err := engine.NewRegistry(unipoly.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(at)
	svc, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = svc.Shutdown(ctx)
		_ = st.Close()
	})
	ada, err := svc.SetHandle(ctx, "SHA256:ada", "ada")
	require.NoError(t, err)
	bob, err := svc.SetHandle(ctx, "SHA256:bob", "bob")
	require.NoError(t, err)
	return lobbytest.NewBackend(svc, st, reg, clk), clk, ada, bob
}
