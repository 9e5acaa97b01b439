package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestR002_09_Assign(t *testing.T) {
	g := workGame(t, 2, basic, "R4") // BIZ, DEV, BIZ, SEC, BIZ*
	give(t, g, 0, BIZ, false, 2)
	give(t, g, 0, DEV, false, 1)
	give(t, g, 0, BIZ, true, 1)
	require.Equal(t, []int{0}, legalDesksOf(g, 0, 0, BIZ, false), "empty project: leftmost desk only")
	require.Empty(t, legalDesksOf(g, 0, 0, DEV, false), "colour must match")
	refuse(t, g, 0, Assign{Colour: DEV, Project: 0, Desk: 0}, engine.CodeIllegal)
	do(t, g, 0, Assign{Colour: BIZ, Project: 0, Desk: 0})
	require.Equal(t, 0, g.s.Slots[0].Desks[0].Owner, "marked with the player's pawn")
	do(t, g, 1, Pass{})
	require.Equal(t, []int{1}, legalDesksOf(g, 0, 0, DEV, false), "directly right of the rightmost")
	refuse(t, g, 0, Assign{Colour: BIZ, Project: 0, Desk: 2}, engine.CodeIllegal)
	// the Principal-only last desk takes only a Principal of its colour
	g.s.Slots[0].Desks[3] = occupant{Owner: 1, Colour: SEC}
	g.s.Seniors[SEC]--
	require.Equal(t, []int{2}, legalDesksOf(g, 0, 0, BIZ, false))
	require.Equal(t, []int{2, 4}, legalDesksOf(g, 0, 0, BIZ, true))
}

func TestR002_10_MoveConsultant(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R6", "R2")
	put(t, g, 0, 0, 0, DEV, false)
	require.True(t, isLegal(g, 0, Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0}))
	refuse(t, g, 0, Move{FromProject: 0, FromDesk: 0, Project: 2, Desk: 0}, engine.CodeIllegal) // INF desk
	do(t, g, 0, Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0})
	require.Equal(t, -1, g.s.Slots[0].Desks[0].Owner)
	require.Equal(t, 1, g.s.Moves[0])
	do(t, g, 1, Pass{})
	do(t, g, 0, Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 0})
	require.Zero(t, g.s.Moves[0])
	require.False(t, isLegal(g, 0, Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0}), "at most twice a round")
	refuse(t, g, 0, Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0}, engine.CodeIllegal)
	refuse(t, g, 1, Move{FromProject: 0, FromDesk: 0, Project: 1, Desk: 0}, engine.CodeNotYourTurn)
}

func TestR002_11_Train(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, SEC, false, 1)
	evs := do(t, g, 0, Train{Colour: SEC})
	require.Equal(t, int64(8), g.s.Dollars[0])
	require.Equal(t, int64(-2), moneyOf(evs, 0))
	require.Equal(t, PhaseTrainPick, g.Prompt().Phase)
	require.Equal(t, 0, g.s.handSize(0))
	require.Contains(t, texts(evs, 1), "Seat 1 trained a consultant.")
	require.NotContains(t, texts(evs, 1), "SEC")
	v := g.View(0).(View)
	require.NotNil(t, v.Search, "the trainer sees the Senior deck")
	require.Nil(t, g.View(1).(View).Search)
	require.Nil(t, g.View(engine.Spectator).(View).Search)
	evs = do(t, g, 0, TakeSenior{Colour: INF})
	require.Equal(t, 1, g.s.Hands[0][INF][senior])
	require.Contains(t, texts(evs, 0), "Senior INF")
	require.NotContains(t, texts(evs, 1), "INF")
	require.Equal(t, 1, g.s.Turn, "play goes on with the next player")
	// consultants on projects cannot be trained: only hand cards are listed
	for _, a := range g.Legal(1) {
		require.NotEqual(t, "train", a.Kind())
	}
}

func TestR002_12_Promote(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 1)
	p := g.s.Principals[DEV]
	evs := do(t, g, 0, Promote{Colour: DEV})
	require.Equal(t, int64(8), g.s.Dollars[0])
	require.Equal(t, 1, g.s.Hands[0][DEV][principal])
	require.Equal(t, p-1, g.s.Principals[DEV])
	require.Equal(t, 13-1, g.s.Seniors[DEV]+countHeld(g, DEV, false)-1+1, "the Senior went back to its deck")
	require.Contains(t, texts(evs, 1), "promoted a Senior DEV to a Principal DEV", "promotion is public")
}

func countHeld(g *Game, c int, p bool) int {
	n := 0
	for s := range g.s.Hands {
		n += g.s.Hands[s][c][rank(p)]
	}
	return n
}

func TestR002_13_Recruit(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, BIZ, false, 1)
	evs := do(t, g, 0, Recruit{Colour: BIZ})
	require.Equal(t, int64(4), g.s.Dollars[0])
	require.Equal(t, PhaseRecruitPick, g.Prompt().Phase)
	require.Contains(t, texts(evs, 1), "Seat 1 recruited a consultant.")
	require.NotContains(t, texts(evs, 1), "BIZ")
	require.Equal(t, TakePrincipal{Colour: defaultPick(g.s.Principals)}, g.Prompt().Waiting[0].Default)
	do(t, g, 0, TakePrincipal{Colour: SEC})
	require.Equal(t, 1, g.s.Hands[0][SEC][principal])
	// too poor for another Recruit
	give(t, g, 0, BIZ, false, 1)
	do(t, g, 1, Pass{})
	require.False(t, isLegal(g, 0, Recruit{Colour: BIZ}))
}

func TestG002_08_PawnsUnlimited(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R6")
	give(t, g, 0, DEV, false, 3)
	g.s.Passed[1] = true
	for _, a := range []Assign{{Colour: DEV, Project: 0, Desk: 0}, {Colour: DEV, Project: 0, Desk: 1},
		{Colour: DEV, Project: 1, Desk: 0}} {
		do(t, g, 0, a)
	}
	require.Zero(t, g.s.handSize(0))
}

func TestG002_12_NegativeMoneyOnlyByPenalty(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 1)
	g.s.Dollars[0] = 1
	require.False(t, isLegal(g, 0, Train{Colour: DEV}))
	refuse(t, g, 0, Train{Colour: DEV}, engine.CodeIllegal)
	g.s.Dollars[0] = -3
	require.Error(t, g.CheckInvariants(), "below zero without a penalty")
	g.s.Penalties[0] = 6
	require.NoError(t, g.CheckInvariants())
}

func TestA002_05_PositionalRule(t *testing.T) {
	g := workGame(t, 2, basic, "R4") // BIZ, DEV, BIZ, SEC, BIZ*
	put(t, g, 1, 0, 0, BIZ, false)
	put(t, g, 1, 0, 2, BIZ, false)
	require.Equal(t, []int{1}, g.s.legalDesks(nil, 0, DEV, false), "gap left of the rightmost")
	require.Equal(t, []int{3}, g.s.legalDesks(nil, 0, SEC, false), "right of the rightmost")
	require.Empty(t, g.s.legalDesks(nil, 0, BIZ, false))
}

func TestA002_06_OnlyAPrincipalCompletes(t *testing.T) {
	g := workGame(t, 2, basic, "R1") // DEV, DEV, BIZ, DEV*
	put(t, g, 1, 0, 0, DEV, false)
	put(t, g, 1, 0, 1, DEV, false)
	put(t, g, 1, 0, 2, BIZ, false)
	require.Empty(t, g.s.legalDesks(nil, 0, DEV, false))
	require.Equal(t, []int{3}, g.s.legalDesks(nil, 0, DEV, true))
	for _, c := range append(RegularProjects(), InternationalProjects()...) {
		require.True(t, c.Desks[len(c.Desks)-1].PrincipalOnly, c.ID)
	}
}

func TestA002_13_MoveRules(t *testing.T) {
	g := workGame(t, 2, nil, "R1", "R6", InnovationID)
	put(t, g, 0, 0, 0, DEV, false)
	refuse(t, g, 0, Move{FromProject: 0, FromDesk: 0, Project: 0, Desk: 1}, engine.CodeIllegal)
	do(t, g, 0, Move{FromProject: 0, FromDesk: 0, Project: 2, Desk: 0}) // to the Innovation project
	do(t, g, 1, Pass{})
	do(t, g, 0, Move{FromProject: 2, FromDesk: 0, Project: 1, Desk: 0}) // and from it
	// a Move of a Principal onto a last desk completes the project
	g2 := workGame(t, 2, basic, "R1", "R6")
	put(t, g2, 1, 0, 0, DEV, false)
	put(t, g2, 1, 0, 1, DEV, false)
	put(t, g2, 1, 0, 2, BIZ, false)
	put(t, g2, 0, 1, 0, DEV, true)
	evs := do(t, g2, 0, Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 3})
	require.Contains(t, texts(evs, 0), "Webshop Upgrade is complete")
}

func TestA002_14_TrainOrPromoteAPrincipal(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, SEC, true, 1)
	give(t, g, 0, DEV, true, 1)
	require.True(t, isLegal(g, 0, Train{Colour: SEC, Principal: true}))
	p := g.s.Principals[DEV]
	do(t, g, 0, Promote{Colour: DEV, Principal: true})
	require.Equal(t, p, g.s.Principals[DEV], "returned to and taken from the Principal deck")
	require.Equal(t, 1, g.s.Hands[0][DEV][principal])
}
