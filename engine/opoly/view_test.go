package opoly_test

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestView_HoldsNoHiddenState(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(1, cBikeShed).GiveCard(2, dP)
	x.done()
	v := x.v(engine.Spectator)
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	for _, secret := range []string{`"rng"`, `"decks":[{"order"`, `"hi"`, `"lo"`} {
		require.NotContains(t, string(raw), secret)
	}
	require.Equal(t, engine.Spectator, v.Viewer)
	require.Equal(t, []opoly.DeckView{{Name: "Unexpected", Size: 16}, {Name: "Probability", Size: 15}}, v.Decks)
	require.Equal(t, []int{cBikeShed}, v.Players[1].Props)
	require.Equal(t, []int{dP}, v.Players[2].JailCards)
	require.Equal(t, "Bike Shed Lane", v.Board.Cells[cBikeShed].Name)
	require.Equal(t, "$1,234,567", v.FormatMoney(1234567))
	require.Equal(t, "-$5", v.FormatMoney(-5))
	require.Equal(t, int64(200), v.Salary)
	require.Equal(t, int64(50), v.JailFee)
	require.Equal(t, cJail, v.JailPos)
	require.Equal(t, 5, v.MaxLevel)
	require.Equal(t, opoly.PhaseRoll, v.Phase)
}

func TestView_IsASnapshot(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	before := x.v(0)
	x.roll(0, 1, 2)
	x.do(0, opoly.Buy{})
	require.Equal(t, opoly.Bank, before.Cells[cOldCanteen].Owner, "an old view does not change")
	require.Equal(t, int64(1500), before.Players[0].Cash)
	require.Equal(t, 0, x.owner(cOldCanteen))
}
