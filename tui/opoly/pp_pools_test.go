package opoly

import (
	"regexp"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// TestPPPoolsLineFitsItsPane: the pools' counts stay on one line at every
// size; where "… QM free" does not fit (the left pane of the 160x50 board)
// the word "free" is dropped rather than wrapped onto a line of its own,
// then the pool's name.
func TestPPPoolsLineFitsItsPane(t *testing.T) {
	s := newPPState(t, 3, 12500).Own(0, ppIntranet, ppTimesheet, ppPrinter).
		Level(2, ppIntranet, ppTimesheet).Level(1, ppPrinter).TurnTo(0)
	f := s.Fixture(0, true)
	lone := regexp.MustCompile(`(?m)^\S*\s+free\s`)
	large := f.Plain(largeW, largeH)
	assert.Contains(t, large, "Project Planning: 27/32 FTE, 12/12 QM")
	assert.NotRegexp(t, lone, large, "no line holding only the word free")
	assert.Contains(t, f.Plain(smallW, smallH), "Project Planning: 27/32 FTE, 12/12 QM free", "it fits at 80x24")

	for _, tc := range []struct {
		w    int
		want string
	}{
		{60, "Project Planning: 27/32 FTE, 12/12 QM free"},
		{38, "Project Planning: 27/32 FTE, 12/12 QM"},
		{30, "Free: 27/32 FTE, 12/12 QM"},
		{10, "27/32 FTE, 12/12 QM"},
	} {
		assert.Equal(t, tc.want, xansi.Strip(f.r.poolLine(tc.w)), "width %d", tc.w)
	}
}
