package billionaire

import (
	"slices"

	"boardroom/engine"
)

// The bot's valuation of Labs: a Lab is worth what it earns (issue 15). A
// Lab's expected useful man-days per round are its capacity, doubled for
// the share of the deck whose customer is on its continent, less the
// overhead of moving a container onto it, on the rounds its continent is
// not blocked by the event card; at an average rate per man-day that is
// its income, less its upkeep. Over the rounds left it is worth that
// income times the rounds, less the half of its cost that the end of the
// game does not give back (R003-19).

// customers is how many of the 256 Work Items have their customer on
// continent c (G003-03).
func customers(c int) int64 {
	if c < 0 || c >= numContinents {
		return 0
	}
	return [numContinents]int64{64, 64, 48, 32, 32, 16}[c]
}

// blockers is how many of the 14 event cards block continent c (R003-20).
func blockers(c int) int64 {
	if c < 0 || c >= numContinents {
		return 0
	}
	return [numContinents]int64{1, 1, 2, 3, 3, 4}[c]
}

// botRate is the bot's estimate of what one man-day of work earns, in
// tenths of M€: the deck's rates run from 2.0 to 4.5 M€ (G003-03), high
// risk pays a third of its rings in expectation to the die.
const botRate = 26

// labIncome is a Lab's expected income per round in tenths of M€.
func labIncome(loc Location) int64 {
	days := loc.Capacity*(256+customers(loc.Continent)) - loc.Overhead*256 // man-days × 256
	return days*(NumEvents-blockers(loc.Continent))*botRate/(256*NumEvents) - 10*loc.Upkeep
}

// labValue is what the Lab is worth to its owner bought now, in tenths of
// M€, with rounds left to work in it.
func labValue(loc Location, rounds int) int64 {
	return labIncome(loc)*int64(max(rounds, 0)) - 10*loc.Cost/2
}

// income is the money the seat will surely receive at the end of this
// round: its finished projects and one payment of every product.
func income(me *PlayerView) int64 {
	var sum int64
	for _, it := range me.Finished {
		sum += it.Revenue
	}
	for _, p := range me.PPL {
		sum += p.Payment
	}
	return sum
}

// reserveRounds is how many rounds of upkeep of all its Labs the bot keeps
// after buying one, so that a blocked continent or a bad die does not
// force a sale before the first items pay.
const reserveRounds = 4

// affordable reports whether the bot can buy loc now, having sold the Lab
// at location sold (-1: none) first, and keep its reserve (the income of
// this round counts: it arrives before the next upkeep).
func affordable(me *PlayerView, loc Location, sold int) bool {
	cash, upkeep := me.Capital, me.Upkeep+loc.Upkeep
	if sold >= 0 {
		cash += locOf(sold).Cost / 2
		upkeep -= locOf(sold).Upkeep
	}
	return cash >= loc.Cost && cash+income(me)-loc.Cost >= reserveRounds*upkeep+4
}

// pickLab buys the Lab of the active zone with the highest value that it
// can afford, unless a better one it could afford is free in a zone still
// to come this round and more such Labs are free there than seats ahead of
// it in the turn order still holding cards (who might take them first).
func (b *bot) pickLab(v *View, me *PlayerView, legal []engine.Action) engine.Action {
	left := v.MaxRounds - v.Round
	var later []int64
	for _, l := range v.Locations {
		if l.Owner < 0 && l.Zone > v.Zone && affordable(me, l.Location, -1) {
			later = append(later, labValue(l.Location, left))
		}
	}
	slices.Sort(later)
	slices.Reverse(later)
	ahead := 0
	for _, s := range v.Order {
		if s == v.Viewer {
			break
		}
		if v.Players[s].HandCount > 0 {
			ahead++
		}
	}
	wait := int64(0)
	if ahead < len(later) {
		wait = later[ahead]
	}
	type cand struct {
		a   engine.Action
		val int64
	}
	var cands []cand
	var top int64
	for _, a := range legal {
		al, ok := a.(AcquireLab)
		if !ok {
			continue
		}
		if b.mem.undoes(v, a) {
			continue
		}
		loc := location(al.Loc)
		val := labValue(loc, left)
		if !affordable(me, loc, -1) || val <= 0 || val < wait {
			continue
		}
		cands = append(cands, cand{a, val})
		top = max(top, val)
	}
	// Labs within labTolerance of the best are as good as the bot can
	// tell: it picks one of them at random, so that its first Lab does not
	// depend only on its place in the turn order.
	var near []engine.Action
	for _, c := range cands {
		if c.val*labTolerance >= top*(labTolerance-1) {
			near = append(near, c.a)
		}
	}
	if len(near) == 0 {
		return nil
	}
	return near[b.r.IntN(len(near))]
}

// labTolerance: values within 1/labTolerance of the best count as equal.
const labTolerance = 8

// wantsLab reports whether some free Lab is worth buying this round.
func (b *bot) wantsLab(v *View, me *PlayerView) bool {
	if len(me.Labs) >= MaxLabs {
		return false
	}
	for _, l := range v.Locations {
		if l.Owner < 0 && affordable(me, l.Location, -1) && labValue(l.Location, v.MaxRounds-v.Round) > 0 {
			return true
		}
	}
	return false
}

// upgrade finds, for a bot with every Lab Indicator in use, its Lab worth
// least and a free Lab worth clearly more that it could buy after selling
// it, in the same zone or a later one (Sell Lab must come first). It
// returns the location ids, or -1, -1.
func upgrade(v *View, me *PlayerView) (sell, buy int) {
	left := v.MaxRounds - v.Round
	if len(me.Labs) < MaxLabs || left < 4 {
		return -1, -1
	}
	sell = -1
	for _, l := range me.Labs {
		if l.Bought >= v.Round {
			continue // bought this round: selling it now gives half its cost away (issue 27)
		}
		if sell < 0 || labIncome(location(l.Loc)) < labIncome(location(sell)) {
			sell = l.Loc
		}
	}
	if sell < 0 {
		return -1, -1
	}
	old := location(sell)
	buy = -1
	var bestGain int64
	for _, l := range v.Locations {
		if l.Owner >= 0 || l.Zone < old.Zone || (v.Phase == PhaseZone && l.Zone < v.Zone) || !affordable(me, l.Location, sell) {
			continue
		}
		// The new Lab works from the next round; the old one's cost is sunk
		// (half of it comes back now instead of at the end).
		gain := (labIncome(l.Location)-labIncome(old))*int64(left-1) - labIncome(old) - 10*l.Cost/2
		if gain > bestGain {
			buy, bestGain = l.ID, gain
		}
	}
	if buy < 0 || bestGain < upgradeMargin {
		return -1, -1
	}
	return sell, buy
}

// upgradeMargin is the least gain, in tenths of M€, worth the risk of an
// upgrade (another seat may buy the new Lab first).
const upgradeMargin = 300

// sellForUpgrade sells the Lab that upgrade names when it stands in the
// active zone and the bot holds a Sell Lab card, losing an empty Work
// Container if it has one, else the one with the least progress.
func sellForUpgrade(v *View, me *PlayerView, legal []engine.Action) engine.Action {
	if me.Hand == nil || me.Hand[CardSell] == 0 || me.Hand[CardAcquire] == 0 {
		return nil
	}
	sell, _ := upgrade(v, me)
	if sell < 0 {
		return nil
	}
	var best engine.Action
	bestProgress := int64(1 << 40)
	for _, a := range legal {
		sl, ok := a.(SellLab)
		if !ok || sl.Lab != sell {
			continue
		}
		c := me.Containers[sl.Container]
		p := c.Rings
		if c.Item == nil {
			p = -1
		}
		if p < bestProgress {
			best, bestProgress = a, p
		}
	}
	return best
}
