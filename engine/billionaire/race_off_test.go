//go:build !race

package billionaire

// raceOn: the tests run under the race detector (CI's `go test -race`).
const raceOn = false
