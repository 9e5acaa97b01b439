package allinthegame

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// rulesEffects are the effects of the event cards as the rules chapter
// words them (G002-09), cut into the clauses a card's text must carry: a
// card that leaves one out tells the players less than the engine does.
var rulesEffects = map[string][]string{
	"E1":  {"No effect."},
	"E2":  {"This round Train and Promote cost $3, Recruit costs $8."},
	"E3":  {"This round, each player's", "first", "Train or Promote costs $0."},
	"E4":  {"In turn order, each player returns 1 Senior Consultant of their choice from hand to the Senior deck", "(if they have one)", "DEV, SEC, INF, BIZ"},
	"E5":  {"In turn order, each player receives 1 extra Senior Consultant from the deck."},
	"E6":  {"No Move Consultant actions this round."},
	"E7":  {"Each player may Move up to", "3", "times this round."},
	"E8":  {"Deadlines module only: every deadline marker moves 1 field right now (max 5).", "Otherwise no effect."},
	"E9":  {"Deadlines module only: every deadline marker moves 1 field left now (min 1).", "Otherwise no effect."},
	"E10": {"Phase 4", "this round", "the rightmost consultant of each", "except the Innovation Project", "earns +$2."},
	"E11": {"Phase 4", "this round", "every scoring-track amount is halved (rounded down).", "Completions in Phase 3 are not affected"},
	"E12": {"The player(s) with the fewest dollars receive $4 each."},
}

// TestG002_09_EventTextsMatchTheRulesAndTheEngine: every card's text (the
// one the screen, the log and the guide show) carries each clause of the
// rules chapter, and the engine does what the clauses E10 and E11 add
// (the other effects have their own tests in TestG002_09_EventDeck).
func TestG002_09_EventTextsMatchTheRulesAndTheEngine(t *testing.T) {
	require.Len(t, rulesEffects, NumEvents)
	for _, e := range Events() {
		clauses, ok := rulesEffects[e.ID]
		require.True(t, ok, e.ID)
		for _, c := range clauses {
			require.Contains(t, e.Text, c, "%s %s", e.ID, e.Name)
		}
	}
	t.Run("E10_not_on_the_Innovation_Project", func(t *testing.T) {
		g := workGame(t, 2, map[string]string{OptDeadlines: "off"}, "R1", InnovationID)
		g.s.Event = EvPerformanceBonus
		put(t, g, 0, 1, 0, DEV, false)
		put(t, g, 1, 1, 1, SEC, false)
		evs := passAll(t, g)
		require.Equal(t, []int64{1, 1}, []int64{moneyOf(evs, 0), moneyOf(evs, 1)}, "$1 each, no +$2 for the rightmost")
	})
	t.Run("E10_E11_not_on_a_completion_in_Phase_3", func(t *testing.T) {
		for _, ev := range []int{EvPerformanceBonus, EvLatePayments} {
			g := workGame(t, 3, basic, "R1", "R2")
			g.s.Event = ev
			fillR1(t, g, 1, 2, 1)
			give(t, g, 0, DEV, true, 1)
			evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
			require.Equal(t, []int64{6, 4 + 1, 2}, []int64{moneyOf(evs, 0), moneyOf(evs, 1), moneyOf(evs, 2)}, "event %d: the track in full", ev)
		}
	})
	t.Run("E9_no_effect_without_Deadlines", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1")
		roundWithEvent(t, g, EvDeadlineExtension)
		require.Zero(t, g.s.Slots[0].Marker)
	})
}

// TestG002_05_InnovationDesksAreACountNotALimit: the guide says the
// Innovation Project has as many desks as players and that one player may
// take several, never "one desk per player" (which reads as a limit); the
// engine lets one player fill every desk (R002-28).
func TestG002_05_InnovationDesksAreACountNotALimit(t *testing.T) {
	text := strings.ToLower(guidePlacing())
	require.NotContains(t, text, "one desk per player")
	require.Contains(t, text, "as many desks as there are players")
	require.Contains(t, text, "one player may fill several")
	g := workGame(t, 3, map[string]string{OptDeadlines: "off"}, "R1", InnovationID)
	give(t, g, 0, SEC, false, 3)
	do(t, g, 0, Assign{Colour: SEC, Project: 1, Desk: 0})
	do(t, g, 1, Pass{})
	do(t, g, 2, Pass{})
	do(t, g, 0, Assign{Colour: SEC, Project: 1, Desk: 1})
	do(t, g, 0, Assign{Colour: SEC, Project: 1, Desk: 2})
	for _, o := range g.s.Slots[1].Desks {
		require.Equal(t, 0, o.Owner)
	}
}

// TestAcceptance5_TheLogWarnsBeforeTheLastRound: the log says so when one
// International Project is left (the next completion makes its round the
// last) and when it comes out; and one round before the event deck's
// last card (G002-13), and at that card.
func TestAcceptance5_TheLogWarnsBeforeTheLastRound(t *testing.T) {
	g := workGame(t, 3, basic, "R1", "R2")
	g.s.IntlPlaced += len(g.s.Intl) - 2
	g.s.Intl = g.s.Intl[:2]
	fillR1(t, g, 1, 2, 1)
	give(t, g, 0, DEV, true, 1)
	evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.False(t, g.s.LastRound)
	require.Contains(t, texts(evs, 2), "Only one International Project is left in the deck: the next completed project brings it out, and that round will be the last.")
	// the next completion brings the last one out: this round is the last
	card := g.s.card(1)
	for d, spec := range card.Desks[:len(card.Desks)-1] {
		put(t, g, 2, 1, d, spec.Colour, false)
	}
	last := card.Desks[len(card.Desks)-1]
	give(t, g, 1, last.Colour, true, 1)
	evs = do(t, g, 1, Assign{Colour: last.Colour, Principal: true, Project: 1, Desk: len(card.Desks) - 1})
	require.True(t, g.s.LastRound)
	require.Contains(t, texts(evs, 0), "That was the last International Project: this is the last round; the game ends after its rewards.")

	h := workGame(t, 2, basic, "R1")
	h.s.EventsSeen += len(h.s.Events) - 2
	h.s.Events = h.s.Events[:2]
	for _, want := range []string{"Only one event card is left: the next round will be the last.",
		"That was the last event card: this is the last round; the game ends after its rewards."} {
		passAll(t, h)
		require.Equal(t, PhaseChooseStart, h.s.Phase)
		w := h.Prompt().Waiting[0]
		evs := do(t, h, w.Seat, w.Default)
		require.Contains(t, texts(evs, 0), want)
	}
	require.Empty(t, h.s.Events)
	passAll(t, h)
	require.True(t, h.Outcome().Finished)
}
