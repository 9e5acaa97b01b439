package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
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
	bots := make([]engine.Bot, setup.Seats)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(100+i))
	}
	kinds, err := enginetest.ExportReplay(def, setup, bots, 150)
	require.NoError(t, err)
	require.True(t, kinds["build"] && kinds["request_takeover"], "the log holds hiring and takeovers: %v", kinds)
}
