package live

import (
	"testing"
	"time"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// TestTurnDeadlinesOnlyForAwaitedPlayers (C-7): an awaited player's seat
// keeps its running deadline or gets a fresh one; a seat not awaited, a
// seat the lobby moves for, and every seat with the timer off get none; a
// bot is due when a seat it moves for is awaited.
func TestTurnDeadlinesOnlyForAwaitedPlayers(t *testing.T) {
	running := t0.Add(5 * time.Second)
	auto := func(i int) bool { return i == 2 }
	waiting := []engine.Wait{{Seat: 0}, {Seat: 1}, {Seat: 2}, {Seat: 9}}
	ds := []time.Time{{}, running, {}, t0}
	first, botDue := TurnDeadlines(waiting, 4, auto, 60, t0, ds)
	require.Equal(t, []time.Time{t0.Add(time.Minute), running, {}, {}}, ds)
	require.Equal(t, running, first)
	require.True(t, botDue, "seat 2 is the lobby's to move")

	first, botDue = TurnDeadlines([]engine.Wait{{Seat: 0}}, 4, auto, 0, t0, ds)
	require.Equal(t, []time.Time{{}, {}, {}, {}}, ds, "timer off")
	require.True(t, first.IsZero())
	require.False(t, botDue)
}
