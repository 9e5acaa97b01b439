//go:build race

package enginetest

// raceOn: built with the race detector (CI's `go test -race`), which
// allocates on its own: allocation counts mean nothing then.
const raceOn = true
