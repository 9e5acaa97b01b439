package tui_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/tui"
	opolytui "boardroom/tui/opoly/games"
)

// TestGameOverListsEveryPlayer plays a four-seat Unipoly game (two
// players, two bots) to its round limit and reads the game-over screen: at
// 80x24 the result lists all four with the whole reason and no cut list of
// players under it; at 160x50 the final board is drawn as well.
func TestGameOverListsEveryPlayer(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc, clk, ada, bob := unipolyLobby(t, at)
	tb := startUnipoly(t, svc, ada, bob, 4, 2)
	move := playerMove(t, svc, tb.ID, ada, bob)
	finished := false
	for range 20000 {
		gs, err := svc.GameState(ctx, nil, tb.ID)
		require.NoError(t, err)
		if finished = gs.Outcome.Finished; finished {
			break
		}
		if !move() {
			clk.Advance(5 * time.Second) // the bots' turn
		}
	}
	require.True(t, finished, "the game ends at its round limit")
	res, err := svc.Results(ctx, ada, tb.ID)
	require.NoError(t, err)
	require.Len(t, res.Seats, 4)

	view := func(w, h int) string {
		m := tui.New(tui.Options{API: svc, Results: svc, Fingerprint: ada.Fingerprint, Width: w, Height: h, Now: func() time.Time { return at },
			Renderers: opolytui.Renderers()})
		m.Update(m.Init()())
		require.NoError(t, tui.OpenTableForTest(m.(*tui.Model), tb.ID))
		v := ansi.Strip(m.View())
		lines := strings.Split(v, "\n")
		require.Len(t, lines, h)
		for i, l := range lines {
			require.Equal(t, w, ansi.StringWidth(l), "line %d: %q", i, l)
		}
		return v
	}
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		v := view(size[0], size[1])
		t.Logf("%dx%d:\n%s", size[0], size[1], v)
		for _, s := range res.Seats {
			assert.Regexp(t, ordinalRe(s.Placement)+`\s+`+regexp.QuoteMeta(s.Handle), v, "%dx%d lists %s", size[0], size[1], s.Handle)
		}
		assert.Contains(t, strings.Join(strings.Fields(v), " "), "the highest capital wins.", "the reason is whole")
	}
	small := view(80, 24)
	assert.Contains(t, strings.Join(strings.Fields(small), " "), "Every player is listed above. F shows the game's final screen")
	assert.NotContains(t, small, "(bot…", "no cut players pane under the result")
	assert.Contains(t, view(160, 50), "Players", "a large terminal draws the final board")
}

func ordinalRe(n int) string {
	return map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[n]
}
