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
// without them keeps its mark-up (TakeoverPct) and End.FirstBankruptcy but
// lists no takeover request, refuses one as a move the game does not have
// and offers no finishRound option.
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
	}
}
