package billionaire

import "slices"

// The bot's judgement of work (issue 27): an item is worth taking when
// the company can finish it, with the work it already has, before the
// round limit; an unfinished item costs its cancellation fee at the end
// (R003-19). The old rule compared one Lab's capacity with each item alone
// and declined nearly everything in short games, where a Lab bought in
// round 1 then stood idle.

// workRate is the expected useful man-days one Do Work of the Lab at loc
// adds to item it, in hundredths: its capacity, doubled on the customer's
// continent, two thirds of it for high risk (the die: 0, ½, ½, 1, 1, 1),
// less half an overhead (a container is often moved onto the Lab), on the
// rounds its continent is not blocked by the event card.
func workRate(loc Location, it Item) int64 {
	r := loc.Capacity * 100
	if loc.Continent == it.Customer {
		r *= 2
	}
	if it.HighRisk {
		r = r * 2 / 3
	}
	r -= loc.Overhead * 50
	return max(r, 0) * (NumEvents - blockers(loc.Continent)) / NumEvents
}

// meanRate is the mean workRate of the seat's Labs for it (0 without
// Labs): its items share the Labs, so not every one gets the best Lab.
func meanRate(me *PlayerView, it Item) int64 {
	if len(me.Labs) == 0 {
		return 0
	}
	var sum int64
	for _, l := range me.Labs {
		sum += workRate(location(l.Loc), it)
	}
	return sum / int64(len(me.Labs))
}

// labWorksLeft is how many Do Work actions the seat's Labs can still make
// before the game ends: one a round each from the next round on, and one
// this round for a Lab that may still work (bought before this round, not
// used, its zone still to come).
func labWorksLeft(v *View, me *PlayerView) int64 {
	var n int64
	for _, l := range me.Labs {
		n += int64(max(v.MaxRounds-v.Round, 0))
		if l.Bought < v.Round && !slices.Contains(me.Used, l.Loc) &&
			(v.Phase == PhaseSelect || locOf(l.Loc).Zone >= v.Zone) {
			n++
		}
	}
	return n
}

// worksNeeded is how many Do Work actions, in hundredths, the seat needs
// for the man-days still open on item it (rings done already).
func worksNeeded(me *PlayerView, it Item, rings int64) int64 {
	r := meanRate(me, it)
	if r <= 0 {
		return 1 << 40
	}
	return max(it.Duration-rings, 0) * 100 * 100 / r
}

// backlog is the Do Work actions, in hundredths, that the items already on
// the seat's containers and in its queue need.
func backlog(me *PlayerView) int64 {
	var n int64
	for _, c := range me.Containers {
		if c.Item != nil {
			n += worksNeeded(me, *c.Item, c.Rings)
		}
	}
	for _, it := range me.Queue {
		n += worksNeeded(me, it, 0)
	}
	return n
}

// finishMargin: the bot plans to use this share (in percent) of its Labs'
// work left, keeping the rest for bad dice and blocked continents; less of
// it for a large item, which pays nothing until its last man-day and makes
// the company live on its capital meanwhile.
func finishMargin(it Item) int64 {
	if it.Stack == Large {
		return largeMargin
	}
	return 85
}

var largeMargin int64 = 85

// canFinish reports whether the seat can finish it, after the work it has,
// before the game ends: all its items together within its Labs' work
// left, and this one within the rounds left (an item is worked at most
// once in each zone a round, A003-08).
func canFinish(v *View, me *PlayerView, it Item) bool {
	need := worksNeeded(me, it, 0)
	if backlog(me)+need > labWorksLeft(v, me)*finishMargin(it) {
		return false
	}
	if it.Stack == Large && len(me.Labs) > 0 {
		// It pays nothing until it is done: the company must pay its
		// upkeep from its capital until its work is through.
		rounds := (backlog(me) + need + int64(len(me.Labs))*100 - 1) / (int64(len(me.Labs)) * 100)
		if me.Capital+income(me) < me.Upkeep*rounds {
			return false
		}
	}
	zones := map[int]bool{}
	for _, l := range me.Labs {
		zones[locOf(l.Loc).Zone] = true
	}
	return need <= int64(max(v.MaxRounds-v.Round, 0)+1)*int64(len(zones))*finishMargin(it)
}

// shortest is the shortest low-risk item of a stack with its customer on
// no continent of the bot's Labs: the least work a draw from it can bring.
func shortest(stack int) Item {
	it := Item{Stack: stack, Duration: 15, Customer: -1}
	if stack == Large {
		it.Duration = 65
	}
	return it
}
