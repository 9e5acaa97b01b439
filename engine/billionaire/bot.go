package billionaire

import (
	"slices"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// bot is a beginner-level opponent that reads only its own View and the
// legal actions: it buys the Lab that earns the most (botlabs.go) while it
// can keep four rounds of upkeep, sells its worst Lab for a clearly better
// one once its three Lab Indicators are in use, keeps its containers
// filled with work it can finish before the end (small items while it is
// small, large ones later), works every item in the Lab that adds the most
// rings, and never stops work.
type bot struct {
	seat int
	r    *rng.PCG
	mem  soldMemory
}

// soldMemory is the locations the bot sold this round: it does not buy one
// back in the same round (half its cost would be given away, issue 27).
type soldMemory struct {
	round int
	sold  []int
}

func (m *soldMemory) recall(v *View) {
	if m.round != v.Round {
		m.round, m.sold = v.Round, m.sold[:0]
	}
}

// remember notes the action the bot takes now.
func (m *soldMemory) remember(v *View, a engine.Action) {
	m.recall(v)
	if sl, ok := a.(SellLab); ok {
		m.sold = append(m.sold, sl.Lab)
	}
}

// undoes reports whether a would undo a Lab deal of this round: buy back
// a location sold this round, or sell a Lab bought this round.
func (m *soldMemory) undoes(v *View, a engine.Action) bool {
	m.recall(v)
	switch a := a.(type) {
	case AcquireLab:
		return slices.Contains(m.sold, a.Loc)
	case SellLab:
		if v.Viewer >= 0 && v.Viewer < len(v.Players) {
			for _, l := range v.Players[v.Viewer].Labs {
				if l.Loc == a.Lab && l.Bought >= v.Round {
					return true
				}
			}
		}
	}
	return false
}

func newBot(seat int, seed uint64) *bot { return &bot{seat: seat, r: rng.FromSeed(seed)} }

// Choose implements engine.Bot.
func (b *bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	a := b.decide(view, legal)
	if v := engine.ViewOf[View](view); v != nil && a != nil {
		b.mem.remember(v, a)
	}
	return a
}

// decide is Choose without remembering the choice (the strong bot
// remembers the action it takes in the end).
func (b *bot) decide(view engine.View, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return nil
	}
	p := engine.ViewOf[View](view)
	if p == nil {
		return legal[0]
	}
	v := p
	if v.Viewer < 0 || v.Viewer >= len(v.Players) {
		return legal[0]
	}
	me := &v.Players[v.Viewer]
	switch v.Phase {
	case PhaseSelect:
		return b.choose(v, me, legal)
	case PhaseUpkeep:
		return cheapestSale(legal)
	case PhaseDecide:
		for _, a := range legal {
			if _, ok := a.(Accept); ok && len(v.Drawn) > 0 && wants(v, me, v.Drawn[0]) {
				return a
			}
		}
		return Decline{}
	}
	// Zone visit: upgrade a Lab, work, then grow, then take work, then end.
	if a := sellForUpgrade(v, me, legal); a != nil {
		return a
	}
	var best engine.Action
	var bestScore int64
	for _, a := range legal {
		if dw, ok := a.(DoWork); ok && len(dw.Labs) == 1 {
			if sc := expectedGain(me, dw); sc > bestScore {
				best, bestScore = a, sc
			}
		}
	}
	if best != nil {
		return best
	}
	if a := b.pickLab(v, me, legal); a != nil {
		return a
	}
	// wantStacks reads only the view: asked once, not per candidate.
	var want SelectWork
	asked := false
	for _, a := range legal {
		if sw, ok := a.(SelectWork); ok {
			if !asked {
				want, asked = b.wantStacks(v, me), true
			}
			if sw == want {
				return a
			}
		}
	}
	for _, a := range legal {
		if _, ok := a.(SelectWork); ok {
			return a
		}
	}
	return EndZone{}
}

// choose picks the card selection: Do Work for each item on a container,
// Acquire Lab while growing, Select Work when short of work.
func (b *bot) choose(v *View, me *PlayerView, legal []engine.Action) engine.Action {
	limit := 1 + len(me.Labs)
	var want [numCardTypes]int
	add := func(t, n int) {
		for ; n > 0 && sum(want) < limit && want[t] < CardCopies(t); n-- {
			want[t]++
		}
	}
	items := 0
	for _, c := range me.Containers {
		if c.Item != nil {
			items++
		}
	}
	if sell, _ := upgrade(v, me); sell >= 0 {
		add(CardSell, 1)
		add(CardAcquire, 1)
	}
	add(CardWork, items)
	// A Lab bought now works from the next round: in a long game growth
	// comes first; near the end the Labs it has work the items it selects
	// this round (issue 27: in 5-round games the bots bought Labs and took
	// no work).
	lab := b.wantsLab(v, me)
	growth := lab && (len(me.Labs) == 0 || v.MaxRounds-v.Round >= growthRounds)
	if growth {
		add(CardAcquire, 1)
	}
	if items+len(me.Queue) < len(me.Labs)+2 && v.Round < v.MaxRounds {
		add(CardSelect, 1)
	}
	if !growth {
		add(CardWork, len(me.Labs)-want[CardWork])
	}
	if lab {
		add(CardAcquire, 1)
	}
	add(CardWork, len(me.Labs)-want[CardWork])
	target := chooseOf(want)
	for _, a := range legal {
		if c, ok := a.(Choose); ok && c == target {
			return a
		}
	}
	return Choose{}
}

// growthRounds: with at least this many rounds left, buying a Lab comes
// before the Do Work cards for the items the bot is about to select.
const growthRounds = 4

func sum(n [numCardTypes]int) int {
	t := 0
	for _, x := range n {
		t += x
	}
	return t
}

func hasFree(me *PlayerView) bool {
	for _, c := range me.Containers {
		if c.Item == nil {
			return true
		}
	}
	return false
}

// cheapestSale is the forced sale of the cheapest Lab with the emptiest
// container.
func cheapestSale(legal []engine.Action) engine.Action {
	var best engine.Action
	var bestCost int64
	for _, a := range legal {
		if fs, ok := a.(ForcedSell); ok {
			if c := locOf(fs.Lab).Cost; best == nil || c < bestCost {
				best, bestCost = a, c
			}
		}
	}
	if best == nil {
		return legal[0]
	}
	return best
}

// expectedGain is the expected useful rings of a single-Lab Do Work: the
// rings with the die's average, capped at what the item still needs.
func expectedGain(me *PlayerView, dw DoWork) int64 {
	c := me.Containers[dw.Container]
	if c.Item == nil {
		return 0
	}
	it := *c.Item
	loc := locOf(dw.Host)
	var exp int64
	if it.HighRisk {
		// 6 × expectation over the die: 0, half, half, full ×3.
		for d := 1; d <= 6; d++ {
			exp += labRings(*loc, it, d, c.Loc != dw.Host)
		}
		exp /= 6
	} else {
		exp = labRings(*loc, it, 0, c.Loc != dw.Host)
	}
	return min(exp, it.Duration-c.Rings)
}

// wantStacks: small items while the company is small, then one of each,
// unless the game ends before it could finish the shortest large item.
func (b *bot) wantStacks(v *View, me *PlayerView) SelectWork {
	var capacity int64
	for _, l := range me.Labs {
		capacity += locOf(l.Loc).Capacity
	}
	if capacity >= 20 && canFinish(v, me, shortest(Large)) {
		return SelectWork{First: Large, Second: Small}
	}
	return SelectWork{First: Small, Second: Small}
}

// wants decides whether to accept a drawn item: there must be room, and
// the company must be able to finish it before the end with its Labs and
// the work it has already (botwork.go); high risk waits until there is
// money to spare.
func wants(v *View, me *PlayerView, it Item) bool {
	if !hasFree(me) && len(me.Queue) >= 3 {
		return false
	}
	if len(me.Labs) == 0 || !canFinish(v, me, it) {
		return false
	}
	return !it.HighRisk || me.Capital >= 40
}
