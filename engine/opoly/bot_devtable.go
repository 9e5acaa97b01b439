package opoly

// What a street earns developed over the bots' horizon (developed), worked
// out once per ruleset by Validate for every cell, level and horizon the
// bots use, instead of a loop over the levels at every valuation of a full
// group (groupWorth runs it for every street of a whole group, in every
// trade a search values). The horizon, landings, is a multiple of 50 up to
// 300; another (none is made) falls back to the loop. A per-game table
// was tried before and dropped: the strong bots' playouts each start a
// game, which then filled it for a few dozen steps.

// devLands is the number of horizons in the table: landings 0, 50, ..., 300.
const devLands = 7

// devTable is developed of every cell of board under MaxLevel maxLevel:
// best[(c*devLands+land/50)*(maxLevel+1)+level], for the cells with a rent
// per level (len(Rents) > maxLevel), else 0.
type devTable struct {
	board    *Board
	maxLevel int
	best     []int64
}

// cacheDeveloped works the table out (written only when it changes, so
// that validating a ruleset that games are reading writes nothing).
func (rs *Ruleset) cacheDeveloped() {
	b, ml := rs.Board, rs.Buildings.MaxLevel
	t := devTable{board: b, maxLevel: ml, best: make([]int64, len(b.Cells)*devLands*(ml+1))}
	for c := range b.Cells {
		cell := &b.Cells[c]
		if len(cell.Rents) <= ml {
			continue
		}
		for k := 0; k < devLands; k++ {
			for level := 0; level <= ml; level++ {
				t.best[(c*devLands+k)*(ml+1)+level] = developedLoop(cell, ml, level, int64(50*k))
			}
		}
	}
	old := &rs.dev
	same := old.board == t.board && old.maxLevel == t.maxLevel && len(old.best) == len(t.best)
	for i := 0; same && i < len(t.best); i++ {
		same = old.best[i] == t.best[i]
	}
	if !same {
		rs.dev = t
	}
}

// developed is what street c (cell), at level, earns over the horizon
// land at the level that earns most, less the buildings still to buy:
// from the ruleset's table when it holds v's board and level and land.
func developed(v *View, c int, cell *Cell, level int, land int64) int64 {
	if t := &v.Rules.dev; t.holds(v.Board, v.MaxLevel, level, land) {
		return t.best[(c*devLands+int(land/50))*(t.maxLevel+1)+level]
	}
	return developedLoop(cell, v.MaxLevel, level, land)
}

// holds reports whether the table holds developed of board's cells under
// MaxLevel maxLevel at level over the horizon land.
func (t *devTable) holds(board *Board, maxLevel, level int, land int64) bool {
	return t.board == board && t.maxLevel == maxLevel && land >= 0 && land%50 == 0 && land < 50*devLands && level >= 0 && level <= maxLevel
}

// developedLoop is developed worked out over the levels.
func developedLoop(cell *Cell, maxLevel, level int, land int64) int64 {
	best := int64(-1 << 62)
	for l := level; l <= maxLevel; l++ {
		if x := cell.Rents[l]*land/100 - int64(l-level)*cell.BuildPrice; x > best {
			best = x
		}
	}
	return best
}
