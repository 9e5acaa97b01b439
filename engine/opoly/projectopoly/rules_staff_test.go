package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestR000_15_FTENeedAFullGroup: only the PM holding every card of a group
// may request FTE; never on certifications or services (G000-03/04).
func TestR000_15_FTENeedAFullGroup(t *testing.T) {
	x := newPP(t, 2, 20000, nil)
	x.E.Own(0, pIntranet, pTimesheet, pAgile, pDesk)
	x.Done()
	require.False(t, x.HasAction(0, "build"))
	x.Refuse(0, opoly.Build{Cell: pIntranet}, engine.CodeIllegal)
	x.Refuse(0, opoly.Build{Cell: pAgile}, engine.CodeIllegal)
	x.E.Own(0, pPrinter)
	x.Done()
	ev := x.Do(0, opoly.Build{Cell: pIntranet})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 500€ to FICO: FTE 1 on Intranet Refresh; balance 19.500€.")
}

// TestR000_23_EvenFTEPlacement is acceptance test 6 of 6.3 (A000-17): on
// levels (1,1,0) only the project at 0 may receive the next FTE; release is
// even too.
func TestR000_23_EvenFTEPlacement(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.E.Own(0, pIntranet, pTimesheet, pPrinter).Level(1, pIntranet, pTimesheet)
	x.Done()
	x.Refuse(0, opoly.Build{Cell: pIntranet}, engine.CodeIllegal)
	x.Refuse(0, opoly.Build{Cell: pTimesheet}, engine.CodeIllegal)
	require.True(t, x.HasAction(0, "build"))
	x.Refuse(0, opoly.SellBuilding{Cell: pPrinter}, engine.CodeIllegal) // nothing there
	x.Do(0, opoly.Build{Cell: pPrinter})
	x.Do(0, opoly.Build{Cell: pPrinter})
	x.Refuse(0, opoly.SellBuilding{Cell: pIntranet}, engine.CodeIllegal)
	ev := x.Do(0, opoly.SellBuilding{Cell: pPrinter})
	require.Contains(t, opolytest.Text(ev, 0), "received 250€ from FICO: half price for the FTE 2 sold on Printer Fleet Migration")
}

// TestR000_24_QMReplacesFourFTE: Team+QM is the level after 4 FTE; the 4 FTE
// go back to Project Planning and one QM team leaves it (A000-12, G000-06).
func TestR000_24_QMReplacesFourFTE(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(4, pAI, pCoreBank)
	x.Done()
	u, q := supply(x)
	require.Equal(t, 32-8, u)
	require.Equal(t, 12, q)
	ev := x.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 5, x.Level(pAI))
	u, q = supply(x)
	require.Equal(t, 32-4, u, "the 4 FTE went back to the pool")
	require.Equal(t, 11, q)
	require.Contains(t, opolytest.Text(ev, 0), "paid 2.000€ to FICO: Team+QM on AI Transformation Programme")
	x.Refuse(0, opoly.Build{Cell: pAI}, engine.CodeIllegal) // top level
	// Breaking the QM down takes 4 FTE from the pool and refunds ½ QM price.
	x.Do(0, opoly.Build{Cell: pCoreBank})
	ev = x.Do(0, opoly.SellBuilding{Cell: pAI})
	require.Equal(t, 4, x.Level(pAI))
	u, q = supply(x)
	require.Equal(t, 32-4, u)
	require.Equal(t, 11, q)
	require.Contains(t, opolytest.Text(ev, 0), "received 1.000€ from FICO: half price for the Team+QM sold on AI Transformation Programme")
}

// TestR000_25_WaitWhenPoolEmpty: with no FTE left nobody can be staffed
// until one is freed (G000-10 "FTEfree = 0"); no QM without a free team.
func TestR000_25_WaitWhenPoolEmpty(t *testing.T) {
	x := newPP(t, 3, 90000, nil)
	// 32 FTE on the board: Brown 4,4,4, Red 4,4,4, Orange 3,3,2.
	x.E.Own(1, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore).Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore)
	x.E.Own(2, pField, pLoyalty, pBanking).Level(3, pField, pLoyalty).Level(2, pBanking)
	x.E.Own(0, pLegacy, pHelpDesk)
	x.Done()
	u, _ := supply(x)
	require.Equal(t, 0, u)
	require.False(t, x.HasAction(0, "build"))
	x.Refuse(0, opoly.Build{Cell: pLegacy}, engine.CodeIllegal)
	// One FTE is released: now seat 1 can staff (the others have no cash
	// to compete for it in a shortage auction).
	x.E.Level(2, pLoyalty).Cash(1, 0).Cash(2, 0)
	x.Done()
	require.True(t, x.HasAction(0, "build"))
	x.Do(0, opoly.Build{Cell: pLegacy})
	u, _ = supply(x)
	require.Equal(t, 0, u)

	// No QM team left: no Team+QM.
	y := newPP(t, 2, 90000, nil)
	y.E.Own(1, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking, pKPI, pCICD, pK8s)
	y.E.Level(5, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	y.E.Own(1, 23, 24, pMigration).Level(5, pKPI, 23, 24)
	y.E.Own(0, pAI, pCoreBank).Level(4, pAI, pCoreBank)
	y.Done()
	_, q := supply(y)
	require.Equal(t, 0, q)
	y.Refuse(0, opoly.Build{Cell: pAI}, engine.CodeIllegal)
}

// TestG000_10_BreakQMDownWithFewFTE: a QM cannot be broken down one project
// at a time without 4 FTE in the pool; the group is released to a level the
// pool can supply instead (SellGroupDownTo, k = 0 always possible).
func TestG000_10_BreakQMDownWithFewFTE(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(5, pAI, pCoreBank)
	// 30 FTE elsewhere: 2 left in the pool.
	x.E.Own(1, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	x.E.Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore).Level(2, pField, pLoyalty, pBanking)
	x.Done()
	u, _ := supply(x)
	require.Equal(t, 2, u)
	require.False(t, x.HasAction(0, "sell_building"))
	x.Refuse(0, opoly.SellBuilding{Cell: pAI}, engine.CodeIllegal)
	x.Refuse(0, opoly.SellGroupDown{Cell: pAI, Level: 2}, engine.CodeIllegal) // needs 4
	var levels []int
	for _, a := range x.G.Legal(0) {
		if d, ok := a.(opoly.SellGroupDown); ok {
			levels = append(levels, d.Level)
		}
	}
	require.Equal(t, []int{1, 0}, levels)
	ev := x.Do(0, opoly.SellGroupDown{Cell: pCoreBank, Level: 1})
	require.Equal(t, 1, x.Level(pAI))
	require.Equal(t, 1, x.Level(pCoreBank))
	u, q := supply(x)
	require.Equal(t, 0, u)
	require.Equal(t, 12, q)
	// Refund: per project ½ of 4 levels of 2.000€.
	require.Equal(t, int64(50000+2*4*1000), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "half price for the FTE released from Blue – Strategic Programmes")
}

// TestG000_06_StaffingValue: net worth counts level × FTE price, Team+QM as 5.
func TestG000_06_StaffingValue(t *testing.T) {
	x := newPP(t, 2, 1000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(5, pAI).Level(4, pCoreBank)
	x.Done()
	require.Equal(t, int64(1000+3500+4000+5*2000+4*2000), x.V(0).Players[0].Capital)
}

// TestR000_03_PoolsAlwaysAddUp: the view shows 32 FTE and 12 QM teams, in
// the pool or on the board, after every step of a bot game.
func TestR000_03_PoolsAlwaysAddUp(t *testing.T) {
	def := projectopolyDef()
	g, err := def.New(engine.Setup{Seats: 4, Seed: 11, Options: map[string]string{"endMode": "rounds:50"}})
	require.NoError(t, err)
	bots := []engine.Bot{def.NewBot(0, 1), def.NewBot(1, 2), def.NewBot(2, 3), def.NewBot(3, 4)}
	maxUsed := 0
	for step := 0; step < 20000 && !g.Outcome().Finished; step++ {
		v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
		units, tops := 0, 0
		for _, c := range v.Cells {
			if c.Level == 5 {
				tops++
			} else {
				units += c.Level
			}
		}
		require.Equal(t, 32, units+v.Supply.UnitsFree)
		require.Equal(t, 12, tops+v.Supply.TopsFree)
		maxUsed = max(maxUsed, units)
		w := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		require.NoError(t, err)
	}
	require.Positive(t, maxUsed, "the bots staffed something")
}

// TestR000_03_SupplyInvariant: CheckInvariants refuses a board holding more
// FTE or QM teams than Project Planning has.
func TestR000_03_SupplyInvariant(t *testing.T) {
	x := newPP(t, 2, 1000, nil)
	x.E.Own(0, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	x.E.Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	require.ErrorContains(t, x.E.Done(), "more than the supply")
}
