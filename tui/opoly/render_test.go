package opoly

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

func TestGridRing(t *testing.T) {
	g := gridOf(40)
	require.Equal(t, 10, g.side)
	corners := map[int][2]int{0: {10, 10}, 10: {10, 0}, 20: {0, 0}, 30: {0, 10}, 1: {10, 9}, 39: {9, 10}, 11: {9, 0}, 21: {0, 1}}
	for c, want := range corners {
		r, col := g.pos(c)
		assert.Equal(t, want, [2]int{r, col}, "cell %d", c)
	}
	seen := map[[2]int]bool{}
	for c := 0; c < 40; c++ {
		r, col := g.pos(c)
		require.False(t, seen[[2]int{r, col}], "cell %d shares a position", c)
		seen[[2]int{r, col}] = true
		require.Equal(t, c, g.at(r, col))
		require.True(t, r == 0 || r == 10 || col == 0 || col == 10, "cell %d is inside the ring", c)
	}
	assert.Equal(t, -1, g.at(5, 5))
	assert.Equal(t, -1, g.at(11, 0))
}

// TestGridAtTurnsPosRound: for boards of every size, at finds the cell pos
// placed at a position, and -1 at every position no cell has (inside the
// ring, past the last cell, off the square).
func TestGridAtTurnsPosRound(t *testing.T) {
	for n := 0; n <= 70; n++ {
		g := gridOf(n)
		placed := map[[2]int]int{}
		for c := 0; c < n; c++ {
			r, col := g.pos(c)
			placed[[2]int{r, col}] = c
		}
		for r := -1; r <= g.side+1; r++ {
			for col := -1; col <= g.side+1; col++ {
				want, ok := placed[[2]int{r, col}]
				if !ok {
					want = -1
				}
				require.Equal(t, want, g.at(r, col), "n=%d at (%d,%d)", n, r, col)
			}
		}
	}
}

// Every layout, dialog and size gives exactly w x h.
func TestExactSize(t *testing.T) {
	f := newFixture(t, 4, 3, 0, false)
	require.True(t, f.untilPhase("auction", true))
	bidder := f.view().Auction.Bidders[0]
	sizes := [][2]int{{smallW, smallH}, {largeW, largeH}, {1, 1}, {10, 3}, {43, 12}, {68, 12}, {69, 12}, {80, 11},
		{80, 30}, {80, 34}, {80, 35}, {88, 34}, {100, 17}, {120, 40}, {160, 60}, {250, 100}, {400, 200}}
	check := func(label string) {
		for _, s := range sizes {
			out := f.r.View(s[0], s[1])
			lines := strings.Split(out, "\n")
			require.Len(t, lines, s[1], "%s at %v", label, s)
			for i, l := range lines {
				require.Equal(t, s[0], ansi.StringWidth(l), "%s at %v line %d: %q", label, s, i, ansi.Strip(l))
			}
		}
	}
	f.As(bidder)
	f.Key("1", "2", "3")
	check("auction")
	f.As(-1)
	check("spectator")
	require.True(t, f.untilPhase("roll", false))
	f.As(f.view().Active)
	check("turn")
	f.Key("t", "enter", "space")
	require.Equal(t, modeTrade, f.r.mode)
	check("trade dialog")
	f.Key("esc", "x")
	require.Equal(t, modeConfirm, f.r.mode)
	check("confirm")
	f.Key("n", "]")
	check("player pane")
}

func TestLargeBoardShowsNamesAndOwners(t *testing.T) {
	f := newFixture(t, 3, 11, 0, false)
	out := f.Plain(largeW, largeH)
	v := f.view()
	for _, c := range []int{0, 10, 20, 30} { // corners have short names
		first := strings.Fields(v.Board.Cells[c].Name)[0]
		assert.Contains(t, out, first, "cell %d", c)
	}
	for _, name := range []string{"Parking", "Canteen", "Library", "Medical", "Chemist"} {
		assert.Contains(t, out, name)
	}
	// Owners of the dealt properties are marked by seat number.
	for s := range v.Players {
		if len(v.Players[s].Props) > 0 {
			assert.Contains(t, out, "#"+seatDigit(s))
		}
	}
	assert.Contains(t, out, "Players")
	small := f.Plain(smallW, smallH)
	assert.NotContains(t, small, "Parking", "the compact board has no cell names")
	assert.Contains(t, small, "ada")
}

func TestCursorInspectsCards(t *testing.T) {
	f := newFixture(t, 2, 5, 0, false)
	v := f.view()
	require.Equal(t, 0, f.r.cursor, "everyone starts on START")
	f.Key("up") // START is the bottom right corner: up is the last cell
	last := len(v.Board.Cells) - 1
	require.Equal(t, last, f.r.cursor)
	cell := v.Board.Cells[last]
	require.Equal(t, opoly.KindStreet, cell.Kind)
	for _, size := range [][2]int{{largeW, largeH}, {120, 40}} {
		out := f.Plain(size[0], size[1])
		assert.Contains(t, out, cell.Name)
		for l := 1; l < v.MaxLevel; l++ {
			assert.Contains(t, out, itoa(l)+":"+v.FormatMoney(cell.Rents[l]), "level %d", l)
		}
		assert.Contains(t, out, "Hotel "+v.FormatMoney(cell.Rents[v.MaxLevel]))
		assert.Contains(t, out, "Rent "+v.FormatMoney(cell.Rents[0]))
		assert.Contains(t, out, "full group "+v.FormatMoney(cell.Rents[0]*v.Rules.Buildings.FullGroupMultiplier))
		assert.Contains(t, out, "house price "+v.FormatMoney(cell.BuildPrice))
		assert.Contains(t, out, "Price "+v.FormatMoney(cell.Price))
		assert.Contains(t, out, "mortgage "+v.FormatMoney(cell.Mortgage))
		assert.Contains(t, out, "lift "+v.FormatMoney(v.Rules.LiftCost(last)))
	}
	// hjkl move too; left from START is cell 1, and a counted cell shows
	// its rent by number owned.
	f.Key(".", "h")
	require.Equal(t, 1, f.r.cursor)
	gate := -1
	for c, cl := range v.Board.Cells {
		if cl.Kind == opoly.KindCounted {
			gate = c
			break
		}
	}
	goTo(t, f, gate)
	out := f.Plain(largeW, largeH)
	gc := v.Board.Cells[gate]
	assert.Contains(t, out, "Owned 1:"+v.FormatMoney(gc.Rents[0]))
	assert.Contains(t, out, "4:"+v.FormatMoney(gc.Rents[3]))
	// The compact layout shows the card in its side pane.
	assert.Contains(t, f.Plain(smallW, smallH), gc.Name)
	// A dice cell shows its multipliers.
	dice := -1
	for c, cl := range v.Board.Cells {
		if cl.Kind == opoly.KindDice {
			dice = c
			break
		}
	}
	goTo(t, f, dice)
	dc := v.Board.Cells[dice]
	require.Equal(t, opoly.KindDice, dc.Kind)
	assert.Contains(t, f.Plain(largeW, largeH), "1:x"+itoa(int(dc.Rents[0]))+" 2:x"+itoa(int(dc.Rents[1])))
}

func TestNoColourHasLettersNoColour(t *testing.T) {
	mono := newFixture(t, 3, 2, 0, true)
	colour := newFixture(t, 3, 2, 0, false)
	for _, s := range [][2]int{{smallW, smallH}, {largeW, largeH}} {
		m := mono.Render(s[0], s[1])
		assert.False(t, tuitest.HasColour(m), "no-colour output at %v has colour codes", s)
		assert.True(t, tuitest.HasColour(colour.Render(s[0], s[1])), "colour output at %v has no colour", s)
	}
	// Every property of the compact ring starts with its group's letter.
	v := mono.view()
	g := gridOf(len(v.Board.Cells))
	lines := strings.Split(mono.Plain(smallW, smallH), "\n")
	for c, cell := range v.Board.Cells {
		if !cell.Kind.Property() {
			continue
		}
		row, col := g.pos(c)
		_, letter := mono.r.st.group(cell.Group)
		assert.Equal(t, letter, lines[row][col*compactCellW+1:col*compactCellW+2], "cell %d", c)
	}
	// The bottom row of the compact ring has START's glyph at the right and
	// the first street's group letter next to it.
	_, brown := mono.r.st.group(v.Board.Cells[1].Group)
	bottom := lines[10]
	assert.Equal(t, brown, bottom[46:47], "cell 1 sits left of START: %q", bottom)
	assert.Equal(t, "S", bottom[51:52], "%q", bottom)
}

// barLine is the action bar of a wide render.
func barLine(f *fixture) string {
	lines := strings.Split(f.Plain(250, 45), "\n")
	return lines[len(lines)-1]
}

func TestActionBarListsOnlyLegal(t *testing.T) {
	f := newFixture(t, 3, 9, 0, false)
	check := func(label string) {
		t.Helper()
		bar := barLine(f)
		legal := map[string]bool{}
		for _, a := range f.G.Legal(f.Viewer) {
			legal[a.Kind()] = true
		}
		for _, e := range f.r.allEntries() {
			on := false
			for _, k := range e.kinds {
				on = on || legal[k]
			}
			entry := e.key + " " + e.label
			if on {
				assert.Contains(t, bar, entry, label)
			} else {
				assert.NotContains(t, bar, entry, label)
			}
		}
	}
	active := f.view().Active
	f.As(active)
	check("before rolling")
	assert.Contains(t, barLine(f), "r roll")
	assert.NotContains(t, barLine(f), "end turn")
	f.Key("r")
	require.Equal(t, engine.Action(opoly.Roll{}), f.Sent[0])
	f.ApplySent()
	check("after rolling")
	other := (active + 1) % 3
	f.As(other)
	if !f.G.Prompt().Awaits(other) {
		assert.Contains(t, barLine(f), "Waiting for the others.")
	}
	f.As(-1)
	assert.Contains(t, barLine(f), "Watching.")
	require.True(t, f.untilPhase("auction", true))
	f.As(f.view().Auction.Bidders[0])
	check("auction")
	assert.Contains(t, barLine(f), "enter bid")
}

func TestResignAsksFirst(t *testing.T) {
	f := newFixture(t, 2, 4, 0, false)
	f.As(f.view().Active)
	f.Key("x")
	assert.True(t, f.r.Capturing())
	assert.Contains(t, f.Plain(smallW, smallH), "Resign?")
	f.Key("n")
	assert.False(t, f.r.Capturing())
	assert.Empty(t, f.Sent)
	f.Key("x")
	out := f.Plain(largeW, largeH)
	assert.Contains(t, out, "auctioned", "the prompt says what really happens (A004-10)")
	assert.NotContains(t, out, "go back to the bank")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, "resign", f.Sent[0].Kind())
	f.ApplySent()
	assert.True(t, f.G.Outcome().Finished)
}

func TestPlayersPaneListsProperties(t *testing.T) {
	f := newFixture(t, 3, 6, 1, false)
	v := f.view()
	f.Key("]")
	first := v.Order[0]
	require.Equal(t, first, f.r.player)
	out := f.Plain(largeW, largeH)
	p := v.Players[first]
	require.NotEmpty(t, p.Props)
	assert.Contains(t, out, itoa(len(p.Props))+" properties:")
	assert.Contains(t, out, v.Board.Cells[p.Props[0]].Name)
	assert.Contains(t, out, "Cash "+v.FormatMoney(p.Cash))
	// The players pane shows everyone in play order with cash.
	rows := f.r.playerRows(40)
	require.Len(t, rows, len(v.Order))
	for i, s := range v.Order {
		assert.Contains(t, ansi.Strip(rows[i]), f.r.name(s))
		assert.Contains(t, ansi.Strip(rows[i]), v.FormatMoney(v.Players[s].Cash))
	}
	assert.True(t, strings.HasPrefix(ansi.Strip(rows[indexOf(v.Order, v.Active)]), ">"), "the player in turn")
	// The chosen player is marked without colour too.
	sel := indexOf(v.Order, f.r.player)
	assert.Equal(t, byte('*'), ansi.Strip(rows[sel])[1], "the chosen player: %q", ansi.Strip(rows[sel]))
	for i := range rows {
		if i != sel {
			assert.NotEqual(t, byte('*'), ansi.Strip(rows[i])[1], "only the chosen player is starred")
		}
	}
	f.Key("[")
	assert.Equal(t, -1, f.r.player, "back to the card")
	f.Key("[")
	assert.Equal(t, v.Order[len(v.Order)-1], f.r.player)
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// goTo moves the cursor to cell c of a 40-cell board with the arrow keys,
// going round the ring from START.
func goTo(t *testing.T, f *fixture, c int) {
	t.Helper()
	f.Key(".")
	f.r.cursor = 0 // the walk below starts at START
	steps := []struct {
		k string
		n int
	}{{"h", min(c, 10)}, {"k", min(max(c-10, 0), 10)}, {"l", min(max(c-20, 0), 10)}, {"j", max(c-30, 0)}}
	if c > 30 {
		steps = []struct {
			k string
			n int
		}{{"k", 40 - c}}
	}
	for _, s := range steps {
		for i := 0; i < s.n; i++ {
			f.Key(s.k)
		}
	}
	require.Equal(t, c, f.r.cursor)
}

func TestASCIIThemeDrawsASCIIOnly(t *testing.T) {
	f := newFixture(t, 3, 8, 0, true)
	lr := f.r.th.Renderer
	f.r = testNew(tui.RenderContext{Theme: tui.NewTheme(lr, true, true), Info: unipoly.Definition{}.Info(),
		Submit: func(engine.Action) error { return nil }}).(*Renderer)
	f.R = f.r
	f.As(f.view().Active)
	check := func(label string) {
		for _, s := range [][2]int{{smallW, smallH}, {largeW, largeH}, {60, 10}} {
			for i, r := range f.Plain(s[0], s[1]) {
				require.Less(t, r, rune(128), "%s at %v: rune %q at %d", label, s, r, i)
			}
		}
	}
	check("board")
	f.Key("t", "enter", "space")
	check("trade dialog")
}
