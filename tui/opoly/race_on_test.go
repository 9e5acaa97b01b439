//go:build race

package opoly

// raceOn: the tests run under the race detector (CI's `go test -race`).
const raceOn = true
