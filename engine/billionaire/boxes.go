package billionaire

import (
	"slices"

	"boardroom/engine"
)

// An action boxed in an engine.Action cannot be written through the
// interface, so one box can stand for every equal action: Legal hands out
// boxes made once instead of boxing each candidate it keeps (a box was an
// allocation, and a bot-only game's allocations were a quarter of its time
// in the garbage collector). Do Work is the exception: its Labs slice could
// be written, so only a quiet game (whose lists are valid until its next
// Apply) shares its boxes.

// boxedSelects are the four Select Work actions by stacks.
var boxedSelects = func() (out [2][2]engine.Action) {
	for a := range out {
		for b := range out[a] {
			out[a][b] = SelectWork{First: a, Second: b}
		}
	}
	return out
}()

// boxedSells are the Sell Lab actions by location and container.
var boxedSells = func() (out [NumLocations][MaxLabs]engine.Action) {
	for loc := range out {
		for c := range out[loc] {
			out[loc][c] = SellLab{Lab: loc, Container: c}
		}
	}
	return out
}()

// boxedForced are the Forced Sell actions by location and container.
var boxedForced = func() (out [NumLocations][MaxLabs]engine.Action) {
	for loc := range out {
		for c := range out[loc] {
			out[loc][c] = ForcedSell{Lab: loc, Container: c}
		}
	}
	return out
}()

// selectBox is SelectWork{a, b} boxed.
func selectBox(a, b int) engine.Action {
	if a >= 0 && a < 2 && b >= 0 && b < 2 {
		return boxedSelects[a][b]
	}
	return SelectWork{First: a, Second: b}
}

// sellBox is SellLab{loc, c} boxed.
func sellBox(loc, c int) engine.Action {
	if loc >= 0 && loc < NumLocations && c >= 0 && c < MaxLabs {
		return boxedSells[loc][c]
	}
	return SellLab{Lab: loc, Container: c}
}

// forcedBox is ForcedSell{loc, c} boxed.
func forcedBox(loc, c int) engine.Action {
	if loc >= 0 && loc < NumLocations && c >= 0 && c < MaxLabs {
		return boxedForced[loc][c]
	}
	return ForcedSell{Lab: loc, Container: c}
}

// workKey names a Do Work candidate (container, host, the set of Labs as
// a mask of locations) for a quiet game's cache of boxes; ok is false for
// a candidate the key cannot name.
func workKey(dw DoWork) (key uint64, ok bool) {
	if dw.Container < 0 || dw.Container >= 64 || dw.Host < 0 || dw.Host >= NumLocations {
		return 0, false
	}
	var mask uint64
	for _, loc := range dw.Labs {
		if loc < 0 || loc >= NumLocations {
			return 0, false
		}
		mask |= 1 << loc
	}
	// Labs are sorted and distinct (workCandidates), so the mask names them.
	return mask | uint64(dw.Host)<<NumLocations | uint64(dw.Container)<<(NumLocations+8), true
}

// boxWork returns a Do Work candidate of seat's list, boxed. A quiet game
// shares one box per candidate with every quiet game (the same candidate comes
// back visit after visit; a box and its Labs were a fifth of what a
// bot-only sim allocated); an action is never written once boxed. A game
// with sentences boxes every candidate anew.
//
// k is the candidate's place in seat's list: a quiet game first tries the
// box it gave at that place last time (the list changes little from one
// call to the next), then the program's table.
func (g *Game) boxWork(seat, k int, dw DoWork) engine.Action {
	if !g.quiet {
		dw.Labs = slices.Clone(dw.Labs)
		return dw
	}
	if len(g.works) != len(g.s.Players) {
		g.works = make([][]engine.Action, len(g.s.Players))
	}
	last := g.works[seat]
	if k < len(last) {
		if old := last[k].(DoWork); old.Container == dw.Container && old.Host == dw.Host && slices.Equal(old.Labs, dw.Labs) {
			return last[k]
		}
	}
	var a engine.Action
	if key, ok := workKey(dw); ok {
		a = g.box(key, dw)
	} else {
		dw.Labs = slices.Clone(dw.Labs)
		a = dw
	}
	if k < len(last) {
		last[k] = a
	} else if k == len(last) {
		g.works[seat] = append(last, a)
	}
	return a
}

// box is a quiet game's box of the Do Work candidate key, made from dw
// (whose Labs it clones) the first time the game meets it: a game meets a
// hundred or so of the few thousand candidates (a container, up to three
// Labs of 18 locations, a host). The boxes are the game's own: the engine
// shares nothing mutable between games and takes no locks.
func (g *Game) box(key uint64, dw DoWork) engine.Action {
	if a, ok := g.workBox[key]; ok {
		return a
	}
	if g.workBox == nil {
		g.workBox = make(map[uint64]engine.Action, 128)
	}
	dw.Labs = slices.Clone(dw.Labs)
	g.workBox[key] = dw
	return dw
}

// A prompt's list of awaited seats is never written by its readers either:
// the lists of the selection (by the set of seats still choosing) and of a
// visit and a decision (by seat) are made once, not at every Prompt.
const waitSeats = 4 // the most seats (Info.MaxSeats)

// selectWaitTable is the selection's Waiting by the mask of seats still
// choosing; nil when nobody is.
var selectWaitTable = func() (out [1 << waitSeats][]engine.Wait) {
	for mask := 1; mask < len(out); mask++ {
		for i := 0; i < waitSeats; i++ {
			if mask&(1<<i) != 0 {
				out[mask] = append(out[mask], engine.Wait{Seat: i, Default: Choose{}})
			}
		}
		out[mask] = slices.Clip(out[mask])
	}
	return out
}()

// selectWaits is the selection's Waiting for the seats in mask.
func selectWaits(mask int) []engine.Wait {
	if mask >= 0 && mask < len(selectWaitTable) {
		return selectWaitTable[mask]
	}
	var out []engine.Wait
	for i := 0; mask>>i != 0; i++ {
		if mask&(1<<i) != 0 {
			out = append(out, engine.Wait{Seat: i, Default: Choose{}})
		}
	}
	return out
}

// zoneWaits and decideWaits are the Waiting of a visit and of a decision
// by seat.
var zoneWaits, decideWaits = waitTable(EndZone{}), waitTable(Decline{})

func waitTable(def engine.Action) (out [waitSeats][]engine.Wait) {
	for i := range out {
		out[i] = []engine.Wait{{Seat: i, Default: def}}
	}
	return out
}

// waitOn is seat's entry of table, or a new list for a seat past it.
func waitOn(table *[waitSeats][]engine.Wait, seat int, def engine.Action) []engine.Wait {
	if seat >= 0 && seat < waitSeats {
		return table[seat]
	}
	return []engine.Wait{{Seat: seat, Default: def}}
}
