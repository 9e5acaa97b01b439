//go:build !race

package floor_test

// raceEnabled: the tests run under the race detector (CI's `go test -race`).
const raceEnabled = false
