package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// TestDebtListAsManage checks the debtor's list the debt views are made of
// (debtList: the sales and mortgages, and the cells of Sellable and
// Mortgageable, in one pass) against legalManage in a debt and the cells
// read back from its actions, at every step of a debt in four-player bot
// games of the three property games (Projectopoly's finite supply lists
// sales of a group down to a level). It fails when debtList lists a lift,
// a mortgaged cell, or a sale out of legalManage's order.
func TestDebtListAsManage(t *testing.T) {
	steps, sells := 0, 0
	botSteps(t, 12, true, func(s opolytest.BotStep) {
		listed, fresh, ok := opoly.DebtListBoth(s.G)
		if !ok {
			return
		}
		require.Equal(t, fresh, listed, s.At())
		steps++
		if d := s.View.Debt; d != nil && len(d.Sellable) > 0 {
			sells++
		}
	}, nil)
	require.Positive(t, steps, "some debt was raised")
	require.Positive(t, sells, "some debtor had a building to sell")
	t.Logf("%d debt steps, %d with a building to sell", steps, sells)
}

// TestDebtPartLentNotCopied checks that the debtor's bot reads the list
// the lent debt view made (partDebt lends it instead of copying it, at
// every debt step of bot games of the three property games) and that an
// append to the part cannot write into the lent list. Its content is
// checked against a fresh listing by TestDebtPartAfterLentViewAsFresh.
func TestDebtPartLentNotCopied(t *testing.T) {
	lent := 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		shared, kept, ok := opoly.DebtPartLent(s.G)
		if !ok {
			return
		}
		require.True(t, shared, "%s: the debt part is the lent list", s.At())
		require.True(t, kept, "%s: an append to the part leaves the lent list", s.At())
		lent++
	}, nil)
	require.Positive(t, lent, "some debt was raised")
}

// TestDebtKeptAsListed checks the lent debt view's lists, made of the
// debtor's mortgages kept from step to step of its debt (keptMortgages),
// against the same listed afresh (debtList), at every step of a debt in
// four-player bot games of the three property games, as the debtors'
// bots raise the money step by step. It fails when a group whose cells
// changed is not brought up to date (publishCells leaving it unmarked) or
// when the entries of another debtor are kept.
func TestDebtKeptAsListed(t *testing.T) {
	steps := keptAsFresh(t, 12, func(s opolytest.BotStep) (string, string, bool) {
		return opoly.DebtKeptBoth(s.G)
	})
	require.Positive(t, steps, "some debt was raised")
}

// TestLentDebtListsMadeOnce checks that the lists of a game's lent debt
// view are made once, at their largest (debtBufs.growAll), and never grow:
// at every debt step of bot games of the three property games they live
// where they lived at the game's first debt step. Grown from nothing, as
// they were, they move as a debtor's lists lengthen, and the test fails.
func TestLentDebtListsMadeOnce(t *testing.T) {
	first := map[engine.Game][4]*byte{}
	steps := 0
	botSteps(t, 12, true, func(s opolytest.BotStep) {
		at, ok := opoly.LentDebtLists(s.G)
		if !ok {
			return
		}
		if was, seen := first[s.G]; seen {
			require.Equal(t, was, at, "%s: the lent debt view's lists moved", s.At())
		} else {
			first[s.G] = at
		}
		steps++
	}, nil)
	require.Greater(t, steps, len(first), "some debts had several steps")
}

// TestDebtSalesListedWhenRead checks the debtor's sales of the lent debt
// view's lists (lentDebtSales, listed when first read for a state, not at
// every step of a debt) against debtSales made afresh, after the debtor's
// bot chose on its own view at every step of bot games of the three
// property games: no snapshot or lent view is made in between (they list
// the sales too), so a list of an earlier state served again fails it
// (checked with the version left out). The sale a debtor's bot picks
// without the list (debtSale) is, for every seat at every step, the one
// its loops over the list picked (a sale of a group down, which bot
// games rarely meet: TestDebtSaleOfAGroupDown).
func TestDebtSalesListedWhenRead(t *testing.T) {
	steps, read, downs := 0, 0, 0
	seeds := uint64(12)
	if raceOn {
		seeds = 6
	}
	for _, def := range propertyGames {
		for seed := uint64(1); seed <= seeds; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			bots := make([]engine.LazyChooser, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i)).(engine.LazyChooser)
			}
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				a := bots[w].ChooseFrom(nil, g, w)
				if lazy, fresh, ok := opoly.DebtSalesBoth(g, w); ok {
					require.Equal(t, fresh, lazy, "%s seed %d step %d", def.Info().ID, seed, step)
					steps++
					if lazy != "[]" {
						read++
					}
				}
				for seat := range 4 {
					direct, listed := opoly.DebtSaleBoth(g, seat)
					require.Equal(t, listed, direct, "%s seed %d step %d seat %d", def.Info().ID, seed, step, seat)
					if _, ok := listed.(opoly.SellGroupDown); ok {
						downs++
					}
				}
				_, err := g.Apply(w, a)
				require.NoError(t, err)
			}
		}
	}
	require.Positive(t, steps, "some debt was raised")
	require.Positive(t, read, "some debtor had a sale listed")
	t.Logf("%d debt steps, %d with sales, %d picks of a sale of a group down (any seat)", steps, read, downs)
}

// TestDebtSaleOfAGroupDown checks the sale a debtor's bot picks without
// listing the sales (debtSale) against its loops over the list where the
// list holds sales of a group down alone: Projectopoly's two QMs of a
// group with 2 FTE left in the pool (its rule G000-10's state), where a
// QM cannot be broken down one project at a time. It fails with the
// group's levels read from the highest down the wrong way.
func TestDebtSaleOfAGroupDown(t *testing.T) {
	const ai, coreBank = 37, 39
	x := opolytest.New(t, projectopoly.Definition{}, 2, 50000, nil)
	x.E.Own(0, ai, coreBank).Level(5, ai, coreBank)
	// 30 FTE elsewhere: 2 left in the pool
	x.E.Own(1, 6, 8, 9, 11, 13, 14, 16, 18, 19)
	x.E.Level(4, 6, 8, 9, 11, 13, 14).Level(2, 16, 18, 19)
	x.Done()
	direct, listed := opoly.DebtSaleBoth(x.G, 0)
	require.Equal(t, opoly.SellGroupDown{Cell: ai, Level: 1}, listed)
	require.Equal(t, listed, direct)
	direct, listed = opoly.DebtSaleBoth(x.G, 1) // sales of buildings
	require.Equal(t, listed, direct)
	require.IsType(t, opoly.SellBuilding{}, direct)
}
