package opoly

import (
	"time"

	"boardroom/tui"
)

// viewKey is every field of the Renderer that View reads besides the game
// state, the size and the theme (tui.SharedView): sessions whose keys are
// equal and that were given the same state draw the same board.
type viewKey struct {
	cursor, player int
	follow         bool
	explain        bool
	lot            int
	lotKind        string
	bid            string // the bid being typed
	secsLeft       int    // the takeover's answer countdown reads the clock (0 without a takeover)
}

var _ tui.SharedView = (*Renderer)(nil)

// ViewKey implements tui.SharedView. A dialog, a question or an error on
// show belong to this session alone: then the board is not shared.
func (r *Renderer) ViewKey() (string, bool) {
	if r.v == nil || r.mode != modeBoard || r.err != "" {
		return "", false
	}
	k := viewKey{cursor: r.cursor, player: r.player, follow: r.follow, explain: r.explain, lot: r.lot,
		lotKind: r.lotKind, bid: r.bid.text}
	// Only a takeover's answer line reads the clock: elsewhere the turn
	// timer's tick leaves the board as it was, and a tick, once a second
	// for every player at a table with a timer, takes it from the cache.
	if dl := r.gs.Deadline; !dl.IsZero() && r.ctx.Now != nil && r.isTakeover() {
		k.secsLeft = max(int((dl.Sub(r.ctx.Now())+time.Second-1)/time.Second), 0)
	}
	// Asked for every frame: the key's text is made when the fields
	// change (tui.KeyOf formats them with fmt).
	if kk := &r.keyKept; !kk.ok || kk.k != k {
		*kk = keptKey{ok: true, k: k, s: tui.KeyOf(k)}
	}
	return r.keyKept.s, true
}

// keptKey is the last view key's fields and their text (ViewKey).
type keptKey struct {
	ok bool
	k  viewKey
	s  string
}
