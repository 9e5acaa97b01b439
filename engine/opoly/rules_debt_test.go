package opoly_test

import (
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func kinds(legal []engine.Action) map[string]int {
	out := map[string]int{}
	for _, a := range legal {
		out[a.Kind()]++
	}
	return out
}

func TestMF10_DebtStateAndAutomaticPayment(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 100).Own(0, cBikeShed, cOldCanteen, cNorthGate).Level(1, cBikeShed, cOldCanteen).
		Own(1, cRector, cGreatHall).Level(1, cGreatHall, cRector)
	x.done()
	x.landOn(0, cGreatHall) // rent $200; potential 100 + 2*25 + 30 + 30 + 100 = 310
	p := x.g.Prompt()
	require.Equal(t, opoly.PhaseDebt, p.Phase)
	require.Equal(t, 0, p.Waiting[0].Seat)
	require.Equal(t, engine.Action(opoly.SellBuilding{Cell: cBikeShed}), p.Waiting[0].Default)
	k := kinds(x.g.Legal(0))
	require.Equal(t, 2, k["sell_building"])
	require.Equal(t, 2, k["sell_and_mortgage"])
	require.Equal(t, 1, k["mortgage"])
	require.Equal(t, 2, k["propose_trade"], "own debt: trades allowed")
	require.Equal(t, 1, k["declare_bankruptcy"])
	require.Zero(t, k["build"]+k["unmortgage"]+k["end_turn"]+k["roll"])
	require.Equal(t, 1, k["resign"], "C-8: resign at any time")
	v := x.v(2)
	require.Equal(t, &opoly.DebtView{Debtor: 0, Amount: 200, Creditors: []opoly.Owed{{Seat: 1, Amount: 200}},
		Reason: "rent for Great Hall (Aula Magna)", Raised: 100, Potential: 310,
		Sellable: []int{cBikeShed, cOldCanteen}, Mortgageable: []int{cBikeShed, cOldCanteen, cNorthGate}}, v.Debt)
	x.refuse(1, opoly.Mortgage{Cell: cRector}, engine.CodeNotYourTurn)
	ev := x.do(0, opoly.Mortgage{Cell: cNorthGate})
	require.Contains(t, text(ev, 2), "Seat 1 paid $200 to Seat 2: rent for Great Hall (Aula Magna); balance $0.")
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.Equal(t, int64(1700), x.cash(1))
}

func TestMF10_DefaultStepsRaiseTheMoney(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Cash(0, 0).Own(0, cBikeShed, cOldCanteen, cRector, cGreatHall, cWiFi).Level(1, cBikeShed, cOldCanteen).
		Level(2, cRector).Level(1, cGreatHall)
	x.done()
	x.landOn(0, cTuition) // $200 tax
	require.Equal(t, opoly.PhaseDebt, x.phase())
	var steps []string
	for x.phase() == opoly.PhaseDebt {
		d := x.g.Prompt().Waiting[0].Default
		enc, _ := engine.EncodeAction(d)
		steps = append(steps, string(enc))
		x.do(0, d)
	}
	// The dark blue buildings go first (most expensive group), evenly: the
	// two $100 refunds cover the $200.
	require.Equal(t, []string{`{"kind":"sell_building","cell":37}`, `{"kind":"sell_building","cell":37}`}, steps)
	require.Equal(t, int64(0), x.cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestA004_11_AutomaticBankruptcyWhenShort(t *testing.T) {
	// 6.3 #6: cash + half building value + unmortgaged mortgage values < debt:
	// the player loses at once and the properties are auctioned.
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 100).Own(0, cBikeShed).Own(1, cRector, cGreatHall).Level(3, cGreatHall, cRector)
	x.done()
	ev := x.landOn(0, cGreatHall) // $1,400 > 100 + 30
	require.Contains(t, text(ev, 2), "cannot raise it")
	v := x.v(2)
	require.True(t, v.Players[0].Out)
	require.Equal(t, engine.StatusBankrupt, v.Players[0].Status)
	require.Equal(t, int64(1600), v.Players[1].Cash, "all the cash goes to the creditor")
	require.Equal(t, opoly.PhaseAuction, x.phase())
	require.Equal(t, cBikeShed, v.Auction.Lot)
	require.True(t, v.Auction.Bankrupt)
	require.Equal(t, []int{1, 2}, v.Auction.Bidders)
	require.Empty(t, x.g.Legal(0))
	x.do(1, opoly.Bid{Amount: 20})
	x.do(2, opoly.Bid{Amount: 40})
	require.Equal(t, 2, x.owner(cBikeShed))
	require.Equal(t, int64(1640), x.cash(1), "auction proceeds go to the creditor")
	require.Equal(t, int64(1460), x.cash(2))
	require.Equal(t, x.next(0), x.active(), "the bankrupt player's turn is over")
	require.Equal(t, opoly.PhaseRoll, x.phase())
	out := x.g.Outcome()
	require.False(t, out.Finished)
}

func TestA004_10_ProceedsToTheCreditorThenTheBank(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 10).Own(0, cBikeShed, cPrint).Mortgaged(cBikeShed, cPrint).GiveCard(0, dU).
		Own(1, cRector, cGreatHall).Level(1, cRector, cGreatHall)
	x.done()
	x.landOn(0, cGreatHall) // $200 owed, potential $10
	require.Equal(t, int64(1510), x.cash(1))
	v := x.v(2)
	require.False(t, v.Cells[cBikeShed].Mortgaged, "auctioned unmortgaged")
	require.Equal(t, opoly.Bank, v.Cells[cBikeShed].Owner)
	require.Equal(t, 16, v.Decks[dU].Size, "the jail card goes back under its deck")
	x.do(1, opoly.Bid{})
	x.do(2, opoly.Bid{Amount: 150})
	require.Equal(t, int64(1660), x.cash(1))
	require.Equal(t, cPrint, x.v(2).Auction.Lot, "then the next lot in board order")
	x.do(1, opoly.Bid{})
	x.do(2, opoly.Bid{Amount: 100})
	require.Equal(t, int64(1700), x.cash(1), "the creditor is paid in full ($190)")
	require.Equal(t, int64(1500-250), x.cash(2), "the rest went to the bank")
	require.Equal(t, 2, x.owner(cPrint))
}

func TestA004_12_CreditorsPaidInSeatOrder(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 60).Own(0, cBikeShed, cOldCanteen).Top(dU, "U15")
	x.done()
	first, second := x.next(0), x.next(x.next(0))
	ev := x.landOn(0, cUnexp2) // pay every other player $50: $100 > $60, potential $120
	require.Contains(t, text(ev, 1), "Seat 1 paid $50 to "+fmt.Sprintf("Seat %d", first+1))
	require.Equal(t, int64(1550), x.cash(first), "the next player in order is paid in full first")
	require.Equal(t, int64(1500), x.cash(second))
	require.Equal(t, opoly.PhaseDebt, x.phase())
	v := x.v(1)
	require.Equal(t, int64(50), v.Debt.Amount, "MF-10 with what is still owed")
	require.Equal(t, []opoly.Owed{{Seat: second, Amount: 50}}, v.Debt.Creditors)
	x.do(0, opoly.Mortgage{Cell: cBikeShed})
	require.Equal(t, opoly.PhaseDebt, x.phase(), "$40 is not yet $50")
	x.do(0, opoly.Mortgage{Cell: cOldCanteen})
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.Equal(t, int64(1550), x.cash(first))
	require.Equal(t, int64(1550), x.cash(second))
	require.Equal(t, int64(20), x.cash(0))
}

func TestA004_12_UnpaidCreditorsShareABankruptcyInProportion(t *testing.T) {
	x := newTG(t, 4, 1500, nil)
	x.e.Cash(0, 60).Own(0, cBikeShed).Top(dU, "U15")
	x.done()
	a := x.next(0)
	b, c := x.next(a), x.next(x.next(a))
	x.landOn(0, cUnexp2) // $150 owed: a is paid $50; $100 left, potential $10 + $30
	require.True(t, x.v(a).Players[0].Out)
	require.Equal(t, int64(1550), x.cash(a))
	require.Equal(t, int64(1505), x.cash(b), "the last $10 split in proportion to the unpaid $50 + $50")
	require.Equal(t, int64(1505), x.cash(c))
	x.do(a, opoly.Bid{Amount: 60})
	x.do(b, opoly.Bid{Amount: 10})
	x.do(c, opoly.Bid{})
	// The $60 go in proportion to the unpaid $45 + $45.
	require.Equal(t, int64(1490), x.cash(a))
	require.Equal(t, int64(1535), x.cash(b))
	require.Equal(t, int64(1535), x.cash(c))
}

func TestA004_08_DebtOnAnotherPlayersTurnAllowsNoTrades(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	x.e.Cash(o, 5).Own(o, cBikeShed).Top(dP, "P7")
	x.done()
	x.landOn(0, cProb2) // collect $10 from every other player
	require.Equal(t, opoly.PhaseDebt, x.phase())
	require.Equal(t, o, x.g.Prompt().Waiting[0].Seat)
	k := kinds(x.g.Legal(o))
	require.Zero(t, k["propose_trade"])
	require.Equal(t, 1, k["mortgage"])
	x.refuse(o, opoly.ProposeTrade{To: 0, Give: []int{cBikeShed}}, engine.CodeIllegal)
	x.refuse(0, opoly.EndTurn{}, engine.CodeNotYourTurn)
	x.do(o, opoly.Mortgage{Cell: cBikeShed})
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.Equal(t, int64(1520), x.cash(0))
	require.Equal(t, int64(25), x.cash(o))
}

func TestA004_11_AutomaticBankruptcyEndsATwoPlayerGame(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Cash(0, 0).Own(0, cBikeShed, cOldCanteen).Level(2, cBikeShed, cOldCanteen).
		Own(1, cRector, cGreatHall).Level(1, cRector, cGreatHall)
	x.done()
	x.landOn(0, cGreatHall) // $200 > potential 4*25 + 60
	require.True(t, x.v(1).Players[0].Out)
	require.Equal(t, int64(1600), x.cash(1), "the building refunds reach the creditor")
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, 2, out.Results[0].Placement)
	require.Equal(t, opoly.PhaseOver, x.phase())
	x.refuse(1, opoly.Roll{}, engine.CodeGameOver)
}

func TestMF10_DeclareBankruptcy(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 0).Own(0, cBikeShed, cOldCanteen).Level(2, cBikeShed, cOldCanteen).Own(1, cRector, cGreatHall)
	x.done()
	x.landOn(0, cGreatHall) // $100 (x2); potential 4*25 + 60
	require.Equal(t, opoly.PhaseDebt, x.phase())
	x.do(0, opoly.DeclareBankruptcy{})
	require.True(t, x.v(1).Players[0].Out)
	require.Equal(t, int64(1600), x.cash(1), "buildings sold at half price, the debt paid from them")
	require.Equal(t, opoly.PhaseAuction, x.phase())
	require.Equal(t, cBikeShed, x.v(1).Auction.Lot)
}

func TestC8_ResignIsBankruptcyToTheBank(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed)
	x.done()
	ev := x.do(0, opoly.Resign{})
	require.Contains(t, text(ev, 1), "Seat 1 resigned")
	v := x.v(1)
	require.Equal(t, engine.StatusResigned, v.Players[0].Status)
	require.Equal(t, int64(0), v.Players[0].Cash)
	require.Equal(t, opoly.PhaseAuction, x.phase())
	x.do(1, opoly.Bid{Amount: 30})
	x.do(2, opoly.Bid{})
	require.Equal(t, int64(1470), x.cash(1), "proceeds go to the bank")
	require.Equal(t, int64(1500), x.cash(2))
	require.Equal(t, x.next(0), x.active())
	x.refuse(0, opoly.Roll{}, engine.CodeNotYourTurn)
	x.refuse(0, opoly.Resign{}, engine.CodeNotYourTurn)
}
