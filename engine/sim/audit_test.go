package sim

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

// auditedDef is testgame with an auditor that counts, as an "undone move",
// every odd-numbered action of seat 1, and checks that it sees each action
// before and after it is applied.
type auditedDef struct{ testgame.Definition }

func (auditedDef) NewAuditor(players int) engine.Auditor { return &countAuditor{} }

type countAuditor struct {
	n       engine.BotAudit
	pending bool
	actions int
}

func (c *countAuditor) Before(g engine.Game, seat int, a engine.Action, bot bool) {
	if c.pending || !bot {
		panic("Before without After, or a bot's action reported as a human's")
	}
	c.pending = true
}

func (c *countAuditor) After(g engine.Game, seat int, a engine.Action, bot bool) {
	if !c.pending {
		panic("After without Before")
	}
	c.pending = false
	c.actions++
	if seat == 1 && c.actions%2 == 1 {
		c.n.UndoneMoves++
	}
}

func (c *countAuditor) Audit() engine.BotAudit { return c.n }

func TestAuditCountersAddUpOverGames(t *testing.T) {
	cfg := Config{Def: auditedDef{}, Games: 40, Players: 3, Seed: 5, Workers: 2}
	s, err := Run(cfg)
	require.NoError(t, err)
	var want engine.BotAudit
	var first uint64
	for i := 0; i < cfg.Games; i++ {
		r := Play(cfg, i)
		require.NoError(t, r.Err, "game seed %d", r.Seed)
		if r.Audit.Total() > 0 && first == 0 {
			first = r.Seed
		}
		want.Add(r.Audit)
	}
	require.Positive(t, want.UndoneMoves)
	require.Equal(t, want, s.BotAudit)
	require.Equal(t, first, s.AuditSeed)
	require.Zero(t, s.Overbids+s.DealsBelowValuation+s.RepeatedRequests)

	plain, err := Run(Config{Def: testgame.Definition{}, Games: 5, Players: 3, Seed: 5})
	require.NoError(t, err)
	require.Zero(t, plain.BotAudit.Total(), "a game without an auditor reports 0")
}
