package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// TestG003_03_RevenueOptionScalesEveryRevenueAndFee: the table option
// "revenue" is the chapter's remedy ("scale every revenue (and fee) by one
// factor"). As printed by default; at 105 every revenue is 5% higher,
// rounded as the printed table rounds (a multiple of 3 for small products,
// of 5 otherwise, so products still split evenly into their payments),
// and every fee is 20% of it, rounded up.
func TestG003_03_RevenueOptionScalesEveryRevenueAndFee(t *testing.T) {
	plain := newGame(t, 2, 1)
	g, err := Definition{}.New(engine.Setup{Seats: 2, Seed: 1, Options: map[string]string{OptRevenue: "105"}})
	require.NoError(t, err)
	raised := g.(*Game)
	higher := 0
	for id := 0; id < NumItems; id++ {
		printed, it := item(id), raised.s.item(id)
		require.Equal(t, printed, plain.s.item(id), "%s: the default is the printed table", printed.Code)
		unit := int64(5)
		if it.Stack == Small && it.Product {
			unit = 3
		}
		require.Zero(t, it.Revenue%unit, it.Code)
		require.LessOrEqual(t, absDiff(it.Revenue*100, printed.Revenue*105), unit*100/2, "%s: %d for %d printed", it.Code, it.Revenue, printed.Revenue)
		require.Equal(t, (it.Revenue+4)/5, it.Fee, it.Code)
		require.Zero(t, it.Revenue%int64(it.Payments), it.Code)
		require.Equal(t, printed.Duration, it.Duration)
		if it.Revenue > printed.Revenue {
			higher++
		}
	}
	require.Greater(t, higher, NumItems/2)

	// A finished project pays the raised revenue, and the view shows it.
	id := findItem(t, "L-PJ-LO-05") // 150 md, 390 printed
	raised.s.Players[0].Finished = []int{take(raised, id)}
	before := raised.s.Players[0].Capital
	raised.postRound(&events{})
	require.EqualValues(t, 410, raised.s.Players[0].Capital-before, "390 × 1.05 = 409.5, to 410")
	require.Equal(t, 105, raised.View(0).(View).Revenue)
	_, err = Definition{}.New(engine.Setup{Seats: 2, Seed: 1, Options: map[string]string{OptRevenue: "150"}})
	require.Error(t, err, "only the listed factors")
}

func absDiff(a, b int64) int64 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestFromViewKeepsTheRevenueOption: the strong bot's samples play with
// the table's revenues, so they show the viewer the same View.
func TestFromViewKeepsTheRevenueOption(t *testing.T) {
	g0, err := Definition{}.New(engine.Setup{Seats: 3, Seed: 4, Options: map[string]string{OptRevenue: "105"}})
	require.NoError(t, err)
	g := g0.(*Game)
	bots := []engine.Bot{Definition{}.NewBot(0, 1), Definition{}.NewBot(1, 2), Definition{}.NewBot(2, 3)}
	for step := 0; step < 400 && !g.Outcome().Finished; step++ {
		w := g.Prompt().Waiting[0].Seat
		v := g.View(w)
		if s, err := (Definition{}).FromView(v, uint64(step)); err == nil {
			require.Equal(t, viewJSON(t, v), viewJSON(t, s.View(w)), "step %d", step)
		}
		_, err := g.Apply(w, bots[w].Choose(v, g.Legal(w)))
		require.NoError(t, err)
	}
}
