package opoly

import (
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/tui/tuitest"
)

// TestPPMarksPoolsAndWords: Projectopoly's board shows FTE levels 1-4, Q
// for a Team+QM and e for a budget extension, the pools' counts next to
// the dice at every size, WFA instead of jail, money as 12.500€ and the
// game's words on a card; all of it without colour too.
func TestPPMarksPoolsAndWords(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		s := newPPState(t, 3, 12500).
			Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(2, ppIntranet, ppTimesheet).Level(1, ppPrinter).
			Own(1, ppWebsite, ppPortal, ppStore).Level(5, ppWebsite, ppPortal, ppStore).
			Own(0, ppAgile).Extend(ppAgile).
			WFA(1, 1).TurnTo(0)
		s.Player(2)["cards"] = []any{map[string]any{"deck": 0, "card": 11}} // C12, the Chance exit card
		deck := s.M["decks"].([]any)[0].(map[string]any)
		var order []any
		for _, c := range deck["order"].([]any) {
			if int(c.(float64)) != 11 {
				order = append(order, c)
			}
		}
		deck["order"] = order
		f := s.Fixture(0, noColor)
		raw := f.Render(smallW, smallH)
		out := xansi.Strip(raw)
		// 2+2+1 FTE and 3 Team+QM on the board: 27 and 9 free.
		assert.Contains(t, out, "Project Planning: 27/32 FTE, 9/12 QM free")
		assert.Contains(t, out, "B12", "Intranet Refresh: group B, seat 1, 2 FTE")
		assert.Contains(t, out, "B11", "Printer Fleet Migration: 1 FTE")
		assert.Contains(t, out, "C2Q", "a Team+QM is Q")
		assert.Contains(t, out, "I1e", "an extended certification is e")
		assert.Contains(t, out, "12.500€")
		assert.Contains(t, out, "bob")
		assert.Regexp(t, `bob +12\.500€ WFA 2/3`, out, "WFA with the turn in it")
		assert.Contains(t, out, "+exit", "a held WFA exit card")
		assert.Equal(t, !noColor, tuitest.HasColour(raw), "colour only when allowed")

		large := f.Plain(largeW, largeH)
		assert.Contains(t, large, "Project Planning: 27/32 FTE, 9/12 QM")
		assert.Contains(t, large, "C Q ", "the band of a Team+QM")
		assert.Contains(t, large, "I EXT ", "the band of an extension")
		assert.Contains(t, large, "net worth")

		// The inspected cell in words, and its card in the game's words.
		f.r.cursor, f.r.follow, f.r.explain = ppAgile, false, true
		card := f.text()
		assert.Contains(t, card, "Code I1e: group I (PM Certifications), owner 1 ada, e extended.")
		assert.Contains(t, card, "extension 1.000€")
		assert.Contains(t, card, "repay 1.100€")
		assert.Contains(t, card, "EXTENDED")
		f.r.cursor = ppIntranet
		card = f.text()
		assert.Contains(t, card, "Fee 60€")
		assert.Contains(t, card, "FTE 1:300€ 2:900€ 3:2.700€ 4:4.000€")
		assert.Contains(t, card, "Team+QM 5.500€")
		assert.Contains(t, card, "fee now 900€")
		f.r.cursor = 10
		assert.Contains(t, f.text(), "WFA / in transit. Fee to leave: 500€.")

		// Round 1 shows every roll of the first-player roll-off (G000-17).
		assert.Regexp(t, `Roll-off for the first turn: ada rolled \d+, bob rolled \d+, bot-projectopoly rolled \d+`,
			xansi.Strip(f.r.latestSection().lines[0]))
		// The narrow layout keeps the pools in view too.
		assert.Contains(t, f.Plain(40, 12), "27/32 FTE")

		legend := f.r.Legend()
		for _, w := range []string{"# WFA", "$ penalty", "Q Team+QM", "e extended", "WFA N/3", "+exit",
			"Project Planning line", "(. FICO)", "1-4 FTE"} {
			assert.Contains(t, legend, w)
		}
	}
}

// TestPPShortageAuctionDialog (G000-10): staffing with only 5 FTE left
// warns first; when another PM could staff too, the sealed shortage
// auction opens for every bidder with its reserves, and its reveal names
// the unit, not the project.
func TestPPShortageAuctionDialog(t *testing.T) {
	s := newPPState(t, 3, 20000).
		Own(0, ppField, ppLoyalty, ppBanking).Level(4, ppField, ppLoyalty, ppBanking).
		Own(0, ppKPI, ppWarehouse, ppCDP).Level(4, ppKPI, ppWarehouse, ppCDP).
		Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(1, ppIntranet, ppTimesheet, ppPrinter).
		Own(1, ppLegacy, ppHelpDesk).TurnTo(0)
	f := s.Fixture(0, false)
	f.Live = true
	assert.Contains(t, f.Plain(smallW, smallH), "Project Planning: 5/32 FTE")
	f.Key("+")
	f.pickCell(ppIntranet)
	out := f.text()
	assert.Contains(t, out, "Staff an FTE on Intranet Refresh for 500€?")
	assert.Contains(t, out, "Only 5 FTE left in Project Planning: if another PM could staff one too, this starts a sealed shortage auction")
	f.Key("enter", "y")
	f.Refresh()
	require.Equal(t, opoly.PhaseAuction, f.G.Prompt().Phase)
	out = f.text()
	assert.Contains(t, out, "Shortage auction: one FTE (5 left in Project Planning)")
	assert.Contains(t, out, "ada asked to staff Intranet Refresh")
	assert.Contains(t, out, "Reserves: ada 500€, bob 500€")
	f.Key("6", "0", "0", "enter")
	out = f.text()
	assert.Contains(t, out, "Bid 600€ for one FTE (shortage auction)?")
	f.Key("y")
	f.Refresh()

	f.As(1)
	out = f.text()
	assert.Contains(t, out, "ada: bid in")
	assert.NotContains(t, out, "ada 600€", "a sealed bid stays sealed")
	f.Live = true
	f.Key("7", "0", "0", "enter", "y")
	f.Refresh()
	out = f.text()
	latest := f.r.latestSection().lines // the reveal is its last line
	require.NotEmpty(t, latest)
	assert.Equal(t, "Bids for one FTE (shortage auction): ada 600€, bob 700€; bob won for 700€.", latest[len(latest)-1])
	// The winner chooses where the FTE goes (G000-10).
	require.Equal(t, opoly.PhasePlace, f.G.Prompt().Phase)
	assert.Contains(t, out, "+ place the FTE won")
	f.Key("+")
	f.pickCell(ppHelpDesk)
	f.Key("enter", "y")
	f.Refresh()
	out = f.text()
	assert.Equal(t, 1, f.view().Cells[ppHelpDesk].Level, "the winner staffs the project it chose")
	assert.Equal(t, 0, f.view().Cells[ppLegacy].Level)
	assert.Contains(t, out, "Project Planning: 4/32 FTE")
}

// TestPPReleaseAndExtendShowsTheRelease (R000-29, A000-19): a budget
// extension on a staffed group says which staff goes back to the pool and
// for how much before anything happens, and is confirmed.
func TestPPReleaseAndExtendShowsTheRelease(t *testing.T) {
	s := newPPState(t, 2, 3000).
		Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(2, ppIntranet, ppTimesheet).Level(1, ppPrinter).TurnTo(0)
	f := s.Fixture(0, true)
	f.Live = true
	f.Key("m")
	f.pickCell(ppTimesheet)
	out := f.text()
	assert.Contains(t, out, "Timesheet App (releases the group's staff first)")
	want := "Release and extend Timesheet App? First every FTE and Team+QM of its group goes back to Project " +
		"Planning at half price: Intranet Refresh 2 FTE, Timesheet App 2 FTE, Printer Fleet Migration 1 FTE " +
		"(1.250€); then FICO grants a budget extension of 500€. cash 3.000€ → 4.750€"
	assert.Contains(t, out, want)
	f.Key("esc")
	require.Empty(t, f.Sent, "nothing happens without enter")
	f.Key("m")
	f.pickCell(ppTimesheet)
	f.Key("enter")
	require.Empty(t, f.Sent, "enter only chooses")
	require.Equal(t, modeConfirm, f.r.mode)
	assert.Contains(t, f.text(), want, "the question is the preview")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, opoly.SellAndMortgage{Cell: ppTimesheet}, f.Sent[0])
	f.Refresh()
	out = f.Plain(smallW, smallH)
	assert.Contains(t, out, "B1e", "the extension mark")
	assert.Contains(t, out, "Project Planning: 32/32 FTE")
	assert.Contains(t, out, "4.750€")
}

// TestPPBankruptcyAndResignSayWhereAssetsGo (A000-25): the questions say
// what this game does with a bankrupt's assets, not Unipoly's estate
// auction.
func TestPPBankruptcyAndResignSayWhereAssetsGo(t *testing.T) {
	f := newPPState(t, 2, 4000).Own(0, ppAgile).TurnTo(0).Fixture(0, false)
	q := f.r.moneyQuestion(opoly.Resign{})
	assert.Contains(t, q, "your assets become free and your cash goes to FICO")
	assert.NotContains(t, q, "auctioned")
}

// TestPPBidSaysEverythingWrongAtOnce: a bid of 195€ with 190€ of cash is
// refused locally with both reasons in one message (more than the cash,
// not a multiple of 10€), and nothing is sent.
func TestPPBidSaysEverythingWrongAtOnce(t *testing.T) {
	s := newPPState(t, 3, 190).TurnTo(0)
	s.Player(0)["pos"] = ppWebsite
	s.Set("phase", 2).Set("dice", []int{5, 6}) // phAuction, after a declined purchase
	s.Set("auction", map[string]any{"lot": ppWebsite, "min": 0, "bidders": []any{0, 1, 2}, "bids": []any{-1, -1, -1}})
	f := s.Fixture(1, true)
	f.Key("1", "9", "5", "enter")
	assert.Empty(t, f.Sent)
	assert.Contains(t, f.text(), "A bid of 195€ is more than your cash allows (190€) and not a multiple of 10€")
	f.Key("backspace", "backspace", "backspace", "1", "9", "5", "enter")
	f.Key("backspace", "0", "enter")
	require.Equal(t, modeConfirm, f.r.mode, "190€ is a good bid")
}

// TestBuyDecisionShowsTheCellOnOffer: a cell inspected earlier gives way
// to the cell on offer when a buy decision opens (for the buyer and for
// the others), and the player may inspect another cell after.
func TestBuyDecisionShowsTheCellOnOffer(t *testing.T) {
	for _, viewer := range []int{0, 1} {
		f := newFixture(t, 3, 9, viewer, true)
		f.r.cursor, f.r.follow = 39, false // inspect the last cell, then wait
		f.Refresh()
		require.True(t, f.untilPhase(opoly.PhaseBuy, false))
		v := f.view()
		c := v.Players[v.Active].Position
		require.NotEqual(t, 39, c)
		assert.Equal(t, c, f.r.cursor, "viewer %d: the card of the cell on offer", viewer)
		assert.Contains(t, f.text(), v.Board.Cells[c].Name)
		f.Key("up", "right") // one of them moves, wherever the cell is
		f.Refresh()
		assert.NotEqual(t, c, f.r.cursor, "inspecting stays possible")
	}
}

// TestA000_23_TradeEditorRefusesBeforeSending: the trade editor does not
// tick an asset of a staffed group (it says why, and marks it [-]), and
// refuses a gift with the rule's sentence before anything is sent.
func TestA000_23_TradeEditorRefusesBeforeSending(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(0, ppAgile, ppIntranet, ppTimesheet, ppPrinter).Level(1, ppIntranet).
		Own(1, ppDesk).TurnTo(0)
	f := s.Fixture(0, true)
	f.Key("t", "enter") // bob
	require.Equal(t, modeTrade, f.r.mode)
	d := f.r.trade
	assert.Contains(t, f.text(), "[-] cannot be traded")
	for d.give[d.cur[0]].cell != ppIntranet {
		f.Key("down")
	}
	f.Key("space")
	assert.False(t, d.sel[tradeSide{0, tradeItem{cell: ppIntranet}}], "a staffed group's asset is not ticked")
	assert.Contains(t, f.text(), "Intranet Refresh cannot be sold while a project of ")
	assert.Contains(t, f.text(), "has FTE; release them first.")
	for d.give[d.cur[0]].cell != ppAgile {
		f.Key("up")
	}
	f.Key("space", "enter") // Agile for nothing: a gift
	assert.Nil(t, d.review, "refused before the review")
	assert.Contains(t, f.text(), "No gifts: each side must give an asset, or money of at least 10€.")
	assert.Empty(t, f.Sent)
	f.Key("tab", "space", "5", "0", "0", "enter") // bob pays 500€: a sale
	require.NotNil(t, d.review)
	assert.Contains(t, f.text(), "2 bob gives 500€")
	assert.NotContains(t, f.text(), "gives nothing")
}

// TestTradeEditorScrollsWithAMoreLine: at 80x24 a list longer than its
// rows says how many are left out, and the cursor scrolls to them.
func TestTradeEditorScrollsWithAMoreLine(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(0, ppLegacy, ppHelpDesk, ppAgile, ppIntranet, ppTimesheet, ppPrinter, ppWebsite,
		ppDesk, ppPortal, ppStore, ppField).Own(1, ppKPI).TurnTo(0)
	f := s.Fixture(0, true)
	f.Key("t", "enter")
	out := f.Plain(smallW, smallH)
	assert.Regexp(t, `↓ \d+ more below`, out)
	assert.NotContains(t, out, "Field Service", "the last asset is below")
	for range 10 {
		f.Key("down")
	}
	out = f.Plain(smallW, smallH)
	assert.Regexp(t, `↑ \d+ more above`, out)
	assert.Contains(t, out, "Field Service")
}

// TestPlayerListScrollsWithAMoreLine: at 80x24 a player's assets that do
// not fit end with a "more" line, and } scrolls to the rest.
func TestPlayerListScrollsWithAMoreLine(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(0, ppLegacy, ppHelpDesk, ppAgile, ppIntranet, ppTimesheet, ppPrinter, ppWebsite,
		ppDesk, ppPortal, ppStore, ppField).TurnTo(0)
	f := s.Fixture(1, true)
	f.Key("]") // the first player in play order
	for f.r.player != 0 {
		f.Key("]")
	}
	out := f.Plain(smallW, smallH)
	assert.Contains(t, out, "11 assets")
	assert.Regexp(t, `↓ \d+ more below`, out)
	assert.NotContains(t, out, "Field Service")
	f.Key("}", "}")
	out = f.Plain(smallW, smallH)
	assert.Regexp(t, `↑ \d+ more above`, out)
	assert.Contains(t, out, "Field Service")
}
