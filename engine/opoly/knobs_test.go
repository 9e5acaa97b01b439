package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// variant starts a game of a Unipoly-based ruleset changed by edit, with a
// clean board as newTG does.
func variant(t *testing.T, seats int, cash int64, edit func(rs *opoly.Ruleset)) *tg {
	t.Helper()
	rs := *unipoly.Rules()
	rs.ID = "variant"
	edit(&rs)
	require.NoError(t, rs.Validate())
	g, err := opoly.NewDefinition(&rs).New(engine.Setup{Seats: seats, Seed: 7})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(cash).Turn(0)
	x.done()
	return x
}

func TestKnob_ThirdDoubleTax(t *testing.T) {
	x := variant(t, 2, 1500, func(rs *opoly.Ruleset) {
		rs.Jail.ThirdDouble, rs.Jail.ThirdDoubleTax = opoly.ThirdDoubleTax, 100
	})
	x.ownAll(0)
	x.e.Pos(0, cWiFi)
	x.done()
	x.roll(0, 1, 1)
	x.roll(0, 2, 2)
	x.roll(0, 3, 3) // moves, pays, and the turn then ends without a 4th roll
	p := x.v(0).Players[0]
	require.False(t, p.InJail)
	require.Equal(t, cUnion+6, p.Position)
	require.Equal(t, int64(1400), p.Cash)
	require.False(t, x.v(0).MustRoll)
	require.True(t, x.hasAction(0, "end_turn"))
}

func TestKnob_NoAuctionNoMortgageNoTrades(t *testing.T) {
	x := variant(t, 2, 1500, func(rs *opoly.Ruleset) {
		rs.Auction.OnDecline, rs.Mortgage.Allowed, rs.Trade.Allowed = false, false, false
	})
	x.e.Own(0, cBikeShed)
	x.done()
	require.False(t, x.hasAction(0, "mortgage"))
	require.False(t, x.hasAction(0, "propose_trade"))
	x.refuse(0, opoly.Mortgage{Cell: cBikeShed}, engine.CodeIllegal)
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	require.Equal(t, opoly.PhasePostRoll, x.phase(), "a declined property stays unowned")
	require.Equal(t, opoly.Bank, x.owner(cOldCanteen))
}

func TestKnob_FirstBankruptcyEndsTheGame(t *testing.T) {
	x := variant(t, 3, 1500, func(rs *opoly.Ruleset) {
		rs.End.FirstBankruptcy, rs.Debt.Liquidation = true, false
		rs.HoldingValue = func(c *opoly.Cell, mortgaged bool, level int) int64 { return c.Price }
	})
	x.e.Cash(0, 100).Own(0, cBikeShed).Own(1, cRector, cGreatHall).Own(2, cNorthGate)
	x.done()
	x.landOn(0, cGreatHall) // $100 rent, exactly the cash: paid
	require.False(t, x.g.Outcome().Finished)
	x.do(0, opoly.EndTurn{})
	x.e.Turn(0).Cash(0, 50)
	x.done()
	x.landOn(0, cGreatHall) // short, no liquidation: bankrupt, game over
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, int64(1500+100+50+750), out.Results[1].Score, "score by the HoldingValue hook (printed prices)")
	require.Equal(t, 2, out.Results[2].Placement)
	require.Equal(t, 3, out.Results[0].Placement)
}
