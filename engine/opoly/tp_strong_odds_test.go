package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// staffedRivalScores sets up the position of the two tests below and
// returns the score a strong bot of a seat gives it under a budget.
func staffedRivalScores(t *testing.T) func(seat int, b opoly.SearchBudget) float64 {
	const (
		qubit, entangle = 37, 39
	)
	x := newTP(t, 3, 150000, nil)
	x.e.Own(0, 21, 23, 24, 26, 27, 29, 31, 32, 34).Cash(0, 20000) // Cyber Security, FinTech, AI & Data
	x.e.Own(1, qubit, entangle).Level(3, qubit, entangle).Cash(1, 30000)
	x.done()
	def := technopoly.Definition{}
	return func(seat int, b opoly.SearchBudget) float64 {
		return opoly.SearchResult(def.NewSearchBot(seat, 1, b), x.g)
	}
}

// TestStrongTechnopolyScoresTheOddsOfWinning: a playout's end where seat
// 0 leads on capital (£260,000: three complete unstaffed fields, £20,000
// cash) but seat 1 (£225,000) has Quantum staffed with three developers
// (licence fees of £110,000 and £140,000) that seat 0's cash cannot pay.
// By capital share plus one for leading (capitalResult) seat 0 is far
// ahead; by the odds of winning (SearchBudget.Odds, bot_search_odds.go)
// seat 0 is likely to go bankrupt, or to fall behind the fees seat 1
// collects, and seat 1 is likely to win.
func TestStrongTechnopolyScoresTheOddsOfWinning(t *testing.T) {
	score := staffedRivalScores(t)
	capital, odds := opoly.TakeoverSearchBudget, opoly.TakeoverSearchBudget
	capital.Odds, odds.Odds = false, true
	capital.Fees = false
	require.Greater(t, score(0, capital), 1.0, "capital: seat 0 leads")
	require.Less(t, score(1, capital), 0.5, "capital: seat 1 trails")
	lead, staffed := score(0, odds), score(1, odds)
	require.Less(t, lead, 0.3, "odds: seat 0 cannot pay seat 1's fees")
	require.Greater(t, staffed, 0.7, "odds: seat 1's staffed field wins")
	t.Logf("odds: seat 0 %.3f, seat 1 %.3f, seat 2 %.3f", lead, staffed, score(2, odds))
	require.InDelta(t, 1, lead+staffed+score(2, odds), 0.15, "the odds of the three seats add up to about 1")
}

// TestStrongTechnopolyProjectsTheFees: the position of
// TestStrongTechnopolyScoresTheOddsOfWinning scored by capital projected
// by ten rounds of licence fees (SearchBudget.Fees, on in the committed
// budget: docs/decisions/2026-11-strong-technopoly-completes-no-rival.md):
// seat 1's staffed Quantum collects about £12,500 a turn from the two
// others, so seat 1 leads (its share plus one) and seat 0, ahead on
// capital, trails.
func TestStrongTechnopolyProjectsTheFees(t *testing.T) {
	score := staffedRivalScores(t)
	fees, capital := opoly.TakeoverSearchBudget, opoly.TakeoverSearchBudget
	capital.Fees = false
	require.True(t, fees.Fees, "the committed budget projects the fees")
	require.Greater(t, score(0, capital), 1.0, "capital: seat 0 leads")
	require.Less(t, score(0, fees), 0.5, "fees: seat 0 trails")
	require.Greater(t, score(1, fees), 1.0, "fees: seat 1 leads")
}
