package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// TestCanSettleAsLegalOffers checks Projectopoly's mixed payment's
// CanSettle (the rule asks it, in the middle of an action, before it makes
// a debtor bankrupt) against what it stands for, at every debt step of
// five-player bot games: whether the debtor's Legal list holds an offer of
// assets. Every other debt step with an offer, the test makes the first
// offer and its creditor refuses it, so that debts whose projects were
// offered alone before come up. It fails with CanSettle's early answer
// taken for every offerable project, offered alone before or not.
func TestCanSettleAsLegalOffers(t *testing.T) {
	def := projectopoly.Definition{}
	can, cannot, refused := 0, 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := def.New(engine.Setup{Seats: 5, Seed: seed})
		require.NoError(t, err)
		engine.SetQuiet(g, true)
		bots := make([]engine.Bot, 5)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*13+uint64(i))
		}
		for step := 0; step < 20000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			if p.Phase == opoly.PhaseDebt {
				offers := filterKinds(g.Legal(w), "offer_assets")
				require.Equal(t, len(offers) > 0, opoly.CanSettleOf(g), "seed %d step %d", seed, step)
				if len(offers) > 0 {
					can++
				} else {
					cannot++
				}
				// every other time, the first offer made and refused
				// here: a debt whose projects were offered alone before
				// (the bots seldom leave one)
				if len(offers) > 0 && step%2 == 0 {
					_, err := g.Apply(w, offers[0])
					require.NoError(t, err)
					if q := g.Prompt(); q.Phase == opoly.PhaseValue {
						cr := q.Waiting[0].Seat
						_, err := g.Apply(cr, filterKinds(g.Legal(cr), "refuse_assets")[0])
						require.NoError(t, err)
						refused++
					}
					continue
				}
			}
			_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
			require.NoError(t, err, "seed %d step %d", seed, step)
		}
	}
	require.Positive(t, can, "debts with offers")
	require.Positive(t, cannot, "debts without")
	require.Positive(t, refused, "offers refused")
}
