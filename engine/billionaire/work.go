package billionaire

import (
	"fmt"
	"strings"
)

// labRings is steps 1-3 of R003-14 for one Lab: the capacity, doubled on
// the customer's continent, then the high-risk die (1 -> 0, 2-3 -> half
// rounded up, 4-6 unchanged), then the overhead when the container moved
// to this Lab this round (not below 0). die is ignored for low risk.
func labRings(loc Location, it Item, die int, moved bool) int64 {
	r := loc.Capacity
	if loc.Continent == it.Customer {
		r *= 2
	}
	if it.HighRisk {
		switch {
		case die <= 1:
			r = 0
		case die <= 3:
			r = (r + 1) / 2
		}
	}
	if moved {
		r = max(0, r-loc.Overhead)
	}
	return r
}

// workRings is R003-14 with R003-15 and A003-07: each Lab's rings (step 3
// only for the host, when the container moves onto it), summed; a
// collaboration then subtracts every collaborating Lab's overhead. dice[k]
// is Lab k's die. from is the container's location before the work.
func workRings(labs []int, host, from int, it Item, dice []int) (int64, []int64) {
	per := make([]int64, len(labs))
	return workRingsInto(per, labs, host, from, it, dice), per
}

// workRingsInto is workRings writing each Lab's rings into per (as long as
// labs): a Do Work keeps them on its stack.
func workRingsInto(per []int64, labs []int, host, from int, it Item, dice []int) int64 {
	var total int64
	for k, loc := range labs {
		per[k] = labRings(location(loc), it, dice[k], loc == host && from != host)
		total += per[k]
	}
	if len(labs) > 1 {
		for _, loc := range labs {
			total -= locOf(loc).Overhead
		}
	}
	return max(0, total)
}

// sayWork tells a Do Work: each Lab's rings, the dice of high risk.
func (g *Game) sayWork(ev *events, seat int, a DoWork, it Item, dice []int, per []int64, rings, total int64) {
	var rolls []string
	if it.HighRisk {
		for k, loc := range a.Labs {
			rolls = append(rolls, fmt.Sprintf("%s rolled %d", locOf(loc).Name, dice[k]))
		}
	}
	names := make([]string, len(a.Labs))
	for k, loc := range a.Labs {
		names[k] = fmt.Sprintf("%s (%d)", locOf(loc).Name, per[k])
	}
	extra := ""
	if len(rolls) > 0 {
		extra = " (high risk: " + strings.Join(rolls, ", ") + ")"
	}
	if len(a.Labs) > 1 {
		extra += "; minus every collaborating Lab's overhead"
	}
	ev.sayf("work", func() string {
		return fmt.Sprintf("%s works %s in %s%s: +%s; %d man-days done, %d needed.", seatName(seat), it.Code,
			strings.Join(names, " + "), extra, Plural(int(rings), "man-day"), total, it.Duration)
	})
}

// doWork resolves a Do Work (R003-14..R003-16): dice, rings, completion.
func (g *Game) doWork(ev *events, seat int, a DoWork) {
	s := g.s
	p := &s.Players[seat]
	c := &p.Containers[a.Container]
	it := item(c.Item)
	var diceBuf [MaxLabs]int
	dice := diceBuf[:0]
	for range a.Labs {
		dice = append(dice, 0)
	}
	if p.Used == nil {
		p.Used = g.usedMem(seat)
	}
	for k, loc := range a.Labs {
		g.playCard(seat, CardWork)
		p.Used = append(p.Used, loc)
		if it.HighRisk {
			dice[k] = s.RNG.Die()
		}
	}
	from := c.Loc
	var perBuf [MaxLabs]int64
	per := perBuf[:0]
	if len(a.Labs) > MaxLabs {
		per = make([]int64, 0, len(a.Labs))
	}
	per = per[:len(a.Labs)]
	rings := workRingsInto(per, a.Labs, a.Host, from, it, dice)
	c.Loc = a.Host
	c.Worked |= 1 << s.Zone
	c.Rings += rings
	if ev.quiet {
		ev.say("work", "")
	} else {
		g.sayWork(ev, seat, a, it, dice, per, rings, c.Rings)
	}
	if c.Rings < it.Duration {
		return
	}
	if it.Product {
		p.PPL = append(p.PPL, Payment{Item: it.ID, Left: it.Payments, Payment: it.Revenue / int64(it.Payments)})
		ev.sayf("finished", func() string {
			return fmt.Sprintf("%s finished product %s: it pays %s at the end of this round and of the next %d rounds.",
				seatName(seat), it.Code, money(it.Revenue/int64(it.Payments)), it.Payments-1)
		})
	} else {
		p.Finished = append(p.Finished, it.ID)
		ev.sayf("finished", func() string {
			return fmt.Sprintf("%s finished project %s: it pays %s at the end of this round.", seatName(seat), it.Code, money(it.Revenue))
		})
	}
	*c = Container{Item: -1, Loc: OffMap, Worked: c.Worked}
	g.fillContainers(ev, seat)
}
