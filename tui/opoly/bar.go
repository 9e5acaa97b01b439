package opoly

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine"
	"boardroom/tui"
)

// actionBar is one line of the legal actions with their keys, or what the
// viewer waits for.
func (r *Renderer) actionBar(w int) string {
	if r.err != "" {
		return r.st.errStyle.Render(tui.Fit(r.err, w, r.th.Ellip))
	}
	switch r.mode {
	case modeConfirm:
		return r.st.key.Render(tui.Fit(tui.YesNoLine, w, r.th.Ellip))
	case modePick:
		if r.pick.building() {
			return tui.Fit(r.keyHint("up/down", "choose", "+/-", "how many", "enter", r.pick.verb+" (asks first)", "esc", "cancel"), w, r.th.Ellip)
		}
		return tui.Fit(r.keyHint("up/down", "choose", "enter", r.pick.verb+" (asks first)", "esc", "cancel"), w, r.th.Ellip)
	case modeTrade:
		return r.tradeKeysLine(w)
	case modeChoice:
		return ""
	}
	entries := r.barEntries()
	waiting := len(entries) == 0 || !r.gs.Prompt.Awaits(r.gs.Seat)
	if !waiting {
		return tui.Fit(r.joinEntries(entries, w), w, r.th.Ellip)
	}
	var s string
	switch {
	case r.v.Over:
		s = "The game is over."
	case r.gs.Seat == engine.Spectator && r.ctx.Replay:
		// The replay page steps through the moves with left/right: the
		// board is inspected with the other keys.
		s = "Replay. up/down, h/l inspect the board, [ ] the players."
	case r.gs.Seat == engine.Spectator:
		s = "Watching. Arrows inspect the board, [ ] the players."
	case r.v.Auction != nil && r.v.Auction.MyBid >= 0:
		var b [32]byte
		s = "Your sealed bid of " + string(r.appendMoney(b[:0], r.v.Auction.MyBid)) + " is in; waiting for the others."
	default:
		s = "Waiting for the others."
	}
	if len(entries) == 0 {
		return r.st.subtle.Render(tui.Fit(s, w, r.th.Ellip))
	}
	// Not awaited, yet with actions: resigning is possible at any time (C-8).
	return tui.Fit(r.st.subtle.Render(s)+"  "+r.joinEntries(entries, w-ansi.StringWidth(s)-2), w, r.th.Ellip)
}

// joinEntries writes action-bar entries as "key label" pairs in w
// columns: with the full labels where they fit, else with the short ones
// (at 80x24 a Projectopoly turn has eight keys), so every key stays on
// the line. Each try is written in the renderer's buffer and made one
// string.
func (r *Renderer) joinEntries(entries []barEntry, w int) string {
	if s := r.entriesLine(entries, false, "  "); ansi.StringWidth(s) <= w {
		return s
	}
	if s := r.entriesLine(entries, true, "  "); ansi.StringWidth(s) <= w {
		return s
	}
	return r.entriesLine(entries, true, " ")
}

// entriesLine is the entries' "key label" pairs, sep apart, with the
// short labels when short is set.
func (r *Renderer) entriesLine(entries []barEntry, short bool, sep string) string {
	b := r.sc().barText[:0]
	for i, e := range entries {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, r.st.key.pre...)
		b = append(b, e.key...)
		b = append(b, r.st.key.post...)
		b = append(b, ' ')
		if short {
			b = append(b, r.shortLabel(e)...)
		} else {
			b = append(b, e.label...)
		}
	}
	r.sc().barText = b[:0]
	return string(b)
}

// shortLabel is an entry's label in one or two words, for a narrow bar.
func (r *Renderer) shortLabel(e barEntry) string {
	switch e.kinds[0] {
	case "build":
		return r.lab.build
	case "sell_building":
		return r.lab.sell
	case "mortgage":
		return r.mortgageVerb()
	case "unmortgage":
		return strings.Fields(r.lab.liftVerb)[0]
	case "offer_to_all":
		return "offer all"
	case "decline":
		return "decline"
	case "declare_bankruptcy":
		return "bankrupt"
	case "pay_jail_fee":
		return "pay fee"
	case "use_jail_card":
		return "use card"
	case "request_takeover":
		return "takeover"
	case "resign":
		return strings.Fields(e.label)[0]
	}
	return e.label
}
