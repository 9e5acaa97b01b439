package billionaire

import (
	"errors"
	"slices"

	"boardroom/engine"
)

func illegal(format string, args ...any) error {
	return engine.Errf(engine.CodeIllegal, format, args...)
}

// current is the seat whose visit it is (zone and decide phases), or -1.
func (s *state) current() int {
	if (s.Phase == PhaseZone || s.Phase == PhaseDecide) && s.Turn < len(s.Order) {
		return s.Order[s.Turn]
	}
	return -1
}

// inGame reports whether seat is still in a game that goes on.
func (s *state) inGame(seat int) bool {
	return s.Phase != PhaseOver && seat >= 0 && seat < len(s.Players) && !s.Players[seat].Out
}

// awaited reports whether the game waits on seat now.
func (s *state) awaited(seat int) bool {
	if seat < 0 || seat >= len(s.Players) || s.Players[seat].Out {
		return false
	}
	switch s.Phase {
	case PhaseUpkeep:
		return s.Debtor == seat
	case PhaseSelect:
		return !s.Players[seat].Chosen
	case PhaseZone, PhaseDecide:
		return s.current() == seat
	}
	return false
}

// Prompt implements engine.Game. Defaults (C-7): upkeep sells the cheapest
// Lab and loses the least-progress container (A003-13); the selection
// chooses no cards (4.d); a zone visit ends; a drawn item is declined.
func (g *Game) Prompt() engine.Prompt {
	s := g.s
	switch s.Phase {
	case PhaseSelect:
		p := engine.Prompt{Phase: PhaseSelect, Simultaneous: true, Decision: engine.DecisionSelection}
		for i := range s.Players {
			if s.awaited(i) {
				p.Waiting = append(p.Waiting, engine.Wait{Seat: i, Default: Choose{}})
			}
		}
		return p
	case PhaseUpkeep:
		if s.Debtor >= 0 {
			return engine.Prompt{Phase: PhaseUpkeep, Waiting: []engine.Wait{{Seat: s.Debtor, Default: g.defaultForcedSell(s.Debtor)}}}
		}
	case PhaseZone:
		if c := s.current(); c >= 0 {
			return engine.Prompt{Phase: PhaseZone, Waiting: []engine.Wait{{Seat: c, Default: EndZone{}}}}
		}
	case PhaseDecide:
		if c := s.current(); c >= 0 {
			return engine.Prompt{Phase: PhaseDecide, Waiting: []engine.Wait{{Seat: c, Default: Decline{}}}}
		}
	}
	return engine.Prompt{Phase: PhaseOver}
}

// defaultForcedSell: the cheapest Lab, and the container with the least
// progress (an empty one first) (A003-13).
func (g *Game) defaultForcedSell(seat int) ForcedSell {
	p := &g.s.Players[seat]
	best := ForcedSell{Lab: -1}
	for _, l := range p.Labs {
		if best.Lab < 0 || location(l.Loc).Cost < location(best.Lab).Cost {
			best.Lab = l.Loc
		}
	}
	for i, c := range p.Containers {
		if progress(c) < progress(p.Containers[best.Container]) {
			best.Container = i
		}
	}
	return best
}

// progress orders containers for A003-13: empty first, then by rings.
func progress(c Container) int64 {
	if c.Item < 0 {
		return -1
	}
	return c.Rings
}

// Legal implements engine.Game: every concrete legal action of seat.
func (g *Game) Legal(seat int) []engine.Action {
	s := g.s
	if !s.awaited(seat) {
		if s.inGame(seat) {
			return []engine.Action{Resign{}} // C-8: resign at any time
		}
		return nil
	}
	// A candidate is boxed a second time only when it is kept: boxing
	// every refused one cost an allocation each.
	var out []engine.Action
	if g.quiet {
		out = g.legalBuf(seat)
	}
	p := &s.Players[seat]
	switch s.Phase {
	case PhaseUpkeep:
		for _, l := range p.Labs {
			for c := range p.Containers {
				if g.allowed(seat, ForcedSell{Lab: l.Loc, Container: c}) {
					out = append(out, ForcedSell{Lab: l.Loc, Container: c})
				}
			}
		}
	case PhaseSelect:
		out = append(out, g.choices(1+len(p.Labs))...)
	case PhaseDecide:
		if g.allowed(seat, Accept{}) {
			out = append(out, Accept{})
		}
		if g.allowed(seat, Decline{}) {
			out = append(out, Decline{})
		}
	case PhaseZone:
		for loc := 0; loc < NumLocations; loc++ {
			if g.allowed(seat, AcquireLab{Loc: loc}) {
				out = append(out, AcquireLab{Loc: loc})
			}
		}
		for _, l := range p.Labs {
			for c := range p.Containers {
				if g.allowed(seat, SellLab{Lab: l.Loc, Container: c}) {
					out = append(out, SellLab{Lab: l.Loc, Container: c})
				}
			}
		}
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				if g.allowed(seat, SelectWork{First: a, Second: b}) {
					out = append(out, SelectWork{First: a, Second: b})
				}
			}
		}
		for _, dw := range g.doWorkOptions(seat) {
			if g.allowed(seat, dw) {
				out = append(out, dw)
			}
		}
		for _, id := range p.Queue {
			if g.allowed(seat, StopWork{Item: id}) {
				out = append(out, StopWork{Item: id})
			}
		}
		for _, c := range p.Containers {
			if c.Item >= 0 && g.allowed(seat, StopWork{Item: c.Item}) {
				out = append(out, StopWork{Item: c.Item})
			}
		}
		if g.allowed(seat, EndZone{}) {
			out = append(out, EndZone{})
		}
	}
	if len(out) == 0 {
		return nil
	}
	out = append(out, Resign{})
	if g.quiet {
		g.legals[seat] = out
	}
	return out
}

// legalBuf is seat's list of legal actions of a quiet game, emptied: the
// list is valid until the next Apply (engine.Quieter).
func (g *Game) legalBuf(seat int) []engine.Action {
	if len(g.legals) != len(g.s.Players) {
		g.legals = make([][]engine.Action, len(g.s.Players))
	}
	return g.legals[seat][:0]
}

// choices lists every selection of at most limit action cards (4.d), in
// the order of the rules' enumeration. The actions are boxed once per game
// and limit: the selection lists up to a hundred of them for every seat
// every round.
func (g *Game) choices(limit int) []engine.Action {
	if limit < 0 || limit >= len(g.choose) {
		return chooseAll(limit)
	}
	if g.choose[limit] == nil {
		g.choose[limit] = chooseAll(limit)
	}
	return g.choose[limit]
}

// chooseAll enumerates the selections of at most limit cards.
func chooseAll(limit int) []engine.Action {
	var out []engine.Action
	var n [numCardTypes]int
	var rec func(t, left int)
	rec = func(t, left int) {
		if t == numCardTypes {
			out = append(out, chooseOf(n))
			return
		}
		for k := 0; k <= min(left, CardCopies(t)); k++ {
			n[t] = k
			rec(t+1, left-k)
		}
		n[t] = 0
	}
	rec(0, limit)
	return out
}

// doWorkOptions lists the Do Work candidates of seat: every container
// with an item with every non-empty subset of the eligible Labs and every
// largest host (G003-08). check filters them.
func (g *Game) doWorkOptions(seat int) []DoWork {
	s := g.s
	p := &s.Players[seat]
	if p.Hand[CardWork] == 0 {
		return nil
	}
	var labs []int
	for _, l := range p.Labs {
		if g.labCanWork(seat, l, false) == nil {
			labs = append(labs, l.Loc)
		}
	}
	slices.Sort(labs)
	var out []DoWork
	for c, ct := range p.Containers {
		if ct.Item < 0 {
			continue
		}
		for mask := 1; mask < 1<<len(labs); mask++ {
			var set []int
			for k, loc := range labs {
				if mask&(1<<k) != 0 {
					set = append(set, loc)
				}
			}
			if len(set) > p.Hand[CardWork] {
				continue
			}
			for _, h := range largest(set) {
				out = append(out, DoWork{Container: c, Labs: set, Host: h})
			}
		}
	}
	return out
}

// largest returns the Labs of set with the greatest capacity.
func largest(set []int) []int {
	var best int64
	var out []int
	for _, loc := range set {
		switch c := location(loc).Capacity; {
		case c > best:
			best, out = c, []int{loc}
		case c == best:
			out = append(out, loc)
		}
	}
	return out
}

// isLargest reports whether host is among largest(set), without the list.
func isLargest(set []int, host int) bool {
	var best int64
	in := false
	for _, loc := range set {
		c := location(loc).Capacity
		best = max(best, c)
		in = in || loc == host
	}
	return in && location(host).Capacity == best
}

func (p *Player) lab(loc int) (Lab, bool) {
	for _, l := range p.Labs {
		if l.Loc == loc {
			return l, true
		}
	}
	return Lab{}, false
}

func (s *state) owner(loc int) int {
	for i := range s.Players {
		if _, ok := s.Players[i].lab(loc); ok {
			return i
		}
	}
	return -1
}

// labCanWork: a Lab may Do Work if it is in the active zone, was bought in
// an earlier round, has not worked this round and is not on the blocked
// continent (R003-08, R003-14, R003-03 step 3).
func (g *Game) labCanWork(seat int, l Lab, say bool) error {
	s := g.s
	loc := location(l.Loc)
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
				return illegal("You may choose at most %d cards this round (1 + your Labs).", 1+len(p.Labs))
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
		loc := location(a.Loc)
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
		case location(l.Loc).Zone != s.Zone:
			return refuse(say, func() error { return illegal("%s is not in the active time zone.", location(l.Loc).Name) })
		case slices.Contains(p.Used, l.Loc):
			return refuse(say, func() error { return illegal("%s worked this round and cannot be sold now.", location(l.Loc).Name) })
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
		if fee := item(a.Item).Fee; p.Capital < fee {
			return refuse(say, func() error { return illegal("The cancellation fee is %s; you have %s.", money(fee), money(p.Capital)) })
		}
		return nil
	case DoWork:
		if err := card(CardWork); err != nil {
			return err
		}
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
	return refuse(say, func() error { return engine.Errf(engine.CodeBadAction, "Unknown action.") })
}

func freeContainer(p *Player) int {
	for i, c := range p.Containers {
		if c.Item < 0 {
			return i
		}
	}
	return -1
}

func containerOf(p *Player, id int) int {
	for i, c := range p.Containers {
		if c.Item == id {
			return i
		}
	}
	return -1
}
