package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestStrongBotMortgagesToBuild: with SearchBudget.Invest the strong bot
// that owns a complete group and is short of its reserve for the next
// building weighs building into its reserve and mortgaging the property of
// least worth to it that pays for the building (the standard bot does
// neither); without it, neither is a candidate.
func TestStrongBotMortgagesToBuild(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cChemistry, cPhysics, cBiology, cWiFi, cNorthGate).Own(1, cLibrary)
	x.done()
	def := unipoly.Definition{}
	budget := opoly.SearchBudget{Playouts: 2, Rounds: 1, Steps: 100, Invest: true}
	b := def.NewSearchBot(0, 1, budget)
	res := opoly.Reserve(b, x.v(0))
	x.e.Cash(0, res+100) // a building (150) leaves 50 short of the reserve
	x.done()
	v, legal := x.v(0), x.g.Legal(0)
	require.Equal(t, opoly.Roll{}, def.NewBot(0, 1).Choose(v, legal), "the standard bot keeps its reserve")
	got := opoly.Invest(b, v, legal)
	require.Len(t, got, 2, "%v", got)
	require.IsType(t, opoly.Build{}, got[0])
	require.Equal(t, opoly.Mortgage{Cell: cWiFi}, got[1], "a lone utility is worth less to it than a lone station")

	var cands []engine.Action
	trace := func(_ *opoly.View, c []engine.Action, _ []float64, _ int) { cands = c }
	opoly.SearchTrace(b, trace)
	b.Choose(v, legal)
	require.Contains(t, cands, got[1])
	off := def.NewSearchBot(0, 1, opoly.SearchBudget{Playouts: 2, Rounds: 1, Steps: 100})
	opoly.SearchTrace(off, trace)
	cands = nil
	off.Choose(v, legal)
	require.NotContains(t, cands, got[1])

	x.e.Cash(0, res-100) // even a mortgage leaves it short: no mortgage
	x.done()
	for _, a := range opoly.Invest(b, x.v(0), x.g.Legal(0)) {
		require.IsType(t, opoly.Build{}, a)
	}
}
