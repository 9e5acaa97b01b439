package billionaire

import (
	"fmt"
	"slices"
)

// Why a held card cannot be played: the screen shows it next to the card
// and the log says it when a seat is passed, so that nobody is left
// guessing why a key is missing (issue 24).

// SizeName is a Lab type ("S", "M", "L") in words: "small", "medium",
// "large".
func SizeName(t string) string {
	switch t {
	case "S":
		return "small"
	case "M":
		return "medium"
	case "L":
		return "large"
	}
	return t
}

// Plural is "1 Lab", "2 Labs": n and the word, with an s unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// CardBlocked says why the viewer of v cannot play a card of type c in
// its visit to the active zone now, or "" when it can (or when it is not
// its visit: then nothing is played anyway). v must be the viewer's own
// view: it reads the viewer's Labs, containers and capital.
func CardBlocked(v View, c int) string {
	if v.Phase != PhaseZone || v.Viewer < 0 || v.Viewer >= len(v.Players) || v.Current != v.Viewer {
		return ""
	}
	me := &v.Players[v.Viewer]
	zone := ZoneName(v.Zone)
	var here []Lab // the viewer's Labs in the active zone
	for _, l := range me.Labs {
		if l.Loc >= 0 && l.Loc < len(v.Locations) && v.Locations[l.Loc].Zone == v.Zone {
			here = append(here, l)
		}
	}
	switch c {
	case CardAcquire:
		if len(me.Labs) >= MaxLabs {
			return fmt.Sprintf("you have %d Labs, the most a company may have", MaxLabs)
		}
		cheapest := int64(-1)
		for _, l := range v.Locations {
			if l.Zone == v.Zone && l.Owner < 0 && (cheapest < 0 || l.Cost < cheapest) {
				cheapest = l.Cost
			}
		}
		switch {
		case cheapest < 0:
			return "every location of the " + zone + " zone has a Lab"
		case cheapest > me.Capital:
			return fmt.Sprintf("the cheapest free location here costs %s; you have %s", money(cheapest), money(me.Capital))
		}
	case CardSell:
		if len(here) == 0 {
			return "you have no Lab in the " + zone + " zone"
		}
		for _, l := range here {
			if !slices.Contains(me.Used, l.Loc) {
				return ""
			}
		}
		return "your Labs here worked this round and cannot be sold now"
	case CardSelect:
		if len(me.Queue) >= QueueSize {
			return fmt.Sprintf("your Work Queue is full (%d items)", QueueSize)
		}
		if v.Stacks[Small]+v.Discards[Small]+v.Stacks[Large]+v.Discards[Large] < 2 {
			return "the stacks have fewer than two Work Items left"
		}
	case CardWork:
		return workBlocked(v, me, here)
	case CardStop:
		var fees []int64
		for _, it := range me.Queue {
			fees = append(fees, it.Fee)
		}
		for _, ct := range me.Containers {
			if ct.Item != nil {
				fees = append(fees, ct.Item.Fee)
			}
		}
		if len(fees) == 0 {
			return "you have no Work Item to stop"
		}
		if slices.Min(fees) > me.Capital {
			return fmt.Sprintf("the lowest cancellation fee is %s; you have %s", money(slices.Min(fees)), money(me.Capital))
		}
	}
	return ""
}

// workBlocked is CardBlocked for Do Work: no Lab here that may work
// (R003-08, R003-14, R003-03 step 3), or no item that may be worked here
// (A003-08).
func workBlocked(v View, me *PlayerView, here []Lab) string {
	zone := ZoneName(v.Zone)
	if len(here) == 0 {
		return "you have no Lab in the " + zone + " zone"
	}
	why := ""
	working := 0
	for _, l := range here {
		loc := v.Locations[l.Loc]
		switch {
		case l.Bought >= v.Round:
			why = loc.Name + " was bought this round: it works from the next round"
		case slices.Contains(me.Used, l.Loc):
			why = loc.Name + " has worked this round already"
		case loc.Continent == v.Blocked:
			why = fmt.Sprintf("no work can be done in %s this round (%s)", ContinentName(loc.Continent), v.Event)
		default:
			working++
		}
	}
	if working == 0 {
		return why
	}
	items, fresh := 0, 0
	for _, ct := range me.Containers {
		if ct.Item != nil {
			items++
			if ct.Worked&(1<<v.Zone) == 0 {
				fresh++
			}
		}
	}
	switch {
	case items == 0:
		return "none of your Work Containers holds a Work Item"
	case fresh == 0:
		return "your Work Items have been worked in this zone this round already"
	}
	return ""
}
