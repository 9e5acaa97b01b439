package technopoly

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestTakeoverWantedKeptAsFresh checks the set of start-ups the standard
// bot would ask for, kept in its advice memory while the cells do not
// change (wanted), against the set worked out afresh, and that against a
// walk over every field's cells (wantedEachField: wanted finds the bot's
// fields from its own start-ups), for every seat at every step of
// four-player bot games, reading the lent views the simulator's bots read.
func TestTakeoverWantedKeptAsFresh(t *testing.T) {
	some := 0
	var kept [4]opoly.AdviceMemory
	opolytest.PlayBotGames(t, []engine.Definition{Definition{}}, opolytest.BotGames{Seeds: 4,
		Look: func(s opolytest.BotStep) {
			if s.Step == 0 {
				kept = [4]opoly.AdviceMemory{} // a new game: no memories yet
			}
			for seat := 0; seat < 4; seat++ {
				v := engine.ViewOf[opoly.View](engine.PeekView(s.G, seat))
				var fresh opoly.AdviceMemory
				want := wanted(v, seat, &fresh)
				require.Equal(t, want, wanted(v, seat, &kept[seat]), "%s seat %d", s.At(), seat)
				require.Equal(t, wantedEachField(v, seat), want, "%s seat %d", s.At(), seat)
				if want != 0 {
					some++
				}
			}
		}})
	t.Logf("%d seat-steps wanted start-ups", some)
	require.Positive(t, some, "the bots wanted start-ups")
}

// wantedEachField is wanted worked out by a walk over every field's cells,
// as it was before it read the bot's fields from its own start-ups.
func wantedEachField(v *opoly.View, seat int) uint64 {
	var mine uint64
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		n := 0
		for _, c := range grp.Cells {
			if v.Cells[c].Owner == seat {
				n++
			}
		}
		if n == 0 || 2*(n+1) <= len(grp.Cells) {
			continue
		}
		for _, c := range grp.Cells {
			if o := v.Cells[c].Owner; o != seat && o != opoly.Bank {
				mine |= 1 << uint(c)
			}
		}
	}
	return mine
}
