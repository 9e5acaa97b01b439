package opoly_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
)

// TestLentPlayersRewrittenWhenTouchedAsFresh: the lent views rewrite only
// the players changed since they were last written (Game.touched, marked
// by every write of a player and by publish for the holdings and the
// properties); at every step of bot games of the three property games,
// every seat's lent players are the players written afresh from the state.
// It fails when a change of a player is not marked.
func TestLentPlayersRewrittenWhenTouchedAsFresh(t *testing.T) {
	steps := 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		fresh := opoly.PlayersFresh(s.G)
		for seat := range fresh {
			v := engine.PeekView(s.G, seat).(*opoly.View)
			require.Equal(t, fresh, v.Players, "%s seat %d", s.At(), seat)
		}
		steps++
	}, nil)
	require.Positive(t, steps)
}

// TestPublishedDecksAsState: publish compares the decks' sizes only when a
// keep-card left a deck or went back under it (Game.decksDirty); at every
// step of bot games of the three property games the published sizes are
// the state's, and some keep-card moved (else the test proves nothing). It
// fails when a move of a keep-card is not marked.
func TestPublishedDecksAsState(t *testing.T) {
	moved := 0
	last := map[string][]int{}
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		published, state := opoly.DeckSizes(s.G)
		require.Equal(t, state, published, s.At())
		key := fmt.Sprint(s.Def.Info().ID, s.Seed)
		if l, ok := last[key]; ok && fmt.Sprint(l) != fmt.Sprint(state) {
			moved++
		}
		last[key] = state
	}, nil)
	require.Positive(t, moved, "no keep-card moved")
}
