package billionaire

import (
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
		mask := 0
		for i := range s.Players {
			if s.awaited(i) {
				mask |= 1 << i
			}
		}
		return engine.Prompt{Phase: PhaseSelect, Simultaneous: true, Decision: engine.DecisionSelection, Waiting: selectWaits(mask)}
	case PhaseUpkeep:
		if s.Debtor >= 0 {
			return engine.Prompt{Phase: PhaseUpkeep, Waiting: []engine.Wait{{Seat: s.Debtor, Default: g.defaultForcedSell(s.Debtor)}}}
		}
	case PhaseZone:
		if c := s.current(); c >= 0 {
			return engine.Prompt{Phase: PhaseZone, Waiting: waitOn(&zoneWaits, c, EndZone{})}
		}
	case PhaseDecide:
		if c := s.current(); c >= 0 {
			return engine.Prompt{Phase: PhaseDecide, Waiting: waitOn(&decideWaits, c, Decline{})}
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
		if best.Lab < 0 || locOf(l.Loc).Cost < locOf(best.Lab).Cost {
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
					out = append(out, forcedBox(l.Loc, c))
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
		// A card the seat does not hold refuses every candidate that
		// plays it (verdict's card check): those are not tried.
		if p.Hand[CardAcquire] > 0 {
			for loc := 0; loc < NumLocations; loc++ {
				if g.allowed(seat, AcquireLab{Loc: loc}) {
					out = append(out, AcquireLab{Loc: loc})
				}
			}
		}
		if p.Hand[CardSell] > 0 {
			for _, l := range p.Labs {
				for c := range p.Containers {
					if g.allowed(seat, SellLab{Lab: l.Loc, Container: c}) {
						out = append(out, sellBox(l.Loc, c))
					}
				}
			}
		}
		if p.Hand[CardSelect] > 0 {
			for a := 0; a < 2; a++ {
				for b := 0; b < 2; b++ {
					if g.allowed(seat, SelectWork{First: a, Second: b}) {
						out = append(out, selectBox(a, b))
					}
				}
			}
		}
		k := 0
		g.workCandidates(seat, func(dw DoWork) bool {
			out = append(out, g.boxWork(seat, k, dw))
			k++
			return true
		})
		if p.Hand[CardStop] > 0 {
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
// the order of the rules' enumeration. The actions are boxed once for all
// games (boxedChoices) and never written: the selection lists up to a
// hundred of them for every seat every round.
func (g *Game) choices(limit int) []engine.Action {
	if limit < 0 || limit >= len(boxedChoices) {
		return chooseAll(limit)
	}
	return boxedChoices[limit]
}

// boxedChoices are the selections by card limit, boxed once when the
// program starts (they were boxed once per game: a tenth of what a
// bot-only sim allocated).
var boxedChoices = func() (out [2 + MaxLabs][]engine.Action) {
	for limit := range out {
		out[limit] = chooseAll(limit)
	}
	return out
}()

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

// workLabs writes the locations of seat's Labs that can work now, sorted,
// into labs and returns how many; none without a Do Work card.
func (g *Game) workLabs(seat int, labs *[MaxLabs]int) int {
	p := &g.s.Players[seat]
	if p.Hand[CardWork] == 0 {
		return 0
	}
	n := 0
	for _, l := range p.Labs {
		if n < MaxLabs && g.labCanWork(seat, l, false) == nil {
			labs[n] = l.Loc
			n++
		}
	}
	slices.Sort(labs[:n])
	return n
}

// workSet is the subset mask of labs written into buf, or nil when it needs
// more Do Work cards than the seat holds (cards).
func workSet(labs []int, mask, cards int, buf *[MaxLabs]int) []int {
	set := buf[:0]
	for k, loc := range labs {
		if mask&(1<<k) != 0 {
			set = append(set, loc)
		}
	}
	if len(set) > cards {
		return nil
	}
	return set
}

// workCandidates calls keep for every allowed Do Work candidate of seat in
// the order of the rules (G003-08: every container with an item, every
// non-empty subset of the Labs that can work, every largest host), with Labs in a buffer that the next candidate
// overwrites (keep clones what it keeps), until keep returns false. No
// candidate is boxed or allocated to be refused.
//
// The candidates are made to pass workVerdict, which is not asked again
// for each (it was a tenth of a bot-only game): the Labs are the seat's
// own that can work (workLabs), sorted, at most one per Do Work card
// (workSet), the host among the largest; what is left is the seat's turn
// in a zone and the container, asked once per container.
// TestWorkCandidatesAreWhatVerdictAllows holds them to workVerdict.
func (g *Game) workCandidates(seat int, keep func(DoWork) bool) {
	var labs [MaxLabs]int
	n := g.workLabs(seat, &labs)
	s := g.s
	if n == 0 || s.Phase != PhaseZone || !s.awaited(seat) {
		return
	}
	buf := &g.workBuf // keep may keep the candidate: a local buffer would be allocated
	p := &s.Players[seat]
	for c, ct := range p.Containers {
		if ct.Item < 0 || ct.Worked&(1<<s.Zone) != 0 {
			continue
		}
		for mask := 1; mask < 1<<n; mask++ {
			set := workSet(labs[:n], mask, p.Hand[CardWork], buf)
			for _, h := range set {
				if isLargest(set, h) && !keep(DoWork{Container: c, Labs: set, Host: h}) {
					return
				}
			}
		}
	}
}

// largest returns the Labs of set with the greatest capacity.
func largest(set []int) []int {
	var best int64
	var out []int
	for _, loc := range set {
		switch c := locOf(loc).Capacity; {
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
		c := locOf(loc).Capacity
		best = max(best, c)
		in = in || loc == host
	}
	return in && locOf(host).Capacity == best
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
