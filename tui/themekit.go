package tui

import "sync"

// A game's renderer makes some values from the theme alone (its styles
// reduced to escape sequences, a board's colours) that every renderer of
// the theme would make alike and never change: the theme keeps them once
// for all its sessions (each playing session kept its own, 2 KiB and more;
// issue 32).

// maxKept bounds the values a theme keeps: a few per game and board.
const maxKept = 256

// keptValues are a theme's kept values (Kept).
type keptValues struct {
	mu sync.Mutex
	m  map[any]any
}

// Kept returns the value kept under k, calling make for it (under the
// theme's lock: make must not call Kept) when no renderer asked for it
// yet. k is a comparable value of a type of the caller's own, as a
// context's keys are, so that packages never share a key. The value is
// shared by every session of the theme: read only. Past maxKept values,
// make's value is returned and not kept.
func (t *Theme) Kept(k any, make func() any) any {
	c := &t.kept
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[k]; ok {
		return v
	}
	v := make()
	if len(c.m) < maxKept {
		if c.m == nil {
			c.m = map[any]any{}
		}
		c.m[k] = v
	}
	return v
}
