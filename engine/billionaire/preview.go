package billionaire

// WorkRange is the fewest and the most rings a Do Work of Labs (location
// ids) with Host on item it would add, for a container standing at from
// (a location id or OffMap): R003-14 and R003-15 with every die showing 1
// and every die showing 6. For a low-risk item both are the same. A screen
// shows it before the player commits the Do Work cards.
func WorkRange(labs []int, host, from int, it Item) (lo, hi int64) {
	ones, sixes := make([]int, len(labs)), make([]int, len(labs))
	for k := range labs {
		ones[k], sixes[k] = 1, 6
	}
	lo, _ = workRings(labs, host, from, it, ones)
	hi, _ = workRings(labs, host, from, it, sixes)
	return lo, hi
}
