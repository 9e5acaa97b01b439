package billionaire

import (
	"fmt"
	"strings"

	"boardroom/engine"
)

// A seat whose only legal action in its visit is to end it is not waited
// on: its visit ends at once and the log says so (issue 24). Otherwise a
// player holding, say, a Sell Lab card with no Lab in the zone would make
// everyone wait for its turn timer.

// canPlay reports whether seat, on its visit to the active zone, may do
// anything but end the visit (or resign): the zone branch of Legal,
// stopped at the first action that passes.
func (g *Game) canPlay(seat int) bool {
	s := g.s
	p := &s.Players[seat]
	if p.Hand[CardAcquire] > 0 {
		for loc := 0; loc < NumLocations; loc++ {
			if locOf(loc).Zone == s.Zone && g.allowed(seat, AcquireLab{Loc: loc}) {
				return true
			}
		}
	}
	if p.Hand[CardSell] > 0 {
		for _, l := range p.Labs {
			if g.allowed(seat, SellLab{Lab: l.Loc, Container: 0}) {
				return true
			}
		}
	}
	if p.Hand[CardSelect] > 0 {
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				if g.allowed(seat, SelectWork{First: a, Second: b}) {
					return true
				}
			}
		}
	}
	if p.Hand[CardWork] > 0 {
		can := false
		g.workCandidates(seat, func(DoWork) bool { can = true; return false })
		if can {
			return true
		}
	}
	if p.Hand[CardStop] > 0 {
		for _, id := range p.Queue {
			if g.allowed(seat, StopWork{Item: id}) {
				return true
			}
		}
		for _, c := range p.Containers {
			if c.Item >= 0 && g.allowed(seat, StopWork{Item: c.Item}) {
				return true
			}
		}
	}
	return false
}

// passIfStuck ends the visit of the seat whose turn it is when it can do
// nothing but end it, after one of its own actions; then the next visits.
func (g *Game) passIfStuck(ev *events) {
	s := g.s
	c := s.current()
	if s.Phase != PhaseZone || c < 0 || g.canPlay(c) {
		return
	}
	g.sayPass(ev, c)
	s.Turn++
	g.skipIdle(ev)
}

// sayPass tells that seat's visit ends because it cannot play: everyone
// reads how many cards it held, only the seat reads which and why.
func (g *Game) sayPass(ev *events, seat int) {
	s := g.s
	p := &s.Players[seat]
	zone := ZoneName(s.Zone)
	n := handSize(p)
	if n == 0 {
		if ev.quiet {
			ev.say("pass", "")
			return
		}
		ev.sayf("pass", func() string {
			return fmt.Sprintf("%s has played all its cards: its visit to the %s zone ends.", seatName(seat), zone)
		})
		return
	}
	ev.add(engine.Event{Kind: "pass", To: ev.to(seat)}, func() string {
		v := g.View(seat).(View)
		var why []string
		for t, k := range p.Hand {
			if k == 0 {
				continue
			}
			r := CardBlocked(v, t)
			if r == "" {
				r = "cannot be played now"
			}
			why = append(why, CardName(t)+": "+r)
		}
		return fmt.Sprintf("%s can play none of its cards in the %s zone (%s): its visit ends.", seatName(seat), zone,
			strings.Join(why, "; "))
	}, func() string {
		if n == 1 {
			return fmt.Sprintf("%s cannot play its card in the %s zone: its visit ends.", seatName(seat), zone)
		}
		return fmt.Sprintf("%s can play none of its %d cards in the %s zone: its visit ends.", seatName(seat), n, zone)
	})
}
