package opoly

import (
	"boardroom/engine"
	"boardroom/lobby"
)

// moneyCache keeps the amounts the last frame and the current one wrote,
// as View.FormatMoney writes them (Frame starts a frame): a frame writes
// some thirty amounts (the players' cash, the card's price and rents, the
// bar's fee), most of them the last frame's too, and FormatMoney made two
// allocations of each. It belongs to one renderer (no lock).
type moneyCache struct {
	cur, prev map[int64]string
	// the format the amounts were written in (View.FormatMoney's)
	currency string
	suffix   bool
	sep      byte
	buf      []byte
}

// Frame starts a frame: what the frame before last wrote and this one
// does not is dropped.
func (c *moneyCache) Frame() {
	c.prev, c.cur = c.cur, c.prev
	clear(c.cur)
}

// money is r.v.FormatMoney(x), kept for the next frame.
func (r *Renderer) money(x int64) string {
	v, c := r.v, &r.moneys
	if c.currency != v.Currency || c.suffix != v.CurrencySuffix || c.sep != v.Thousands {
		clear(c.cur)
		clear(c.prev)
		c.currency, c.suffix, c.sep = v.Currency, v.CurrencySuffix, v.Thousands
	}
	s, ok := c.cur[x]
	if !ok {
		if s, ok = c.prev[x]; !ok {
			c.buf = engine.AppendMoney(c.buf[:0], x, v.Currency, v.CurrencySuffix, v.Thousands)
			s = string(c.buf)
		}
		if c.cur == nil {
			c.cur = make(map[int64]string)
		}
		c.cur[x] = s
	}
	return s
}

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
