package technopoly

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestTakeoverWantedKeptAsFresh checks the set of start-ups the standard
// bot would ask for, kept in its advice memory while the cells do not
// change (wanted), against the set worked out afresh, and that against a
// walk over every field's cells (wantedEachField: wanted finds the bot's
// fields from its own start-ups), for every seat at every step of
// four-player bot games, reading the lent views the simulator's bots read.
func TestTakeoverWantedKeptAsFresh(t *testing.T) {
	def := Definition{}
	some := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		engine.SetQuiet(g, true)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*7+uint64(i))
		}
		var kept [4]opoly.AdviceMemory
		for step := 0; step < 5000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			for seat := 0; seat < 4; seat++ {
				v := engine.ViewOf[opoly.View](engine.PeekView(g, seat))
				var fresh opoly.AdviceMemory
				want := wanted(v, seat, &fresh)
				require.Equal(t, want, wanted(v, seat, &kept[seat]), "seed %d step %d seat %d", seed, step, seat)
				require.Equal(t, wantedEachField(v, seat), want, "seed %d step %d seat %d", seed, step, seat)
				if want != 0 {
					some++
				}
			}
			w := p.Waiting[0].Seat
			_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w)))
			require.NoError(t, err, "seed %d step %d", seed, step)
		}
	}
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
