package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// C-8: any player may resign at any time, also while another seat is awaited.

func TestC8_ResignWhileAnotherSeatPlaysItsZoneTurn(t *testing.T) {
	g := newGame(t, 3, 64)
	visit(g, 0, 0, [numCardTypes]int{1, 0, 0, 0})
	require.Equal(t, []engine.Action{Resign{}}, g.Legal(2), "a seat not awaited may only resign")
	mustApply(t, g, 2, Resign{})
	require.True(t, g.s.Players[2].Out)
	require.Equal(t, 0, g.s.current(), "the zone turn in progress goes on")
	require.Empty(t, g.Legal(2))
	mustRefuse(t, g, 2, Resign{})
}

func TestC8_ResignAfterChoosingCardsInSecret(t *testing.T) {
	g := newGame(t, 3, 64)
	require.Equal(t, PhaseSelect, g.s.Phase)
	round := g.s.Round
	mustApply(t, g, 0, Choose{})
	require.Equal(t, []engine.Action{Resign{}}, g.Legal(0))
	mustApply(t, g, 0, Resign{})
	mustApply(t, g, 1, Choose{})
	mustApply(t, g, 2, Choose{})
	require.Greater(t, g.s.Round, round, "the selection ends without the resigned seat (empty hands: the round ends)")
	require.True(t, g.s.Players[0].Out)
}
