package opoly

// The parts of trades valued in earlier searches. What a group adds to
// both sides of a trade (tradeMemo.part: its worth after, less its worth
// before, and its owner after) depends on the group's cells (owner, level
// and mortgage of each), the cells the trade moves there, the two seats,
// the landings (landings: the players still in), the rules, the board and
// the highest level; on nothing else. The per-search slot of part serves
// only the candidates of one search, and a candidate's whole valuation is
// taken over from the last list only when both of its groups are as they
// were: when one of them changed, the other group's part was worked out
// again. Two thirds of the parts a search worked out (Unipoly, 200
// games: 18,983 of 29,311; Projectopoly 37,081 of 49,647) had been worked
// out before on the same cells of their group, in an earlier search.
//
// partCache keeps them by the group's fingerprint on a lent view (the
// game's groupMemo stamp, which the candidates' fingerprints use too), in
// the game's groupMemo: one table a game, for all of its bots (a part's key
// names its seats), kept when the game is renewed (Game.renew). It has
// partSlots entries indexed by a hash of the key; an entry is served only
// when its whole key is the part's.

// partSlots is the number of entries of a table, 1<<partBits.
const (
	partBits  = 10
	partSlots = 1 << partBits
)

// partKey names a part: group gi's cells (stamp), the cells fb of from's
// and tb of to's the trade moves, and the landings (landings: 50 or more,
// so that the zero entry of a table matches no part).
type partKey struct {
	stamp, fb, tb uint64
	land          int32
	gi            uint8
	from, to      int8
}

// partEntry is a kept part: its key, what the group adds to both sides
// and its owner after (afterWorth's). 48 bytes.
type partEntry struct {
	key        partKey
	owner      int8
	dFrom, dTo int64
}

// partCache is a game's table of parts, for one rules, board and highest
// level (emptied when they change). Only a muted game keeps one (on:
// SetMute), the simulator's and the strong bots' playouts: 48 KiB a game
// is too much for a game at a server's table, where moves come seconds
// apart and the search's time is not what limits anything.
type partCache struct {
	on       bool
	rules    *Ruleset
	board    *Board
	maxLevel int
	e        []partEntry
}

// check empties the table, unless it is of v's rules, board and highest
// level (and made).
func (p *partCache) check(v *View) {
	if p.rules != v.Rules || p.board != v.Board || p.maxLevel != v.MaxLevel || p.e == nil {
		p.rules, p.board, p.maxLevel = v.Rules, v.Board, v.MaxLevel
		if p.e == nil {
			p.e = make([]partEntry, partSlots)
		} else {
			clear(p.e)
		}
	}
}

// slotOf returns the entry of key k, in a table checked for the view
// (check).
func (p *partCache) slotOf(k *partKey) *partEntry {
	h := (k.stamp ^ k.fb*0x9e3779b97f4a7c15 ^ k.tb*0xbf58476d1ce4e5b9 ^ uint64(k.gi)<<32 ^ uint64(uint8(k.from))<<16 ^ uint64(uint8(k.to))) * 0xc2b2ae3d27d4eb4f
	return &p.e[h>>(64-partBits)]
}
