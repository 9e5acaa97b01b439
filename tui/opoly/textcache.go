package opoly

import (
	"boardroom/engine"
	"boardroom/lobby"
)

// appendMoney appends x as View.FormatMoney writes it to dst. The frame's
// amounts are written where they go (the panes' buffers, a line's bytes):
// each renderer kept the last two frames' amounts as strings in two maps
// before, 1.3-1.8 KiB of pointers a playing session that the collector
// scanned at every cycle (issue 32).
func (r *Renderer) appendMoney(dst []byte, x int64) []byte {
	v := r.v
	return engine.AppendMoney(dst, x, v.Currency, v.CurrencySuffix, v.Thousands)
}

// moneyLen is the length of x as appendMoney writes it.
func (r *Renderer) moneyLen(x int64) int {
	var b [32]byte
	return len(r.appendMoney(b[:0], x))
}

// money writes x as View.FormatMoney writes it.
func (t *textBuf) money(r *Renderer, x int64) { t.b = r.appendMoney(t.b, x) }

// handle is a seat's handle as lobby.Sanitize(handle, 16) writes it,
// sanitised once per handle: name writes it several times a frame.
type handle struct{ raw, clean string }

// cleanHandle is lobby.Sanitize(raw, 16) for seat s, kept while the
// seat's handle is raw.
func (r *Renderer) cleanHandle(s int, raw string) string {
	if s < len(r.handles) && r.handles[s].raw == raw {
		return r.handles[s].clean
	}
	clean := lobby.Sanitize(raw, 16)
	if s < 64 { // a table's seats (more are not kept)
		for len(r.handles) <= s {
			r.handles = append(r.handles, handle{raw: "\x00"}) // no handle is a NUL: sanitised away
		}
		r.handles[s] = handle{raw, clean}
	}
	return clean
}
