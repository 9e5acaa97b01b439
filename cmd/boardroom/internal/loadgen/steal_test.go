package loadgen

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMachineStealFromProcStat: the machine's line of /proc/stat gives
// the steal as vmstat's "st" (guest time is in user time already).
func TestMachineStealFromProcStat(t *testing.T) {
	root := t.TempDir()
	write := func(line string) MachineSample {
		require.NoError(t, os.WriteFile(filepath.Join(root, "stat"), []byte(line+"\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n"), 0o644))
		s, err := readMachine(root)
		require.NoError(t, err)
		return s
	}
	a := write("cpu  1000 10 200 5000 40 0 30 20 500 0")
	require.Equal(t, MachineSample{Total: 6300, Steal: 20}, a)
	// A second later on two cores: 200 ticks, 50 of them stolen.
	b := write("cpu  1060 10 220 5070 40 0 30 70 560 0")
	require.Equal(t, 25.0, stealPercent(a, b))
	require.Equal(t, -1.0, stealPercent(b, b), "nothing counted")

	require.NoError(t, os.WriteFile(filepath.Join(root, "stat"), []byte("intr 1\n"), 0o644))
	_, err := readMachine(root)
	require.Error(t, err)
	if _, err := os.Stat("/proc/stat"); err == nil {
		s, err := readMachine("/proc")
		require.NoError(t, err)
		require.Positive(t, s.Total)
	}
}

// TestSlowSecondsCountedWithTheSteal: the report names the worst measured
// second and counts the seconds above 100 ms, and of them those in which
// the host took more than StealNoted of the machine.
func TestSlowSecondsCountedWithTheSteal(t *testing.T) {
	sec := func(t int, measured bool, p99, steal float64) Second {
		return Second{T: t, Measured: measured, All: Dist{N: 10, P99: p99}, StealPct: steal, ServerCPU: -1}
	}
	r := &PlayReport{Seconds: []Second{
		sec(1, false, 900, 0), // the ramp: not measured
		sec(2, true, 20, 2),
		sec(3, true, 140, 35),
		sec(4, true, 120, 3),
		sec(5, true, 310, 12),
		{T: 6, Measured: true, StealPct: 50}, // no action: no p99
	}}
	r.summarizeSeconds()
	require.Equal(t, 310.0, r.WorstSecondP99MS)
	require.Equal(t, 5, r.WorstSecondT)
	require.Equal(t, 3, r.SecondsOver100MS)
	require.Equal(t, 2, r.SlowSecondsStolen)
	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b))
	require.Contains(t, b.String(), "the worst p99 310.0 ms (t=5); 3 above 100 ms, 2 of them with the host taking more than 10% of the machine's CPU (steal)")
	require.Contains(t, r.Seconds[2].Row(), "  35.0")

	r.Seconds[3].StealPct = -1
	r.summarizeSeconds()
	require.Equal(t, -1, r.SlowSecondsStolen, "one slow second's steal unknown: not counted")
	b.Reset()
	require.NoError(t, r.WriteText(&b))
	require.Contains(t, b.String(), "3 above 100 ms, the host's steal not known")
}
