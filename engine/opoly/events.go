package opoly

import "boardroom/engine"

// Events of one Apply. A quiet game (SetQuiet) reuses one list of events
// and one of money changes for every Apply: its events are valid until the
// next Apply, like its lent views.
//
// Otherwise the sentences of an Apply are written into one buffer (g.tb)
// and become one string when the Apply ends; each event's Text is a piece
// of it. The events themselves and their money changes are
// carved from blocks (see arena.go), so an Apply allocates little however
// many events it tells.

// textSpan says which event's Text is g.tb[lo:hi].
type textSpan struct {
	ev     int
	lo, hi int
}

// beginEvents starts collecting the events of an Apply, directly in the
// free part of the current events block.
func (g *Game) beginEvents() {
	if g.mute { // no event is written (emit, emitText, Table.Event): the buffers only emptied
		g.emptyEvents()
		return
	}
	if g.quiet {
		if g.quietEv == nil {
			g.quietEv = make([]engine.Event, 0, 16)
		}
		g.ev = g.quietEv[:0]
		g.quietMoney = g.quietMoney[:0]
		g.tb = g.tb[:0]
		g.spans = g.spans[:0]
		return
	}
	g.tb = g.tb[:0]
	g.spans = g.spans[:0]
	b := &g.blk.events
	if b.size <= firstBlock { // a table's game: see ownEv
		g.ev = g.ownEv[:0]
		return
	}
	if cap(b.buf)-len(b.buf) < 16 {
		b.buf = make([]engine.Event, 0, b.size)
	}
	g.ev = b.buf[len(b.buf):len(b.buf)]
}

// emptyEvents empties the buffers of the events, for a muted Apply.
func (g *Game) emptyEvents() {
	g.ev, g.tb, g.spans, g.quietMoney = g.ev[:0], g.tb[:0], g.spans[:0], g.quietMoney[:0]
}

// endEvents returns the events of the Apply, their sentences in place.
func (g *Game) endEvents() []engine.Event {
	if g.mute { // nothing returned (SetMute), nothing written (beginEvents)
		return nil
	}
	if g.quiet {
		g.quietEv = g.ev
		for i := range g.ev {
			if e := &g.ev[i]; e.Text != "" || e.Redacted != "" {
				e.Text, e.Redacted = "", ""
			}
		}
		g.ev = nil
		return g.quietEv[:len(g.quietEv):len(g.quietEv)]
	}
	b := &g.blk.events
	n := len(g.ev)
	out := g.ev[:n:n]         // never nil: no events is an empty list
	if b.size <= firstBlock { // written in ownEv: carve n from the block
		if out = b.take(n); out == nil {
			out = []engine.Event{}
		}
		copy(out, g.ev)
		clear(g.ev) // ownEv keeps no event's strings or money
		g.ownEv = g.ev[:0]
	} else if free := b.buf[len(b.buf):cap(b.buf)]; n <= len(free) && n > 0 && &free[0] == &out[0] {
		b.buf = b.buf[:len(b.buf)+n] // the events stayed in the block: keep them
	}
	if len(g.spans) > 0 {
		all := string(g.tb)
		for _, sp := range g.spans {
			out[sp.ev].Text = all[sp.lo:sp.hi]
		}
	}
	g.ev = nil
	return out
}

// emit appends a public event.
func (g *Game) emit(kind, text string) {
	if g.mute {
		return // no event returned (SetMute)
	}
	g.ev = append(g.ev, engine.Event{Kind: kind, Text: text})
}

// emitSaid appends a public event whose sentence say writes, called only
// when the game is not quiet (a quiet game writes no sentences: building
// them cost a string a jail roll, auction and bankrupt cell).
func (g *Game) emitSaid(kind string, say func() string) {
	g.emit(kind, g.quiet.Say(say))
}

// mark returns where the next sentence starts in the text buffer. A quiet
// game (SetQuiet) may skip writing sentences: endEvents drops them all.
func (g *Game) mark() int { return len(g.tb) }

// emitText appends a public event whose sentence is the text written to
// g.tb since mark lo, with money changes ch.
func (g *Game) emitText(kind string, lo int, ch []engine.MoneyChange) {
	if g.mute {
		return // no event returned (SetMute)
	}
	if !g.quiet { // a quiet game's events get no sentence (endEvents)
		g.spans = append(g.spans, textSpan{ev: len(g.ev), lo: lo, hi: len(g.tb)})
	}
	// Written field by field: a reused event still holds the last Apply's.
	n := len(g.ev)
	if n == cap(g.ev) {
		g.ev = append(g.ev, engine.Event{})
	} else {
		g.ev = g.ev[:n+1]
	}
	e := &g.ev[n]
	e.Kind, e.Money = kind, ch
	if e.To != nil {
		e.To = nil
	}
	if e.Text != "" || e.Redacted != "" {
		e.Text, e.Redacted = "", ""
	}
}

// emitEvent appends e, whose Text is the text written to g.tb since mark lo.
func (g *Game) emitEvent(e engine.Event, lo int) {
	if g.mute {
		return // no event returned (SetMute)
	}
	g.spans = append(g.spans, textSpan{ev: len(g.ev), lo: lo, hi: len(g.tb)})
	g.ev = append(g.ev, e)
}

// appendMoney writes an amount to the text buffer.
func (g *Game) appendMoney(x int64) {
	if g.quiet {
		return
	}
	g.tb = appendMoney(g.tb, x, g.rs.Money.Currency, g.rs.Money.Suffix, g.rs.Money.Thousands)
}

// appendText writes strings to the text buffer.
func (g *Game) appendText(parts ...string) {
	if g.quiet {
		return
	}
	for _, p := range parts {
		g.tb = append(g.tb, p...)
	}
}

// changes returns room for k money changes of one event.
func (g *Game) changes(k int) []engine.MoneyChange {
	if g.quiet {
		n := len(g.quietMoney)
		if cap(g.quietMoney)-n < k {
			// Earlier events of this Apply keep the old buffer.
			g.quietMoney = make([]engine.MoneyChange, 0, max(2*cap(g.quietMoney), 16))
			n = 0
		}
		g.quietMoney = g.quietMoney[:n+k]
		return g.quietMoney[n : n+k : n+k]
	}
	return g.blk.money.take(k)
}
