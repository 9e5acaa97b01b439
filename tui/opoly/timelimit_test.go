package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
)

func TestTimeLimitShownThenLastRound(t *testing.T) {
	f := newFixture(t, 3, 5, 0, false)
	require.NotContains(t, f.Plain(largeW, largeH), "time limit")
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: 3, Seed: 5, Options: map[string]string{"endMode": "minutes:30"}})
	require.NoError(t, err)
	f.G = g
	f.Refresh()
	for _, size := range [][2]int{{largeW, largeH}, {smallW, smallH}} {
		out := f.Plain(size[0], size[1])
		require.Contains(t, out, "time limit 30 min", "%dx%d", size[0], size[1])
		require.NotContains(t, out, "last round")
	}
	f.Apply(engine.Table, opoly.TimeUp{})
	for _, size := range [][2]int{{largeW, largeH}, {smallW, smallH}} {
		out := f.Plain(size[0], size[1])
		require.Contains(t, out, "last round", "%dx%d", size[0], size[1])
		require.NotContains(t, out, "time limit 30 min")
	}
}
