package billionaire

import (
	"errors"
	"slices"

	"boardroom/engine"
)

// check and its quiet form: whether an action of a seat passes the rules
// now, with the sentence of a refusal written only when someone reads it.

// labCanWork: a Lab may Do Work if it is in the active zone, was bought in
// an earlier round, has not worked this round and is not on the blocked
// continent (R003-08, R003-14, R003-03 step 3).
func (g *Game) labCanWork(seat int, l Lab, say bool) error {
	s := g.s
	loc := locOf(l.Loc)
	switch {
	case loc.Zone != s.Zone:
		return refuse(say, func() error { return illegal("%s is not in the active time zone.", loc.Name) })
	case l.Bought >= s.Round:
		return refuse(say, func() error { return illegal("%s was bought this round; it can work from the next round.", loc.Name) })
	case slices.Contains(s.Players[seat].Used, l.Loc):
		return refuse(say, func() error { return illegal("%s has already worked this round.", loc.Name) })
	case loc.Continent == s.Blocked:
		return refuse(say, func() error {
			return illegal("No work can be done in %s this round (event).", ContinentName(loc.Continent))
		})
	}
	return nil
}

// available is how many cards stack st can still give (G003-07).
func (s *state) available(st int) int { return len(s.Stacks[st]) + len(s.Discards[st]) }

// check validates a from seat against the current state without changing it.
func (g *Game) check(seat int, a engine.Action) error { return g.verdict(seat, a, true) }

// allowed reports whether check accepts a, without writing the sentence of
// a refusal: Legal tries dozens of candidates per call and drops the
// refused ones, and writing their sentences took a quarter of a game's time.
func (g *Game) allowed(seat int, a engine.Action) bool { return g.verdict(seat, a, false) == nil }

// errRefused is verdict's refusal when no sentence is wanted.
var errRefused = errors.New("billionaire: refused")

// refuse returns msg's refusal when say is set and errRefused otherwise,
// so that a refusal's sentence is only written for someone who reads it.
func refuse(say bool, msg func() error) error {
	if !say {
		return errRefused
	}
	return msg()
}

// verdict is check; with say unset a refusal is errRefused.
func (g *Game) verdict(seat int, a engine.Action, say bool) error {
	s := g.s
	if s.Phase == PhaseOver {
		return refuse(say, func() error { return engine.Errf(engine.CodeGameOver, "The game is over.") })
	}
	if _, ok := a.(Resign); ok && s.inGame(seat) {
		return nil // C-8: at any time
	}
	if !s.awaited(seat) {
		return refuse(say, func() error { return engine.Errf(engine.CodeNotYourTurn, "It is not your turn.") })
	}
	p := &s.Players[seat]
	phaseIs := func(ph string) error {
		if s.Phase != ph {
			return refuse(say, func() error { return engine.Errf(engine.CodeNotYourTurn, "That is not possible now.") })
		}
		return nil
	}
	card := func(c int) error {
		if err := phaseIs(PhaseZone); err != nil {
			return err
		}
		if p.Hand[c] == 0 {
			return refuse(say, func() error { return illegal("You have no %s card left this round.", CardName(c)) })
		}
		return nil
	}
	switch a := a.(type) {
	case Resign:
		return nil
	case Choose:
		if err := phaseIs(PhaseSelect); err != nil {
			return err
		}
		total := 0
		for t, n := range a.Counts() {
			if n < 0 || n > CardCopies(t) {
				return refuse(say, func() error { return illegal("You hold %d %s cards.", CardCopies(t), CardName(t)) })
			}
			total += n
		}
		if total > 1+len(p.Labs) {
			return refuse(say, func() error {
				return illegal("You may choose at most %s this round (1 + your Labs).", Plural(1+len(p.Labs), "card"))
			})
		}
		return nil
	case ForcedSell:
		if err := phaseIs(PhaseUpkeep); err != nil {
			return err
		}
		if _, ok := p.lab(a.Lab); !ok {
			return refuse(say, func() error { return illegal("You have no Lab there.") })
		}
		if a.Container < 0 || a.Container >= len(p.Containers) {
			return refuse(say, func() error { return illegal("No such Work Container.") })
		}
		return nil
	case Accept:
		if err := phaseIs(PhaseDecide); err != nil {
			return err
		}
		if freeContainer(p) < 0 && len(p.Queue) >= QueueSize {
			return refuse(say, func() error { return illegal("No free Work Container and your Work Queue is full: decline it.") })
		}
		return nil
	case Decline:
		return phaseIs(PhaseDecide)
	case EndZone:
		return phaseIs(PhaseZone)
	case AcquireLab:
		if err := card(CardAcquire); err != nil {
			return err
		}
		loc := locOf(a.Loc)
		switch {
		case loc.Zone < 0:
			return refuse(say, func() error { return illegal("No such location.") })
		case loc.Zone != s.Zone:
			return refuse(say, func() error { return illegal("%s is not in the active time zone.", loc.Name) })
		case s.owner(a.Loc) >= 0:
			return refuse(say, func() error { return illegal("%s already has a Lab.", loc.Name) })
		case len(p.Labs) >= MaxLabs:
			return refuse(say, func() error { return illegal("You have no Lab Indicator left (at most %d Labs).", MaxLabs) })
		case p.Capital < loc.Cost:
			return refuse(say, func() error { return illegal("%s costs %s; you have %s.", loc.Name, money(loc.Cost), money(p.Capital)) })
		}
		return nil
	case SellLab:
		if err := card(CardSell); err != nil {
			return err
		}
		l, ok := p.lab(a.Lab)
		switch {
		case !ok:
			return refuse(say, func() error { return illegal("You have no Lab there.") })
		case locOf(l.Loc).Zone != s.Zone:
			return refuse(say, func() error { return illegal("%s is not in the active time zone.", locOf(l.Loc).Name) })
		case slices.Contains(p.Used, l.Loc):
			return refuse(say, func() error { return illegal("%s worked this round and cannot be sold now.", locOf(l.Loc).Name) })
		case a.Container < 0 || a.Container >= len(p.Containers):
			return refuse(say, func() error { return illegal("No such Work Container.") })
		}
		return nil
	case SelectWork:
		if err := card(CardSelect); err != nil {
			return err
		}
		if len(p.Queue) >= QueueSize {
			return refuse(say, func() error { return illegal("Your Work Queue is full.") })
		}
		if a.First < 0 || a.First > 1 || a.Second < 0 || a.Second > 1 {
			return refuse(say, func() error { return illegal("Choose the small or the large stack.") })
		}
		need := [2]int{}
		need[a.First]++
		need[a.Second]++
		for st := 0; st < 2; st++ {
			if s.available(st) < need[st] {
				return refuse(say, func() error { return illegal("That stack has too few cards left.") })
			}
		}
		return nil
	case StopWork:
		if err := card(CardStop); err != nil {
			return err
		}
		if !slices.Contains(p.Queue, a.Item) && containerOf(p, a.Item) < 0 {
			return refuse(say, func() error { return illegal("That Work Item is not yours.") })
		}
		if fee := itemOf(a.Item).Fee; p.Capital < fee {
			return refuse(say, func() error { return illegal("The cancellation fee is %s; you have %s.", money(fee), money(p.Capital)) })
		}
		return nil
	case DoWork:
		if err := card(CardWork); err != nil {
			return err
		}
		return g.workVerdict(seat, a, say)
	}
	return refuse(say, func() error { return engine.Errf(engine.CodeBadAction, "Unknown action.") })
}

// workVerdict is verdict's rule for a Do Work once the seat may play a Do
// Work card now.
func (g *Game) workVerdict(seat int, a DoWork, say bool) error {
	s := g.s
	p := &s.Players[seat]
	if a.Container < 0 || a.Container >= len(p.Containers) || p.Containers[a.Container].Item < 0 {
		return refuse(say, func() error { return illegal("That Work Container holds no Work Item.") })
	}
	if p.Containers[a.Container].Worked&(1<<s.Zone) != 0 {
		return refuse(say, func() error { return illegal("That Work Item has already been worked in this time zone this round.") })
	}
	if len(a.Labs) == 0 || len(a.Labs) > p.Hand[CardWork] {
		return refuse(say, func() error { return illegal("Play one Do Work card for each Lab.") })
	}
	for k, loc := range a.Labs {
		if k > 0 && loc <= a.Labs[k-1] {
			return refuse(say, func() error { return illegal("List each Lab once, in order.") })
		}
		l, ok := p.lab(loc)
		if !ok {
			return refuse(say, func() error { return illegal("You have no Lab there.") })
		}
		if err := g.labCanWork(seat, l, say); err != nil {
			return err
		}
	}
	if !isLargest(a.Labs, a.Host) {
		return refuse(say, func() error { return illegal("The container goes on the largest of the Labs.") })
	}
	return nil
}
