package opoly_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"
)

// TestTableGamesKeepSmallBlocks: a game not told it is played through at
// once (a table's) carves its events and views from small blocks, and one
// told so (engine.SetBatch: a simulation) from blocks that grow; both play
// the same game, event for event and view for view, as a table reads them.
func TestTableGamesKeepSmallBlocks(t *testing.T) {
	const seed, steps = 5, 600
	def := unipoly.Definition{}
	setup := engine.Setup{Seats: 4, Seed: seed}
	table, err := def.New(setup)
	require.NoError(t, err)
	batch, err := def.New(setup)
	require.NoError(t, err)
	require.True(t, engine.SetBatch(batch, true))
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
	}
	played := 0
	for ; played < steps; played++ {
		p := table.Prompt()
		if len(p.Waiting) == 0 {
			break
		}
		w := p.Waiting[0].Seat
		a := bots[w].Choose(table.View(w), table.Legal(w))
		evT, err := table.Apply(w, a)
		require.NoError(t, err, "seed %d step %d", seed, played)
		evB, err := batch.Apply(w, a)
		require.NoError(t, err, "seed %d step %d", seed, played)
		require.Equal(t, jsonOf(t, evT), jsonOf(t, evB), "seed %d step %d: events", seed, played)
		require.Equal(t, jsonOf(t, table.View(w)), jsonOf(t, batch.View(w)), "seed %d step %d: view", seed, played)
	}
	require.Greater(t, played, 300, "seed %d: the game lasted long enough to fill blocks", seed)
	small, grown := opoly.BlockBytes(table), opoly.BlockBytes(batch)
	t.Logf("seed %d, %d steps: a table's game carves from %d bytes of blocks, a simulation's from %d", seed, played, small, grown)
	require.Less(t, small, 12<<10, "a table's blocks stay small")
	require.Greater(t, grown, 3*small, "a simulation's blocks grow")
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
