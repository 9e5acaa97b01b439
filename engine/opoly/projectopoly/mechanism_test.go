package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// TestG000_12_SalesToAllAreTheMechanisms: offering to all (G000-12) and
// paying a debt with assets (A000-21) exist because Projectopoly lists its
// mechanisms (offertoall.go, mixed.go, receive.go), not by a knob of the
// core: the same ruleset without them lists neither, refuses a sale as a
// move the game does not have, and a debtor short of cash is bankrupt at
// once instead of offering its assets.
func TestG000_12_SalesToAllAreTheMechanisms(t *testing.T) {
	bare := *projectopoly.Rules()
	bare.Mechanisms = nil
	for _, c := range []struct {
		name string
		def  engine.Definition
		want bool
	}{{"projectopoly", projectopoly.Definition{}, true}, {"without its mechanisms", opoly.NewDefinition(&bare), false}} {
		x := opolytest.New(t, c.def, 3, 10000, nil)
		x.E.Own(0, pIntranet).Own(1, pTimesheet)
		x.Done()
		require.Equal(t, c.want, x.HasAction(0, "offer_to_all"), c.name)
		if !c.want {
			x.Refuse(0, opoly.OfferToAll{Cell: pIntranet}, engine.CodeIllegal) // no such move
		}
		// A debt to one PM that the cash and a budget extension do not
		// cover: with mixed payment the debtor may offer its asset (a
		// Settler keeps the debt open); without, it is bankrupt at once.
		x = opolytest.New(t, c.def, 3, 10000, nil)
		x.E.Own(1, pAI, pCoreBank).Own(0, pIntranet).Cash(0, 200)
		x.Done()
		x.LandOn(0, pCoreBank)
		if c.want {
			require.Equal(t, opoly.PhaseDebt, x.Phase(), c.name)
			require.True(t, x.HasAction(0, "offer_assets"), c.name)
		} else {
			require.Equal(t, engine.StatusBankrupt, x.V(0).Players[0].Status, c.name)
		}
	}
}
