package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

func (x *tg) botChoice(seat int) engine.Action {
	b := unipoly.Definition{}.NewBot(seat, 42)
	return b.Choose(x.g.View(seat), x.g.Legal(seat))
}

func TestBot_GamesEndAndStayLegal(t *testing.T) {
	def := unipoly.Definition{}
	finished := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, steps := playout(t, def, 2+int(seed%5), seed, nil)
		require.NoError(t, g.(engine.Checker).CheckInvariants())
		if g.Outcome().Finished {
			finished++
		}
		require.Less(t, steps, 100000)
	}
	require.Equal(t, 12, finished)
}

func TestBot_Deterministic(t *testing.T) {
	def := unipoly.Definition{}
	a, _ := playout(t, def, 4, 9, map[string]string{"endMode": "rounds:30"})
	b, _ := playout(t, def, 4, 9, map[string]string{"endMode": "rounds:30"})
	sa, _ := a.Snapshot()
	sb, _ := b.Snapshot()
	require.Equal(t, string(sa), string(sb))
}

func TestBot_BuysWithACashReserve(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.roll(0, 1, 2)
	require.Equal(t, opoly.Buy{}, x.botChoice(0))
	y := newTG(t, 2, 100, nil)
	y.roll(0, 1, 2)
	require.Equal(t, opoly.Decline{}, y.botChoice(0), "$60 would leave less than the reserve")
}

func TestBot_BuildsOnACompleteGroup(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector, cGreatHall)
	x.done()
	a := x.botChoice(0)
	require.IsType(t, opoly.Build{}, a)
	y := newTG(t, 2, 150, nil)
	y.e.Own(0, cRector, cGreatHall)
	y.done()
	require.Equal(t, opoly.Roll{}, y.botChoice(0), "no building into the reserve")
}

func TestBot_RaisesMoneyBeforeGoingBankrupt(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 100).Own(0, cBikeShed, cOldCanteen, cNorthGate).Level(1, cBikeShed, cOldCanteen).
		Own(1, cRector, cGreatHall).Level(1, cGreatHall, cRector)
	x.done()
	x.landOn(0, cGreatHall)
	require.Equal(t, opoly.PhaseDebt, x.phase())
	require.Equal(t, opoly.Mortgage{Cell: cNorthGate}, x.botChoice(0), "the loose property goes first")
	x.do(0, x.botChoice(0))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestBot_ProposesATradeThatCompletesAGroup(t *testing.T) {
	x := newTG(t, 2, 6000, nil)
	x.e.Own(0, cRector).Own(1, cGreatHall, cBikeShed, cOldCanteen)
	x.done()
	b := unipoly.Definition{}.NewBot(0, 42)
	var offers []int64
	for round := 1; round <= 3 && x.owner(cGreatHall) == 1; round++ {
		x.e.NewTurn(0, round)
		x.done()
		a, ok := b.Choose(x.g.View(0), x.g.Legal(0)).(opoly.ProposeTrade)
		require.True(t, ok, "round %d", round)
		require.Equal(t, 1, a.To)
		require.Equal(t, []int{cGreatHall}, a.Take)
		require.Greater(t, a.Money, int64(400))
		offers = append(offers, a.Money)
		x.do(0, a)
		x.do(1, x.botChoice(1))
	}
	// The first offer is below what the other bot takes; a raised one is
	// accepted.
	require.Equal(t, 0, x.owner(cGreatHall), "offers %v", offers)
	require.Greater(t, len(offers), 1)
	require.Less(t, offers[0], offers[len(offers)-1])
}

func TestBot_RejectsABadTrade(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector).Own(1, cGreatHall)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cGreatHall}, Money: 10})
	require.Equal(t, opoly.RejectTrade{}, x.botChoice(1))
}

func TestBot_PaysTheJailFeeEarly(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Jail(0, 0)
	x.done()
	require.Equal(t, opoly.PayJailFee{}, x.botChoice(0))
}

func TestBot_BidsWithinBounds(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(2, 30)
	x.done()
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	for seat := 0; seat < 3; seat++ {
		b, ok := x.botChoice(seat).(opoly.Bid)
		require.True(t, ok)
		require.GreaterOrEqual(t, b.Amount, int64(0))
		require.LessOrEqual(t, b.Amount, x.cash(seat))
		if seat == 0 {
			require.Greater(t, b.Amount, int64(30), "a rich bot bids towards the value")
		}
		x.do(seat, b)
	}
}
