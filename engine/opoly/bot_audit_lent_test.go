package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// auctionForTwo is TestAuditCountsOverbid's auction: seat 0 declined
// North Gate's neighbour, both seats may bid.
func auctionForTwo(t *testing.T) *tg {
	x := newTG(t, 2, 5000, nil)
	x.e.Own(1, cNorthGate, cEastGate, cSouthGate).Pos(0, cGoToJail)
	x.done()
	x.roll(0, 2, 3)
	x.do(0, opoly.Decline{})
	return x
}

// TestAuditReadsLentView: the auditor values a bid from the game's lent
// view (engine.PeekView), not from a snapshot built for every bid and
// request (most of what a sim allocated): judging a bid again at the same
// position allocates nothing.
func TestAuditReadsLentView(t *testing.T) {
	x := auctionForTwo(t)
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	bid := opoly.Bid{Amount: 650}
	per := testing.AllocsPerRun(10, func() { au.Before(x.g, 1, bid, true) })
	require.Zero(t, per, "allocations of judging a bid")
	require.Positive(t, au.Audit().Overbids, "the bid was judged")
}

// TestAuditMakesValuationsWhenNeeded: the auditor makes a seat's
// valuation (a bot's memory) when it first judges that seat, not one per
// possible seat when it is made: a game seats fewer than opoly.MaxSeats.
func TestAuditMakesValuationsWhenNeeded(t *testing.T) {
	x := auctionForTwo(t)
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	require.Zero(t, opoly.AuditValuations(au), "a new auditor")
	audited(x, au, 1, opoly.Bid{Amount: 650})
	require.Equal(t, 1, opoly.AuditValuations(au), "after judging seat 1's bid")
}
