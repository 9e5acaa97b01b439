package enginetest

import (
	"bytes"
	"fmt"
	"math"

	"boardroom/engine"
)

// bogusAction is an action no game knows.
type bogusAction struct {
	X int `json:"x"`
}

func (bogusAction) Kind() string { return "enginetest_bogus" }

// attempt is an action that must be refused: with a *RuleError whose code
// is one of codes (any code if codes is empty), leaving the state untouched.
type attempt struct {
	seat  int
	a     engine.Action
	codes []string
}

// refusal applies one attempt on g and checks the error it gets.
func refusal(g engine.Game, at attempt) error {
	enc, _ := engine.EncodeAction(at.a)
	_, err := g.Apply(at.seat, at.a)
	if err == nil {
		return fmt.Errorf("seat %d %s was accepted, want it refused", at.seat, enc)
	}
	re, ok := engine.IsRuleError(err)
	if !ok {
		return fmt.Errorf("seat %d %s refused with %T %v, want a *engine.RuleError", at.seat, enc, err, err)
	}
	if len(at.codes) == 0 {
		return nil
	}
	for _, c := range at.codes {
		if re.Code == c {
			return nil
		}
	}
	return fmt.Errorf("seat %d %s refused with code %q, want one of %v", at.seat, enc, re.Code, at.codes)
}

// refuseAll checks that every attempt is refused and leaves the state as it
// was. For speed it applies them all to one restored copy and compares
// snapshots once; on any failure it replays them one by one, each on a
// fresh copy, to name the culprit.
func (s *suite) refuseAll(st *step, atts []attempt) error {
	if len(atts) == 0 {
		return nil
	}
	cp, err := s.restore(st)
	if err != nil {
		return err
	}
	before, err := cp.Snapshot()
	if err != nil {
		return st.errorf("Snapshot of a restored copy: %v", err)
	}
	for _, at := range atts {
		if err := refusal(cp, at); err != nil {
			return s.refuseEach(st, atts, err)
		}
	}
	after, err := cp.Snapshot()
	if err != nil {
		return st.errorf("Snapshot after refused actions: %v", err)
	}
	if !bytes.Equal(before, after) {
		return s.refuseEach(st, atts, fmt.Errorf("%d refused actions changed the state:\n  %s\n  %s", len(atts), clip(before), clip(after)))
	}
	return nil
}

func (s *suite) refuseEach(st *step, atts []attempt, batchErr error) error {
	for _, at := range atts {
		cp, err := s.restore(st)
		if err != nil {
			return err
		}
		before, err := cp.Snapshot()
		if err != nil {
			return st.errorf("Snapshot of a restored copy: %v", err)
		}
		if err := refusal(cp, at); err != nil {
			return st.errorf("%v", err)
		}
		after, err := cp.Snapshot()
		if err != nil {
			return st.errorf("Snapshot after a refused Apply: %v", err)
		}
		if !bytes.Equal(before, after) {
			enc, _ := engine.EncodeAction(at.a)
			return st.errorf("refused Apply of seat %d %s changed the state:\n  %s\n  %s", at.seat, enc, clip(before), clip(after))
		}
	}
	return st.errorf("%v (only when applied one after another)", batchErr)
}

// applies applies a on a fresh copy of the step's game as seat, which must
// succeed (and keep the game's invariants); it returns the copy.
func (s *suite) applies(st *step, seat int, a engine.Action, what string) (engine.Game, error) {
	cp, err := s.restore(st)
	if err != nil {
		return nil, err
	}
	enc, _ := engine.EncodeAction(a)
	if _, err := cp.Apply(seat, a); err != nil {
		return nil, st.errorf("%s seat %d %s was refused: %v", what, seat, enc, err)
	}
	if c, ok := cp.(engine.Checker); ok {
		if err := c.CheckInvariants(); err != nil {
			return nil, st.errorf("after %s seat %d %s: invariant: %v", what, seat, enc, err)
		}
	}
	return cp, nil
}

// sameKind reports whether list holds more than one entry of a's kind.
func sameKindTwice(list []engine.Action, kind string) bool {
	n := 0
	for _, a := range list {
		if a.Kind() == kind {
			n++
		}
	}
	return n > 1
}

// checkFailedApply: unknown actions and template values out of bounds are
// refused with a *RuleError and leave the state exactly as it was.
func checkFailedApply(s *suite) error {
	return s.walk(false, func(st *step) error {
		var atts []attempt
		for seat := 0; seat < st.c.setup.Seats; seat++ {
			atts = append(atts, attempt{seat: seat, a: bogusAction{X: 1}})
			legal := st.g.Legal(seat)
			for _, a := range legal {
				t, ok := a.(engine.Template)
				if !ok || sameKindTwice(legal, a.Kind()) {
					continue // another entry of this kind may allow other values
				}
				p := t.Param()
				if p.Min > math.MinInt64 {
					atts = append(atts, attempt{seat: seat, a: t.With(p.Min - 1)})
				}
				if p.Max < math.MaxInt64 {
					atts = append(atts, attempt{seat: seat, a: t.With(p.Max + 1)})
				}
			}
		}
		return s.refuseAll(st, atts)
	})
}

// checkLegalApply: every listed legal action of every seat (a template at
// its minimum, middle and maximum) applies on a copy of the game.
func checkLegalApply(s *suite) error {
	return s.walk(false, func(st *step) error {
		for seat := 0; seat < st.c.setup.Seats; seat++ {
			for _, a := range st.g.Legal(seat) {
				if a == nil {
					return st.errorf("Legal(%d) holds a nil action", seat)
				}
				if t, ok := a.(engine.Template); ok {
					if p := t.Param(); p.Max < p.Min || p.Step < 0 {
						return st.errorf("Legal(%d): template %s has bounds %+v", seat, a.Kind(), p)
					}
				}
				for _, c := range concrete(a) {
					if _, err := s.applies(st, seat, c, "legal action"); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// checkOutOfTurn: every seat without legal actions, the spectator and
// seats out of range are refused (not your turn, or illegal) every action
// another seat may take or took earlier, and the state stays untouched.
func checkOutOfTurn(s *suite) error {
	var pool []engine.Action // one recent action per kind
	var lastCase *playCase
	return s.walk(false, func(st *step) error {
		if st.c != lastCase {
			pool, lastCase = nil, st.c
		}
		n := st.c.setup.Seats
		var foreign []engine.Action
		for seat := 0; seat < n; seat++ {
			for _, a := range st.g.Legal(seat) {
				foreign = append(foreign, concrete(a)...)
			}
		}
		for _, a := range foreign {
			pool = addToPool(pool, a)
		}
		if st.last != nil {
			pool = addToPool(pool, st.last)
		}
		foreign = distinct(append(foreign, pool...), 3)
		codes := []string{engine.CodeNotYourTurn, engine.CodeIllegal}
		if st.g.Outcome().Finished {
			codes = append(codes, engine.CodeGameOver)
		}
		idle := []int{engine.Spectator, -2, n, n + 3}
		for seat := 0; seat < n; seat++ {
			if len(st.g.Legal(seat)) == 0 {
				idle = append(idle, seat)
			}
		}
		var atts []attempt
		for _, seat := range idle {
			for _, a := range foreign {
				atts = append(atts, attempt{seat: seat, a: a, codes: codes})
			}
		}
		return s.refuseAll(st, atts)
	})
}

// distinct drops repeated actions and keeps at most perKind of each kind.
func distinct(list []engine.Action, perKind int) []engine.Action {
	seen, count := map[string]bool{}, map[string]int{}
	var out []engine.Action
	for _, a := range list {
		enc, err := engine.EncodeAction(a)
		if err != nil || seen[string(enc)] || count[a.Kind()] >= perKind {
			continue
		}
		seen[string(enc)] = true
		count[a.Kind()]++
		out = append(out, a)
	}
	return out
}

func addToPool(pool []engine.Action, a engine.Action) []engine.Action {
	for i, p := range pool {
		if p.Kind() == a.Kind() {
			pool[i] = a
			return pool
		}
	}
	return append(pool, a)
}

// checkPrompt: an unfinished game waits on distinct seats in range, one seat
// unless the prompt is simultaneous, each with legal actions and a default
// action that applies.
func checkPrompt(s *suite) error {
	return s.walk(false, func(st *step) error {
		p := st.g.Prompt()
		n := st.c.setup.Seats
		if p.Phase == "" && !st.g.Outcome().Finished {
			return st.errorf("prompt without a phase label")
		}
		if !p.Simultaneous && len(p.Waiting) > 1 {
			return st.errorf("prompt %q is not simultaneous but waits on seats %v", p.Phase, waitingSeats(p))
		}
		seen := map[int]bool{}
		for _, w := range p.Waiting {
			if w.Seat < 0 || w.Seat >= n || seen[w.Seat] {
				return st.errorf("prompt %q waits on seats %v: out of range or repeated", p.Phase, waitingSeats(p))
			}
			seen[w.Seat] = true
			if len(st.g.Legal(w.Seat)) == 0 {
				return st.errorf("prompt %q waits on seat %d, which has no legal action", p.Phase, w.Seat)
			}
			if w.Default == nil {
				return st.errorf("prompt %q waits on seat %d without a default action", p.Phase, w.Seat)
			}
			if _, err := s.applies(st, w.Seat, w.Default, "default action of"); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkCodec: every legal action seen encodes and decodes to the same
// action, and DecodeAction refuses junk with an error.
func checkCodec(s *suite) error {
	junk := [][]byte{nil, []byte("not json"), []byte("{}"), []byte(`{"kind":"enginetest_bogus"}`), []byte(`[1,2]`)}
	for _, j := range junk {
		if a, err := s.def.DecodeAction(j); err == nil {
			return fmt.Errorf("DecodeAction(%q) accepted junk as %v", j, a)
		}
	}
	kinds := map[string]bool{}
	done := map[string]bool{} // encodings already round-tripped
	return s.walk(false, func(st *step) error {
		for seat := 0; seat < st.c.setup.Seats; seat++ {
			for _, a := range st.g.Legal(seat) {
				for _, c := range append(concrete(a), a) {
					enc, err := engine.EncodeAction(c)
					if err == nil && done[string(enc)] {
						continue
					}
					done[string(enc)] = true
					if err := roundTripAction(s.def, c); err != nil {
						return st.errorf("Legal(%d): %v", seat, err)
					}
				}
				if !kinds[a.Kind()] {
					kinds[a.Kind()] = true
					enc, _ := engine.EncodeAction(concrete(a)[0])
					extra := append(bytes.TrimSuffix(enc, []byte("}")), []byte(`,"enginetest_extra":1}`)...)
					if got, err := s.def.DecodeAction(extra); err == nil {
						return st.errorf("DecodeAction(%s) accepted an unknown field as %v", extra, got)
					}
				}
			}
		}
		return nil
	})
}

func roundTripAction(def engine.Definition, a engine.Action) error {
	enc, err := engine.EncodeAction(a)
	if err != nil {
		return fmt.Errorf("EncodeAction(%s): %w", a.Kind(), err)
	}
	dec, err := def.DecodeAction(enc)
	if err != nil {
		return fmt.Errorf("DecodeAction(%s): %w", enc, err)
	}
	if dec == nil || dec.Kind() != a.Kind() {
		return fmt.Errorf("DecodeAction(%s) gave %v", enc, dec)
	}
	again, err := engine.EncodeAction(dec)
	if err != nil || !bytes.Equal(enc, again) {
		return fmt.Errorf("action %s decoded and encoded again is %s (%v)", enc, again, err)
	}
	return nil
}

// checkEvents: a private event names valid recipients and has a redacted
// sentence different from its text; no one else (nor a spectator) reads the
// private text; money changes name valid seats and reasons.
func checkEvents(s *suite) error {
	return s.walk(true, func(st *step) error {
		n := st.c.setup.Seats
		for _, e := range st.events {
			if e.Kind == "" {
				return st.errorf("event without a kind: %+v", e)
			}
			for _, m := range e.Money {
				if m.Seat < 0 || m.Seat >= n || m.Reason == "" {
					return st.errorf("event %q: money change %+v names no valid seat or no reason", e.Kind, m)
				}
			}
			if e.To == nil {
				continue
			}
			to := map[int]bool{}
			for _, r := range e.To {
				if r < 0 || r >= n {
					return st.errorf("private event %q is addressed to seat %d", e.Kind, r)
				}
				to[r] = true
			}
			if e.Text != "" && e.Text == e.Redacted {
				return st.errorf("private event %q has the same redacted sentence as its text: %q", e.Kind, e.Text)
			}
			for _, v := range viewers(n) {
				if !to[v] && e.Text != "" && e.TextFor(v) == e.Text {
					return st.errorf("private event %q shows its text to viewer %d", e.Kind, v)
				}
			}
		}
		return nil
	})
}
