package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestA001_15_TieBreakIsSaid: after a termination, tied resources are
// ranked by more cash, then more start-ups, else the place is shared, and
// the end of the game says which tie-break decided (the reason the end
// screen and the log show).
func TestA001_15_TieBreakIsSaid(t *testing.T) {
	end := func(x *tg) (string, string) {
		ev := x.Do(3, opoly.Resign{}) // seat 4 terminates: excluded
		return x.G.Outcome().Reason, opolytest.Text(ev, engine.Spectator)
	}
	// Equal resources (£156,000): seat 2 has more cash.
	x := newTP(t, 4, 150000, nil)
	x.E.Own(0, tFieldSense).Cash(1, 156000).Cash(2, 10000).Cash(3, 0)
	x.Done()
	reason, log := end(x)
	want := "Seat 2 and Seat 1 tie on £156,000 resources; Seat 2 has more cash (£156,000 to £150,000)."
	require.Contains(t, reason, want)
	require.Contains(t, log, want)
	// Equal resources and cash: more start-ups.
	x = newTP(t, 4, 100000, nil)
	x.E.Own(0, tFieldSense, tHerdTrack).Own(1, tTutorNest).Cash(2, 0).Cash(3, 0)
	x.Done()
	reason, _ = end(x)
	require.Contains(t, reason, "Seat 1 and Seat 2 tie on £112,000 resources and cash; Seat 1 has more start-ups (2 to 1).")
	// Everything equal: shared.
	x = newTP(t, 4, 100000, nil)
	x.E.Cash(2, 0).Cash(3, 0)
	x.Done()
	reason, _ = end(x)
	require.Contains(t, reason, "Seat 1 and Seat 2 tie on £100,000 resources, cash and start-ups: they share the place.")
	// No tie: nothing is added.
	x = newTP(t, 4, 100000, nil)
	x.E.Cash(1, 90000).Cash(2, 0).Cash(3, 0)
	x.Done()
	reason, _ = end(x)
	require.NotContains(t, reason, " tie on ")
}
