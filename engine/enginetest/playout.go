package enginetest

import (
	"errors"
	"fmt"
	"math"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ErrStepLimit is returned by RandomPlayout when the game has not finished
// within the step limit.
var ErrStepLimit = errors.New("enginetest: game not finished within the step limit")

// RandomPlayout creates a game from setup and drives it with random legal
// actions chosen by r until it finishes or maxSteps actions were applied.
// At each step it picks one awaited seat that has legal actions (now and
// then a seat that is not awaited but may act, such as a resign at any
// time), then one of its legal actions; a template is filled with a random
// value within its bounds. Resigning is picked rarely, so that playouts
// exercise the game rather than end at once.
//
// It returns the game, the log of applied actions and an error when New
// fails, a listed legal action is refused, the prompt waits on nobody (or
// only on seats without legal actions) while the game is not finished, an
// engine.Checker reports a broken invariant, or the game has not finished
// within maxSteps (wrapping ErrStepLimit). The game and log are returned as
// far as they got.
func RandomPlayout(def engine.Definition, setup engine.Setup, r *rng.PCG, maxSteps int) (engine.Game, []engine.LoggedAction, error) {
	g, err := def.New(setup)
	if err != nil {
		return nil, nil, fmt.Errorf("new: %w", err)
	}
	var log []engine.LoggedAction
	checker, _ := g.(engine.Checker)
	for step := 0; ; step++ {
		if g.Outcome().Finished {
			return g, log, nil
		}
		if step >= maxSteps {
			return g, log, fmt.Errorf("%w (%d steps, round %d)", ErrStepLimit, maxSteps, g.Round())
		}
		seat, a, err := chooseRandom(g, r)
		if err != nil {
			return g, log, fmt.Errorf("step %d: %w", step, err)
		}
		la, err := engine.Log(seat, a)
		if err != nil {
			return g, log, fmt.Errorf("step %d: encoding %s: %w", step, a.Kind(), err)
		}
		if _, err := g.Apply(seat, a); err != nil {
			return g, log, fmt.Errorf("step %d: legal action %s of seat %d refused: %w", step, la.Action, seat, err)
		}
		log = append(log, la)
		if checker != nil {
			if err := checker.CheckInvariants(); err != nil {
				return g, log, fmt.Errorf("step %d: after seat %d %s: invariant: %w", step, seat, la.Action, err)
			}
		}
	}
}

// chooseRandom picks the seat and action of one random step.
func chooseRandom(g engine.Game, r *rng.PCG) (int, engine.Action, error) {
	p := g.Prompt()
	if len(p.Waiting) == 0 {
		return 0, nil, fmt.Errorf("prompt %q waits on nobody but the game is not finished", p.Phase)
	}
	var awaited, others []int
	for _, w := range p.Waiting {
		if len(g.Legal(w.Seat)) > 0 {
			awaited = append(awaited, w.Seat)
		}
	}
	if len(awaited) == 0 {
		return 0, nil, fmt.Errorf("prompt %q waits on seats %v, none of which has a legal action", p.Phase, waitingSeats(p))
	}
	for seat := 0; seat < g.Setup().Seats; seat++ {
		if !p.Awaits(seat) && len(g.Legal(seat)) > 0 {
			others = append(others, seat)
		}
	}
	seat := awaited[r.IntN(len(awaited))]
	if len(others) > 0 && r.IntN(10) == 0 {
		seat = others[r.IntN(len(others))]
	}
	legal := g.Legal(seat)
	var keep []engine.Action
	for _, a := range legal {
		if a.Kind() != "resign" {
			keep = append(keep, a)
		}
	}
	if len(keep) == 0 || r.IntN(50) == 0 {
		keep = legal
	}
	return seat, fill(keep[r.IntN(len(keep))], r), nil
}

// fill returns a concrete action: a template with a random value within its
// bounds, anything else as it is.
func fill(a engine.Action, r *rng.PCG) engine.Action {
	t, ok := a.(engine.Template)
	if !ok {
		return a
	}
	p := t.Param()
	step := p.Step
	if step <= 0 {
		step = 1
	}
	if p.Max <= p.Min {
		return t.With(p.Min)
	}
	n := uint64(p.Max-p.Min) / uint64(step) // number of steps above Min
	k := r.Uint64()
	if n < math.MaxUint64 {
		k %= n + 1
	}
	return t.With(p.Min + int64(k)*step)
}

// concrete returns the actions a listed legal action stands for in the
// checks: a template's minimum, middle and maximum values (aligned to its
// step), or the action itself.
func concrete(a engine.Action) []engine.Action {
	t, ok := a.(engine.Template)
	if !ok {
		return []engine.Action{a}
	}
	p := t.Param()
	step := p.Step
	if step <= 0 {
		step = 1
	}
	if p.Max <= p.Min {
		return []engine.Action{t.With(p.Min)}
	}
	n := uint64(p.Max-p.Min) / uint64(step)
	vals := []int64{p.Min, p.Min + int64(n/2)*step, p.Min + int64(n)*step}
	var out []engine.Action
	for i, v := range vals {
		if i > 0 && v == vals[i-1] {
			continue
		}
		out = append(out, t.With(v))
	}
	return out
}

func waitingSeats(p engine.Prompt) []int {
	out := make([]int, 0, len(p.Waiting))
	for _, w := range p.Waiting {
		out = append(out, w.Seat)
	}
	return out
}
