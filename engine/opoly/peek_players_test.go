package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// TestLentPlayersRewrittenWhenTouchedAsFresh: the lent views rewrite only
// the players changed since they were last written (Game.touched, marked
// by every write of a player and by publish for the holdings and the
// properties); at every step of bot games of the three property games,
// every seat's lent players are the players written afresh from the state.
// It fails when a change of a player is not marked.
func TestLentPlayersRewrittenWhenTouchedAsFresh(t *testing.T) {
	steps := 0
	botSteps(t, 6, true, func(s botStep) {
		fresh := opoly.PlayersFresh(s.g)
		for seat := range fresh {
			v := engine.PeekView(s.g, seat).(*opoly.View)
			require.Equal(t, fresh, v.Players, "%s seat %d", s.at(), seat)
		}
		steps++
	}, nil)
	require.Positive(t, steps)
}
