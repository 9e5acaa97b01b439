package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestR001_25_TakeoversAreTheMechanisms: takeovers and finishing the round
// exist because Technopoly lists its mechanisms (takeover.go,
// finishround.go), not because of a knob of the core: the same ruleset
// without them keeps End.FirstBankruptcy but has no mark-up
// (Ruleset.TakeoverPct, the takeover mechanism's), lists no takeover
// request, refuses one as a move the game does not have and offers no
// finishRound option.
func TestR001_25_TakeoversAreTheMechanisms(t *testing.T) {
	bare := *technopoly.Rules()
	bare.Mechanisms = nil
	for _, c := range []struct {
		name string
		def  engine.Definition
		want bool
	}{{"technopoly", technopoly.Definition{}, true}, {"without its mechanisms", opoly.NewDefinition(&bare), false}} {
		x := opolytest.New(t, c.def, 2, 150000, nil)
		x.E.Own(1, tSperrin)
		x.Done()
		require.Equal(t, c.want, x.HasAction(0, "request_takeover"), c.name)
		if c.want {
			x.Do(0, opoly.RequestTakeover{Cell: tSperrin})
		} else {
			x.Refuse(0, opoly.RequestTakeover{Cell: tSperrin}, engine.CodeIllegal) // "There is no such move in Technopoly."
		}
		found := false
		for _, o := range c.def.Info().Options {
			found = found || o.Key == technopoly.OptFinishRound
		}
		require.Equal(t, c.want, found, c.name)
		if c.want {
			require.Equal(t, int64(20), technopoly.Rules().TakeoverPct())
		} else {
			require.Zero(t, bare.TakeoverPct())
		}
	}
}

// TestG001_07_TechNewsOptionIsTheMechanism: the Tech News deck's on/off
// option (G001-07) is Technopoly's mechanism (technews.go, an
// opoly.CardSwitch), not a field of the core's Ruleset: Technopoly lists
// it between the round limit and finishing the round, off by default and
// the news spaces then do nothing; the same ruleset without it has no such
// option and its card cells draw.
func TestG001_07_TechNewsOptionIsTheMechanism(t *testing.T) {
	var keys []string
	for _, o := range (technopoly.Definition{}).Info().Options {
		keys = append(keys, o.Key)
	}
	require.Equal(t, []string{"roundLimit", technopoly.OptTechNews, technopoly.OptFinishRound}, keys)
	x := opolytest.New(t, technopoly.Definition{}, 2, 150000, nil)
	require.True(t, x.V(0).CardsOff)

	bare := *technopoly.Rules()
	bare.Mechanisms = nil
	def := opoly.NewDefinition(&bare)
	for _, o := range def.Info().Options {
		require.NotEqual(t, technopoly.OptTechNews, o.Key)
	}
	x = opolytest.New(t, def, 2, 150000, nil)
	require.False(t, x.V(0).CardsOff)
}
