package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// audited applies a through the auditor as engine/sim does.
func audited(t *testing.T, g *Game, au engine.Auditor, seat int, a engine.Action, bot bool) {
	t.Helper()
	au.Before(g, seat, a, bot)
	mustApply(t, g, seat, a)
	au.After(g, seat, a, bot)
}

// TestAuditCountsALabSoldInTheRoundItWasBought: buying a Lab and selling
// it in the same round pays its cost for half of it back; so does buying
// back a location sold this round. A Lab bought in an earlier round sold
// for an upgrade, and a human's sale, do not count.
func TestAuditCountsALabSoldInTheRoundItWasBought(t *testing.T) {
	g := newGame(t, 2, 21)
	au := Definition{}.NewAuditor(2)
	manila := loc(t, "Manila")
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 2, CardSell: 2})
	audited(t, g, au, 0, AcquireLab{Loc: manila}, true)
	require.Zero(t, au.Audit().Total())
	audited(t, g, au, 0, SellLab{Lab: manila, Container: 0}, true)
	require.Equal(t, engine.BotAudit{DealsBelowValuation: 1}, au.Audit())
	audited(t, g, au, 0, AcquireLab{Loc: manila}, true) // and back again
	require.Equal(t, engine.BotAudit{DealsBelowValuation: 2}, au.Audit())

	g = newGame(t, 2, 21)
	au = Definition{}.NewAuditor(2)
	giveLab(g, 0, loc(t, "Shanghai"), 1)
	g.s.Round = 3
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1, CardSell: 2})
	audited(t, g, au, 0, SellLab{Lab: loc(t, "Shanghai"), Container: 0}, true)
	audited(t, g, au, 0, AcquireLab{Loc: manila}, false)
	audited(t, g, au, 0, SellLab{Lab: manila, Container: 0}, false)
	require.Zero(t, au.Audit().Total(), "an earlier round's Lab, and a human's sale")
}

// TestAuditCountsStoppingAnItemAcceptedThisRound: Stop Work of an item the
// bot accepted in the same round pays the fee to undo its own choice; an
// item accepted in an earlier round may be stopped.
func TestAuditCountsStoppingAnItemAcceptedThisRound(t *testing.T) {
	g := newGame(t, 2, 40)
	au := Definition{}.NewAuditor(2)
	giveLab(g, 0, loc(t, "Manila"), 1)
	setCapital(g, 0, 500)
	visit(g, 0, East, [numCardTypes]int{CardSelect: 1, CardStop: 2})
	first, second := g.s.Stacks[Small][0], g.s.Stacks[Small][1]
	audited(t, g, au, 0, SelectWork{First: Small, Second: Small}, true)
	audited(t, g, au, 0, Accept{}, true)
	audited(t, g, au, 0, Accept{}, true)
	audited(t, g, au, 0, StopWork{Item: second}, true)
	require.Equal(t, engine.BotAudit{UndoneMoves: 1}, au.Audit())

	g.s.Round++ // the next round: stopping the first item undoes nothing of this round
	visit(g, 0, East, [numCardTypes]int{CardStop: 1, CardSelect: 1})
	audited(t, g, au, 0, StopWork{Item: first}, true)
	require.Equal(t, 1, au.Audit().UndoneMoves)
}
