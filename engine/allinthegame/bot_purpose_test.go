package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// Scenario tests of issue 27 (bots play with purpose). The positions are
// built on workGame (seed 1); the seeded bot-only games are in
// purpose_test.go.

// TestBotNeverMovesBackCRMRollOutToCrossBorderPayments: the bot moves its
// Blue Senior from CRM Roll-out to Cross-border Payments, which is late and
// where it has nobody. When, later in the round, the way back looks good
// (CRM Roll-out is now the late one), a bot without the memory of its move
// would go back; the bot that made the move does not undo it.
func TestBotNeverMovesBackCRMRollOutToCrossBorderPayments(t *testing.T) {
	const seed = 1
	g := workGame(t, 4, nil, "R4", "I2", "R2")
	put(t, g, 0, 0, 1, DEV, false) // CRM Roll-out, desk 2 (Blue)
	put(t, g, 1, 0, 2, BIZ, false) // keeps desk 2 open to the way back
	g.s.Slots[0].Marker, g.s.Slots[1].Marker = 1, 4
	bot := Definition{}.NewBot(0, seed)
	there := Move{FromProject: 0, FromDesk: 1, Project: 1, Desk: 0}
	require.Equal(t, engine.Action(there), bot.Choose(g.View(0), g.Legal(0)), "seed %d: to the late project", seed)
	do(t, g, 0, there)
	for g.s.Turn != 0 {
		do(t, g, g.s.Turn, Pass{})
	}
	g.s.Slots[0].Marker, g.s.Slots[1].Marker = 5, 1 // now the way back looks good
	back := Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 1}
	require.True(t, isLegal(g, 0, back))
	require.Equal(t, engine.Action(back), Definition{}.NewBot(0, seed).Choose(g.View(0), g.Legal(0)),
		"seed %d: a bot that did not make the move would take it back", seed)
	a := bot.Choose(g.View(0), g.Legal(0))
	require.NotEqual(t, engine.Action(back), a, "seed %d: the bot undid its own move", seed)
	require.Equal(t, engine.Action(Pass{}), a)
}

// TestStrongBotNeverMovesBackCRMRollOutToCrossBorderPayments: the strong
// bot remembers the move it made (not the standard bot's proposal) and
// never searches the way back.
func TestStrongBotNeverMovesBackCRMRollOutToCrossBorderPayments(t *testing.T) {
	const seed = 1
	g := workGame(t, 4, nil, "R4", "I2", "R2")
	put(t, g, 0, 0, 1, DEV, false)
	put(t, g, 1, 0, 2, BIZ, false)
	g.s.Slots[0].Marker, g.s.Slots[1].Marker = 1, 4
	strong := newStrongBot(0, seed, testBudget)
	var cands [][]engine.Action
	strong.trace = func(c []engine.Action, _ int) { cands = append(cands, c) }
	there := Move{FromProject: 0, FromDesk: 1, Project: 1, Desk: 0}
	require.Equal(t, engine.Action(there), strong.Choose(g.View(0), g.Legal(0)), "seed %d", seed)
	do(t, g, 0, there)
	for g.s.Turn != 0 {
		do(t, g, g.s.Turn, Pass{})
	}
	g.s.Slots[0].Marker, g.s.Slots[1].Marker = 5, 1
	back := Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 1}
	require.NotEqual(t, engine.Action(back), strong.Choose(engine.PeekView(g, 0), g.Legal(0)), "seed %d", seed)
	for _, c := range cands {
		require.NotContains(t, c, engine.Action(back), "seed %d: the way back was a candidate", seed)
	}
}

// TestBotStaysOnAProjectOnAPenaltyField: the bot's only consultant on
// Cross-border Payments (field 4) ranks last there; Retail Data Lake is
// empty and would rank it first. Moving would make it pay the $6 penalty
// (and the next round's $10): it stays.
func TestBotStaysOnAProjectOnAPenaltyField(t *testing.T) {
	const seed = 1
	g := workGame(t, 3, nil, "I2", "I7")
	put(t, g, 0, 0, 0, DEV, false)
	put(t, g, 1, 0, 1, SEC, false)
	put(t, g, 1, 0, 2, BIZ, false)
	put(t, g, 1, 0, 3, SEC, false)
	g.s.Slots[0].Marker = 4
	off := Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0}
	require.True(t, isLegal(g, 0, off))
	for s := uint64(seed); s < seed+20; s++ { // whatever the jitter
		a := Definition{}.NewBot(0, s).Choose(g.View(0), g.Legal(0))
		require.Equal(t, engine.Action(Pass{}), a, "bot seed %d moved off the penalty field", s)
	}
	g.s.Slots[0].Marker = 2 // no penalty in sight: the better rank is worth the move
	require.Equal(t, engine.Action(off), Definition{}.NewBot(0, seed).Choose(g.View(0), g.Legal(0)))
}

// TestBotCompletesTheProjectThatCostsItPenalties: Network Refresh is on
// the red field, the other seat's consultants fill it up to its last desk
// and the bot has none there, so it pays $10 a round. The bot holds an
// Orange Principal, which also completes its own Data Centre Move (more
// track money for it). It completes Network Refresh first.
func TestBotCompletesTheProjectThatCostsItPenalties(t *testing.T) {
	const seed = 1
	g := workGame(t, 2, nil, "R2", "R5")
	put(t, g, 1, 0, 0, INF, false)
	put(t, g, 1, 0, 1, SEC, false)
	put(t, g, 1, 0, 2, INF, false)
	put(t, g, 0, 1, 0, INF, false)
	put(t, g, 0, 1, 1, DEV, false)
	put(t, g, 0, 1, 2, INF, false)
	put(t, g, 0, 1, 3, SEC, false)
	g.s.Slots[0].Marker, g.s.Slots[1].Marker = 5, 3
	give(t, g, 0, INF, true, 1)
	for s := uint64(seed); s < seed+20; s++ {
		a := Definition{}.NewBot(0, s).Choose(g.View(0), g.Legal(0))
		require.Equal(t, engine.Action(Assign{Colour: INF, Principal: true, Project: 0, Desk: 3}), a, "bot seed %d", s)
	}
	g.s.Slots[0].Marker = 3 // no penalty: its own project pays more
	require.Equal(t, engine.Action(Assign{Colour: INF, Principal: true, Project: 1, Desk: 4}),
		Definition{}.NewBot(0, seed).Choose(g.View(0), g.Legal(0)))
}

// TestBotNeverTakesBackTheColourItTrained: with the Training Subsidy a
// Train is free, so the bot trains a Red Senior that fits no desk; no
// Senior desk is open anywhere, and Red is the first colour in the deck: a
// bot without the memory of its Train takes Red back (an action for
// nothing); the bot that trained takes another colour.
func TestBotNeverTakesBackTheColourItTrained(t *testing.T) {
	const seed = 1
	g := workGame(t, 2, basic, "R1", "R2")
	for d, c := range []int{DEV, DEV, BIZ} {
		put(t, g, 1, 0, d, c, false)
	}
	for d, c := range []int{INF, SEC, INF} {
		put(t, g, 1, 1, d, c, false)
	}
	give(t, g, 1, DEV, false, g.s.Seniors[DEV]) // Red comes first in the deck
	give(t, g, 0, SEC, false, 1)
	g.s.Event = EvTrainingSubsidy
	g.s.Dollars[0] = 7 // not enough to recruit and keep a reserve
	bot := Definition{}.NewBot(0, seed)
	require.Equal(t, engine.Action(Train{Colour: SEC}), bot.Choose(g.View(0), g.Legal(0)), "seed %d", seed)
	do(t, g, 0, Train{Colour: SEC})
	require.Equal(t, engine.Action(TakeSenior{Colour: SEC}), Definition{}.NewBot(0, seed).Choose(g.View(0), g.Legal(0)),
		"seed %d: without the memory it takes Red back", seed)
	a := bot.Choose(g.View(0), g.Legal(0))
	require.NotEqual(t, engine.Action(TakeSenior{Colour: SEC}), a, "seed %d: it took back its own colour", seed)
	do(t, g, 0, a)
}
