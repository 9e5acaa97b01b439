package loadgen

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestReadProcSelf(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	a, err := ReadProc("/proc", os.Getpid())
	require.NoError(t, err)
	require.Positive(t, a.RSSKiB)
	require.GreaterOrEqual(t, a.CPUTicks, int64(0))
	// Burn some CPU so that the tick counter must move.
	deadline := time.Now().Add(100 * time.Millisecond)
	x := 0
	for time.Now().Before(deadline) {
		x++
	}
	b, err := ReadProc("/proc", os.Getpid())
	require.NoError(t, err)
	require.Greater(t, b.CPUTicks, a.CPUTicks, "spun %d times", x)
	require.Positive(t, cpuPercent(a, b))
	n, err := MaxOpenFiles("/proc", os.Getpid())
	require.NoError(t, err)
	require.NotZero(t, n)
}

func writeFakeProc(t *testing.T, pid int, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, strconv.Itoa(pid))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return root
}

func TestReadProcFake(t *testing.T) {
	root := writeFakeProc(t, 42, map[string]string{
		"status":       "Name:\tboardroom\nVmPeak:\t  9999 kB\nVmRSS:\t   20480 kB\nThreads:\t8\n",
		"smaps_rollup": "55550000-7fff [rollup]\nRss:              20480 kB\nPss:              12345 kB\n",
		// A command name with spaces and a ')' must not shift the fields.
		"stat":   "42 (board room) x) S 1 42 42 0 -1 4194560 100 0 0 0 250 120 0 0 20 0 8 0 100 1000 5000",
		"limits": "Limit                     Soft Limit           Hard Limit           Units\nMax open files            65536                1048576              files\n",
	})
	s, err := ReadProc(root, 42)
	require.NoError(t, err)
	require.Equal(t, int64(20480), s.RSSKiB)
	require.Equal(t, int64(12345), s.PSSKiB)
	require.Equal(t, int64(370), s.CPUTicks)
	n, err := MaxOpenFiles(root, 42)
	require.NoError(t, err)
	require.Equal(t, int64(65536), n)
}

func TestReadProcFakeWithoutRollup(t *testing.T) {
	root := writeFakeProc(t, 7, map[string]string{
		"status": "VmRSS:\t 100 kB\n",
		"stat":   "7 (x) S 1 7 7 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 1 1 1",
		"limits": "Max open files            unlimited            unlimited            files\n",
	})
	s, err := ReadProc(root, 7)
	require.NoError(t, err)
	require.Equal(t, int64(-1), s.PSSKiB)
	require.Equal(t, int64(7), s.CPUTicks)
	n, err := MaxOpenFiles(root, 7)
	require.NoError(t, err)
	require.Equal(t, int64(-1), n)
}

func TestReadProcErrors(t *testing.T) {
	cases := map[string]map[string]string{
		"missing":    {},
		"no rss":     {"status": "Name: x\n", "stat": "1 (x) S 1 1 1 0 -1 0 0 0 0 0 3 4 0"},
		"bad rss":    {"status": "VmRSS: lots kB\n", "stat": "1 (x) S 1 1 1 0 -1 0 0 0 0 0 3 4 0"},
		"wrong unit": {"status": "VmRSS: 10 MB\n", "stat": "1 (x) S 1 1 1 0 -1 0 0 0 0 0 3 4 0"},
		"short stat": {"status": "VmRSS: 10 kB\n", "stat": "1 (x) S 1 1"},
		"no paren":   {"status": "VmRSS: 10 kB\n", "stat": "1 x S 1 1 1 0 -1 0 0 0 0 0 3 4 0"},
		"bad utime":  {"status": "VmRSS: 10 kB\n", "stat": "1 (x) S 1 1 1 0 -1 0 0 0 0 0 u 4 0"},
	}
	for name, files := range cases {
		root := writeFakeProc(t, 1, files)
		_, err := ReadProc(root, 1)
		require.Error(t, err, name)
	}
	_, err := MaxOpenFiles(writeFakeProc(t, 1, map[string]string{"limits": "Max processes 1 1\n"}), 1)
	require.Error(t, err)
}

func TestCPUPercent(t *testing.T) {
	t0 := time.Unix(100, 0)
	a := ProcSample{At: t0, CPUTicks: 1000}
	b := ProcSample{At: t0.Add(4 * time.Second), CPUTicks: 1100}
	require.Equal(t, 25.0, cpuPercent(a, b), "100 ticks = 1s of CPU in 4s")
	require.Zero(t, cpuPercent(b, b))
}

func TestRaiseNoFile(t *testing.T) {
	soft, hard, err := RaiseNoFile()
	require.NoError(t, err)
	require.Equal(t, hard, soft)
}
