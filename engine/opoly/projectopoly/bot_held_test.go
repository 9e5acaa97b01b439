package projectopoly

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestBlockedAndWholeFromPropsAsWalk checks what the advice reads of the
// bot's groups from its own properties (held, blockedOf) against a walk
// over the cells (blocked, View.OwnsGroup), for every seat at every step of
// four-player bot games, reading the lent views the simulator's bots read:
// the blocked unmortgaged properties, and the street groups owned whole.
func TestBlockedAndWholeFromPropsAsWalk(t *testing.T) {
	def := Definition{}
	blockedSeen, wholeSeen := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		engine.SetQuiet(g, true)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*7+uint64(i))
		}
		for step := 0; step < 5000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			for seat := 0; seat < 4; seat++ {
				v := engine.ViewOf[opoly.View](engine.PeekView(g, seat))
				var walk uint64
				for c := range v.Cells {
					if v.Cells[c].Owner == seat && blockedWalk(v, seat, c) && !v.Cells[c].Mortgaged {
						walk |= 1 << uint(c)
					}
				}
				require.Equal(t, walk, blockedOf(v, seat), "seed %d step %d seat %d", seed, step, seat)
				n, _ := held(v, seat)
				for gi := range v.Board.Groups {
					grp := &v.Board.Groups[gi]
					require.Equal(t, v.OwnsGroup(seat, gi), int(n[gi]) == len(grp.Cells), "seed %d step %d seat %d group %d", seed, step, seat, gi)
					if v.OwnsGroup(seat, gi) {
						wholeSeen++
					}
				}
				if walk != 0 {
					blockedSeen++
				}
			}
			w := p.Waiting[0].Seat
			_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
			require.NoError(t, err, "seed %d step %d", seed, step)
		}
	}
	require.Positive(t, blockedSeen, "some seat held a blocked property")
	require.Positive(t, wholeSeen, "some seat owned a group whole")
}

// blockedWalk is blocked (bot.go) for seat, by a walk over the group's
// cells: c is the only property seat holds in a group where a rival holds
// another.
func blockedWalk(v *opoly.View, seat, c int) bool {
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	if len(grp.Cells) < 2 {
		return false
	}
	rival := false
	for _, o := range grp.Cells {
		switch w := v.Cells[o].Owner; {
		case o == c:
		case w == seat:
			return false
		case w != opoly.Bank:
			rival = true
		}
	}
	return rival
}
