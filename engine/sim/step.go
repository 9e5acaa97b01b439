package sim

import (
	"fmt"
	"math/bits"
	"sort"

	"boardroom/engine"
)

// driver is a game, its bots and the fast paths each offers.
type driver struct {
	g engine.Game
	// src is g as the bots' LegalSource, converted once: a conversion of
	// g at every step looks the interface's method table up
	src  engine.LegalSource
	peek engine.ViewPeeker // nil: the game lends no views
	// seats is g's AwaitedSeats, nil when it has none
	seats engine.SeatsAwaiter
	bots  []engine.Bot
	lazy  []engine.LazyChooser // per seat, nil: a bot handed the whole list
	// reads is, per seat, whether its lazy bot reads g itself
	// (engine.GameReader): it is handed no view
	reads []bool
	// fast is lazy when the game lends views (peek), else nil: the seats
	// the loop's own step serves (fastOf)
	fast []engine.LazyChooser
}

// fastOf is seat's bot when the loop may ask it without act: the game
// lends views and the bot chooses lazily (nil otherwise, or for a seat
// out of range).
func (d *driver) fastOf(seat int) engine.LazyChooser {
	if uint(seat) < uint(len(d.fast)) {
		return d.fast[seat]
	}
	return nil
}

// view is the view seat's bot is handed: none when it reads the game
// itself (engine.ViewFor), else the game's lent view (engine.PeekView) or
// its View.
func (d *driver) view(seat int) engine.View {
	switch {
	case d.reads[seat]:
		return nil
	case d.peek != nil:
		return d.peek.PeekView(seat)
	}
	return d.g.View(seat)
}

// choose asks seat's bot for its action: engine.ChooseAction with the
// game's lent view (engine.PeekView), the interfaces looked up once.
func (d *driver) choose(seat int) engine.Action {
	v := d.view(seat)
	if lc := d.lazy[seat]; lc != nil {
		return lc.ChooseFrom(v, d.src, seat)
	}
	return d.bots[seat].Choose(v, d.g.Legal(seat))
}

// step asks the bots awaited by p, the game's current prompt, for their
// actions and applies them. In a simultaneous prompt every awaited seat's
// bot is asked in seat order (as long as the game still awaits it).
func step(d *driver, p *engine.Prompt, auditor engine.Auditor, res *GameResult) error {
	if len(p.Waiting) == 0 {
		return fmt.Errorf("%w (phase %q, after %d actions)", ErrStuck, p.Phase, res.Actions)
	}
	if !p.Simultaneous { // the lowest awaited seat acts: one action, no list of seats
		first := p.Waiting[0].Seat
		for _, w := range p.Waiting[1:] {
			first = min(first, w.Seat)
		}
		return act(d, p, auditor, res, first)
	}
	var buf [8]int // the seats on the stack for most games
	seats := buf[:0]
	for _, w := range p.Waiting {
		seats = append(seats, w.Seat)
	}
	sort.Ints(seats)
	for k, seat := range seats {
		if k > 0 && (d.g.Outcome().Finished || !d.g.Prompt().Awaits(seat)) {
			continue
		}
		if err := act(d, p, auditor, res, seat); err != nil {
			return err
		}
	}
	return nil
}

// stepSeats is step for a simultaneous prompt told by the game's
// AwaitedSeats (engine.SeatsAwaiter): bit s of seats is set for each seat
// it waits on, and they are asked in seat order as long as the game still
// awaits them.
func stepSeats(d *driver, seats uint64, auditor engine.Auditor, res *GameResult) error {
	for k, t := 0, seats; t != 0; k, t = k+1, t&(t-1) {
		seat := bits.TrailingZeros64(t)
		if k > 0 && !d.awaits(seat) {
			continue
		}
		if err := act(d, nil, auditor, res, seat); err != nil {
			return err
		}
	}
	return nil
}

// awaits reports whether the game, not over, waits on seat now: from
// AwaitedSeats while the prompt is simultaneous, else from the Outcome
// and the Prompt.
func (d *driver) awaits(seat int) bool {
	if now, ok := d.seats.AwaitedSeats(); ok {
		return now&(1<<uint(seat)) != 0
	}
	return !d.g.Outcome().Finished && d.g.Prompt().Awaits(seat)
}

// act asks seat's bot, awaited by p (nil: the game's Prompt, asked only
// for an error's phase), for its action and applies it.
func act(d *driver, p *engine.Prompt, auditor engine.Auditor, res *GameResult, seat int) error {
	g := d.g
	if seat < 0 || seat >= len(d.bots) {
		return fmt.Errorf("%w: the prompt waits on seat %d", ErrStuck, seat)
	}
	// A bot that can choose from parts of the legal list
	// (engine.LazyChooser) is not handed the whole of it.
	a := d.choose(seat)
	if a == nil {
		return chosenNothing(g, p, seat)
	}
	if auditor != nil {
		auditor.Before(g, seat, a, true)
	}
	if _, err := g.Apply(seat, a); err != nil {
		return refused(g, p, seat, a, err)
	}
	if auditor != nil {
		auditor.After(g, seat, a, true)
	}
	res.Actions++
	return nil
}

// chosenNothing is the error of seat's bot choosing no action (p as for
// act).
func chosenNothing(g engine.Game, p *engine.Prompt, seat int) error {
	return fmt.Errorf("%w: seat %d's bot chose nothing from %d legal actions (phase %q)", ErrBotIllegal, seat, len(g.Legal(seat)), phaseOf(g, p))
}

// refused is the error of g refusing seat's action a with err (p as for
// act).
func refused(g engine.Game, p *engine.Prompt, seat int, a engine.Action, err error) error {
	enc, _ := engine.EncodeAction(a)
	return fmt.Errorf("%w: seat %d chose %s in phase %q: %w", ErrBotIllegal, seat, enc, phaseOf(g, p), err)
}

// phaseOf is p's phase, or g's Prompt's when p is nil (a failed Apply
// leaves the game as it was).
func phaseOf(g engine.Game, p *engine.Prompt) string {
	if p == nil {
		return g.Prompt().Phase
	}
	return p.Phase
}

// fastSteps plays steps as the loop of Worker.play would, as long as the
// game tells the one seat it awaits (engine.SeatAwaiter), the round is at
// most maxRounds (when above 0), the actions are below maxSteps and the
// seat's bot is one the loop serves itself (driver.fastOf: handed the
// game's lent view, or none when it reads the game). The game's invariants
// are not checked between the steps (the caller checks them at the end).
// It returns before the first step of another kind, which play's loop then
// takes. Its loop keeps fewer values live across a step's calls than
// play's: 3% of a Unipoly sim was play's own.
func fastSteps(d *driver, aw engine.SeatAwaiter, auditor engine.Auditor, res *GameResult, turns *engine.TurnCount, maxRounds, maxSteps int) error {
	g := d.g
	for n := res.Actions; n < maxSteps; n++ {
		if maxRounds > 0 && g.Round() > maxRounds {
			return nil
		}
		seat, answer, ok := aw.AwaitedSeat()
		if !ok {
			return nil
		}
		lc := d.fastOf(seat)
		if lc == nil {
			return nil
		}
		turns.SeeOne(seat, answer)
		var v engine.View
		if !d.reads[seat] {
			v = d.peek.PeekView(seat)
		}
		a := lc.ChooseFrom(v, d.src, seat)
		if a == nil {
			return chosenNothing(g, nil, seat)
		}
		if auditor != nil {
			auditor.Before(g, seat, a, true)
		}
		if _, err := g.Apply(seat, a); err != nil {
			return refused(g, nil, seat, a, err)
		}
		if auditor != nil {
			auditor.After(g, seat, a, true)
		}
		res.Actions = n + 1
	}
	return nil
}

// playSteps says whether the loop leaves its steps to a game that plays
// them itself (engine.StepPlayer); the tests turn it off to compare.
var playSteps = true

// playedSteps has sp, d's game, play the steps fastSteps would
// (engine.StepPlayer) with run, and the sealed bids stepSeats would, and
// brings res and turns up to date: the error is the one fastSteps or
// act would have told of the step it stopped on.
func playedSteps(d *driver, sp engine.StepPlayer, run *engine.StepRun, res *GameResult, turns *engine.TurnCount) error {
	run.Actions, run.Turns = res.Actions, *turns
	sp.PlaySteps(run)
	res.Actions, *turns = run.Actions, run.Turns
	if !run.Failed {
		return nil
	}
	run.Failed = false
	if run.Action == nil {
		return chosenNothing(d.g, nil, run.Seat)
	}
	return refused(d.g, nil, run.Seat, run.Action, run.Err)
}
