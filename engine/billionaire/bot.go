package billionaire

import (
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
}

func newBot(seat int, seed uint64) *bot { return &bot{seat: seat, r: rng.FromSeed(seed)} }

// Choose implements engine.Bot.
func (b *bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return nil
	}
	p := engine.ViewOf[View](view)
	if p == nil {
		return legal[0]
	}
	v := *p
	if v.Viewer < 0 || v.Viewer >= len(v.Players) {
		return legal[0]
	}
	me := v.Players[v.Viewer]
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
	for _, a := range legal {
		if sw, ok := a.(SelectWork); ok && sw == b.wantStacks(me) {
			return a
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
func (b *bot) choose(v View, me PlayerView, legal []engine.Action) engine.Action {
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
	if b.wantsLab(v, me) {
		add(CardAcquire, 1)
	}
	if items+len(me.Queue) < len(me.Labs)+2 && v.Round < v.MaxRounds-1 {
		add(CardSelect, 1)
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

func sum(n [numCardTypes]int) int {
	t := 0
	for _, x := range n {
		t += x
	}
	return t
}

func hasFree(me PlayerView) bool {
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
			if c := location(fs.Lab).Cost; best == nil || c < bestCost {
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
func expectedGain(me PlayerView, dw DoWork) int64 {
	c := me.Containers[dw.Container]
	if c.Item == nil {
		return 0
	}
	it := *c.Item
	loc := location(dw.Host)
	var exp int64
	if it.HighRisk {
		// 6 × expectation over the die: 0, half, half, full ×3.
		for d := 1; d <= 6; d++ {
			exp += labRings(loc, it, d, c.Loc != dw.Host)
		}
		exp /= 6
	} else {
		exp = labRings(loc, it, 0, c.Loc != dw.Host)
	}
	return min(exp, it.Duration-c.Rings)
}

// wantStacks: small items while the company is small, then one of each.
func (b *bot) wantStacks(me PlayerView) SelectWork {
	var capacity int64
	for _, l := range me.Labs {
		capacity += location(l.Loc).Capacity
	}
	if capacity >= 20 {
		return SelectWork{First: Large, Second: Small}
	}
	return SelectWork{First: Small, Second: Small}
}

// wants decides whether to accept a drawn item: there must be room, and
// the company must be able to finish it before the end with its Labs;
// high risk waits until there is money to spare.
func wants(v View, me PlayerView, it Item) bool {
	if !hasFree(me) && len(me.Queue) >= 3 {
		return false
	}
	var capacity int64
	for _, l := range me.Labs {
		capacity += location(l.Loc).Capacity
	}
	if len(me.Labs) == 0 {
		return false
	}
	// One Lab works an item about once a round; overheads and dice take
	// roughly a third. Items queued ahead wait their turn.
	perItem := capacity / int64(len(me.Labs))
	left := int64(v.MaxRounds - v.Round)
	ahead := int64(1 + len(me.Queue)/len(me.Labs))
	if perItem*2*left/3 < it.Duration*ahead {
		return false
	}
	return !it.HighRisk || me.Capital >= 40
}
