package enginetest

import (
	"encoding/json"
	"fmt"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/testgame"
)

// brokenDef wraps testgame and breaks one property of the contract,
// chosen by mode ("" breaks nothing). Its snapshot holds testgame's under
// "inner" and a move counter of its own under "moves".
type brokenDef struct{ mode string }

// newCount makes mode "nondeterministic" start every new game differently.
var newCount int

type brokenSnap struct {
	Inner json.RawMessage `json:"inner"`
	Moves int             `json:"moves"`
}

func (d brokenDef) Info() engine.Info {
	in := testgame.Definition{}.Info()
	switch d.mode {
	case "info":
		in.Title = ""
	case "noguide":
		in.Guide = nil
	case "guidegap":
		// A guide that forgets to say how the game ends.
		var g engine.Guide
		for _, sec := range in.Guide {
			if sec.Topic != engine.TopicEnd {
				g = append(g, sec)
			}
		}
		in.Guide = g
	}
	return in
}

func (d brokenDef) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	if d.mode == "options" {
		return map[string]string{"target": "15"}, nil // accepts anything
	}
	return testgame.Definition{}.ValidateOptions(seats, opts)
}

func (d brokenDef) New(setup engine.Setup) (engine.Game, error) {
	g, err := testgame.Definition{}.New(setup)
	if err != nil {
		return nil, err
	}
	b := &brokenGame{Game: g, mode: d.mode}
	if d.mode == "nondeterministic" {
		newCount++
		b.moves = newCount
	}
	return b, nil
}

func (d brokenDef) Restore(snapshot []byte) (engine.Game, error) {
	var s brokenSnap
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, err
	}
	g, err := testgame.Definition{}.Restore(s.Inner)
	if err != nil {
		return nil, err
	}
	b := &brokenGame{Game: g, mode: d.mode, moves: s.Moves}
	if d.mode == "lossy" {
		b.moves = 0
	}
	return b, nil
}

func (d brokenDef) DecodeAction(data []byte) (engine.Action, error) {
	a, err := testgame.Definition{}.DecodeAction(data)
	if add, ok := a.(testgame.Add); ok && err == nil && d.mode == "badcodec" {
		return testgame.Add{N: 4 - add.N}, nil
	}
	return a, err
}

func (d brokenDef) NewBot(seat int, seed uint64) engine.Bot {
	return testgame.Definition{}.NewBot(seat, seed)
}

type brokenGame struct {
	engine.Game
	mode  string
	moves int
	quiet bool
	stale engine.View // mode "stalepeek"
}

func (b *brokenGame) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	if b.mode == "panics" && b.moves > 2 {
		panic("broken game")
	}
	if b.mode == "mutates" {
		b.moves++ // counts attempts, not moves: mutates before validating
	}
	if b.mode == "accepts" && len(b.Game.Legal(seat)) == 0 {
		return nil, nil // silently accepts out-of-turn actions
	}
	evs, err := b.Game.Apply(seat, a)
	if err != nil {
		return nil, err
	}
	if b.mode != "mutates" {
		b.moves++
	}
	if b.mode == "leakyevents" {
		for i := range evs {
			if evs[i].To != nil {
				evs[i].Redacted = evs[i].Text
			}
		}
	}
	return b.quietly(evs), nil
}

func (b *brokenGame) Legal(seat int) []engine.Action {
	l := b.Game.Legal(seat)
	if b.mode == "badlegal" && len(l) > 0 {
		l = append(l, bogusAction{X: 7}) // listed but refused
	}
	if b.mode == "quietlegal" && b.quiet && len(l) > 1 {
		l = l[:len(l)-1] // a quiet game lists less
	}
	return l
}

func (b *brokenGame) Prompt() engine.Prompt {
	p := b.Game.Prompt()
	if b.mode == "nodefault" {
		for i := range p.Waiting {
			p.Waiting[i].Default = testgame.Add{N: 9}
		}
	}
	return p
}

func (b *brokenGame) Outcome() engine.Outcome {
	o := b.Game.Outcome()
	if b.mode == "badplaces" {
		for i := range o.Results {
			o.Results[i].Placement++
		}
	}
	return o
}

// brokenView is what mode "leaks" shows: the honest view plus every secret.
type brokenView struct {
	engine.View
	All []int64 `json:"all"`
}

func (b *brokenGame) View(viewer int) engine.View {
	v := b.Game.View(viewer)
	if b.mode == "sharedview" {
		return sharedView{View: v, Moves: &b.moves}
	}
	if b.mode != "leaks" {
		return v
	}
	snap, _ := b.Game.Snapshot()
	var s struct {
		Secrets []int64 `json:"secrets"`
	}
	_ = json.Unmarshal(snap, &s)
	return brokenView{View: v, All: s.Secrets}
}

func (b *brokenGame) Snapshot() ([]byte, error) {
	inner, err := b.Game.Snapshot()
	if err != nil {
		return nil, err
	}
	return json.Marshal(brokenSnap{Inner: inner, Moves: b.moves})
}

func (b *brokenGame) CheckInvariants() error {
	if b.mode == "invariant" && b.moves > 3 {
		return fmt.Errorf("more than 3 moves")
	}
	return nil
}

// perturbBroken perturbs the testgame snapshot inside a brokenDef one.
func perturbBroken(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	var s brokenSnap
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, err
	}
	inner, err := perturbTestgame(s.Inner, viewer, r)
	if err != nil {
		return nil, err
	}
	s.Inner = inner
	return json.Marshal(s)
}

// The wrapper's fast paths (check fast_paths). Honest: PeekView is View
// and quiet events lose their sentences only. Mode "stalepeek" lends the
// first view it built forever; "quietmoves" lets quiet change the state;
// "sharedview" returns a View that the next Apply rewrites; "quietlegal"
// lists fewer actions when quiet; "badawait" misreports AwaitedSeat;
// "badseats" misreports AwaitedSeats.

// sharedView is what mode "sharedview" returns: it shows the game's live
// move counter, so a kept View changes with the game.
type sharedView struct {
	engine.View
	Moves *int `json:"moves"`
}

func (b *brokenGame) PeekView(viewer int) engine.View {
	if b.mode == "stalepeek" {
		if b.stale == nil {
			b.stale = b.View(viewer)
		}
		return b.stale
	}
	return b.View(viewer)
}

func (b *brokenGame) SetQuiet(on bool) { b.quiet = on }

// AwaitedSeat implements engine.SeatAwaiter from the prompt and outcome
// (check fast_paths). Mode "badawait" calls every decision an answer.
func (b *brokenGame) AwaitedSeat() (seat int, answer, ok bool) {
	p := b.Prompt()
	if b.Outcome().Finished || p.Simultaneous || len(p.Waiting) != 1 {
		return -1, false, false
	}
	answer = p.DecisionKind() == engine.DecisionAnswer
	if b.mode == "badawait" {
		answer = true
	}
	return p.Waiting[0].Seat, answer, true
}

// AwaitedSeats implements engine.SeatsAwaiter from the prompt and
// outcome (check fast_paths). Mode "badseats" leaves out the last seat
// awaited.
func (b *brokenGame) AwaitedSeats() (seats uint64, ok bool) {
	p := b.Prompt()
	if b.Outcome().Finished || !p.Simultaneous {
		return 0, false
	}
	for i, w := range p.Waiting {
		if b.mode != "badseats" || i < len(p.Waiting)-1 {
			seats |= 1 << uint(w.Seat)
		}
	}
	return seats, true
}

// quietly is Apply's last step for a quiet game.
func (b *brokenGame) quietly(evs []engine.Event) []engine.Event {
	if !b.quiet {
		return evs
	}
	if b.mode == "quietmoves" {
		b.moves++
	}
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		e.Text, e.Redacted = "", ""
		out[i] = e
	}
	return out
}

// Renew implements engine.Renewer (check renew): honest, the wrapper
// starts again around a new game. Mode "stalerenew" keeps its move
// counter, which its snapshots show.
func (b *brokenGame) Renew(setup engine.Setup) error {
	g, err := testgame.Definition{}.New(setup)
	if err != nil {
		return err
	}
	moves := b.moves
	*b = brokenGame{Game: g, mode: b.mode}
	if b.mode == "stalerenew" {
		b.moves = moves
	}
	return nil
}
