package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// stepCounter is an advisor that counts the steps it is asked at and
// advises nothing; steps, when set, are the steps it says it advises at
// (opoly.StepAdvisor).
type stepCounter struct {
	opoly.NoActions
	asked [opoly.AdviceAnswer + 1]int
}

func (c *stepCounter) Advise(_ opoly.Advice, step opoly.AdviceStep, _ *opoly.View) engine.Action {
	c.asked[step]++
	return nil
}

type maskedCounter struct {
	stepCounter
	steps uint8
}

func (c *maskedCounter) AdviceSteps() uint8 { return c.steps }

// TestBotAsksAdvisorsAtTheirStepsOnly: the bot asks an advisor that says
// at which steps it advises (opoly.StepAdvisor) at those steps alone, and
// one that does not say at every step, with up to two advisors (kept by
// the bot) and with three (found per call). It fails with the steps
// ignored.
func TestBotAsksAdvisorsAtTheirStepsOnly(t *testing.T) {
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: 4, Seed: 1})
	require.NoError(t, err)
	base := engine.ViewOf[opoly.View](g.View(0))
	all := [opoly.AdviceAnswer + 1]int{1, 1, 1, 1, 1}
	for _, n := range []int{1, 2, 3} {
		request := &maskedCounter{steps: 1 << opoly.AdviceRequest}
		turnDebt := &maskedCounter{steps: 1<<opoly.AdviceTurn | 1<<opoly.AdviceDebt}
		every := &stepCounter{}
		mechs := []opoly.Mechanism{request, every, turnDebt}[:n]
		rs := *base.Rules
		rs.Mechanisms = mechs
		v := *base
		v.Rules = &rs
		for step := opoly.AdvicePhase; step <= opoly.AdviceAnswer; step++ {
			require.Nil(t, opoly.AdviseAt(0, &v, step))
		}
		require.Equal(t, [opoly.AdviceAnswer + 1]int{0, 0, 0, 1, 0}, request.asked, "%d advisors", n)
		if n >= 2 {
			require.Equal(t, all, every.asked, "%d advisors", n)
		}
		if n >= 3 {
			require.Equal(t, [opoly.AdviceAnswer + 1]int{0, 1, 1, 0, 0}, turnDebt.asked, "%d advisors", n)
		}
	}
}

// TestAdvisorsAdviseNothingElsewhere: at every step of bot games of the
// property games, each variant's advisor that says at which steps it
// advises (opoly.StepAdvisor) advises nothing, asked as the bot would ask
// it, at the steps it leaves out: the bot, which no longer asks it there,
// chooses the same. Each step is asked where the bot asks it: the turn's
// steps in the turn, the answer in a takeover, the debt's in a debt, the
// variant's phases' in those phases.
func TestAdvisorsAdviseNothingElsewhere(t *testing.T) {
	asked := 0
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		v := s.View
		var steps []opoly.AdviceStep
		switch v.Phase {
		case opoly.PhaseRoll, opoly.PhaseJail, opoly.PhasePostRoll:
			steps = []opoly.AdviceStep{opoly.AdviceTurn, opoly.AdviceRequest}
		case opoly.PhaseTrade:
			if v.Trade != nil && v.Trade.Takeover && v.Trade.Offer != nil {
				steps = []opoly.AdviceStep{opoly.AdviceAnswer}
			}
		case opoly.PhaseDebt:
			steps = []opoly.AdviceStep{opoly.AdviceDebt}
		case opoly.PhaseValue, opoly.PhaseValued, opoly.PhasePlace, opoly.PhaseReceive:
			steps = []opoly.AdviceStep{opoly.AdvicePhase}
		}
		for _, m := range v.Rules.Mechanisms {
			sa, ok := m.(opoly.StepAdvisor)
			if !ok {
				continue
			}
			for _, step := range steps {
				if sa.AdviceSteps()&(1<<step) != 0 {
					continue
				}
				require.Nil(t, opoly.AdviseEach(sa, s.G, s.Seat, v, step), "%s: step %d", s.At(), step)
				asked++
			}
		}
	}, nil)
	require.Positive(t, asked)
}

// TestRequesterLendsItsValuation: a standard bot's takeover request
// leaves its valuation of the takeover in the game's memo of valuations
// (valMemo), which the owner answering it and the auditor read, equal to
// tradeDeltas worked out afresh, at the answer of every request in bot
// games. It fails when the requester values the takeover outside the memo.
func TestRequesterLendsItsValuation(t *testing.T) {
	var n pendingDeals
	opolytest.PlayBotGames(t, []engine.Definition{technopoly.Definition{}}, opolytest.BotGames{Seeds: 6, Lazy: true, Look: n.look(t, true)})
	n.require(t, "every request's valuation kept for its answer")
}

// TestMayAdviseWhereAnAdvisorAdvises: the check the bot's turn makes
// before it asks its advisors (mayAdvise) says no only at the steps no
// advisor of the view's rules advises at, once the bot found them, and
// yes for rules whose advisors it has not found (another ruleset, or the
// same one given another list). It fails with a step skipped that an
// advisor advises at, or with the advisors of other rules trusted.
func TestMayAdviseWhereAnAdvisorAdvises(t *testing.T) {
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: 4, Seed: 1})
	require.NoError(t, err)
	base := engine.ViewOf[opoly.View](g.View(0))
	b := unipoly.Definition{}.NewBot(0, 1)
	yes := [opoly.AdviceAnswer + 1]bool{true, true, true, true, true}
	rs := *base.Rules
	rs.Mechanisms = []opoly.Mechanism{&maskedCounter{steps: 1 << opoly.AdviceRequest}, &maskedCounter{steps: 1 << opoly.AdviceTurn}}
	v := *base
	v.Rules = &rs
	before, after := opoly.MayAdvise(b, &v)
	require.Equal(t, yes, before, "advisors not found yet")
	require.Equal(t, [opoly.AdviceAnswer + 1]bool{false, true, false, true, false}, after)
	other := rs                                                          // another ruleset: its advisors are not those found
	other.Mechanisms = []opoly.Mechanism{&stepCounter{}, &stepCounter{}} // as many as rs
	w := v
	w.Rules = &other
	rs.Mechanisms = append(rs.Mechanisms, &stepCounter{}) // the same ruleset given another list
	before, after = opoly.MayAdvise(b, &v)
	require.Equal(t, yes, before, "another list")
	require.Equal(t, yes, after, "an advisor that advises at every step")
	rs.Mechanisms = rs.Mechanisms[:2]
	opoly.MayAdvise(b, &v) // found again: two advisors
	before, _ = opoly.MayAdvise(b, &w)
	require.Equal(t, yes, before, "another ruleset")
}

// TestRulesWithoutTradesListNoProposal: where the rules allow no trade
// (Technopoly), no seat's Legal list holds a proposal at any step of bot
// games, so that the bot's turn, which asks for a proposal only where
// trades are allowed, chooses as it did when it searched for one and
// found none.
func TestRulesWithoutTradesListNoProposal(t *testing.T) {
	steps := 0
	opolytest.PlayBotGames(t, []engine.Definition{technopoly.Definition{}}, opolytest.BotGames{Seeds: 4, Lazy: true, Look: func(s opolytest.BotStep) {
		require.False(t, s.View.Rules.Trade.Allowed)
		for seat := range s.View.Players {
			for _, a := range s.G.Legal(seat) {
				_, ok := a.(opoly.ProposeTrade)
				require.False(t, ok, "%s: seat %d may propose", s.At(), seat)
			}
		}
		steps++
	}})
	require.Positive(t, steps)
}
