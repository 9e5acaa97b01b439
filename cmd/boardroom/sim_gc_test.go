package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// gcPercent reads the collector's target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestSimGCPercentOnlyWithoutGOGC: a simulation runs with the batch
// collector target and restores the previous one after; GOGC, when set,
// is left to decide.
func TestSimGCPercentOnlyWithoutGOGC(t *testing.T) {
	before := gcPercent()
	t.Setenv("GOGC", "")
	restore := batchGC()
	require.Equal(t, simGCPercent, gcPercent())
	restore()
	require.Equal(t, before, gcPercent())

	t.Setenv("GOGC", "150")
	restore = batchGC()
	require.Equal(t, before, gcPercent(), "GOGC set: the target is not changed")
	restore()
	require.Equal(t, before, gcPercent())
}
