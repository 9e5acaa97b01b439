package opoly

import (
	"boardroom/tui/opoly/opolytuitest"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/tui/tuitest"
)

// tpBoard is the Technopoly position of the screen tests
// (opolytuitest.TPBoard).
func tpBoard(t *testing.T, cash int64) *ppState {
	return opolytuitest.TPBoard(t, cash, fixtureMaker(t))
}

// TestTPMarksAndWords: Technopoly's board codes 1-3 developers and C for
// three developers and a CTO, the bands 2 DEVS / 3D+CTO on the large
// board, the trip marker in the players pane, pounds, the networking
// squares as rest while the Tech News deck is off, and the game's words on
// a card (developers, CTO, full field, takeover price); all of it without
// colour too, at the play areas of 80x24 and 160x50.
func TestTPMarksAndWords(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		f := tpBoard(t, 150000).Fixture(0, noColor)
		raw := f.Render(smallW, smallH)
		out := xansi.Strip(raw)
		assert.Equal(t, !noColor, tuitest.HasColour(raw), "colour only when allowed")
		assert.Contains(t, out, "B12", "LearnLoop: field B, seat 1, 2 developers")
		assert.Contains(t, out, "B11", "TutorNest: 1 developer")
		assert.Contains(t, out, "A2C", "FieldSense: 3 developers and a CTO")
		assert.Contains(t, out, "J2 ", "Harbour Cloud: bob's, unstaffed")
		assert.Regexp(t, `player +cash resources`, out, "the players pane names its columns")
		assert.Regexp(t, `ada +£150,000 £222,000 \(you\)`, out, "cash and resources (G001-03)")
		assert.Regexp(t, `bob +£150,000 £`, out)
		assert.NotContains(t, out, "?", "the Tech News squares are rest while the deck is off")
		assert.Contains(t, out, "x terminate game")
		assert.Contains(t, out, "+ hire developer/CTO")
		assert.Contains(t, out, "t ask for a takeover")

		large := f.Plain(largeW, largeH)
		assert.Contains(t, large, "B 2 DEVS", "the band of two developers")
		assert.Contains(t, large, "B 1 DEV ", "the band of one developer")
		assert.Contains(t, large, "A 3D+CTO", "the band of three developers and a CTO")
		assert.Regexp(t, `ada +£150,000 £222,000 \(you\)`, large)
		assert.Contains(t, large, "At Invest NI · 2 trips round the board")
		flat := f.text()
		assert.Contains(t, flat, "At Invest NI · 2 trips round the board paid (£40,000)")
		assert.Contains(t, flat, "resources £222,000", "cash + printed prices + staff paid (G001-03)")

		f.r.cursor, f.r.follow, f.r.explain = tpFieldSense, false, true
		card := f.text()
		assert.Contains(t, card, "Code A2C: group A (AgriTech), owner 2 bob, C 3 developers + CTO.")
		assert.Contains(t, card, "AgriTech field (2 cells)")
		assert.Contains(t, card, "Fee £200 · full field £400")
		assert.Contains(t, card, "Developers 1:£1,000 2:£3,000 3:£9,000")
		assert.Contains(t, card, "3 developers + CTO £25,000 · developer or CTO £5,000")
		assert.Contains(t, card, "Price £6,000 · takeover £7,200")
		assert.Contains(t, card, "Owner 2 bob · 3 developers + CTO · fee now £25,000")
		f.r.cursor = tpTechMeetup
		assert.Contains(t, f.text(), "Code =: = nothing happens.")
		f.r.cursor = 0
		assert.Contains(t, f.text(), "Code S: S Invest NI: £20,000 a trip round the board.")
		f.r.cursor = tpTechMeetup
		assert.Contains(t, f.text(), "Nothing happens here (the Tech News cards are off at this table).")
		f.r.cursor, f.r.explain = 0, false
		assert.Contains(t, f.text(), "Invest NI invests £20,000 once per trip round the board, on passing or landing")
		assert.Contains(t, f.text(), "Trips paid: bob 1, ada 2.")

		legend := f.r.Legend()
		for _, w := range []string{"1-3 developers", "C 3 developers + a CTO", "3 DEVS+CTO", "N trips = Invest NI trips paid",
			"field letter", "= nothing happens"} {
			assert.Contains(t, legend, w)
		}
		assert.NotContains(t, legend, "mortgage")
		assert.NotContains(t, legend, "jail")
		assert.LessOrEqual(t, len(legend), 7*76, "fits the help overlay at 80x24")
	}
}

// TestTPHireEvenly (R001-23, R001-24): + lists only the start-ups where
// the next developer may go (the field's fewest), previews the price and
// the cash, and a CTO once three developers are everywhere.
func TestTPHireEvenly(t *testing.T) {
	f := tpBoard(t, 150000).Fixture(0, true)
	f.Live = true
	f.Key("+")
	require.Equal(t, modePick, f.r.mode)
	assert.Equal(t, []int{tpTutorNest}, f.r.pick.cells, "evenly: TutorNest has one developer, the others two")
	out := f.text()
	assert.Contains(t, out, "Choose where to hire")
	assert.Contains(t, out, "Hire a developer on TutorNest for £5,000? cash £150,000 → £145,000")
	f.Key("enter")
	require.Equal(t, modeConfirm, f.r.mode, "the list only chooses: hiring asks first")
	f.Key("enter")
	require.Empty(t, f.Sent, "enter answers no")
	f.Key("+", "enter", "y")
	require.Equal(t, []any{opoly.Build{Cell: tpTutorNest}}, anySlice(f.Sent))
	f.Refresh()
	assert.Contains(t, f.Plain(smallW, smallH), "B12 ")

	s := tpBoard(t, 150000).Level(3, tpLearnLoop, tpQuizForge, tpTutorNest)
	f = s.Fixture(0, true)
	f.Key("+")
	assert.Len(t, f.r.pick.cells, 3, "a CTO may go on any start-up of the field")
	assert.Contains(t, f.text(), "Hire a CTO on LearnLoop for £5,000?")
}

// TestTPTerminateOutOfTurn (R001-13, A001-06): a player not in turn may
// terminate the game; the question says it ends for everyone, that the
// terminating player cannot win, and who wins now by the engine's
// ranking; yes ends the game with that winner.
func TestTPTerminateOutOfTurn(t *testing.T) {
	// bob is the richest, so if he terminates ada wins (the seed's
	// "second highest" sentence).
	s := tpBoard(t, 90000).Cash(1, 120000)
	f := s.Fixture(1, true)
	f.Live = true
	require.False(t, f.G.Prompt().Awaits(1))
	assert.Contains(t, f.Plain(smallW, smallH), "Waiting for the others.  x terminate game")
	f.Key("x")
	require.Equal(t, modeConfirm, f.r.mode)
	v := f.view()
	rank := v.Ranking(1)
	require.Equal(t, 0, rank[0])
	q := f.text()
	assert.Contains(t, q, "Terminate the game? It ends now for everyone and you cannot win: ada wins.")
	assert.Contains(t, q, "By resources: ada "+v.FormatMoney(v.Player(0).Capital)+", bot-technopoly £90,000, then you ("+
		v.FormatMoney(v.Player(1).Capital)+").")
	assert.Greater(t, v.Player(1).Capital, v.Player(0).Capital, "bob would have won by resources")
	f.Key("n")
	require.Empty(t, f.Sent)
	f.Key("x", "y")
	require.Equal(t, []any{opoly.Resign{}}, anySlice(f.Sent))
	out := f.G.Outcome()
	require.True(t, out.Finished)
	assert.Equal(t, 1, out.Results[0].Placement, "ada wins")
	assert.Equal(t, 3, out.Results[1].Placement, "bob, who terminated, last")
	f.Refresh()
	assert.Contains(t, f.Plain(smallW, smallH), "The game is over.")
}

func anySlice[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
