package allinthegame

import (
	"slices"

	"boardroom/engine"
)

// What makes the bots play with purpose (issue 27): they weigh the
// deadline penalties they would pay on the board as it would stand after
// an action, so that leaving a late project, joining one and completing
// one are all judged on the same scale, and a move and its reverse cannot
// both look good; and they remember their own moves of the round, so that
// a consultant never goes back this round to a project it left this round,
// and a Train or Recruit never takes back the colour it returned.

// fineAt is the penalty a project on deadline field m charges an absent
// player in this round's rewards (R002-25).
func fineAt(m int) float64 {
	switch {
	case m >= MaxMarker:
		return PenaltyRed
	case m == MaxMarker-1:
		return PenaltyOrange
	}
	return 0
}

// lateWeight is what the bot counts against being liable for project p's
// penalty: this round's fine and half of the next round's (the marker
// moves one field right, and the bot may still join or complete it then);
// in the game's last round only this round's.
func lateWeight(v *View, p *ProjectView) float64 {
	if !v.Deadlines || p.Empty || p.Kind == KindInnovation || p.Marker == 0 {
		return 0
	}
	w := fineAt(p.Marker)
	if !v.LastRound && v.EventsLeft > 0 {
		w += fineAt(min(p.Marker+1, MaxMarker)) / 2
	}
	return w
}

// liable reports whether the viewer would pay p's penalty with its
// consultant at desk add placed (-1: none) and the one at desk remove
// taken away (-1: none): when it has no consultant there, or when every
// player still in has one there and the viewer's is the leftmost (R002-25,
// A002-11).
func liable(v *View, p *ProjectView, add, remove int) bool {
	me := v.Viewer
	var seats [4]bool // a table's seats: no allocation per candidate the bot weighs
	var present []bool
	if len(v.Players) <= len(seats) {
		present = seats[:len(v.Players)]
	} else {
		present = make([]bool, len(v.Players))
	}
	leftmost := -1
	for d, x := range p.Desks {
		owner := x.Owner
		switch d {
		case add:
			owner = me
		case remove:
			owner = -1
		}
		if owner < 0 {
			continue
		}
		if owner < len(present) {
			present[owner] = true
		}
		if leftmost < 0 {
			leftmost = owner
		}
	}
	if !present[me] {
		return true
	}
	for q, pl := range v.Players {
		if !pl.Resigned && !present[q] {
			return false
		}
	}
	return leftmost == me
}

// owes is the late weight of p if the viewer would be liable for it after
// the change (add, remove), else 0.
func owes(v *View, p *ProjectView, add, remove int) float64 {
	w := lateWeight(v, p)
	if w == 0 || !liable(v, p, add, remove) {
		return 0
	}
	return w
}

// completes reports whether a consultant (isPrincipal) at desk d of p
// completes it (R002-15).
func completes(p *ProjectView, d int, isPrincipal bool) bool {
	return isPrincipal && p.Kind != KindInnovation && d == len(p.Desks)-1
}

// penaltyGain is what placing the viewer's consultant at desk d of p (and,
// for a move, taking it from desk fd of project from; from < 0 for an
// Assign) saves in penalties. A completed project charges nobody again.
func penaltyGain(v *View, to, d int, isPrincipal bool, from, fd int) float64 {
	p := &v.Projects[to]
	gain := owes(v, p, -1, -1)
	if !completes(p, d, isPrincipal) {
		gain -= owes(v, p, d, -1)
	}
	if from >= 0 {
		q := &v.Projects[from]
		gain += owes(v, q, -1, -1) - owes(v, q, -1, fd)
	}
	return gain
}

// penaltyGain is penaltyGain with the projects' penalties as they stand
// from the work turn's memo (workMemo).
func (b *Bot) penaltyGain(v *View, to, d int, isPrincipal bool, from, fd int) float64 {
	n := len(b.memo.owes) / owesPer
	if !b.memo.on || to < 0 || to >= n || from >= n || d < 0 || d >= maxDesks || from >= 0 && (fd < 0 || fd >= maxDesks) {
		return penaltyGain(v, to, d, isPrincipal, from, fd)
	}
	p := &v.Projects[to]
	gain := b.owesNow(v, to, -1, -1)
	if !completes(p, d, isPrincipal) {
		gain -= b.owesNow(v, to, d, -1)
	}
	if from >= 0 {
		gain += b.owesNow(v, from, -1, -1) - b.owesNow(v, from, -1, fd)
	}
	return gain
}

// owesPer is the memo's room per project: the penalty as it stands, with
// the viewer's consultant added at each desk, and with one taken from it.
const owesPer = 1 + 2*maxDesks

// owesNow is owes(v, project i, add, remove) from the work turn's memo
// (at most one of add and remove is a desk, below maxDesks).
func (b *Bot) owesNow(v *View, i, add, remove int) float64 {
	m := &b.memo
	k := i * owesPer
	switch {
	case add >= 0:
		k += 1 + add
	case remove >= 0:
		k += 1 + maxDesks + remove
	}
	if !m.owesOK[k] {
		m.owes[k], m.owesOK[k] = owes(v, &v.Projects[i], add, remove), true
	}
	return m.owes[k]
}

// memory is what the bot did this round.
type memory struct {
	round int
	// moved are the desks its moved consultants went to and the projects
	// they left this round: they do not go back there this round.
	moved []placed
	// returned is the colour a Train (a Senior) or a Recruit (a
	// Principal) gave back, until the pick that follows; -1 none.
	returned int
}

type placed struct {
	id   string   // the project card the consultant is on
	desk int      // and its desk
	left []string // the project cards it left this round
}

// recall forgets what belongs to an earlier round.
func (m *memory) recall(v *View) {
	if m.round != v.Round {
		*m = memory{round: v.Round, returned: -1}
	}
}

// remember notes the action the bot takes now.
func (m *memory) remember(v *View, a engine.Action) {
	m.recall(v)
	switch a := a.(type) {
	case Move:
		if a.Project < 0 || a.Project >= len(v.Projects) || a.FromProject < 0 || a.FromProject >= len(v.Projects) {
			return
		}
		from := v.Projects[a.FromProject].ID
		left := []string{from}
		for k, x := range m.moved {
			if x.id == from && x.desk == a.FromDesk { // moved on again: it left both
				left = append(slices.Clone(x.left), from)
				m.moved = append(m.moved[:k], m.moved[k+1:]...)
				break
			}
		}
		m.moved = append(m.moved, placed{id: v.Projects[a.Project].ID, desk: a.Desk, left: left})
	case Train:
		m.returned = -1
		if !a.Principal {
			m.returned = a.Colour
		}
	case Recruit:
		m.returned = -1
		if a.Principal {
			m.returned = a.Colour
		}
	case TakeSenior, TakePrincipal:
		m.returned = -1
	}
}

// undoes reports whether a would undo what the bot did this round: move a
// consultant back to a project it left this round, or take back the colour
// it just returned; or undo itself (promote a Principal).
func (m *memory) undoes(v *View, a engine.Action) bool {
	m.recall(v)
	switch a := a.(type) {
	case Move:
		if a.FromProject < 0 || a.FromProject >= len(v.Projects) {
			return false
		}
		if a.Project < 0 || a.Project >= len(v.Projects) {
			return false
		}
		for _, x := range m.moved {
			if x.id == v.Projects[a.FromProject].ID && x.desk == a.FromDesk && slices.Contains(x.left, v.Projects[a.Project].ID) {
				return true
			}
		}
	case Promote: // a Principal promoted is the same Principal, dollars lighter
		return a.Principal
	case TakeSenior:
		return a.Colour == m.returned
	case TakePrincipal:
		return a.Colour == m.returned
	}
	return false
}
