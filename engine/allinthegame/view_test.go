package allinthegame

import (
	"encoding/json"
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestViewHidesOtherHandsAndDecks(t *testing.T) {
	g := workGame(t, 3, nil, "R1", InnovationID)
	give(t, g, 1, SEC, true, 1)
	give(t, g, 0, DEV, false, 2)
	v0 := g.View(0).(View)
	require.Equal(t, []HandCard{{Colour: DEV, Count: 2}}, v0.Hand)
	require.Equal(t, 1, v0.Players[1].HandSize)
	require.Nil(t, v0.Search)
	spec := g.View(engine.Spectator).(View)
	require.Nil(t, spec.Hand)
	b, _ := json.Marshal(g.View(2))
	require.NotContains(t, string(b), "rng")
	require.NotContains(t, string(b), `"principals"`)
}

func TestEveryPromptHasADefault(t *testing.T) {
	g := newGame(t, 4, nil, 21)
	phases := map[string]bool{}
	for !g.Outcome().Finished {
		p := g.Prompt()
		require.Len(t, p.Waiting, 1)
		require.NotNil(t, p.Waiting[0].Default)
		phases[p.Phase] = true
		// prefer Train/Recruit now and then so the pick prompts appear
		a := p.Waiting[0].Default
		for _, l := range g.Legal(p.Waiting[0].Seat) {
			if (l.Kind() == "train" || l.Kind() == "recruit") && g.Round()%2 == 0 {
				a = l
			}
		}
		do(t, g, p.Waiting[0].Seat, a)
	}
	for _, ph := range []string{PhaseWork, PhaseChooseStart, PhaseTrainPick, PhaseRecruitPick} {
		require.True(t, phases[ph], ph)
	}
	require.Equal(t, PhaseOver, g.Prompt().Phase)
}

func TestMoneyEventsGiveReasons(t *testing.T) {
	g := newGame(t, 3, nil, 4)
	bots := []engine.Bot{Definition{}.NewBot(0, 1), Definition{}.NewBot(1, 2), Definition{}.NewBot(2, 3)}
	n := 0
	for !g.Outcome().Finished {
		w := g.Prompt().Waiting[0]
		evs := do(t, g, w.Seat, bots[w.Seat].Choose(g.View(w.Seat), g.Legal(w.Seat)))
		for _, e := range evs {
			for _, m := range e.Money {
				n++
				require.NotEmpty(t, m.Reason)
				require.Contains(t, e.Text, "Seat ")
				require.Contains(t, e.Text, "balance")
			}
		}
	}
	require.Positive(t, n)
}

func TestResign(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	put(t, g, 0, 0, 0, DEV, false)
	give(t, g, 0, SEC, false, 2)
	do(t, g, 0, Resign{})
	require.Equal(t, -1, g.s.Slots[0].Desks[0].Owner, "consultants back to the decks")
	require.Zero(t, g.s.handSize(0))
	require.Equal(t, 1, g.s.Turn)
	do(t, g, 1, Resign{})
	out := g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, []int{3, 2, 1}, []int{out.Results[0].Placement, out.Results[1].Placement, out.Results[2].Placement})
	require.Equal(t, engine.StatusResigned, out.Results[0].Status)
}
