package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestStrongUnipolyOffersWhatAStandardBotAccepts (issue 27): with
// SearchBudget.Accepted the strong bot also searches offers its own
// proposals (for the streets that complete its groups) do not make, here
// South Dorm of the group whose third street the bank still holds (both
// dorms in one hand make an open group; apart, neither is worth more than
// its rent). Each is one the standard bot addressed accepts, at no loss to
// the strong bot by its own valuation or of its reserve: the auditor
// counts nothing when it is made and accepted.
func TestStrongUnipolyOffersWhatAStandardBotAccepts(t *testing.T) {
	scene := func() *tg {
		x := newTG(t, 4, 1500, nil)
		x.e.Own(0, cNorthDorm).Own(1, cSouthDorm).Own(2, cArts).Own(3, cLaw)
		x.done()
		return x
	}
	x := scene()
	b := opoly.DefaultSearchBudget
	b.Accepted = 2
	strong := unipoly.Definition{}.NewSearchBot(0, 5, b)
	require.Empty(t, opoly.Proposals(strong, x.v(0), x.g.Legal(0)), "no group of seat 0's is one street short")
	offers := opoly.Accepted(strong, x.v(0), x.g.Legal(0), 2)
	require.NotEmpty(t, offers)
	require.LessOrEqual(t, len(offers), 2)
	dorm := false
	for _, a := range offers {
		p := a.(opoly.ProposeTrade)
		dorm = dorm || p.To == 1 && len(p.Take) == 1 && p.Take[0] == cSouthDorm
		x := scene()
		au := engine.NewAuditor(unipoly.Definition{}, 4)
		audited(x, au, 0, p)
		require.IsType(t, opoly.AcceptTrade{}, x.botChoice(p.To), "%+v is accepted", p)
		audited(x, au, p.To, opoly.AcceptTrade{})
		require.Zero(t, au.Audit().DealsBelowValuation, "%+v", p)
	}
	require.True(t, dorm, "South Dorm is offered for: %+v", offers)
	require.Empty(t, opoly.Accepted(strong, x.v(0), x.g.Legal(0), 0), "none without the budget")
}
