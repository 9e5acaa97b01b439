package enginetest

import (
	"testing"

	"boardroom/engine"
)

// SearchBudget checks, over a game, what a strong bot's searches spend
// and how far they look, for the budget tests of every game's strong bot
// (issue 32: the engines' speed turned into playouts). The test hooks the
// bot's search trace to Saw and plays the game with Play.
type SearchBudget struct {
	TB testing.TB
	// DecisionSteps and Steps are the budget's: a search starts a round
	// of playouts only below DecisionSteps, so it spends at most that and
	// one playout of Steps per candidate.
	DecisionSteps, Steps int
	// Positions is the number of positions a candidate that the budget
	// before compared on: a search that plays more counts (More).
	Positions int
	// Enough ends Play once that many searches played more (0: play on).
	Enough int
	// Searched and More count the searches seen and those that played
	// more than Positions positions a candidate.
	Searched, More int
}

// Saw is one search of cands candidates that played used positions a
// candidate in spent steps.
func (c *SearchBudget) Saw(cands, used, spent int) {
	c.TB.Helper()
	c.Searched++
	if used > c.Positions {
		c.More++
	}
	if limit := c.DecisionSteps + cands*c.Steps; spent > limit {
		c.TB.Fatalf("a search of %d candidates (%d positions each) spent %d steps, past %d", cands, used, spent, limit)
	}
}

// Play applies the bots' choices to g, read from its snapshot views, for
// at most maxSteps steps, until it ends or Enough searches played more
// than Positions positions a candidate; then at least one must have.
// what names the game in the failures (its seed).
func (c *SearchBudget) Play(g engine.Game, bots []engine.Bot, maxSteps int, what string) {
	c.TB.Helper()
	for step := 0; step < maxSteps && !g.Outcome().Finished && (c.Enough == 0 || c.More < c.Enough); step++ {
		seat := g.Prompt().Waiting[0].Seat
		if _, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat))); err != nil {
			c.TB.Fatalf("%s, step %d: %v", what, step, err)
		}
	}
	if c.Searched == 0 {
		c.TB.Fatalf("%s: the strong bot searched no decision", what)
	}
	if c.More == 0 {
		c.TB.Fatalf("%s: no search played more than %d positions a candidate in %d searches", what, c.Positions, c.Searched)
	}
}
