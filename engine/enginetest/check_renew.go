package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"boardroom/engine"
)

// checkRenew: a renewed game (engine.Renewer) plays exactly as a new one.
// For each case a game of the case before it (the last case's for the
// first; of the case with another seed when it is the only one) is played, as the simulator plays, to the end of its playout and
// once cut off half-way, and renewed to the case's setup; replaying the
// case's playout on it and on a new game, at every sampled step both have
// the same snapshot, legal actions, views (View and the lent PeekView) and
// outcome, and every action the same events, sentences included: a renewed
// game is no longer quiet. A game that is no Renewer passes.
func checkRenew(s *suite) error {
	for k, c := range s.cases {
		prev := s.cases[(k+len(s.cases)-1)%len(s.cases)]
		if prev == c { // one case: the game before is one of another seed
			prev = &playCase{setup: c.setup}
			prev.setup.Seed = c.setup.Seed*0x9e3779b97f4a7c15 + 1
		}
		s.playout(prev)
		s.playout(c)
		if prev.err != nil || c.err != nil {
			continue // the playouts' own checks report them
		}
		for _, cut := range []int{len(prev.log), len(prev.log) / 2} {
			old, err := s.def.New(prev.setup)
			if err != nil {
				return fmt.Errorf("%v: New: %w", prev, err)
			}
			r, ok := old.(engine.Renewer)
			if !ok {
				return nil
			}
			engine.SetQuiet(old, true) // as the simulator plays
			engine.SetMute(old, true)
			engine.SetBatch(old, true)
			for i, la := range prev.log[:cut] {
				if _, err := applyLogged(s.def, old, la); err != nil {
					return fmt.Errorf("%v, step %d: replaying seat %d %s: %w", prev, i, la.Seat, la.Action, err)
				}
				engine.PeekView(old, la.Seat) // the lent views the bots read
			}
			if err := r.Renew(c.setup); err != nil {
				return fmt.Errorf("%v: Renew after %d actions of %v: %w", c, cut, prev, err)
			}
			if err := sameAsNew(s, c, old, fmt.Sprintf("renewed after %d actions of %v", cut, prev)); err != nil {
				return err
			}
		}
	}
	return nil
}

// sameAsNew replays c's playout on renewed and on a new game of c's setup
// and compares them at every sampled step.
func sameAsNew(s *suite, c *playCase, renewed engine.Game, how string) error {
	fresh, err := s.def.New(c.setup)
	if err != nil {
		return fmt.Errorf("%v: New: %w", c, err)
	}
	viewers := viewers(c.setup.Seats)
	for i := 0; i <= len(c.log); i++ {
		st := &step{c: c, i: i}
		all := i == len(c.log) || s.sampled(i)
		peeked := viewers
		if !all { // the seat about to act: its bot reads its lent view
			peeked = []int{c.log[i].Seat}
		}
		if err := sameState(st, fresh, renewed, peeked, how, all); err != nil {
			return err
		}
		if i == len(c.log) {
			break
		}
		la := c.log[i]
		want, err := applyLogged(s.def, fresh, la)
		if err != nil {
			return st.errorf("replaying seat %d %s: %v", la.Seat, la.Action, err)
		}
		got, err := applyLogged(s.def, renewed, la)
		if err != nil {
			return st.errorf("replaying seat %d %s on the game %s: %v", la.Seat, la.Action, how, err)
		}
		a, _ := json.Marshal(want)
		b, _ := json.Marshal(got)
		if !bytes.Equal(a, b) {
			return st.errorf("events of seat %d %s on the game %s:\n  %s\n  want %s", la.Seat, la.Action, how, clip(b), clip(a))
		}
	}
	return nil
}

// sameState compares a new game and a renewed one at one step: the lent
// views of viewers, and with all snapshots, outcomes, prompts, and the
// seats' legal lists and Views (viewers are then every seat and a
// spectator).
func sameState(st *step, fresh, renewed engine.Game, viewers []int, how string, all bool) error {
	type part struct {
		what string
		of   func(g engine.Game) ([]byte, error)
	}
	var parts []part
	for _, v := range viewers {
		parts = append(parts, part{fmt.Sprintf("PeekView(%d)", v), func(g engine.Game) ([]byte, error) { return json.Marshal(engine.PeekView(g, v)) }})
	}
	if all {
		parts = append(parts, part{"snapshot", engine.Game.Snapshot},
			part{"outcome", func(g engine.Game) ([]byte, error) { return json.Marshal(g.Outcome()) }},
			part{"prompt", func(g engine.Game) ([]byte, error) { return json.Marshal(g.Prompt()) }})
		for seat := 0; seat < st.c.setup.Seats; seat++ {
			parts = append(parts, part{fmt.Sprintf("Legal(%d)", seat), func(g engine.Game) ([]byte, error) { return encodeActions(g.Legal(seat)) }})
		}
		for _, v := range viewers {
			parts = append(parts, part{fmt.Sprintf("View(%d)", v), func(g engine.Game) ([]byte, error) { return json.Marshal(g.View(v)) }})
		}
	}
	for _, p := range parts {
		want, err := p.of(fresh)
		if err != nil {
			return st.errorf("%s: %v", p.what, err)
		}
		got, err := p.of(renewed)
		if err != nil {
			return st.errorf("%s of the game %s: %v", p.what, how, err)
		}
		if !bytes.Equal(want, got) {
			return st.errorf("%s of the game %s differs from a new game's:\n  %s\n  want %s", p.what, how, clip(got), clip(want))
		}
	}
	return nil
}
