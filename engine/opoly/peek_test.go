package opoly_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
)

// TestPeekViewIsRewrittenAndViewIsKept shows the two kinds of view side
// by side: the lent one is the game's own value, rewritten by the next
// Apply to show the new state; the snapshot stays what it was.
func TestPeekViewIsRewrittenAndViewIsKept(t *testing.T) {
	def := unipoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: 3})
	require.NoError(t, err)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(i))
	}
	lent := engine.PeekView(g, 0).(*opoly.View)
	for step := 0; step < 60; step++ {
		w := g.Prompt().Waiting[0].Seat
		kept := g.View(w)
		keptJSON := encode(t, kept)
		require.Equal(t, keptJSON, encode(t, engine.PeekView(g, w)), "step %d: a lent view holds what View holds", step)
		_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w)))
		require.NoError(t, err)
		require.Equal(t, keptJSON, encode(t, kept), "step %d: the snapshot is kept", step)
		require.Same(t, lent, engine.PeekView(g, 0), "seat 0's lent view is always the same value")
		require.Equal(t, encode(t, g.View(0)), encode(t, lent), "step %d: the lent view shows the new state", step)
	}
}

// TestQuietEventsKeepTheirMoney plays the same actions on a plain and a
// quiet game: the quiet one's events have no sentences but the same money.
func TestQuietEventsKeepTheirMoney(t *testing.T) {
	def := unipoly.Definition{}
	plain, err := def.New(engine.Setup{Seats: 3, Seed: 5})
	require.NoError(t, err)
	quiet, err := def.New(engine.Setup{Seats: 3, Seed: 5})
	require.NoError(t, err)
	require.True(t, engine.SetQuiet(quiet, true))
	bots := []engine.Bot{def.NewBot(0, 1), def.NewBot(1, 2), def.NewBot(2, 3)}
	moneyEvents := 0
	for step := 0; step < 200 && !plain.Outcome().Finished; step++ {
		w := plain.Prompt().Waiting[0].Seat
		a := bots[w].Choose(plain.View(w), plain.Legal(w))
		pe, err := plain.Apply(w, a)
		require.NoError(t, err)
		qe, err := quiet.Apply(w, a)
		require.NoError(t, err)
		require.Len(t, qe, len(pe))
		for i := range pe {
			require.NotEmpty(t, pe[i].Text+pe[i].Redacted, "a plain event has a sentence")
			require.Empty(t, qe[i].Text+qe[i].Redacted)
			require.Equal(t, pe[i].Kind, qe[i].Kind)
			require.Equal(t, pe[i].Money, qe[i].Money)
			if len(pe[i].Money) > 0 {
				moneyEvents++
			}
		}
	}
	require.Greater(t, moneyEvents, 10, "money moved")
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
