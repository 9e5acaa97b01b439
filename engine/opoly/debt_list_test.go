package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

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
