package opoly

import (
	"strconv"

	"boardroom/engine"
)

// The minutes:M end mode (G004-12). The engine has no clock: the platform
// learns the limit from TimeLimit, measures it, and applies TimeUp as seat
// engine.Table when it lapses. The game then ends after the round in
// progress, like at a round limit (endTurn).

var (
	_ engine.TimeLimited = (*Game)(nil)
	_ engine.RoundCapped = (*Game)(nil)
)

// StallRoundCap is the End.RoundCap of the three property games. Measured
// with `boardroom sim` (2,000 four-player Unipoly bot games, last
// standing): mean 80 rounds, 90th percentile 143; 0.9% of games were still
// going at round 500, two bots with built-up groups each earning more from
// the salary than they paid in rent. 500 rounds is 3.5 times the 90th
// percentile: far beyond a game that is still making progress.
const StallRoundCap = 500

// StoppedAtCap implements engine.RoundCapped.
func (g *Game) StoppedAtCap() bool { return g.s.Capped }

// TimeLimit implements engine.TimeLimited: M and TimeUp in the minutes:M
// end mode until time is up; 0 and nil otherwise.
func (g *Game) TimeLimit() (int, engine.Action) {
	s := g.s
	if s.TimeLimit == 0 || s.TimeUp || s.Phase == phOver {
		return 0, nil
	}
	return s.TimeLimit, TimeUp{}
}

var errNotTable = engine.Errf(engine.CodeNotYourTurn, "The table acts only when a time limit lapses.")

// applyTable applies a table-level action: TimeUp only, once, in the
// minutes:M end mode of a game still running (Apply has checked that).
func (g *Game) applyTable(a engine.Action) ([]engine.Event, error) {
	s := g.s
	if _, ok := a.(TimeUp); !ok {
		return nil, errNotTable
	}
	if s.TimeLimit == 0 {
		return nil, illegal("This game has no time limit.")
	}
	if s.TimeUp {
		return nil, illegal("Time is already up.")
	}
	g.beginEvents()
	s.TimeUp = true
	g.emit("time_up", "Time is up after "+strconv.Itoa(s.TimeLimit)+" minutes: the game ends after this round.")
	g.publish()
	return g.endEvents(), nil
}
