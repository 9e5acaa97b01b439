package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
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

// TestAuditMakesValuationsWhenNeeded: the auditor makes its valuation (a
// bot's memory) when it first judges a seat, not when it is made, and one
// for every seat (TestAuditOneValuationServesEverySeat).
func TestAuditMakesValuationsWhenNeeded(t *testing.T) {
	x := auctionForTwo(t)
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	require.Zero(t, opoly.AuditValuations(au), "a new auditor")
	audited(x, au, 1, opoly.Bid{Amount: 650})
	require.Equal(t, 1, opoly.AuditValuations(au), "after judging seat 1's bid")
}

// TestAuditOneValuationServesEverySeat: the auditor's one valuation, moved
// from seat to seat, gives every seat the reserve a fresh bot of that seat
// works out, whichever seat acts (the view read is the actor's): what it
// kept of one seat's reserve is not taken for another's.
func TestAuditOneValuationServesEverySeat(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			au := engine.NewAuditor(def, 4)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*5+uint64(i))
			}
			for step := 0; step < 3000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				for k := range 8 { // each seat twice, in changing order
					s := (step + k*3) % 4
					want := opoly.BotReserve((*engine.ViewOf[opoly.View](g.View(s))), s)
					require.Equal(t, want, opoly.AuditReserve(au, g, w, s), "%s seed %d step %d seat %d", def.Info().ID, seed, step, s)
				}
				_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
	}
}
