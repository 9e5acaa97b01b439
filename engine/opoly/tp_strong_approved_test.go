package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestStrongTechnopolyAsksOnlyWhatOwnersApprove: with SearchBudget.Approved
// the strong bot's takeover candidates are the requests the owner, as the
// standard bot, would approve: Sperrin Satellite from a rival who holds
// nothing else of Connectivity (the bot holds Lagan Fibre and Foyle
// Networks), not from a rival who holds Mourne 5G too (who denies it:
// asking plays out as not asking). Without it the bot lists the request
// in both positions, approved or not.
func TestStrongTechnopolyAsksOnlyWhatOwnersApprove(t *testing.T) {
	const tFoyle, tMourne = 15, 25
	def := technopoly.Definition{}
	approved, committed := opoly.TakeoverSearchBudget, opoly.TakeoverSearchBudget
	approved.Approved, committed.Approved = true, false
	ask := opoly.RequestTakeover{Cell: tSperrin}
	for _, c := range []struct {
		name    string
		mourne  int // who holds Mourne 5G
		approve bool
	}{{"lone", -1, true}, {"with Mourne 5G", 1, false}} {
		x := newTP(t, 3, 150000, nil)
		x.e.Own(0, tLagan, tFoyle).Own(1, tSperrin, tQuizForge, tTutorNest)
		if c.mourne != -1 {
			x.e.Own(c.mourne, tMourne)
		}
		x.done()
		v := *engine.ViewOf[opoly.View](x.g.View(0))
		got := opoly.Takeovers(def.NewSearchBot(0, 1, approved), v, x.g.Legal(0))
		if c.approve {
			require.Equal(t, []engine.Action{ask}, got, c.name)
		} else {
			require.Empty(t, got, c.name)
		}
		require.Contains(t, opoly.Takeovers(def.NewSearchBot(0, 1, committed), v, x.g.Legal(0)), engine.Action(ask), c.name)
	}
}
