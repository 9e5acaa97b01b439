package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// TestBotBeatsPassing: over many games the bot beats a seat that only
// plays its default actions, and its choices are always legal.
func TestBotBeatsPassing(t *testing.T) {
	wins := 0
	const games = 60
	for seed := uint64(1); seed <= games; seed++ {
		g := newGame(t, 2, nil, seed)
		bot := Definition{}.NewBot(0, seed)
		for !g.Outcome().Finished {
			w := g.Prompt().Waiting[0]
			a := w.Default
			if w.Seat == 0 {
				a = bot.Choose(g.View(0), g.Legal(0))
			}
			_, err := g.Apply(w.Seat, a)
			require.NoError(t, err, "seed %d", seed)
		}
		if g.Outcome().Results[0].Placement == 1 {
			wins++
		}
	}
	require.Greater(t, wins, games*3/4, "the bot won %d of %d", wins, games)
}

// TestBotCompletesWhenItCan: with a Principal for the last desk, it completes.
func TestBotCompletesWhenItCan(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	give(t, g, 0, INF, false, 1)
	a := Definition{}.NewBot(0, 1).Choose(g.View(0), g.Legal(0))
	require.Equal(t, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3}, a)
}

// TestBotTrainsOnlyForASeniorWorthItsCost: Train pays $2 for a Senior of
// the bot's choice. With a Security Senior that fits no open desk it
// trains while the first desk of an empty project is open (a Senior there
// earns more than $2), and passes once every open desk takes only a
// Principal (and no Principal is left to recruit): it never pays more for
// a consultant than it earns.
func TestBotTrainsOnlyForASeniorWorthItsCost(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	give(t, g, 0, SEC, false, 1)
	a := Definition{}.NewBot(0, 1).Choose(g.View(0), g.Legal(0))
	require.Equal(t, Train{Colour: SEC}, a)
	fillR1(t, g, 1, 1, 1)
	put(t, g, 1, 1, 0, INF, false)
	put(t, g, 1, 1, 1, SEC, false)
	put(t, g, 1, 1, 2, INF, false)
	g.s.Principals = [NumColours]int{} // no Recruit or Promote to prefer
	require.Contains(t, g.Legal(0), engine.Action(Train{Colour: SEC}), "training is legal")
	a = Definition{}.NewBot(0, 1).Choose(g.View(0), g.Legal(0))
	require.Equal(t, Pass{}, a)
}
