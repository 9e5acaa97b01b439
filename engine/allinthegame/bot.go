package allinthegame

import (
	"boardroom/engine"
	"boardroom/engine/rng"
)

// Bot is the game's beginner-level bot. It reads only its own View and
// legal actions: it completes projects when it can, otherwise places
// consultants where they rank high on a scoring track or keep it out of a
// deadline penalty, completes late projects to end their penalties,
// promotes or recruits a Principal when one would complete a project, and
// passes when nothing is worth its money. It never undoes its own moves of
// the round (bot_purpose.go).
type Bot struct {
	seat int
	r    *rng.PCG
	mem  memory
	memo workMemo // what a work turn's scoring reads again and again
}

// workMemo holds, during one choice of a work action, what depends only on
// the view and not on the candidate: each project's penalty owed as it
// stands and with the viewer's consultant added at or taken from a desk,
// what a trained Senior is worth and would save. The scoring asked
// them anew for every candidate (a Move asks four penalties); the values
// are the same, computed once.
type workMemo struct {
	on              bool
	owes            []float64 // by project and desk (owesNow), once owesOK
	owesOK          []bool
	worth, saves    float64 // seniorWorth, seniorPenaltyGain
	worthOK, saveOK bool
}

// Choose implements engine.Bot.
func (b *Bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	a := b.choose(view, legal)
	if v := engine.ViewOf[View](view); v != nil && a != nil {
		b.mem.remember(v, a)
	}
	return a
}

// choose is Choose without remembering the choice (the strong bot
// remembers the action it takes in the end).
func (b *Bot) choose(view engine.View, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return nil
	}
	p := engine.ViewOf[View](view)
	if p == nil {
		return legal[0]
	}
	v := p
	switch v.Phase {
	case PhaseChooseStart:
		return ChooseStart{Seat: v.Viewer}
	case PhaseTrainPick, PhaseRecruitPick:
		return b.pick(v, legal)
	case PhaseWork:
		need := len(v.Projects) * owesPer
		if cap(b.memo.owes) < need {
			b.memo.owes, b.memo.owesOK = make([]float64, need), make([]bool, need)
		}
		b.memo = workMemo{on: true, owes: b.memo.owes[:need], owesOK: b.memo.owesOK[:need]}
		clear(b.memo.owesOK)
		defer func() { b.memo.on = false }()
		best, bestScore := engine.Action(Pass{}), 0.0
		var placed [NumColours][2]bool // hand cards with a desk now: they earn where they are
		for _, a := range legal {
			if as, ok := a.(Assign); ok && as.Colour >= 0 && as.Colour < NumColours {
				placed[as.Colour][b2i(as.Principal)] = true
			}
		}
		for _, a := range legal {
			if tr, ok := a.(Train); ok && ((tr.Colour >= 0 && tr.Colour < NumColours && placed[tr.Colour][b2i(tr.Principal)]) || b.seniorWorth(v) < float64(v.TrainCost)) {
				continue // never pay more for a Senior than it earns (issue 15)
			}
			if b.mem.undoes(v, a) {
				continue
			}
			sc := b.score(v, a)
			if sc > bestScore {
				best, bestScore = a, sc
			}
		}
		return best
	}
	return legal[0]
}

// rightmost is the index of a project's rightmost consultant, or -1.
func rightmost(p *ProjectView) int {
	r := -1
	for d, x := range p.Desks {
		if x.Owner >= 0 {
			r = d
		}
	}
	return r
}

// completable reports whether the last desk of p is the next one to fill.
func completable(p *ProjectView) bool {
	return p.Kind != KindInnovation && !p.Empty && len(p.Desks) > 0 && rightmost(p) == len(p.Desks)-2
}

func (b *Bot) holds(v *View, colour int, isPrincipal bool) bool {
	for _, h := range v.Hand {
		if h.Colour == colour && h.Principal == isPrincipal && h.Count > 0 {
			return true
		}
	}
	return false
}

// placeValue estimates what a consultant at desk d of p brings.
func (b *Bot) placeValue(v *View, p *ProjectView, d int, isPrincipal bool) float64 {
	if p.Kind == KindInnovation {
		return 1.2
	}
	if d == len(p.Desks)-1 && isPrincipal { // completes: track rank among those present
		k, val := 0, 0.0
		for x := len(p.Desks) - 1; x >= 0; x-- {
			if p.Desks[x].Owner >= 0 || x == d {
				if p.Desks[x].Owner == v.Viewer || x == d {
					if k < len(p.Track) {
						val += float64(p.Track[k])
					}
					if v.Deadlines && p.Marker > 0 && p.Marker <= 2 {
						val += GreenBonus
					}
				}
				k++
			}
		}
		return val + 4
	}
	k := 0
	for x := d + 1; x < len(p.Desks); x++ {
		if p.Desks[x].Owner >= 0 {
			k++
		}
	}
	val := 0.0
	if k < len(p.Track) {
		val = float64(p.Track[k]) / 2
	}
	if isPrincipal && !p.Desks[d].PrincipalOnly {
		val -= 2.5 // a Principal is worth keeping for a last desk
	}
	return val
}

// score rates a work action; Pass is 0.
func (b *Bot) score(v *View, a engine.Action) float64 {
	jitter := float64(b.r.IntN(100)) / 1000
	me := &v.Players[v.Viewer]
	switch a := a.(type) {
	case Assign:
		return b.placeValue(v, &v.Projects[a.Project], a.Desk, a.Principal) +
			b.penaltyGain(v, a.Project, a.Desk, a.Principal, -1, -1) + jitter
	case Move:
		from := &v.Projects[a.FromProject]
		o := from.Desks[a.FromDesk]
		gain := b.placeValue(v, &v.Projects[a.Project], a.Desk, o.Principal) - b.placeValue(v, from, a.FromDesk, o.Principal) +
			b.penaltyGain(v, a.Project, a.Desk, o.Principal, a.FromProject, a.FromDesk)
		return gain - 2 + jitter
	case Promote:
		if a.Principal || b.holds(v, a.Colour, true) || me.Dollars < v.PromoteCost+2 {
			return 0
		}
		best := 0.0
		for pi := range v.Projects {
			p := &v.Projects[pi]
			if completable(p) && p.Desks[len(p.Desks)-1].Colour == a.Colour {
				best = max(best, 3+owes(v, p, -1, -1)/2)
			}
		}
		if best > 0 {
			return best + jitter
		}
	case Recruit:
		if a.Principal || me.Dollars < v.RecruitCost+2 {
			return 0
		}
		best := 0.0
		for pi := range v.Projects {
			p := &v.Projects[pi]
			if completable(p) && !b.holds(v, p.Desks[len(p.Desks)-1].Colour, true) {
				best = max(best, 2+owes(v, p, -1, -1)/2)
			}
		}
		if best > 0 {
			return best + jitter
		}
	case Train:
		if a.Principal || me.Dollars < v.TrainCost+6 {
			return 0
		}
		// A Senior that fits nowhere may become one that fits; more so when
		// it would end a penalty the bot pays (bot_purpose.go).
		return 0.3 + b.seniorPenaltyGain(v)/4 + jitter
	}
	return 0
}

// pick chooses the colour most needed on the table: the last desk of a
// project about to complete for a Principal, the next free desks for a Senior.
func (b *Bot) pick(v *View, legal []engine.Action) engine.Action {
	need := make([]float64, NumColours)
	for pi := range v.Projects {
		p := &v.Projects[pi]
		if p.Empty || p.Kind == KindInnovation {
			continue
		}
		r := rightmost(p)
		if v.Phase == PhaseRecruitPick {
			last := p.Desks[len(p.Desks)-1].Colour
			need[last]++
			if completable(p) {
				need[last] += 10
			}
			continue
		}
		if r+1 < len(p.Desks) && !p.Desks[r+1].PrincipalOnly {
			need[p.Desks[r+1].Colour] += 2 + owes(v, p, -1, -1)/2 // most where it pays a penalty
		}
		for d := 0; d < r; d++ {
			if p.Desks[d].Owner < 0 && !p.Desks[d].PrincipalOnly {
				need[p.Desks[d].Colour]++
			}
		}
	}
	best, bestNeed := legal[0], -1.0
	for _, a := range legal {
		if b.mem.undoes(v, a) {
			continue // not the colour it just gave back
		}
		c := -1
		switch a := a.(type) {
		case TakeSenior:
			c = a.Colour
		case TakePrincipal:
			c = a.Colour
		}
		if c >= 0 && need[c] > bestNeed {
			best, bestNeed = a, need[c]
		}
	}
	return best
}

func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}

// seniorWorth is what the best Senior the bot could take by training
// would earn at a desk open to it now (placeValue): a Train pays its cost
// only for a Senior worth more than that.
func (b *Bot) seniorWorth(v *View) float64 {
	if b.memo.on && b.memo.worthOK {
		return b.memo.worth
	}
	w := b.seniorWorthOf(v)
	if b.memo.on {
		b.memo.worth, b.memo.worthOK = w, true
	}
	return w
}

func (b *Bot) seniorWorthOf(v *View) float64 {
	best := 0.0
	for pi := range v.Projects {
		p := &v.Projects[pi]
		if p.Empty || p.Kind == KindInnovation {
			continue
		}
		r := rightmost(p)
		for d, x := range p.Desks {
			if d > r+1 || d == r || x.Owner >= 0 || x.PrincipalOnly {
				continue
			}
			best = max(best, b.placeValue(v, p, d, false)+b.penaltyGain(v, p.Slot, d, false, -1, -1))
		}
	}
	return best
}

// seniorPenaltyGain is the most a Senior of the right colour would save in
// penalties at a desk open to it now.
func (b *Bot) seniorPenaltyGain(v *View) float64 {
	if b.memo.on && b.memo.saveOK {
		return b.memo.saves
	}
	w := b.seniorPenaltyGainOf(v)
	if b.memo.on {
		b.memo.saves, b.memo.saveOK = w, true
	}
	return w
}

func (b *Bot) seniorPenaltyGainOf(v *View) float64 {
	best := 0.0
	for pi := range v.Projects {
		p := &v.Projects[pi]
		if p.Empty || p.Kind == KindInnovation || lateWeight(v, p) == 0 {
			continue
		}
		r := rightmost(p)
		for d, x := range p.Desks {
			if d > r+1 || d == r || x.Owner >= 0 || x.PrincipalOnly {
				continue
			}
			best = max(best, b.penaltyGain(v, p.Slot, d, false, -1, -1))
		}
	}
	return best
}
