//go:build linux

package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

// TestSimReportsCPUTime: on Linux the report gives the CPU time the games
// took and the games a CPU-second, which agree with each other.
func TestSimReportsCPUTime(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	m, code := simJSON(t, reg, "--game", "testgame", "--games", "200", "--players", "3", "--workers", "1")
	require.Equal(t, 0, code)
	cpu, ok := m["cpu_seconds"].(float64)
	require.True(t, ok, "cpu_seconds in %v", m)
	require.Greater(t, cpu, 0.0)
	require.InDelta(t, 200/cpu, m["games_per_cpu_sec"], 200/cpu*1e-9)
}
