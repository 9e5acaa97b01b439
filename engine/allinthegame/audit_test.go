package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// audited applies a through the auditor as engine/sim does.
func audited(t *testing.T, g *Game, au engine.Auditor, seat int, a engine.Action, bot bool) {
	t.Helper()
	au.Before(g, seat, a, bot)
	do(t, g, seat, a)
	au.After(g, seat, a, bot)
}

// TestAuditCountsAConsultantMovedBackInTheSameRound is the issue's "CRM
// Roll-out -> Cross-border Payments, then back": a bot's consultant moved
// from one project to another and back in one round counts once; moving it
// on to a third project, or back in the next round, does not count, nor
// does a human's move back.
func TestAuditCountsAConsultantMovedBackInTheSameRound(t *testing.T) {
	g := workGame(t, 2, basic, "R4", "I2", "R1")
	au := Definition{}.NewAuditor(2)
	put(t, g, 0, 0, 1, DEV, false) // CRM Roll-out, desk 2 (DEV)
	put(t, g, 1, 0, 0, BIZ, false)
	audited(t, g, au, 0, Move{FromProject: 0, FromDesk: 1, Project: 1, Desk: 0}, true) // to Cross-border Payments
	audited(t, g, au, 1, Pass{}, false)
	require.Zero(t, au.Audit().UndoneMoves, "one move is not an undone move")
	audited(t, g, au, 0, Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 1}, true) // and back
	require.Equal(t, engine.BotAudit{UndoneMoves: 1}, au.Audit())
	passAll(t, g)

	// Round 2: the move back comes in the next round: not counted.
	for g.s.Phase != PhaseWork {
		audited(t, g, au, g.s.Turn, g.Prompt().Waiting[0].Default, true)
	}
	g.s.Moves[0] = MovesPerRound
	for g.s.Turn != 0 {
		audited(t, g, au, g.s.Turn, Pass{}, true)
	}
	require.Equal(t, DEV, g.s.Slots[0].Desks[1].Colour)
	audited(t, g, au, 0, Move{FromProject: 0, FromDesk: 1, Project: 2, Desk: 0}, true) // on to Webshop Upgrade
	audited(t, g, au, 0, Move{FromProject: 2, FromDesk: 0, Project: 1, Desk: 0}, true) // and on again: not back
	require.Equal(t, 1, au.Audit().UndoneMoves)
}

// TestAuditDoesNotCountAHumansMoveBack: only bots' decisions count.
func TestAuditDoesNotCountAHumansMoveBack(t *testing.T) {
	g := workGame(t, 2, basic, "R4", "I2")
	au := Definition{}.NewAuditor(2)
	put(t, g, 0, 0, 1, DEV, false)
	put(t, g, 1, 0, 0, BIZ, false)
	audited(t, g, au, 0, Move{FromProject: 0, FromDesk: 1, Project: 1, Desk: 0}, false)
	audited(t, g, au, 1, Pass{}, false)
	audited(t, g, au, 0, Move{FromProject: 1, FromDesk: 0, Project: 0, Desk: 1}, false)
	require.Zero(t, au.Audit().Total())
}

// TestAuditCountsATrainThatTakesTheSameSenior: paying $2 to swap a Senior
// for one of its own colour undoes itself; a different colour does not
// count, nor does a free Train (Training Subsidy).
func TestAuditCountsATrainThatTakesTheSameSenior(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	au := Definition{}.NewAuditor(2)
	give(t, g, 0, SEC, false, 2)
	audited(t, g, au, 0, Train{Colour: SEC}, true)
	audited(t, g, au, 0, TakeSenior{Colour: SEC}, true)
	require.Equal(t, engine.BotAudit{UndoneMoves: 1}, au.Audit())
	audited(t, g, au, 1, Pass{}, true)
	audited(t, g, au, 0, Train{Colour: SEC}, true)
	audited(t, g, au, 0, TakeSenior{Colour: DEV}, true)
	require.Equal(t, 1, au.Audit().UndoneMoves)

	g = workGame(t, 2, basic, "R1", "R2")
	g.s.Event = EvTrainingSubsidy
	au = Definition{}.NewAuditor(2)
	give(t, g, 0, SEC, false, 1)
	audited(t, g, au, 0, Train{Colour: SEC}, true)
	audited(t, g, au, 0, TakeSenior{Colour: SEC}, true)
	require.Zero(t, au.Audit().Total(), "a free Train costs nothing")
}

// TestAuditCountsARecruitThatTakesTheSamePrincipal and a paid Promote of a
// Principal: both give back the card they take.
func TestAuditCountsARecruitThatTakesTheSamePrincipal(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	au := Definition{}.NewAuditor(2)
	give(t, g, 0, INF, true, 1)
	give(t, g, 0, DEV, true, 1)
	g.s.Dollars[0] = 20
	audited(t, g, au, 0, Recruit{Colour: INF, Principal: true}, true)
	audited(t, g, au, 0, TakePrincipal{Colour: INF}, true)
	require.Equal(t, engine.BotAudit{UndoneMoves: 1}, au.Audit())
	audited(t, g, au, 1, Pass{}, true)
	audited(t, g, au, 0, Promote{Colour: DEV, Principal: true}, true)
	require.Equal(t, engine.BotAudit{UndoneMoves: 2}, au.Audit())
	audited(t, g, au, 0, Recruit{Colour: INF, Principal: true}, true)
	audited(t, g, au, 0, TakePrincipal{Colour: SEC}, true)
	require.Equal(t, 2, au.Audit().UndoneMoves, "a Principal of another colour is a real change")
}
