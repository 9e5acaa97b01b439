package sshserver_test

import (
	"strings"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/internal/vtscreen"
)

// ppRedeemPay is what bob pays alice for her extended project.
const ppRedeemPay = 300

// ppCanOffer reports whether p may propose a trade to q now.
func ppCanOffer(p, q *player, m *match) bool {
	for _, a := range m.state(p).Legal {
		if pt, ok := a.(opoly.ProposeTrade); ok && pt.To == q.seat {
			return true
		}
	}
	return false
}

// ppTradeRedeem (R000-28): p offers q the extended project cell for
// ppRedeemPay through the trade dialog; q's screen offers both ways of
// paying for it, q accepts choosing to repay the extension at once, and
// both screens show the trade, the repayment, the cash and the project no
// longer extended.
func (m *match) ppTradeRedeem(p, q *player, cell int) {
	m.t.Helper()
	gs := m.state(p)
	v := view(m.t, gs)
	require.True(m.t, v.Cells[cell].Mortgaged)
	name := v.Board.Cells[cell].Name
	lift := v.Rules.LiftCost(cell)
	fee := v.Rules.TransferFee(cell)
	require.GreaterOrEqual(m.t, view(m.t, m.state(q)).Player(q.seat).Cash, lift+ppRedeemPay, "bob cannot afford to redeem")
	idx, partner, partners := -1, -1, 0
	for i, c := range v.Player(p.seat).Props {
		if c == cell {
			idx = i
		}
	}
	for _, a := range gs.Legal {
		if pt, ok := a.(opoly.ProposeTrade); ok {
			if pt.To == q.seat {
				partner = partners
			}
			partners++
		}
	}
	require.GreaterOrEqual(m.t, idx, 0)
	require.GreaterOrEqual(m.t, partner, 0)

	// t, the partner, the project on the give side, then tab to the money
	// line, space (the partner pays) and the amount.
	p.tm.waitShows(labelTrade, stepWait)
	p.tm.typeText("t")
	qWho := seatDigit(q.seat) + " " + q.name
	if partners > 1 {
		p.tm.waitShows("Trade with whom?", stepWait)
		p.tm.typeText(strings.Repeat("\x1b[B", partner))
		p.tm.waitShows("> "+qWho, stepWait)
		p.tm.typeText("\r")
	}
	p.tm.waitShows("Propose a trade to "+qWho, stepWait)
	p.tm.typeText(strings.Repeat("\x1b[B", idx))
	p.tm.waitShows("> [ ] ", stepWait)
	p.tm.typeText(" ")
	p.tm.waitUntil("the project selected", stepWait, func(sc *vtscreen.Screen) bool { return countIn(sc, "[x]") == 1 })
	p.tm.typeText("\t")
	p.tm.waitShows("> Money: you pay", stepWait)
	p.tm.typeText(" ")
	p.tm.waitShows(q.name+" pays you", stepWait)
	p.tm.typeText(itoa(ppRedeemPay))
	p.tm.waitShows(q.name+" pays you "+v.FormatMoney(ppRedeemPay), stepWait)
	before := gs.Version
	p.tm.typeText("\r")
	p.tm.waitShows("Send this offer?", stepWait)
	p.tm.waitShows(q.name+" pays FICO 10% ("+v.FormatMoney(fee)+") or repays the", stepWait)
	p.tm.typeText("y")
	m.waitApplied(p, before)

	// The partner sees both costs and chooses on accepting.
	gs = m.state(q)
	v = view(m.t, gs)
	require.Equal(m.t, opoly.PhaseTrade, v.Phase)
	require.Equal(m.t, []int{cell}, v.Trade.Offer.FromCells)
	// The proposal's pane (39 columns inside the large board at 160x50)
	// says both costs, wrapped.
	q.tm.waitUntil("both costs in the proposal", stepWait, func(sc *vtscreen.Screen) bool {
		_, c := sc.Find("Trade proposal: " + p.name + " to " + q.name)
		return c >= 0 && strings.Contains(region(sc, c, c+39),
			squash("You choose on accepting: 10% to FICO ("+v.FormatMoney(fee)+") or repay the budget extension ("+v.FormatMoney(lift)+")."))
	})
	q.tm.waitShows("a accept (10% or repay)", stepWait)
	cash := v.Player(q.seat).Cash
	before = gs.Version
	seq := gs.Log.All()[len(gs.Log.All())-1].Seq
	q.tm.typeText("a")
	q.tm.waitShows("Accept the trade with "+p.name+"?", stepWait)
	q.tm.waitShows("> (*) 1. 10% of the budget extension to FICO: "+v.FormatMoney(fee), stepWait)
	q.tm.waitShows("( ) 2. repay the budget extension plus interest: "+v.FormatMoney(lift), stepWait)
	q.tm.typeText("\x1b[B")
	q.tm.waitShows("> (*) 2. repay the budget extension plus interest: "+v.FormatMoney(lift), stepWait)
	q.tm.waitShows("cash "+v.FormatMoney(cash)+" → "+v.FormatMoney(cash-ppRedeemPay-lift), stepWait)
	require.Equal(m.t, before, m.state(q).Version, "choosing alone accepts nothing")
	q.tm.typeText("y") // only y accepts
	m.waitApplied(q, before)

	gs = m.state(q)
	v = view(m.t, gs)
	require.Equal(m.t, q.seat, v.Cells[cell].Owner)
	require.False(m.t, v.Cells[cell].Mortgaged, "redeemed at once")
	require.Equal(m.t, cash-ppRedeemPay-lift, v.Player(q.seat).Cash)
	var lines []string
	for _, l := range gs.Log.All() {
		if l.Seq > seq {
			lines = append(lines, l.Text)
		}
	}
	all := strings.Join(lines, " / ")
	m.t.Logf("traded and redeemed: %s", all)
	require.Contains(m.t, all, q.name+" accepted the trade with "+p.name)
	require.Contains(m.t, all, q.name+" paid "+v.FormatMoney(lift)+" to FICO: repaying the budget extension of "+name)
	m.ppShowsResult(lines, "Project Planning: 32/32 FTE")
	for _, x := range m.humans() {
		x.tm.waitUntil(name+" no longer extended", stepWait, func(sc *vtscreen.Screen) bool { return countIn(sc, "A EXT") == 0 })
	}
}
