package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// portrait is everything observable about a game, encoded for comparison.
type portrait struct {
	fields []string // names, parallel to values
	values [][]byte
}

func (p *portrait) add(name string, v []byte) {
	p.fields = append(p.fields, name)
	p.values = append(p.values, v)
}

// diff names the first field where two portraits differ, or "".
func (p *portrait) diff(q *portrait) string {
	for i := range p.fields {
		if i >= len(q.values) || !bytes.Equal(p.values[i], q.values[i]) {
			var other []byte
			if i < len(q.values) {
				other = q.values[i]
			}
			return fmt.Sprintf("%s differs:\n  %s\n  %s", p.fields[i], clip(p.values[i]), clip(other))
		}
	}
	return ""
}

func clip(b []byte) string {
	const max = 600
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// viewers lists every seat plus the spectator.
func viewers(seats int) []int {
	out := []int{engine.Spectator}
	for i := 0; i < seats; i++ {
		out = append(out, i)
	}
	return out
}

// encodeActions encodes a list of actions (templates with their bounds).
func encodeActions(list []engine.Action) ([]byte, error) {
	var buf bytes.Buffer
	for _, a := range list {
		if a == nil {
			return nil, errors.New("nil action")
		}
		enc, err := engine.EncodeAction(a)
		if err != nil {
			return nil, err
		}
		buf.Write(enc)
		if t, ok := a.(engine.Template); ok {
			p, _ := json.Marshal(t.Param())
			buf.Write(p)
		}
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}

// encodePrompt encodes a prompt with its default actions.
func encodePrompt(p engine.Prompt) ([]byte, error) {
	head, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var defs []engine.Action
	for _, w := range p.Waiting {
		if w.Default == nil {
			return nil, fmt.Errorf("seat %d is awaited without a default action", w.Seat)
		}
		defs = append(defs, w.Default)
	}
	tail, err := encodeActions(defs)
	return append(head, tail...), err
}

// portray encodes the snapshot, the view of every viewer, every seat's
// legal actions, the prompt, the outcome, the round and the setup.
func portray(g engine.Game) (*portrait, error) {
	p := &portrait{}
	snap, err := g.Snapshot()
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	p.add("snapshot", snap)
	n := g.Setup().Seats
	for _, v := range viewers(n) {
		b, err := json.Marshal(g.View(v))
		if err != nil {
			return nil, fmt.Errorf("View(%d) is not JSON: %w", v, err)
		}
		p.add(fmt.Sprintf("View(%d)", v), b)
	}
	for seat := 0; seat < n; seat++ {
		b, err := encodeActions(g.Legal(seat))
		if err != nil {
			return nil, fmt.Errorf("Legal(%d): %w", seat, err)
		}
		p.add(fmt.Sprintf("Legal(%d)", seat), b)
	}
	pr, err := encodePrompt(g.Prompt())
	if err != nil {
		return nil, fmt.Errorf("prompt: %w", err)
	}
	p.add("Prompt", pr)
	out, _ := json.Marshal(g.Outcome())
	p.add("Outcome", out)
	p.add("Round", fmt.Appendf(nil, "%d", g.Round()))
	setup, _ := json.Marshal(g.Setup())
	p.add("Setup", setup)
	return p, nil
}

// checkDeterminism: the same setup and seed give the same playout, and the
// same setup and actions give byte-identical states and events at every step.
func checkDeterminism(s *suite) error {
	for _, c := range s.cases {
		s.playout(c)
		_, log2, err2 := RandomPlayout(s.def, c.setup, rng.FromSeed(playoutSeed(c.setup)), s.cfg.MaxSteps)
		if (c.err == nil) != (err2 == nil) || len(c.log) != len(log2) {
			return fmt.Errorf("%v: two random playouts with the same seeds differ: %d actions (%v) vs %d (%v)", c, len(c.log), c.err, len(log2), err2)
		}
		for i := range c.log {
			if c.log[i].Seat != log2[i].Seat || !bytes.Equal(c.log[i].Action, log2[i].Action) {
				return fmt.Errorf("%v: two random playouts with the same seeds differ at step %d: %s vs %s", c, i, c.log[i].Action, log2[i].Action)
			}
		}
	}
	for _, c := range s.cases {
		a, err := s.def.New(c.setup)
		if err != nil {
			return fmt.Errorf("%v: New: %w", c, err)
		}
		b, err := s.def.New(c.setup)
		if err != nil {
			return fmt.Errorf("%v: second New: %w", c, err)
		}
		for i := 0; ; i++ {
			// The whole portrait (views, legal actions, prompt...) at some
			// steps, the snapshot at all others.
			full := (s.sampled(i) && i%5 == 0) || i == len(c.log)
			if full {
				pa, err := portray(a)
				if err != nil {
					return fmt.Errorf("%v, step %d: %w", c, i, err)
				}
				pb, err := portray(b)
				if err != nil {
					return fmt.Errorf("%v, step %d: %w", c, i, err)
				}
				if d := pa.diff(pb); d != "" {
					return fmt.Errorf("%v, step %d: two games given the same setup and actions: %s", c, i, d)
				}
			}
			if i == len(c.log) {
				break
			}
			if !full {
				sa, errA := a.Snapshot()
				sb, errB := b.Snapshot()
				if errA != nil || errB != nil || !bytes.Equal(sa, sb) {
					return fmt.Errorf("%v, step %d: two games given the same setup and actions differ:\n  %s\n  %s", c, i, clip(sa), clip(sb))
				}
			}
			evA, errA := applyLogged(s.def, a, c.log[i])
			evB, errB := applyLogged(s.def, b, c.log[i])
			if errA != nil || errB != nil {
				return fmt.Errorf("%v, step %d: replaying %s: %v / %v", c, i, c.log[i].Action, errA, errB)
			}
			ja, _ := json.Marshal(evA)
			jb, _ := json.Marshal(evB)
			if !bytes.Equal(ja, jb) {
				return fmt.Errorf("%v, step %d: the same action gave different events:\n  %s\n  %s", c, i, clip(ja), clip(jb))
			}
		}
	}
	return nil
}

func applyLogged(def engine.Definition, g engine.Game, la engine.LoggedAction) ([]engine.Event, error) {
	a, err := def.DecodeAction(la.Action)
	if err != nil {
		return nil, err
	}
	return g.Apply(la.Seat, a)
}

// checkRoundTrip: Restore(Snapshot()) gives the same snapshot, views,
// legal actions, prompt, outcome, round and setup, at every step.
func checkRoundTrip(s *suite) error {
	return s.walk(false, func(st *step) error {
		orig, err := portray(st.g)
		if err != nil {
			return st.errorf("%v", err)
		}
		cp, err := s.restore(st)
		if err != nil {
			return err
		}
		again, err := portray(cp)
		if err != nil {
			return st.errorf("restored game: %v", err)
		}
		if d := orig.diff(again); d != "" {
			return st.errorf("Restore(Snapshot()) is not the same game: %s", d)
		}
		return nil
	})
}

// checkReplay: engine.Replay of the playout's log gives a byte-identical
// snapshot.
func checkReplay(s *suite) error {
	for _, c := range s.cases {
		s.playout(c)
		want := c.final
		if want == nil {
			return fmt.Errorf("%v: %w", c, c.err)
		}
		g, err := engine.Replay(s.def, c.setup, c.log)
		if err != nil {
			return fmt.Errorf("%v: Replay: %w", c, err)
		}
		got, err := g.Snapshot()
		if err != nil {
			return fmt.Errorf("%v: Snapshot after Replay: %w", c, err)
		}
		if !bytes.Equal(want, got) {
			return fmt.Errorf("%v: Replay of %d actions gave a different snapshot:\n  %s\n  %s", c, len(c.log), clip(want), clip(got))
		}
	}
	return nil
}

// checkTermination: every random playout finishes within MaxSteps without
// the playout itself finding a fault.
func checkTermination(s *suite) error {
	var errs []error
	for _, c := range s.cases {
		if s.playout(c).err != nil {
			errs = append(errs, fmt.Errorf("%v: random playout: %w", c, c.err))
		}
	}
	return errors.Join(errs...)
}

// checkOutcome: an unfinished game waits on someone; a finished one waits
// on nobody, offers no legal action, and places every seat once with
// placements 1..n where ties share the better placement.
func checkOutcome(s *suite) error {
	return s.walk(true, func(st *step) error {
		out := st.g.Outcome()
		n := st.c.setup.Seats
		if !out.Finished {
			if len(st.g.Prompt().Waiting) == 0 {
				return st.errorf("the game is not finished but its prompt waits on nobody")
			}
			return nil
		}
		if p := st.g.Prompt(); len(p.Waiting) > 0 {
			return st.errorf("the game is finished but the prompt waits on %v", waitingSeats(p))
		}
		for seat := 0; seat < n; seat++ {
			if l := st.g.Legal(seat); len(l) > 0 {
				return st.errorf("the game is finished but seat %d has %d legal actions", seat, len(l))
			}
		}
		if out.Reason == "" {
			return st.errorf("finished outcome without a reason")
		}
		return checkResults(out.Results, n, st)
	})
}

func checkResults(res []engine.SeatResult, n int, st *step) error {
	if len(res) != n {
		return st.errorf("outcome has %d results for %d seats", len(res), n)
	}
	places := make([]int, n)
	for i, r := range res {
		if r.Seat != i {
			return st.errorf("result %d is for seat %d; results must be in seat order", i, r.Seat)
		}
		switch r.Status {
		case engine.StatusFinished, engine.StatusBankrupt, engine.StatusResigned, engine.StatusAbandoned:
		default:
			return st.errorf("seat %d has status %q in a finished game", i, r.Status)
		}
		places[i] = r.Placement
	}
	sort.Ints(places)
	for i, p := range places {
		// Competition ranking: 1,2,2,4 is valid; 1,2,2,3 and 1,3,... are not.
		if p != i+1 && (i == 0 || p != places[i-1]) {
			return st.errorf("placements %v are not a ranking 1..%d with shared ties", places, n)
		}
	}
	return nil
}

// checkInvariants: if the game implements engine.Checker, its invariants
// hold after every step, and on a restored copy.
func checkInvariants(s *suite) error {
	return s.walk(true, func(st *step) error {
		c, ok := st.g.(engine.Checker)
		if !ok {
			return nil
		}
		if err := c.CheckInvariants(); err != nil {
			return st.errorf("invariant: %v", err)
		}
		if !s.sampled(st.i) {
			return nil
		}
		cp, err := s.restore(st)
		if err != nil {
			return err
		}
		if c, ok := cp.(engine.Checker); ok {
			if err := c.CheckInvariants(); err != nil {
				return st.errorf("invariant on a restored copy: %v", err)
			}
		}
		return nil
	})
}
