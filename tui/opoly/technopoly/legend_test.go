package technopoly

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTPLegendExplainsEveryMark: every mark the Technopoly board shows is
// explained in the legend, in Technopoly's words: the ? of the Tech News
// spaces when the deck is on (and that they show = when it is off), S,
// =, the staff marks, the large board's band, owner and prices in
// thousands, and the players pane's columns; no other game's words.
func TestTPLegendExplainsEveryMark(t *testing.T) {
	for _, on := range []bool{true, false} {
		s := tpBoard(t, 150000)
		if on {
			s.News()
		}
		f := s.Fixture(0, true)
		legend := f.r.Legend()
		board := f.Plain(smallW, smallH)
		ring := strings.Join(strings.Split(board, "\n")[:11], "\n")
		if on {
			assert.Contains(t, ring, " ?", "the Tech News spaces draw a card")
			assert.Contains(t, legend, "? Tech News: draw a card")
		} else {
			assert.NotContains(t, ring, "?")
			assert.Contains(t, legend, "= nothing happens (Tech News spaces too: its cards are off here)")
		}
		for _, w := range []string{"field letter", "owner's seat (. the bank)", "1-3 developers", "C 3 developers + a CTO",
			"S Invest NI", "= nothing happens", "'>' if inspected", "(* several)", "band 2 DEVS / 3 DEVS+CTO",
			"---- not a start-up", "#N owner", "£10k = £10,000", "cash, resources", "N trips = Invest NI trips paid"} {
			assert.Contains(t, legend, w, "deck on: %v", on)
		}
		for _, w := range []string{"jail", "mortgage", "house", "hotel", "property", "street", "$", "#N the owner, tokens"} {
			assert.NotContains(t, legend, w, "another game's word")
		}
		// Every code glyph drawn on the small board is in the legend.
		for _, g := range []string{"?", "=", "S", "C", "#"} {
			if strings.Contains(ring, g) {
				assert.Contains(t, legend, g+" ", "mark %q is explained", g)
			}
		}
	}
}
