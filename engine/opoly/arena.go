package opoly

import "boardroom/engine"

// Blocks: results handed to callers (Legal's lists) are carved from larger
// blocks owned by the game instead of being allocated one by one. A carved
// slice has its capacity limited to its length and the game never writes to
// it again, so a caller may keep it (and append to it) as if it were
// freshly allocated; a block lives as long as any slice carved from it.

const actBlockSize = 512

// actions returns a new slice holding a copy of src.
func (g *game) actions(src []engine.Action) []engine.Action {
	n := len(src)
	if n == 0 {
		return nil
	}
	if cap(g.actBlock)-len(g.actBlock) < n {
		g.actBlock = make([]engine.Action, 0, max(actBlockSize, n))
	}
	i := len(g.actBlock)
	g.actBlock = append(g.actBlock, src...)
	return g.actBlock[i : i+n : i+n]
}
