package tui_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// TestReplayHeaderAndStatusSayTheTrueWords (issue 25): the replay's header
// names the phase as the play screen does ("after the roll", not
// "post_roll"), its status line does not offer the arrows for inspecting
// the board while left/right step through the moves, and the help lists
// left/right only for stepping.
func TestReplayHeaderAndStatusSayTheTrueWords(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc, _, ada, bob := unipolyLobby(t, at)
	tb := startUnipoly(t, svc, ada, bob, 2, 0)
	move := playerMove(t, svc, tb.ID, ada, bob)
	postRoll := -1 // the first step at which the game waits after a roll
	for step := 0; ; step++ {
		gs, err := svc.GameState(ctx, nil, tb.ID)
		require.NoError(t, err)
		if gs.Outcome.Finished {
			break
		}
		if postRoll < 0 && gs.Prompt.Phase == opoly.PhasePostRoll {
			postRoll = step
		}
		require.Less(t, step, 5000, "the game ends after 10 rounds")
		require.True(t, move())
	}
	require.GreaterOrEqual(t, postRoll, 0, "the game waited after a roll")

	now := at
	m := tui.New(tui.Options{API: svc, Results: svc, Fingerprint: ada.Fingerprint, Width: 80, Height: 24, NoColor: true,
		Renderers: opolytui.Renderers(), Now: func() time.Time { return now }})
	m.Update(m.Init()())
	press := func(k tea.KeyMsg) {
		now = now.Add(50 * time.Millisecond)
		m.Update(k)
	}
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	press(runes("p"))
	press(tea.KeyMsg{Type: tea.KeyTab})
	press(tea.KeyMsg{Type: tea.KeyEnter})
	press(runes("r"))
	for range postRoll {
		press(tea.KeyMsg{Type: tea.KeyRight})
	}
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	require.Contains(t, lines[1], "step "+strconv.Itoa(postRoll)+"/", v)
	require.Contains(t, lines[2], "after the roll", "the header names the phase in the game's words:\n%s", v)
	require.NotContains(t, v, "post_roll")
	require.NotContains(t, v, "phase: post")
	require.NotContains(t, v, "Arrows inspect", "left/right step through the moves here")
	require.Contains(t, v, "up/down, h/l inspect the board")

	press(runes("?"))
	help := ansi.Strip(m.View())
	require.Contains(t, help, "left/p")
	require.Contains(t, help, "previous move")
	require.NotContains(t, help, "arrows/hjkl", "the arrows do not all inspect a cell in a replay")
	require.Contains(t, help, "up/down/h/j/k/l")
}
