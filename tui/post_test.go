package tui_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/tui"
)

// TestPostedSessionWaitsWithoutCommands: with Options.Post a session waits
// for its table's updates and for the countdown without a command (no
// goroutine parked per session): the subscription posts a message when an
// update is queued, and the countdown is a timer that posts its tick.
func TestPostedSessionWaitsWithoutCommands(t *testing.T) {
	ctx := context.Background()
	s := startGame(t, fiveGames()[0], 80, 24, false, 0)
	posted := make(chan tea.Msg, 64)
	m := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: s.ada.Fingerprint, Width: 80, Height: 24,
		NoColor: true, Renderers: allRenderers(), Post: func(msg tea.Msg) { posted <- msg },
		Now: func() time.Time { return s.now }})
	// Every command the model returns runs here at once; none may wait.
	var run func(cmd tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		done := make(chan tea.Msg, 1)
		go func() { done <- cmd() }()
		select {
		case msg := <-done:
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					run(c)
				}
				return
			}
			if fmt.Sprintf("%T", msg) == "tui.tickMsg" {
				t.Fatal("the countdown waited in a command")
			}
			if msg != nil {
				_, next := m.Update(msg)
				run(next)
			}
		case <-time.After(2 * time.Second):
			t.Fatal("a command waits: the session would keep a goroutine for it")
		}
	}
	run(m.Init())
	require.Contains(t, m.View(), "you are seat 1")

	// Bob's move reaches ada's session as a posted message.
	gs, err := s.svc.GameState(ctx, s.bob, s.tb.ID)
	require.NoError(t, err)
	who := s.bob
	if !gs.Prompt.Awaits(gs.Seat) {
		who = s.ada
		gs, err = s.svc.GameState(ctx, who, s.tb.ID)
		require.NoError(t, err)
	}
	before := m.View()
	require.NoError(t, s.svc.Act(ctx, who, s.tb.ID, gs.Version, tui.FirstOfKind(gs.Legal, "roll")))
	var changed bool
	for deadline := time.After(5 * time.Second); ; {
		select {
		case msg := <-posted:
			_, next := m.Update(msg)
			run(next)
			if m.View() != before {
				changed = true
			}
		case <-deadline:
			t.Fatal("no update was posted")
		}
		if changed {
			break
		}
	}
	require.NotEqual(t, before, m.View(), "the move is on screen")

	// The countdown's tick is posted by a timer, about a second later, and
	// the next one once that one is taken (in the last ten seconds, where
	// every viewer's countdown ticks each second: a bystander's steps by
	// five seconds before that).
	s.now = s.now.Add(52 * time.Second)
	for range 2 {
		select {
		case msg := <-posted:
			_, next := m.Update(msg)
			run(next)
		case <-time.After(3 * time.Second):
			t.Fatal("no tick posted")
		}
	}
}
