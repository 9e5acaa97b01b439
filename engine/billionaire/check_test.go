package billionaire

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// midGame is a 3-seat game with Labs, items, queues and payments, whose
// invariants hold; each test below breaks one.
func midGame(t *testing.T) *Game {
	g := newGame(t, 3, 70)
	g.s.Round = 3
	giveLab(g, 0, loc(t, "Shanghai"), 1)
	giveLab(g, 1, loc(t, "Berlin"), 2)
	fill(g, 0, 0, findItem(t, "S-PJ-LO-23"), 4, loc(t, "Shanghai"))
	g.s.Players[0].Queue = []int{take(g, findItem(t, "S-PJ-LO-01"))}
	finishProduct(t, g, "S-PD-LO-01")
	g.s.Players[1].Finished = []int{take(g, findItem(t, "S-PJ-LO-02"))}
	require.NoError(t, g.CheckInvariants())
	return g
}

func TestInvariantCardsConserved(t *testing.T) {
	g := midGame(t)
	g.s.Stacks[Small] = g.s.Stacks[Small][1:] // a card vanishes
	require.ErrorIs(t, g.CheckInvariants(), ErrCardsNotConserved)
	g = midGame(t)
	g.s.Players[2].Queue = []int{g.s.Players[0].Queue[0]} // a card in two places
	require.ErrorIs(t, g.CheckInvariants(), ErrCardsNotConserved)
	g = midGame(t)
	g.s.Stacks[Small][0], g.s.Stacks[Large][0] = g.s.Stacks[Large][0], g.s.Stacks[Small][0]
	require.ErrorIs(t, g.CheckInvariants(), ErrCardsNotConserved)
}

func TestInvariantLabsPerLocation(t *testing.T) {
	g := midGame(t)
	giveLab(g, 2, loc(t, "Shanghai"), 1) // two Labs on one location
	require.ErrorIs(t, g.CheckInvariants(), ErrLabs)
	g = midGame(t)
	for _, n := range []string{"Manila", "Sydney", "Lagos"} {
		giveLab(g, 0, loc(t, n), 1) // four Labs
	}
	require.ErrorIs(t, g.CheckInvariants(), ErrLabs)
	g = midGame(t)
	g.s.Players[1].Labs[0].Bought = 9 // bought in the future
	require.ErrorIs(t, g.CheckInvariants(), ErrLabs)
}

func TestInvariantContainers(t *testing.T) {
	g := midGame(t)
	g.s.Players[0].Containers = append(g.s.Players[0].Containers, Container{Item: -1, Loc: OffMap})
	require.ErrorIs(t, g.CheckInvariants(), ErrContainers)
	g = midGame(t)
	g.s.Players[0].Containers[0].Loc = loc(t, "Berlin") // someone else's Lab
	require.ErrorIs(t, g.CheckInvariants(), ErrContainers)
	g = midGame(t)
	g.s.Players[0].Containers[0].Rings = 20 // finished (20 md) but still there
	require.ErrorIs(t, g.CheckInvariants(), ErrContainers)
}

func TestInvariantQueue(t *testing.T) {
	g := midGame(t)
	for _, c := range []string{"S-PJ-LO-03", "S-PJ-LO-04", "S-PJ-LO-05", "S-PJ-LO-06", "S-PJ-LO-07"} {
		g.s.Players[0].Queue = append(g.s.Players[0].Queue, take(g, findItem(t, c)))
	}
	require.ErrorIs(t, g.CheckInvariants(), ErrQueue)
	g = midGame(t)
	g.s.Players[1].Queue = []int{take(g, findItem(t, "S-PJ-LO-08"))} // a free container waits
	require.ErrorIs(t, g.CheckInvariants(), ErrQueue)
}

func TestInvariantMoneyFlows(t *testing.T) {
	g := midGame(t)
	g.s.Players[1].Capital += 5 // money from nowhere
	require.ErrorIs(t, g.CheckInvariants(), ErrMoney)
	g = midGame(t)
	setCapital(g, 2, 0)
	g.s.Players[2].Capital, g.s.Players[2].Ledger.Upkeep = -1, -51
	require.ErrorIs(t, g.CheckInvariants(), ErrMoney)
	g = midGame(t)
	g.s.Players[2].Ledger.Fees, g.s.Players[2].Ledger.Projects = 4, -4 // a fee received
	require.ErrorIs(t, g.CheckInvariants(), ErrMoney)
}

func TestInvariantSelection(t *testing.T) {
	g := midGame(t)
	g.s.Players[0].Hand[CardAcquire], g.s.Players[0].Played[CardAcquire] = 2, 2 // 4 of 3 copies
	g.s.Players[0].Chosen, g.s.Players[0].Limit = true, 4
	require.ErrorIs(t, g.CheckInvariants(), ErrSelection)
	g = midGame(t)
	g.s.Players[0].Hand[CardWork], g.s.Players[0].Chosen, g.s.Players[0].Limit = 3, true, 2
	require.ErrorIs(t, g.CheckInvariants(), ErrSelection)
	g = midGame(t)
	g.s.Players[2].Hand[CardWork] = 1 // cards without a selection
	require.ErrorIs(t, g.CheckInvariants(), ErrSelection)
}

func TestInvariantPayments(t *testing.T) {
	g := midGame(t)
	g.s.Players[0].PPL[0].Left = 4 // a small product pays 3 times
	require.ErrorIs(t, g.CheckInvariants(), ErrPayments)
	g = midGame(t)
	g.s.Players[0].PPL[0].Payment = 13
	require.ErrorIs(t, g.CheckInvariants(), ErrPayments)
	g = midGame(t)
	g.s.Players[1].Finished = append(g.s.Players[1].Finished, take(g, findItem(t, "S-PD-LO-02")))
	require.ErrorIs(t, g.CheckInvariants(), ErrPayments)
}

func TestInvariantTurn(t *testing.T) {
	g := midGame(t)
	g.s.Order = []int{0, 0, 1}
	require.ErrorIs(t, g.CheckInvariants(), ErrTurn)
	g = midGame(t)
	g.s.Order = []int{0, 1}
	require.ErrorIs(t, g.CheckInvariants(), ErrTurn)
	g = midGame(t)
	g.s.Phase, g.s.Turn = PhaseDecide, 0 // deciding with nothing drawn
	require.ErrorIs(t, g.CheckInvariants(), ErrTurn)
}
