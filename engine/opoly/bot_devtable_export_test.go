package opoly

// DevelopedBothWays returns developed of street c at level over horizon
// land on a view of rs's board read from the table (when it holds them)
// and worked out over the levels.
func DevelopedBothWays(rs *Ruleset, c, level int, land int64) (table, loop int64) {
	v := &View{Rules: rs, Board: rs.Board, MaxLevel: rs.Buildings.MaxLevel}
	cell := &rs.Board.Cells[c]
	return developed(v, c, cell, level, land), developedLoop(cell, v.MaxLevel, level, land)
}

// DevelopedFromTable reports whether developed reads rs's table for a
// view of board at MaxLevel maxLevel and horizon land.
func DevelopedFromTable(rs *Ruleset, board *Board, maxLevel int, land int64) bool {
	return rs.dev.holds(board, maxLevel, 0, land)
}
