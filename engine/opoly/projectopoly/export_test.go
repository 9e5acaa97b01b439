package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// TestExportReplay: a saved game (.ubp) is the setup and the action log;
// replaying the log after a JSON round trip (what export and import do)
// rebuilds the very same game, mid-game and at the end, with every
// Projectopoly action kind that the bots used.
func TestExportReplay(t *testing.T) {
	def := projectopoly.Definition{}
	setup := engine.Setup{Seats: 5, Seed: 42, Options: map[string]string{"endMode": "rounds:30"}}
	bots := make([]engine.Bot, setup.Seats)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(100+i))
	}
	kinds, err := enginetest.ExportReplay(def, setup, bots, 150)
	require.NoError(t, err)
	require.True(t, kinds["build"] && kinds["bid"], "the log holds staffing and bids: %v", kinds)
}
