package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"boardroom/engine"
)

// checkFastPaths: a game's fast paths change nothing but speed. The
// playout is replayed on a plain game and on one with its event sentences
// off (engine.Quieter) and told it is played through at once
// (engine.Batcher), as the simulator plays; at every sampled step both have the same snapshot
// and legal actions (with their bounds), every viewer's lent view (engine.PeekView) of the quiet game holds what
// View holds on the plain one, and the quiet game's events are the plain
// ones without sentences. A View taken before an Apply still holds the
// same afterwards: callers may keep View's result (a lobby publishes it to
// sessions while the game moves on), unlike a lent one. At every step a
// game's AwaitedSeat (engine.SeatAwaiter) tells what its Prompt and
// Outcome do.
func checkFastPaths(s *suite) error {
	for _, c := range s.cases {
		s.playout(c)
		plain, err := s.def.New(c.setup)
		if err != nil {
			return fmt.Errorf("%v: New: %w", c, err)
		}
		quiet, _ := s.def.New(c.setup)
		engine.SetQuiet(quiet, true)
		engine.SetBatch(quiet, true) // as the simulator plays: quiet and at once
		viewers := viewers(c.setup.Seats)
		kept := make([]engine.View, len(viewers))
		keptJSON := make([][]byte, len(viewers))
		for i := 0; i <= len(c.log); i++ {
			st := &step{c: c, i: i}
			if err := awaitedSeat(st, plain); err != nil {
				return err
			}
			if err := awaitedSeat(st, quiet); err != nil {
				return err
			}
			if err := awaitedSeats(st, plain); err != nil {
				return err
			}
			if err := awaitedSeats(st, quiet); err != nil {
				return err
			}
			sampled := i == len(c.log) || s.sampled(i)
			if sampled {
				if err := sameGames(st, plain, quiet, viewers); err != nil {
					return err
				}
				for k, v := range viewers {
					kept[k] = plain.View(v)
					if keptJSON[k], err = json.Marshal(kept[k]); err != nil {
						return st.errorf("View(%d): %v", v, err)
					}
				}
			}
			if i == len(c.log) {
				break
			}
			la := c.log[i]
			pe, err := applyLogged(s.def, plain, la)
			if err != nil {
				return st.errorf("replaying seat %d %s: %v", la.Seat, la.Action, err)
			}
			qe, err := applyLogged(s.def, quiet, la)
			if err != nil {
				return st.errorf("replaying seat %d %s on the quiet game: %v", la.Seat, la.Action, err)
			}
			if err := quietEvents(st, pe, qe, quiet); err != nil {
				return err
			}
			if !sampled {
				continue
			}
			for k, v := range viewers {
				again, _ := json.Marshal(kept[k])
				if !bytes.Equal(again, keptJSON[k]) {
					return st.errorf("View(%d) taken before seat %d %s changed after it:\n  %s\n  %s", v, la.Seat, la.Action, clip(keptJSON[k]), clip(again))
				}
			}
		}
	}
	return nil
}

// sameGames compares the plain and quiet games at one step.
func sameGames(st *step, plain, quiet engine.Game, viewers []int) error {
	a, err := plain.Snapshot()
	if err != nil {
		return st.errorf("Snapshot: %v", err)
	}
	b, err := quiet.Snapshot()
	if err != nil {
		return st.errorf("Snapshot of the quiet game: %v", err)
	}
	if !bytes.Equal(a, b) {
		return st.errorf("the quiet game's snapshot differs:\n  %s\n  %s", clip(a), clip(b))
	}
	for seat := 0; seat < len(viewers)-1; seat++ {
		want, err := encodeActions(plain.Legal(seat))
		if err != nil {
			return st.errorf("Legal(%d): %v", seat, err)
		}
		got, err := encodeActions(quiet.Legal(seat))
		if err != nil {
			return st.errorf("Legal(%d) of the quiet game: %v", seat, err)
		}
		if !bytes.Equal(want, got) {
			return st.errorf("Legal(%d) of the quiet game differs:\n  %s\n  %s", seat, clip(want), clip(got))
		}
	}
	for _, v := range viewers {
		want, err := json.Marshal(plain.View(v))
		if err != nil {
			return st.errorf("View(%d): %v", v, err)
		}
		got, err := json.Marshal(engine.PeekView(quiet, v))
		if err != nil {
			return st.errorf("PeekView(%d): %v", v, err)
		}
		if !bytes.Equal(want, got) {
			return st.errorf("PeekView(%d) of the quiet game differs from View:\n  %s\n  %s", v, clip(want), clip(got))
		}
	}
	return nil
}

// quietEvents checks the quiet game's events against the plain ones: the
// same without sentences, or the same as they are for a game that is no
// engine.Quieter.
func quietEvents(st *step, plain, quiet []engine.Event, g engine.Game) error {
	if len(plain) != len(quiet) {
		return st.errorf("%d events on the quiet game, %d on the plain one", len(quiet), len(plain))
	}
	_, isQuiet := g.(engine.Quieter)
	for i := range plain {
		want := plain[i]
		if isQuiet {
			want.Text, want.Redacted = "", ""
		}
		a, _ := json.Marshal(want)
		b, _ := json.Marshal(quiet[i])
		if !bytes.Equal(a, b) {
			return st.errorf("event %d of the quiet game: %s, want %s", i, b, a)
		}
	}
	return nil
}

// awaitedSeats checks g's AwaitedSeats, when g is an
// engine.SeatsAwaiter, against its Outcome and Prompt: ok exactly when the
// game is not over and the prompt is simultaneous, and then the seats of
// the prompt's Waiting list.
func awaitedSeats(st *step, g engine.Game) error {
	sa, is := g.(engine.SeatsAwaiter)
	if !is {
		return nil
	}
	seats, ok := sa.AwaitedSeats()
	p := g.Prompt()
	if sim := !g.Outcome().Finished && p.Simultaneous; ok != sim {
		return st.errorf("AwaitedSeats says ok=%v; the prompt (simultaneous %v, over %v) says %v", ok, p.Simultaneous, g.Outcome().Finished, sim)
	}
	if !ok {
		return nil
	}
	var want uint64
	for _, w := range p.Waiting {
		want |= 1 << uint(w.Seat)
	}
	if seats != want {
		return st.errorf("AwaitedSeats says seats %b; the prompt waits on %b", seats, want)
	}
	return nil
}

// awaitedSeat checks g's AwaitedSeat, when g is an engine.SeatAwaiter,
// against its Outcome and Prompt: ok exactly when the game is not over and
// the prompt is not simultaneous and waits on one seat, that seat, and
// answer exactly when the prompt's decision is an answer.
func awaitedSeat(st *step, g engine.Game) error {
	aw, is := g.(engine.SeatAwaiter)
	if !is {
		return nil
	}
	seat, answer, ok := aw.AwaitedSeat()
	p := g.Prompt()
	one := !g.Outcome().Finished && !p.Simultaneous && len(p.Waiting) == 1
	switch {
	case ok != one:
		return st.errorf("AwaitedSeat says ok=%v; the prompt (%d waiting, simultaneous %v, over %v) says %v", ok, len(p.Waiting), p.Simultaneous, g.Outcome().Finished, one)
	case !ok:
		return nil
	case seat != p.Waiting[0].Seat:
		return st.errorf("AwaitedSeat says seat %d; the prompt waits on seat %d", seat, p.Waiting[0].Seat)
	case answer != (p.DecisionKind() == engine.DecisionAnswer):
		return st.errorf("AwaitedSeat says answer=%v; the prompt's decision is %q", answer, p.DecisionKind())
	}
	return nil
}
