package billionaire

import (
	"fmt"

	bill "boardroom/engine/billionaire"
)

// Why a card cannot be played: on the visit, next to each held card with
// no legal action (and as the answer to its key); in the secret choice,
// next to each card that could not be played this round as things stand.

// cardKeys are the keys that plays a card type in the visit.
var cardKeys = [5]string{bill.CardAcquire: "a", bill.CardSell: "s", bill.CardSelect: "w", bill.CardWork: "d", bill.CardStop: "x"}

// blocked says why the viewer cannot play its held card of type t in its
// visit now, or "".
func (r *Renderer) blocked(t int) string {
	me := r.me()
	if me == nil || me.Hand == nil || me.Hand[t] == 0 {
		return ""
	}
	return bill.CardBlocked(*r.v, t)
}

// blockedLines list the viewer's held cards it cannot play in its visit,
// each with the reason, wrapped to w.
func (r *Renderer) blockedLines(w int) []string {
	me := r.me()
	if me == nil || me.Hand == nil || r.v.Phase != bill.PhaseZone || r.v.Current != r.gs.Seat {
		return nil
	}
	var out []string
	for t, n := range *me.Hand {
		if why := r.blocked(t); n > 0 && why != "" {
			out = append(out, fmt.Sprintf("%d %s cannot be played: %s.", n, bill.CardName(t), why))
		}
	}
	return wrap(out, w)
}

// cardNote warns, in the secret choice, that a card could not be played
// this round as the viewer's company stands, or is "".
func (r *Renderer) cardNote(t int) string {
	me := r.me()
	if me == nil {
		return ""
	}
	items := len(me.Queue)
	for _, c := range me.Containers {
		if c.Item != nil {
			items++
		}
	}
	switch t {
	case bill.CardAcquire:
		if len(me.Labs) >= bill.MaxLabs {
			return fmt.Sprintf("%d Labs: the most", bill.MaxLabs)
		}
		cheapest := int64(-1)
		for _, l := range r.v.Locations {
			if l.Owner < 0 && (cheapest < 0 || l.Cost < cheapest) {
				cheapest = l.Cost
			}
		}
		if cheapest < 0 || cheapest > me.Capital {
			return "no free Lab you can pay"
		}
	case bill.CardSell:
		if len(me.Labs) == 0 {
			return "no Lab to sell"
		}
	case bill.CardSelect:
		if len(me.Queue) >= bill.QueueSize {
			return "your Work Queue is full"
		}
	case bill.CardWork:
		if len(me.Labs) == 0 {
			return "no Lab to work in"
		}
		if items == 0 {
			return "no Work Item yet"
		}
	case bill.CardStop:
		if items == 0 {
			return "no Work Item to stop"
		}
	}
	return ""
}
