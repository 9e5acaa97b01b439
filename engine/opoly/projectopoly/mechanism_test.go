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

// TestR000_03_PoolsAreTheMechanism: Project Planning's finite pools and
// their shortage auctions (R000-03, G000-10) exist because Projectopoly
// lists its supply mechanism (supply.go, an opoly.Stock), not by a field of
// the core's Ruleset: the same ruleset without it has no pool in the view,
// staffs at once where the pool would hold an auction, and refuses
// releases to a level and placements as moves the game does not have.
func TestR000_03_PoolsAreTheMechanism(t *testing.T) {
	require.NotNil(t, projectopoly.Rules().Supply())
	bare := *projectopoly.Rules()
	bare.Mechanisms = nil
	for _, m := range projectopoly.Rules().Mechanisms {
		if _, ok := m.(opoly.Stock); !ok {
			bare.Mechanisms = append(bare.Mechanisms, m)
		}
	}
	require.Nil(t, bare.Supply())
	for _, c := range []struct {
		name string
		def  engine.Definition
		want bool
	}{{"projectopoly", projectopoly.Definition{}, true}, {"without its pools", opoly.NewDefinition(&bare), false}} {
		x := opolytest.New(t, c.def, 3, 20000, nil)
		// The board of TestG000_10_ShortageAuction: 5 FTE left in the pool.
		x.E.Own(2, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
		x.E.Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore).Level(1, pField, pLoyalty, pBanking)
		x.E.Own(0, pAI, pCoreBank).Own(1, pLegacy, pHelpDesk)
		x.Done()
		require.Equal(t, c.want, x.V(0).Supply != nil, c.name)
		x.Do(0, opoly.Build{Cell: pAI})
		if c.want {
			require.Equal(t, opoly.PhaseAuction, x.Phase(), c.name)
			continue
		}
		require.Equal(t, opoly.PhaseRoll, x.Phase(), c.name)
		require.Equal(t, 1, x.V(0).Cells[pAI].Level, c.name)
		x.Refuse(0, opoly.SellGroupDown{Cell: pAI, Level: 0}, engine.CodeIllegal)
		x.Refuse(0, opoly.PlaceUnit{Cell: pAI}, engine.CodeIllegal)
	}
}
