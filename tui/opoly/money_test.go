package opoly

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// buildableCell is a cell where the viewer may build now.
func buildableCell(t *testing.T, f *fixture) int {
	t.Helper()
	for _, a := range f.G.Legal(f.Viewer) {
		if b, ok := a.(opoly.Build); ok {
			return b.Cell
		}
	}
	t.Fatal("nothing to build")
	return -1
}

// + twice on a buildable inspected cell builds nothing: the first opens
// the list, the second raises the count; enter asks with the count the
// even-building rule allows, spread over the group as the game takes it,
// and only y submits those builds.
func TestPlusPlusBuildsNothingUntilConfirmed(t *testing.T) {
	f, group := buildFixture(t)
	f.Live = true
	c := buildableCell(t, f)
	f.r.cursor, f.r.follow = c, false
	v := f.view()
	cash, price := v.Players[f.Viewer].Cash, v.Board.Cells[c].BuildPrice
	f.Key("+", "+")
	assert.Empty(t, f.Sent, "+ never builds at once")
	require.Equal(t, modePick, f.r.mode)
	require.Equal(t, c, f.r.pick.cells[f.r.pick.idx], "the inspected cell is highlighted")
	require.Equal(t, 2, f.r.pick.count)
	out := f.Plain(largeW, largeH)
	assert.Contains(t, f.text(), "Build 2 houses ("+v.Board.Cells[c].Name+" to 1 house, ")
	assert.Contains(t, out, "→ "+v.FormatMoney(cash-2*price))
	f.Key("enter")
	assert.Empty(t, f.Sent, "enter only chooses")
	require.Equal(t, modeConfirm, f.r.mode)
	f.Key("y")
	require.Len(t, f.Sent, 2, "both builds the question offered")
	f.Refresh()
	total := 0
	for _, gc := range f.view().Board.Groups[group].Cells {
		total += f.view().Cells[gc].Level
	}
	assert.Equal(t, 2, total)
	assert.Empty(t, f.r.err)
	assert.Equal(t, modeBoard, f.r.mode)
}

// m on a mortgageable inspected cell opens the list with the cash change,
// and only enter mortgages.
func TestMortgageNeverAtOnce(t *testing.T) {
	f := newFixture(t, 3, 6, 0, false)
	f.As(f.view().Active)
	var cell int = -1
	for _, a := range f.G.Legal(f.Viewer) {
		if m, ok := a.(opoly.Mortgage); ok {
			cell = m.Cell
		}
	}
	require.GreaterOrEqual(t, cell, 0, "the active player can mortgage something")
	f.r.cursor, f.r.follow = cell, false
	f.Key("m", "m")
	assert.Empty(t, f.Sent)
	require.Equal(t, modePick, f.r.mode)
	v := f.view()
	cash := v.Players[f.Viewer].Cash
	q := "Mortgage " + v.Board.Cells[cell].Name + " for " + v.FormatMoney(v.Board.Cells[cell].Mortgage) + "? cash " +
		v.FormatMoney(cash) + " → " + v.FormatMoney(cash+v.Board.Cells[cell].Mortgage)
	assert.Equal(t, q, f.r.pickPreview())
	assert.Contains(t, f.Plain(largeW, largeH), "Mortgage "+v.Board.Cells[cell].Name)
	f.Key("esc")
	assert.Empty(t, f.Sent)
	f.Key("m", "enter")
	assert.Empty(t, f.Sent, "enter only chooses: the question follows")
	require.Equal(t, modeConfirm, f.r.mode)
	assert.Contains(t, f.Plain(smallW, smallH), q)
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, engine.Action(opoly.Mortgage{Cell: cell}), f.Sent[0])
}

// b asks with the price and the cash change; only y buys.
func TestBuyAsksWithCashChange(t *testing.T) {
	f := newFixture(t, 3, 9, 0, false)
	require.True(t, f.untilPhase(opoly.PhaseBuy, false))
	f.As(f.view().Active)
	v := f.view()
	p := v.Players[f.Viewer]
	cell := v.Board.Cells[p.Position]
	f.Key("b")
	assert.Empty(t, f.Sent)
	q := "Buy " + cell.Name + " for " + v.FormatMoney(cell.Price) + "? cash " + v.FormatMoney(p.Cash) + " → " + v.FormatMoney(p.Cash-cell.Price)
	assert.Equal(t, q, f.r.confirm.question)
	assert.Contains(t, f.Plain(largeW, largeH), "Buy "+cell.Name)
	f.Key("n")
	assert.Empty(t, f.Sent)
	f.Key("b", "y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, "buy", f.Sent[0].Kind())
}

// asciiProfile makes the renderer draw as for NO_COLOR or TERM=dumb: the
// session's lipgloss renderer then writes no escape sequence at all, not
// even reverse video.
func asciiProfile(f *fixture) {
	lr := lipgloss.NewRenderer(io.Discard)
	lr.SetColorProfile(termenv.Ascii)
	f.r.th = tui.NewTheme(lr, true, false)
	f.r.st = sharedStyles(f.r.th, nil)
	f.Refresh()
}

// Without any styling the inspected cell and the trade form's rows are
// still marked with '>'.
func TestNoColourSelectionsHaveMarkers(t *testing.T) {
	f := newFixture(t, 3, 6, 0, false)
	f.As(f.view().Active)
	asciiProfile(f)
	v := f.view()
	c := 13
	f.r.cursor, f.r.follow = c, false
	small := f.Render(smallW, smallH)
	require.NotContains(t, small, "\x1b[", "the ASCII profile draws no escape sequences")
	g := gridOf(len(v.Board.Cells))
	row, col := g.pos(c)
	lines := strings.Split(small, "\n")
	assert.Equal(t, ">", lines[row][col*compactCellW:col*compactCellW+1], "%q", lines[row])
	for o := range v.Board.Cells {
		if o != c {
			r, cl := g.pos(o)
			assert.Equal(t, " ", lines[r][cl*compactCellW:cl*compactCellW+1], "cell %d is not marked", o)
		}
	}
	large := f.Render(largeW, largeH)
	first := strings.Fields(v.Board.Cells[c].Name)[0]
	assert.Contains(t, large, ">"+first[:min(len(first), 6)])

	f.Key("t")
	if f.r.trade.stage == 0 {
		f.Key("enter")
	}
	out := f.Render(largeW, largeH)
	assert.Contains(t, out, "> You give", "the focused side")
	assert.Contains(t, out, "> [ ] ", "the row under the cursor")
	f.Key("space")
	assert.Contains(t, f.Render(largeW, largeH), "> [x] ")
}

// The trade form's focus: select, tab, space switches who pays (it never
// ticks a property), and up from the money line goes to the row above.
func TestTradeFocusOrder(t *testing.T) {
	f := newFixture(t, 2, 14, 0, false)
	f.As(f.view().Active)
	f.Key("t")
	d := f.r.trade
	require.Equal(t, 1, d.stage)
	require.GreaterOrEqual(t, len(d.give), 2)
	f.Key("space", "tab", "space")
	assert.Len(t, d.sel, 1, "only the first property is ticked")
	assert.Equal(t, 2, d.focus)
	assert.True(t, d.theyPay, "space on the money line switches who pays")
	f.Key("up")
	assert.Equal(t, 0, d.focus, "up from the money line goes back to the list above")
	assert.Equal(t, len(d.give)-1, d.cur[0], "to its last row, the one above the money line")
	f.Key("right", "tab", "tab")
	assert.Equal(t, 1, d.focus, "tab returns to the side it left")
	out := f.Plain(smallW, smallH)
	assert.Contains(t, out, "left/right side")
	assert.Contains(t, out, "tab money")
	assert.NotContains(t, out, "you pay "+f.r.name(d.partner)+" 0", "amounts carry the currency")
}

// A section that does not fit ends with the ellipsis; titles wrap rather
// than being cut.
func TestCutTextEndsWithEllipsis(t *testing.T) {
	f := newFixture(t, 3, 6, 0, false)
	out := f.r.stack(20, 3, section{"A title longer than twenty", []string{"one two three four five six seven eight nine ten"}})
	lines := strings.Split(out, "\n")
	require.Len(t, lines, 3)
	assert.Contains(t, out, "twenty", "the title wraps")
	assert.True(t, strings.HasSuffix(strings.TrimRight(lines[2], " "), "…"), "%q", lines[2])
}

// The help legend explains the codes; i explains the inspected cell.
func TestLegendAndExplainKey(t *testing.T) {
	f := newFixture(t, 3, 6, 0, false)
	var lg tui.Legender = f.r
	assert.Contains(t, lg.Legend(), "'>' marks the inspected cell")
	assert.Contains(t, lg.Legend(), "m mortgaged")
	f.r.cursor, f.r.follow = 0, false
	f.Key("i")
	out := strings.Join(strings.Fields(f.Plain(largeW, largeH)), " ")
	assert.Contains(t, out, "Code S: S start.")
	assert.Contains(t, out, "Token")
	f.Key("i")
	assert.NotContains(t, f.Plain(largeW, largeH), "Code S")
	var pn tui.PhaseNamer = f.r
	assert.Equal(t, "after the roll", pn.PhaseText(opoly.PhasePostRoll))
}

func TestCardCellArticle(t *testing.T) {
	assert.Equal(t, "an", article("Unexpected"))
	assert.Equal(t, "a", article("Probability"))
	f := newFixture(t, 3, 6, 0, false)
	v := f.view()
	for c, cell := range v.Board.Cells {
		if cell.Kind == opoly.KindCard {
			lines := strings.Join(f.r.cardLines(c), "\n")
			assert.NotContains(t, lines, "a Unexpected")
		}
	}
}

// TestBuildCountOffersOnlyWhatWillHappen: the count the build list offers
// is what even building, the cash and the top level allow, spread over the
// group as the game takes it; the question states that count and its
// cost, and a count that reaches the top level says so (Projectopoly's
// Team+QM, Technopoly's CTO).
func TestBuildCountOffersOnlyWhatWillHappen(t *testing.T) {
	// Projectopoly: cash for two FTE only; + four times offers two.
	s := newPPState(t, 3, 1000).Own(0, ppIntranet, ppTimesheet, ppPrinter).TurnTo(0)
	f := s.Fixture(0, true)
	f.Live = true
	f.Key("+", "+", "+", "+", "+")
	require.Equal(t, 2, f.r.pick.count, "two FTE is all the cash pays")
	f.Key("enter")
	q := f.r.confirm.question
	assert.Contains(t, q, "Staff 2 FTE (Intranet Refresh to 1 FTE, Timesheet App to 1 FTE) for 1.000€?")
	assert.Contains(t, q, "cash 1.000€ → 0€")
	f.Key("y")
	require.Len(t, f.Sent, 2)
	assert.Empty(t, f.r.err, "no \"Built 1 of 2\"")

	// Technopoly: developers 2, 2, 1; +5 takes TutorNest to 2, then all
	// three to 3 developers, then one CTO (A001-10).
	f = tpBoard(t, 150000).Fixture(0, true)
	f.Key("+")
	for range 6 {
		f.Key("+")
	}
	require.Equal(t, 7, f.r.pick.count)
	f.Key("enter")
	q = f.r.confirm.question
	assert.Contains(t, q, "Hire 4 developers and 3 CTOs (TutorNest to 3 developers + CTO, LearnLoop to 3 developers + CTO, QuizForge to 3 developers + CTO) for £35,000?")
}
