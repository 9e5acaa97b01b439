package enginetest

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"testing"

	"boardroom/engine"
)

// Input reads a fuzz test's choices from its input; past the end it
// returns 0.
type Input struct {
	data []byte
	pos  int
}

// NewInput reads choices from data.
func NewInput(data []byte) *Input { return &Input{data: data} }

// Next returns the next byte of the input as an int, 0 past the end.
func (in *Input) Next() int {
	if in.pos >= len(in.data) {
		return 0
	}
	v := int(in.data[in.pos])
	in.pos++
	return v
}

// Done reports whether the input is used up.
func (in *Input) Done() bool { return in.pos >= len(in.data) }

// Fuzz drives one game with legal and illegal actions chosen by a fuzz
// test's input. A game's FuzzX test fills it with the game's own data (how
// the input chooses seats and options, what junk looks like) and calls
// Play from f.Fuzz.
type Fuzz struct {
	Def engine.Definition
	// Setup reads the seat count, options and seed from the input.
	Setup func(in *Input) engine.Setup
	// Junk builds an arbitrary, usually illegal, action from the input.
	Junk func(in *Input) engine.Action
	// JunkOneIn: about one step in JunkOneIn, a junk action by any seat,
	// the spectator index or one past the last seat; default 5.
	JunkOneIn int
	// MaxSteps the game must finish within; default 5000.
	MaxSteps int
	// MaxInput is how many bytes of an input Play reads; default
	// DefaultMaxInput. It bounds the steps an input chooses (each takes
	// at least two bytes); the rest of the game is its defaults. Bytes
	// past it change nothing, so the fuzzer's minimiser cuts them at
	// once instead of trying to remove them one by one: with long inputs
	// a worker spent whole runs minimising its first new input.
	MaxInput int
}

// DefaultMaxInput is Fuzz.MaxInput's default: about 40 chosen steps, deep
// enough for trades, auctions and debts, short enough that an execution
// and the minimising of a new input stay cheap.
const DefaultMaxInput = 64

// maxInput is f.MaxInput or its default.
func (f Fuzz) maxInput() int {
	if f.MaxInput > 0 {
		return f.MaxInput
	}
	return DefaultMaxInput
}

// Rarity of the choices below, in steps: another seat than the awaited
// ones acts (one that may act now, as by resigning at any time), and a
// resign is kept among the legal actions so that games rarely end at once.
const (
	fuzzOtherSeat = 23
	fuzzResign    = 61
)

// Play plays one game read from data (its first MaxInput bytes). At each step the input picks an
// awaited seat and one of its legal actions (a template filled within its
// bounds, on its step), now and then junk, and once the input is used up
// the awaited seats' defaults to the end. It returns an error, naming the
// step, when the game panics, a refused action is not a rule error or
// changed the state, a legal action or a default is refused, an
// engine.Checker reports a broken invariant, the prompt waits on nobody
// (or an awaited seat has no legal action) while the game is not finished,
// or the game has not finished within MaxSteps.
func (f Fuzz) Play(data []byte) (err error) {
	step := 0
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("step %d: panic: %v\n%s", step, p, debug.Stack())
		}
	}()
	if len(data) > f.maxInput() {
		data = data[:f.maxInput()]
	}
	in := NewInput(data)
	setup := f.Setup(in)
	g, err := f.Def.New(setup)
	if err != nil {
		return fmt.Errorf("new %+v: %w", setup, err)
	}
	junkOneIn, maxSteps := f.JunkOneIn, f.MaxSteps
	if junkOneIn <= 0 {
		junkOneIn = 5
	}
	if maxSteps <= 0 {
		maxSteps = 5000
	}
	checker, _ := g.(engine.Checker)
	for ; step < maxSteps; step++ {
		if g.Outcome().Finished {
			return nil
		}
		seat, a, legal, err := f.choose(g, in, setup.Seats, junkOneIn)
		if err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		// Only an action that may be refused needs the state to compare
		// with: a legal one that is refused fails at once. Snapshots are
		// most of a step's cost, so this keeps executions cheap.
		var before []byte
		if !legal {
			before, _ = g.Snapshot()
		}
		if _, err := g.Apply(seat, a); err != nil {
			if legal {
				return fmt.Errorf("step %d: seat %d's legal %#v refused: %w", step, seat, a, err)
			}
			if _, ok := engine.IsRuleError(err); !ok {
				return fmt.Errorf("step %d: %v is not a rule error", step, err)
			}
			if after, _ := g.Snapshot(); !bytes.Equal(before, after) {
				return fmt.Errorf("step %d: refused %#v changed the state", step, a)
			}
			continue
		}
		if checker != nil {
			if err := checker.CheckInvariants(); err != nil {
				return fmt.Errorf("step %d after seat %d %#v: %w", step, seat, a, err)
			}
		}
	}
	if !g.Outcome().Finished {
		return fmt.Errorf("%w (%d steps, round %d)", ErrStepLimit, maxSteps, g.Round())
	}
	return nil
}

// choose reads one step's seat and action from the input; legal says the
// action was listed for that seat (or is a default) and must apply.
func (f Fuzz) choose(g engine.Game, in *Input, seats, junkOneIn int) (int, engine.Action, bool, error) {
	p := g.Prompt()
	if len(p.Waiting) == 0 {
		return 0, nil, false, fmt.Errorf("nobody awaited in %q but the game is not finished", p.Phase)
	}
	seat := p.Waiting[in.Next()%len(p.Waiting)].Seat
	k := in.Next()
	switch {
	case in.Done(): // out of input: play the defaults to the end
		return p.Waiting[0].Seat, p.Waiting[0].Default, true, nil
	case k%junkOneIn == 0:
		a := f.Junk(in)
		return in.Next()%(seats+2) - 1, a, false, nil
	}
	if k%fuzzOtherSeat == 1 {
		if other := in.Next() % seats; len(g.Legal(other)) > 0 {
			seat = other
		}
	}
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return 0, nil, false, fmt.Errorf("awaited seat %d has no legal action in %q", seat, p.Phase)
	}
	if k%fuzzResign != 0 {
		var keep []engine.Action
		for _, a := range legal {
			if a.Kind() != "resign" {
				keep = append(keep, a)
			}
		}
		if len(keep) > 0 {
			legal = keep
		}
	}
	a := legal[in.Next()%len(legal)]
	if tp, ok := a.(engine.Template); ok {
		pr := tp.Param()
		step := max(pr.Step, 1)
		if n := (pr.Max - pr.Min) / step; n > 0 {
			a = tp.With(pr.Min + int64(in.Next()*in.Next())%(n+1)*step)
		}
	}
	return seat, a, true, nil
}

// Run adds the common seed corpus and the game's own seeds to f and fuzzes
// Play with it.
func (f Fuzz) Run(ft *testing.F, seeds ...[]byte) {
	for _, s := range append([][]byte{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		bytes.Repeat([]byte{3, 200, 17, 90}, 64),
		bytes.Repeat([]byte{255, 1, 128, 7, 33}, 200)}, seeds...) {
		ft.Add(s[:min(len(s), f.maxInput())]) // the part Play reads
	}
	ft.Fuzz(func(t *testing.T, data []byte) {
		if err := f.Play(data); err != nil {
			t.Fatal(err)
		}
	})
}
