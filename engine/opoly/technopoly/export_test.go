package technopoly_test

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestExportReplay: a saved game (.ubp) is the setup and the action log;
// replaying the log after a JSON round trip (what export and import do)
// rebuilds the very same game, mid-game and at the end, with every
// Technopoly action kind that the bots used.
func TestExportReplay(t *testing.T) {
	def := technopoly.Definition{}
	setup := engine.Setup{Seats: 4, Seed: 42, Options: map[string]string{"roundLimit": "40", "techNewsDeck": "on"}}
	g, err := def.New(setup)
	require.NoError(t, err)
	bots := make([]engine.Bot, setup.Seats)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(100+i))
	}
	var log []engine.LoggedAction
	kinds := map[string]bool{}
	for step := 0; step < 20000 && !g.Outcome().Finished; step++ {
		w := g.Prompt().Waiting[0].Seat
		a := bots[w].Choose(g.View(w), g.Legal(w))
		_, err := g.Apply(w, a)
		require.NoError(t, err)
		la, err := engine.Log(w, a)
		require.NoError(t, err)
		log = append(log, la)
		kinds[a.Kind()] = true
		if step == 150 {
			checkReplay(t, def, setup, log, g)
		}
	}
	require.True(t, g.Outcome().Finished)
	require.True(t, kinds["build"] && kinds["request_takeover"], "the log holds hiring and takeovers: %v", kinds)
	checkReplay(t, def, setup, log, g)
}

func checkReplay(t *testing.T, def engine.Definition, setup engine.Setup, log []engine.LoggedAction, g engine.Game) {
	t.Helper()
	b, err := json.Marshal(struct {
		Setup engine.Setup          `json:"setup"`
		Log   []engine.LoggedAction `json:"log"`
	}{setup, log})
	require.NoError(t, err)
	var file struct {
		Setup engine.Setup          `json:"setup"`
		Log   []engine.LoggedAction `json:"log"`
	}
	require.NoError(t, json.Unmarshal(b, &file))
	r, err := engine.Replay(def, file.Setup, file.Log)
	require.NoError(t, err)
	want, _ := g.Snapshot()
	got, _ := r.Snapshot()
	require.JSONEq(t, string(want), string(got))
	again, err := def.Restore(got)
	require.NoError(t, err)
	snap, _ := again.Snapshot()
	require.JSONEq(t, string(want), string(snap))
}
