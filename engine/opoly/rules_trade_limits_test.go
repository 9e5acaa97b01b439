package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// template returns seat's listed template of kind (propose_trade to partner
// to, or counter_trade), or nil.
func (x *tg) template(seat int, kind string, to int) engine.Template {
	for _, a := range x.g.Legal(seat) {
		if a.Kind() != kind {
			continue
		}
		if p, ok := a.(opoly.ProposeTrade); ok && p.To != to {
			continue
		}
		if tp, ok := a.(engine.Template); ok {
			return tp
		}
	}
	return nil
}

func TestMF9_OnePendingProposalPerProposer(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen).Own(2, cArts)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 80})
	require.False(t, x.hasAction(0, "propose_trade"), "no second proposal while one is pending")
	x.refuse(0, opoly.ProposeTrade{To: 2, Take: []int{cArts}, Money: 80}, engine.CodeNotYourTurn)
	x.do(1, opoly.RejectTrade{})
	x.do(0, opoly.ProposeTrade{To: 2, Take: []int{cArts}, Money: 80})
}

func TestMF9_AtMostThreeProposalsPerTurn(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed)
	x.done()
	for i := 0; i < 3; i++ {
		x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: int64(i)})
		x.do(1, opoly.RejectTrade{})
	}
	require.False(t, x.hasAction(0, "propose_trade"))
	x.refuse(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: 10}, engine.CodeIllegal)
	x.roll(0, 4, 6)
	x.do(0, opoly.EndTurn{})
	x.roll(1, 4, 6)
	x.do(1, opoly.EndTurn{})
	require.True(t, x.hasAction(0, "propose_trade"), "the count starts again next turn")
}

func TestMF9_RejectedProposalNotMadeAgainUnchangedInTheSameTurn(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen).Own(2, cArts)
	x.done()
	offer := opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 100}
	x.do(0, offer)
	x.do(1, opoly.RejectTrade{})
	x.refuse(0, offer, engine.CodeIllegal)

	// The listed template for seat 1 no longer holds the rejected amount,
	// and every amount it does hold applies.
	tp := x.template(0, "propose_trade", 1)
	require.NotNil(t, tp)
	p := tp.Param()
	require.False(t, p.Min <= 100 && 100 <= p.Max, "template %d..%d holds the rejected $100", p.Min, p.Max)

	// Changed terms, or the same terms to another player, are fine.
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 120})
	x.do(1, opoly.RejectTrade{})
	x.do(0, opoly.ProposeTrade{To: 2, Take: []int{cArts}, Money: 100})
	x.do(2, opoly.RejectTrade{})

	// In the next turn of the same player the offer may be made again.
	x.roll(0, 4, 6)
	x.do(0, opoly.EndTurn{})
	for x.active() != 0 {
		x.roll(x.active(), 4, 6)
		x.do(x.active(), opoly.EndTurn{})
	}
	x.do(0, offer)
}

func TestMF9_CounterChainEndsAfterThreeExchangesWithAReject(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 50})
	x.do(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -120}) // 1st counter, to seat 0
	require.NotNil(t, x.template(0, "counter_trade", 0), "the proposer may counter a counter")
	x.do(0, opoly.CounterTrade{Take: []int{cOldCanteen}, Money: 80})   // 2nd, to seat 1
	x.do(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -100}) // 3rd, to seat 0
	require.Equal(t, []engine.Wait{{Seat: 0, Default: opoly.RejectTrade{}}}, x.g.Prompt().Waiting)
	require.False(t, x.hasAction(0, "counter_trade"), "the chain ends after 3 exchanges")
	x.refuse(0, opoly.CounterTrade{Take: []int{cOldCanteen}, Money: 90}, engine.CodeIllegal)
	x.do(0, opoly.RejectTrade{})
	require.Equal(t, opoly.PhaseRoll, x.phase())
	require.Equal(t, 1, x.owner(cOldCanteen))

	// Every offer of the chain was rejected: none may be made again this turn.
	x.refuse(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 50}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 80}, engine.CodeIllegal)
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 100})
	x.do(1, opoly.AcceptTrade{})
	require.Equal(t, 0, x.owner(cOldCanteen))
}

func TestMF9_ChainAcceptedAtTheLastCounter(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 50})
	x.do(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -120})
	x.do(0, opoly.CounterTrade{Take: []int{cOldCanteen}, Money: 80})
	// Seat 1 may not counter with the very terms seat 0 rejected.
	x.refuse(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -120}, engine.CodeIllegal)
	ct := x.template(1, "counter_trade", 0)
	require.NotNil(t, ct)
	p := ct.Param()
	require.False(t, p.Min <= -120 && -120 <= p.Max, "counter template %d..%d holds the rejected -$120", p.Min, p.Max)
	x.do(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -100})
	x.do(0, opoly.AcceptTrade{})
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, int64(1400), x.cash(0))
}

// TestMF9_ProposalsCountedInTheStrongBotsGame: the game the strong bot
// rebuilds from a View (FromView) counts the proposals made this turn,
// and the proposer's own rejected offers, as the real game does; another
// seat's View shows the count but not the rejected terms.
func TestMF9_ProposalsCountedInTheStrongBotsGame(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	offer := opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 100}
	x.do(0, offer)
	x.do(1, opoly.RejectTrade{})
	own := *engine.ViewOf[opoly.View](x.g.View(0))
	require.Equal(t, 1, own.Trades)
	require.Len(t, own.Rejected, 1)
	other := *engine.ViewOf[opoly.View](x.g.View(2))
	require.Equal(t, 1, other.Trades)
	require.Empty(t, other.Rejected, "seat 2 did not see the terms")
	g, err := unipoly.Definition{}.FromView(own, 3)
	require.NoError(t, err)
	_, err = g.Apply(0, offer)
	require.Error(t, err, "the rejected offer, unchanged, in the rebuilt game")

	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: 1})
	x.do(1, opoly.RejectTrade{})
	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: 2})
	x.do(1, opoly.RejectTrade{})
	require.False(t, x.hasAction(0, "propose_trade"))
	for viewer := range 3 {
		v := *engine.ViewOf[opoly.View](engine.PeekView(x.g, viewer))
		require.Equal(t, 3, v.Trades)
		g, err := unipoly.Definition{}.FromView(v, 3)
		require.NoError(t, err)
		for _, a := range g.Legal(0) {
			require.NotEqual(t, "propose_trade", a.Kind(), "three proposals made: rebuilt from seat %d's view", viewer)
		}
	}
}
