package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// playRecorded plays a three-player game through the API and returns what
// a guest spectator's state was before the first and after every action.
func playRecorded(t *testing.T, e *resultsEnv, players []*lobby.Account) (int64, []lobby.GameState) {
	t.Helper()
	id := e.table(players, 0)
	require.NoError(t, e.svc.Start(e.ctx, players[0], id))
	spectator := func() lobby.GameState {
		st, err := e.svc.GameState(e.ctx, nil, id)
		require.NoError(t, err)
		return st
	}
	live := []lobby.GameState{spectator()}
	for step := 0; !live[len(live)-1].Outcome.Finished; step++ {
		require.Less(t, step, 100)
		acted := false
		for i, p := range players {
			ps, err := e.svc.GameState(e.ctx, p, id)
			require.NoError(t, err)
			if len(ps.Legal) == 0 {
				continue
			}
			var a engine.Action = testgame.Add{N: 1 + int64(step%2)}
			if ps.Legal[0].Kind() == "bid" {
				a = testgame.Bid{Amount: int64(i)}
			}
			require.NoError(t, e.svc.Act(e.ctx, p, id, ps.Version, a))
			acted = true
			break
		}
		require.True(t, acted)
		live = append(live, spectator())
	}
	return id, live
}

// requireReplayShows checks that the replay page draws, at its current
// step, what the game's renderer drew for the live spectator then.
func requireReplayShows(t *testing.T, h *harness, live []lobby.GameState, step int) {
	t.Helper()
	p, ok := h.m.topPage().(*replayPage)
	require.True(t, ok)
	require.Equal(t, step, p.f.Step)
	w, bodyH := h.m.w, h.m.h-3
	gw, gh, _ := replayLayout(w, bodyH)
	r := h.m.rendererFor(RenderContext{Theme: h.m.th, Info: testgame.Definition{}.Info(), Now: h.m.now})
	r.SetState(live[step])
	want := strings.Split(ansi.Strip(Block(r.View(gw, gh), gw, gh)), "\n")
	v := exactView(t, h)
	lines := strings.Split(v, "\n")
	for i, l := range want {
		require.True(t, strings.HasPrefix(lines[3+i], l), "step %d line %d:\n got %q\nwant %q", step, i, lines[3+i], l)
	}
	require.Contains(t, v, fmt.Sprintf("step %d/%d", step, len(live)-1))
	require.Contains(t, v, fmt.Sprintf("round %d", live[step].Table.Round))
	logs := live[step].Log.All()
	require.Contains(t, v, logs[len(logs)-1].Text, "the newest log line of the step")
}

func TestReplayShowsWhatTheSpectatorSawLive(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")
	id, live := playRecorded(t, e, []*lobby.Account{ada, bob, cat})
	steps := len(live) - 1
	require.Greater(t, live[steps].Table.Round, 2, "the game lasted a few rounds")

	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := e.session(bob, size[0], size[1])
		h.m.openReplay(id)
		for step := 0; step <= steps; step++ {
			if step > 0 {
				h.key([]string{"right", "n"}[step%2])
			}
			requireReplayShows(t, h, live, step)
		}
		assert.Contains(t, h.view(), "Game over. ", "the last step says how it ended")
		h.key("right")
		requireReplayShows(t, h, live, steps)
		h.key("left")
		requireReplayShows(t, h, live, steps-1)
		h.key("p")
		requireReplayShows(t, h, live, steps-2)
		h.key("home")
		requireReplayShows(t, h, live, 0)
		h.key("pgdown")
		requireReplayShows(t, h, live, min(replayFastStep, steps))
		h.key("end")
		requireReplayShows(t, h, live, steps)

		// Typing a round number jumps to the start of that round.
		round3 := -1
		for s, st := range live {
			if round3 < 0 && st.Table.Round >= 3 {
				round3 = s
			}
		}
		h.key("3")
		assert.True(t, h.m.typing())
		assert.Contains(t, h.view(), "Go to round: ")
		h.key("enter")
		assert.False(t, h.m.typing())
		requireReplayShows(t, h, live, round3)
		h.keys("9", "9", "enter")
		assert.Contains(t, exactView(t, h), "The game ended in round")
		requireReplayShows(t, h, live, round3)

		// Keys the replay does not use reach the renderer, which has
		// nothing to play.
		h.key("enter")
		requireReplayShows(t, h, live, round3)
		h.key("esc")
		assert.Nil(t, h.m.topPage())
	}

	// A game in progress has no replay.
	running := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, running))
	h := e.session(ada, 80, 24)
	h.m.openReplay(running)
	assert.Nil(t, h.m.topPage())
	assert.True(t, h.m.statusErr)
}
