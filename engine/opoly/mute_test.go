package opoly_test

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// TestMutedGameAppliesAsQuiet plays bot games of the three games on a
// quiet game and on a quiet and muted one (engine.SetMute) side by side,
// each action chosen on the first: after every action the two states
// (snapshots) and every seat's view are the same, and the muted game's
// Apply returns no events where the quiet one returns some. It fails with
// the muted game's events returned.
func TestMutedGameAppliesAsQuiet(t *testing.T) {
	for _, def := range propertyGames {
		for seed := uint64(1); seed <= 2; seed++ {
			setup := engine.Setup{Seats: 4, Seed: seed}
			quiet, err := def.New(setup)
			require.NoError(t, err)
			muted, err := def.New(setup)
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(quiet, true))
			require.True(t, engine.SetQuiet(muted, true))
			require.True(t, engine.SetMute(muted, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			told := 0
			for step := 0; step < 3000; step++ {
				p := quiet.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				a := engine.ChooseAction(bots[w], engine.PeekView(quiet, w), quiet, w)
				evq, err := quiet.Apply(w, a)
				require.NoError(t, err)
				evm, err := muted.Apply(w, a)
				require.NoError(t, err)
				require.Nil(t, evm, "%s seed %d step %d: a muted game's events", def.Info().ID, seed, step)
				told += len(evq)
				sq, err := quiet.Snapshot()
				require.NoError(t, err)
				sm, err := muted.Snapshot()
				require.NoError(t, err)
				require.Equal(t, string(sq), string(sm), "%s seed %d step %d", def.Info().ID, seed, step)
				for seat := engine.Spectator; seat < 4; seat++ {
					require.Equal(t, encode(t, engine.PeekView(quiet, seat)), encode(t, engine.PeekView(muted, seat)), "%s seed %d step %d seat %d", def.Info().ID, seed, step, seat)
				}
			}
			require.Positive(t, told, "%s seed %d: the quiet game told events", def.Info().ID, seed)
		}
	}
}
