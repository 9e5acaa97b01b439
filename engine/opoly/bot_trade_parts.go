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

// partSlots is the number of entries of a table, 1<<partBits: 8,192
// entries of 40 bytes, 320 KiB a muted game. With 1,024 entries (of 48
// bytes then) the table was too small for a game's parts: each step up to
// 8,192 entries found more of them again (docs/decisions/
// 2026-12-property-engines-trade-parts-table-sized.md).
const (
	partBits  = 13
	partSlots = 1 << partBits
)

// partEntry is a kept part, 40 bytes: its key, what the group adds to both
// sides (dFrom, dTo) and its owner after (afterWorth's).
//
// The key is group gi's cells (stamp), the cells fb of from's and tb of
// to's the trade moves there, and word: the landings (from 1 to 1<<30, so
// that the zero entry matches no part), gi, from and to (below MaxSeats).
// The word's top byte is the owner after, not part of the key. A part
// whose gains do not fit 32 bits is not kept.
type partEntry struct {
	stamp, fb, tb, word uint64
	dFrom, dTo          int32
}

// partKeyMask is the bits of partEntry.word that are the key's.
const partKeyMask = 1<<56 - 1

// partWord is the key word of a part of group gi (below 64) between from
// and to (below MaxSeats) with landings land (1 to 1<<30).
func partWord(land int64, gi, from, to int) uint64 {
	return uint64(land) | uint64(gi)<<32 | uint64(from)<<40 | uint64(to)<<44
}

// partCache is a game's table of parts, for one rules, board and highest
// level (emptied when they change). Only a muted game keeps one (on:
// SetMute), the simulator's and the strong bots' playouts: 320 KiB a
// game is too much for a game at a server's table, where moves come seconds
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

// slotOf returns the entry of the key (stamp, fb, tb, word), in a table
// checked for the view (check).
func (p *partCache) slotOf(stamp, fb, tb, word uint64) *partEntry {
	h := (stamp ^ fb*0x9e3779b97f4a7c15 ^ tb*0xbf58476d1ce4e5b9 ^ word*0x94d049bb133111eb) * 0xc2b2ae3d27d4eb4f
	return &p.e[h>>(64-partBits)]
}

// keeps reports whether e is the entry of the key (stamp, fb, tb, word).
func (e *partEntry) keeps(stamp, fb, tb, word uint64) bool {
	return e.stamp == stamp && e.fb == fb && e.tb == tb && e.word&partKeyMask == word
}

// keep writes the part (dFrom, dTo, owner) of the key into e, unless its
// gains do not fit 32 bits.
func (e *partEntry) keep(stamp, fb, tb, word uint64, dFrom, dTo int64, owner int) {
	if int64(int32(dFrom)) != dFrom || int64(int32(dTo)) != dTo {
		return
	}
	*e = partEntry{stamp: stamp, fb: fb, tb: tb, word: word | uint64(uint8(int8(owner)))<<56, dFrom: int32(dFrom), dTo: int32(dTo)}
}

// owner is the kept part's owner after.
func (e *partEntry) owner() int { return int(int8(e.word >> 56)) }
