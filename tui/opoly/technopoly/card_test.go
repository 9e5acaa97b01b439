package technopoly

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestTPInspectOwnerFeeNowAndPlayersAt80x24: at 80x24 (the play area of
// 80x12) the inspected start-up's card starts with what a player decides
// on: its owner and the fee it charges now at its staffing (or that it is
// for sale and its price), then the takeover price; the players pane
// inside the ring shows every player of four, with cash and resources
// under a header, names cut with an ellipsis, nothing cut off.
func TestTPInspectOwnerFeeNowAndPlayersAt80x24(t *testing.T) {
	s := newTPState(t, 4, 150000).
		Own(1, tpFieldSense, tpHerdTrack).Level(4, tpFieldSense, tpHerdTrack).
		Own(1, tpHarbourCloud).Own(0, tpGlensHosting).Own(2, tpLearnLoop).
		Laps(3, 2).TurnTo(0)
	f := s.Fixture(0, true)
	ring := func() []string { return strings.Split(f.Plain(smallW, smallH), "\n") }
	side := func() string {
		var b strings.Builder
		for _, l := range ring()[:smallH-1] {
			rs := []rune(l)
			b.WriteString(string(rs[56:]) + " ")
		}
		return tpFlat(b.String())
	}
	f.r.Inspect(tpFieldSense)
	assert.Contains(t, side(), "Owner 2 bob Fee now £25,000 (3 devs+CTO) Price £6,000")
	f.r.Inspect(tpHarbourCloud)
	assert.Contains(t, side(), "Owner 2 bob Fee now £1,000 (no staff) Price £15,000 Takeover £18,000")
	assert.Contains(t, side(), "Cloud field: bob has 1, ada has 1")
	f.r.Inspect(tpLearnLoop)
	assert.Contains(t, side(), "Fee now £600 (no staff)")
	f.r.Inspect(tpQuizForge)
	assert.Contains(t, side(), "For sale: £10,000 Owner: nobody yet EdTech field: cyd has 1, 2 free")

	rows := ring()
	v := f.view()
	re := regexp.MustCompile(`player +cash resources`)
	require.Regexp(t, re, strings.Join(rows, "\n"), "a header names the columns")
	for _, seat := range v.Order {
		p := v.Player(seat)
		name := f.r.Name(seat)
		if len(name) > 10 {
			name = name[:8] // cut with an ellipsis in the pane
		}
		found := false
		for _, l := range rows[:11] {
			if strings.Contains(l, " "+seatDigit(seat)+" "+name) {
				found = true
				assert.Contains(t, l, v.FormatMoney(p.Cash)+" "+v.FormatMoney(p.Capital), "%s's cash and resources", name)
			}
		}
		assert.True(t, found, "seat %d (%s) is in the players pane:\n%s", seat, name, strings.Join(rows, "\n"))
	}
	assert.Regexp(t, `4 bot-tech\S*… `, strings.Join(rows, "\n"), "a name cut short ends with an ellipsis")
}

// TestTPTakeoverListScrolls: a takeover list longer than the pane scrolls
// with the highlighted row in view and "more" lines above and below for
// what is out of view; each row (field letter, start-up, price, owner) is
// one line at 80x24; the preview and the keys stay on screen, at 80x24 and
// 160x50.
func TestTPTakeoverListScrolls(t *testing.T) {
	cells := []int{tpFieldSense, tpHerdTrack, tpLaganFibre, tpLearnLoop, tpQuizForge, tpTutorNest, 11, tpHarbourCloud, 13, 14,
		15, 16, 18, 19, 21, 23, 24, 25, 26, 27, tpGlensHosting, 29, 31, 32, 34, 35, 37, 39}
	f := newTPState(t, 3, 500000).Own(2, cells...).TurnTo(0).Fixture(0, true)
	f.Key("t")
	require.Equal(t, "pick", f.r.Mode())
	require.Len(t, pickCells(f), len(cells))
	for _, size := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
		f.Key("esc")
		f.r.Inspect(tpFieldSense) // the list opens on the inspected cell
		f.Key("t")
		screen := f.Plain(size[0], size[1])
		assert.Regexp(t, `> A FieldSense \(£7,200\) of bot-`, screen, "the first row, highlighted, with its price")
		assert.Regexp(t, `↓ \d+ more below`, screen)
		assert.NotContains(t, screen, "more above")
		if size[0] == smallW {
			assert.Contains(t, screen, "  A HerdTrack (£7,200) of bot-technopoly    ", "a row is one line at 80x24")
		}
		for i := 0; i < len(cells); i++ {
			name := f.r.CellName(pickCells(f)[i])
			screen = f.Plain(size[0], size[1])
			assert.Regexp(t, "> [A-J] "+name+" \\(", screen, "row %d in view at %dx%d", i, size[0], size[1])
			assert.Contains(t, screen, "enter choose · esc cancel", "the keys")
			if size[0] == smallW {
				assert.Contains(t, tpFlat(screen), "Ask bot-technopoly for "+name+" at", "the preview of row %d", i)
			}
			if i > 2 && size[0] == smallW {
				assert.Regexp(t, `↑ \d+ more above`, screen, "row %d", i)
			}
			assert.Equal(t, f.r.Cursor(), pickCells(f)[i], "the card beside the list is the highlighted row's")
			f.Key("down")
		}
		assert.NotContains(t, screen, "more below", "the last row: nothing below")
	}
	f.Key("esc")
	f.r.Inspect(tpFieldSense)
	f.Key("t", "down", "down")
	assert.Equal(t, tpLaganFibre, pickCells(f)[pickIdx(f)])
	assert.Contains(t, f.Plain(smallW, smallH), "> I Lagan Fibre (£24,000) of bot-technopoly")
	assert.Equal(t, opoly.RequestTakeover{Cell: tpLaganFibre}, pickActs(f)[pickIdx(f)])
}

// TestTPTakeoverRequestShowsTheStartUpAsked: when a takeover request
// arrives, the owner's detail pane turns to the start-up asked for (its
// owner, fee now and price), at 160x50 as at 80x24.
func TestTPTakeoverRequestShowsTheStartUpAsked(t *testing.T) {
	f := tpBoard(t, 90000).Fixture(1, true)
	f.r.Inspect(tpFieldSense)
	f.Apply(0, opoly.RequestTakeover{Cell: tpHarbourCloud})
	f.Refresh()
	large := tpFlat(f.Plain(largeW, largeH))
	assert.Contains(t, large, "ada asks for Harbour Cloud")
	assert.Contains(t, large, "Owner 2 bob · fee now £1,000", "the card of the start-up asked for")
	assert.Contains(t, tpFlat(f.Plain(smallW, smallH)), "Owner 2 bob")
	assert.Equal(t, tpHarbourCloud, f.r.Cursor())
}
