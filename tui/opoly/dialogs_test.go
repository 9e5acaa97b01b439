package opoly

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui/tuitest"
)

func TestTradeDialogProposeCounterAccept(t *testing.T) {
	f := newFixture(t, 3, 12, 0, false)
	me := f.view().Active
	f.As(me)
	f.Key("t")
	require.Equal(t, modeTrade, f.r.mode)
	assert.Contains(t, f.Plain(smallW, smallH), "Trade with whom?")
	f.Key("down", "enter") // the second partner
	d := f.r.trade
	require.Equal(t, 1, d.stage)
	partner := d.partner
	v := f.view()
	// Nothing selected: refused without submitting.
	f.Key("enter")
	assert.Empty(t, f.Sent)
	assert.Contains(t, f.Plain(smallW, smallH), "Select at least one property or card.")
	// Give my second property, take the partner's first, ask for money.
	f.Key("down", "space", "right", "space", "7", "7", "7", "tab", "space")
	out := f.Plain(largeW, largeH)
	assert.Contains(t, out, "[x] ")
	assert.Contains(t, out, f.r.name(partner)+" pays you $777")
	f.Key("enter")
	assert.Empty(t, f.Sent, "enter shows the offer first")
	out = f.Plain(smallW, smallH)
	assert.Contains(t, out, "Send this offer?")
	myCash := v.Players[me].Cash
	assert.Contains(t, out, "cash "+v.FormatMoney(myCash)+" → "+v.FormatMoney(myCash+777))
	f.Key("y")
	require.Len(t, f.Sent, 1)
	pt, ok := f.Sent[0].(opoly.ProposeTrade)
	require.True(t, ok, "%#v", f.Sent[0])
	assert.Equal(t, partner, pt.To)
	assert.Equal(t, []int{v.Players[me].Props[1]}, pt.Give)
	assert.Equal(t, []int{v.Players[partner].Props[0]}, pt.Take)
	assert.Equal(t, int64(-777), pt.Money)
	f.ApplySent()
	assert.Equal(t, modeBoard, f.r.mode)
	require.Equal(t, opoly.PhaseTrade, f.G.Prompt().Phase)

	// A spectator and the third player see that a trade is pending, not
	// what it holds.
	third := 3 - me - partner
	for _, viewer := range []int{engine.Spectator, third} {
		f.As(viewer)
		for _, s := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
			out := f.Plain(s[0], s[1])
			assert.Contains(t, out, "Only the two players see")
			assert.NotContains(t, out, "$777")
			assert.NotContains(t, out, " gives ")
		}
	}

	// The partner sees the offer and counters: the dialog opens prefilled
	// the other way round.
	f.As(partner)
	out = f.Plain(largeW, largeH)
	assert.Contains(t, out, "$777")
	assert.Contains(t, out, "a accept")
	f.Key("c")
	require.Equal(t, modeTrade, f.r.mode)
	require.True(t, f.r.trade.counter)
	assert.Contains(t, f.Plain(smallW, smallH), "you pay "+f.r.name(me)+" $777")
	f.Key("backspace", "enter") // $77 instead
	require.Len(t, f.Sent, 1)
	f.Key("y")
	require.Len(t, f.Sent, 2)
	ct, ok := f.Sent[1].(opoly.CounterTrade)
	require.True(t, ok, "%#v", f.Sent[1])
	assert.Equal(t, pt.Take, ct.Give)
	assert.Equal(t, pt.Give, ct.Take)
	assert.Equal(t, int64(77), ct.Money)
	f.ApplySent()

	// The proposer accepts the counter-proposal; ownership changes.
	f.As(me)
	assert.Contains(t, f.Plain(largeW, largeH), "Counter-proposal")
	f.Key("a")
	require.Len(t, f.Sent, 2, "accepting asks first")
	assert.Contains(t, f.Plain(largeW, largeH), "Accept the trade")
	f.Key("y")
	require.Equal(t, "accept_trade", f.Sent[2].Kind())
	f.ApplySent()
	v = f.view()
	assert.Equal(t, me, v.Cells[pt.Take[0]].Owner)
	assert.Equal(t, partner, v.Cells[pt.Give[0]].Owner)
}

func TestTradeDialogRefusalStaysOpen(t *testing.T) {
	f := newFixture(t, 2, 14, 0, false)
	f.As(f.view().Active)
	f.Key("t", "space") // one partner: straight to the offer
	f.Refuse = errors.New("the server is shutting down")
	f.Key("enter", "y")
	assert.Equal(t, modeTrade, f.r.mode)
	assert.Contains(t, f.Plain(smallW, smallH), "the server is shutting down")
	f.Key("esc")
	assert.Equal(t, modeBoard, f.r.mode)
	assert.False(t, f.r.Capturing())
}

// buildFixture finds a 2-player game whose player in turn was dealt a
// whole street group and can build on it.
func buildFixture(t *testing.T) (*fixture, int) {
	t.Helper()
	for seed := uint64(1); seed < 400; seed++ {
		g, err := unipoly.Definition{}.New(engine.Setup{Seats: 2, Seed: seed})
		require.NoError(t, err)
		for _, a := range g.Legal(g.Prompt().Waiting[0].Seat) {
			if b, ok := a.(opoly.Build); ok {
				f := newFixture(t, 2, seed, 0, false)
				f.As(f.view().Active)
				return f, f.view().Board.Cells[b.Cell].Group
			}
		}
	}
	t.Fatal("no seed deals a buildable group")
	return nil, 0
}

func TestBuildPickListAndTradePreview(t *testing.T) {
	f, group := buildFixture(t)
	v := f.view()
	cells := v.Board.Groups[group].Cells
	f.Key(".")
	f.r.cursor = 0 // START: nothing to build here, so a pick list opens
	f.Key("+")
	require.Equal(t, modePick, f.r.mode)
	assert.True(t, f.r.Capturing())
	out := f.Plain(smallW, smallH)
	assert.Contains(t, out, "Choose where to build")
	assert.Contains(t, out, v.Board.Cells[cells[0]].Name)
	f.Key("enter", "enter")
	assert.Empty(t, f.Sent, "enter chooses, and does not confirm")
	f.Key("+", "enter", "y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, engine.Action(opoly.Build{Cell: cells[0]}), f.Sent[0])
	f.ApplySent()
	// With the cursor on a buildable cell, + opens the list with that cell
	// highlighted; it never builds at once.
	f.r.cursor = cells[1]
	f.Key("+")
	require.Len(t, f.Sent, 1)
	require.Equal(t, modePick, f.r.mode)
	f.Key("enter", "y")
	require.Len(t, f.Sent, 2)
	assert.Equal(t, engine.Action(opoly.Build{Cell: cells[1]}), f.Sent[1])
	f.ApplySent()
	v = f.view()
	assert.Equal(t, 1, v.Cells[cells[0]].Level)
	// The board shows the buildings.
	g := gridOf(len(v.Board.Cells))
	row, col := g.pos(cells[0])
	lines := strings.Split(f.Plain(smallW, smallH), "\n")
	assert.Equal(t, "1", lines[row][col*compactCellW+3:col*compactCellW+4])
	assert.Contains(t, f.Plain(largeW, largeH), "#")

	// Trading a street of the group previews the sale of its buildings.
	f.Key("t")
	if f.r.trade.stage == 0 {
		f.Key("enter")
	}
	me := f.gsSeat()
	idx := indexOf(v.Players[me].Props, cells[0])
	require.GreaterOrEqual(t, idx, 0)
	for i := 0; i < idx; i++ {
		f.Key("down")
	}
	f.Key("space")
	out = f.Plain(smallW, smallH)
	assert.Contains(t, out, "Sold first: "+v.Board.Groups[group].Name)
	assert.Contains(t, out, v.FormatMoney(2*v.Rules.SellRefund(cells[0])))
}

func (f *fixture) gsSeat() int { return f.Viewer }

func TestBidDialog(t *testing.T) {
	f := newFixture(t, 3, 21, 0, false)
	require.True(t, f.untilPhase(opoly.PhaseAuction, true))
	a := f.view().Auction
	bidder, other := a.Bidders[0], a.Bidders[1]
	f.As(bidder)
	assert.False(t, f.r.Capturing(), "digits go to the bid without capturing the keyboard")
	out := f.Plain(smallW, smallH)
	assert.Contains(t, out, "Auction: "+f.view().Board.Cells[a.Lot].Name)
	tmpl := tuitest.LegalKind(f.G, bidder, "bid").(engine.Template)
	p := tmpl.Param()
	// Above the bounds: refused locally, nothing sent.
	f.Key(strings.Split(itoa(int(p.Max+1)), "")...)
	f.Key("enter")
	assert.Empty(t, f.Sent)
	assert.Contains(t, f.text(), "is more than your cash allows")
	for range itoa(int(p.Max + 1)) {
		f.Key("backspace")
	}
	amount := int64(1234)
	require.LessOrEqual(t, amount, p.Max)
	f.Key("1", "2", "3", "4")
	assert.Contains(t, f.Plain(smallW, smallH), "$1,234")
	f.Key("enter")
	assert.Empty(t, f.Sent, "a bid asks first")
	assert.Contains(t, f.Plain(largeW, largeH), "Bid $1,234 for")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	bid, ok := f.Sent[0].(opoly.Bid)
	require.True(t, ok)
	assert.Equal(t, amount, bid.Amount)
	assert.GreaterOrEqual(t, bid.Amount, p.Min)
	f.ApplySent()
	assert.Contains(t, f.Plain(largeW, largeH), "Your sealed bid: $1,234")

	// Nobody else sees the amount, only that the bid is in.
	for _, viewer := range []int{other, engine.Spectator} {
		f.As(viewer)
		for _, s := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
			out := f.Plain(s[0], s[1])
			assert.NotContains(t, out, "1,234", "viewer %d at %v", viewer, s)
			assert.Contains(t, out, f.r.name(bidder)+": bid in")
		}
	}
	// The others bid; the reveal shows every bid to everyone.
	for _, s := range a.Bidders[1:] {
		_, err := f.G.Apply(s, opoly.Bid{Amount: 0})
		require.NoError(t, err)
	}
	f.As(engine.Spectator)
	out = f.Plain(largeW, largeH)
	assert.Contains(t, out, "Bids for")
	assert.Contains(t, out, f.r.name(bidder)+" $1,234")
}

// debtFixture plays bots until a player must raise money.
func debtFixture(t *testing.T) *fixture {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		f := newFixture(t, 3, seed, engine.Spectator, false)
		bots := make([]engine.Bot, 3)
		for i := range bots {
			bots[i] = unipoly.Definition{}.NewBot(i, seed+uint64(i))
		}
		for step := 0; step < 4000 && !f.G.Outcome().Finished; step++ {
			p := f.G.Prompt()
			if p.Phase == opoly.PhaseDebt {
				f.As(p.Waiting[0].Seat)
				return f
			}
			w := p.Waiting[0].Seat
			_, err := f.G.Apply(w, bots[w].Choose(f.G.View(w), f.G.Legal(w)))
			require.NoError(t, err)
		}
	}
	t.Fatal("no debt in the seeds tried")
	return nil
}

func TestDebtPanel(t *testing.T) {
	f := debtFixture(t)
	v := f.view()
	d := v.Debt
	require.NotNil(t, d)
	for _, s := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
		out := f.Plain(s[0], s[1])
		// wrapped at 80x24 (a long name may push "owes" to the next line), never cut
		assert.Contains(t, out, "Payment due: "+f.r.name(d.Debtor))
		assert.Contains(t, out, "owes "+v.FormatMoney(d.Amount))
		assert.Contains(t, out, "declare bankruptcy")
	}
	assert.Contains(t, f.Plain(largeW, largeH), "Cash so far "+v.FormatMoney(d.Raised))
	f.Key("d")
	require.Equal(t, modeConfirm, f.r.mode)
	assert.Contains(t, f.Plain(smallW, smallH), "Declare bankruptcy?")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, "declare_bankruptcy", f.Sent[0].Kind())
	f.ApplySent()
	assert.True(t, f.view().Players[d.Debtor].Out)
	assert.Contains(t, f.Plain(largeW, largeH), "(you)")
}
