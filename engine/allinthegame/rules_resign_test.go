package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// C-8: any player may resign at any time, not only on their own work turn.

func TestC8_ResignOutsideYourTurn(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	turn := g.s.Turn
	other := (turn + 1) % 3
	require.Equal(t, []engine.Action{Resign{}}, g.Legal(other))
	evs := do(t, g, other, Resign{})
	require.Contains(t, evs[0].Text, "resigned")
	require.True(t, g.s.Out[other])
	require.Equal(t, turn, g.s.Turn, "the work turn in progress goes on")
	require.Equal(t, PhaseWork, g.s.Phase)
	require.Empty(t, g.Legal(other))
	refuse(t, g, other, Resign{}, engine.CodeNotYourTurn)
}

func TestC8_ResignOutsideYourTurnLeavesTwoOneEndsTheGame(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	other := (g.s.Turn + 1) % 2
	do(t, g, other, Resign{})
	out := g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, engine.StatusResigned, out.Results[other].Status)
	require.Equal(t, 1, out.Results[1-other].Placement)
}

func TestC8_ResignWhileChoosingTheStartPlayer(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	g.s.Event = EvQuietWeek
	passAll(t, g)
	require.Equal(t, PhaseChooseStart, g.s.Phase)
	chooser := g.s.Turn
	require.True(t, isLegal(g, chooser, Resign{}))
	do(t, g, chooser, Resign{})
	require.Equal(t, PhaseChooseStart, g.s.Phase, "another player chooses")
	require.NotEqual(t, chooser, g.s.Turn)
	require.False(t, g.s.Out[g.s.Turn])
}
