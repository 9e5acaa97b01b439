package lobbytest

import "testing"

// SeedsFrom returns a lobby.Config.Seed that gives every table a fixed seed
// derived from base and the table's id (splitmix64), so a test plays the
// same games on every run whatever order its tables start in.
func SeedsFrom(base uint64) func(tableID int64) uint64 {
	return func(tableID int64) uint64 {
		z := base + uint64(tableID)*0x9E3779B97F4A7C15
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
}

// DefaultSeedBase is the seed base of Seeds.
const DefaultSeedBase = 20261124

// Seeds is SeedsFrom(DefaultSeedBase) for a test: when the test fails it
// logs how to reproduce its games (the base and the seed of each table id
// asked for).
func Seeds(t testing.TB) func(tableID int64) uint64 {
	return SeedsBase(t, DefaultSeedBase)
}

// SeedsBase is Seeds with another base.
func SeedsBase(t testing.TB, base uint64) func(tableID int64) uint64 {
	f := SeedsFrom(base)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("game seeds: lobbytest.SeedsFrom(%d): table 1 -> %d, table 2 -> %d, table 3 -> %d",
				base, f(1), f(2), f(3))
		}
	})
	return f
}
