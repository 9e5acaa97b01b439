package loadgen

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestAggregate(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Sessions = 4
	cfg.ServerPID = 99
	r := newReport(&cfg)
	r.Started = 5
	t0 := time.Unix(0, 0)
	r.setServer(ProcSample{At: t0, RSSKiB: 1000, PSSKiB: 900, CPUTicks: 0},
		ProcSample{At: t0, RSSKiB: 1300, PSSKiB: 1200, CPUTicks: 10},
		ProcSample{At: t0.Add(2 * time.Second), RSSKiB: 1400, PSSKiB: 1250, CPUTicks: 60}, 3)
	ok := func(first time.Duration, bytes int64) sessionResult {
		return sessionResult{ok: true, connect: time.Millisecond, firstByte: first, hasFirst: true,
			bytes: bytes, open: 2 * time.Second, queries: QueryCounts{OSC11: 1}}
	}
	var refused, timeout sessionResult
	refused.fail("dial", fmt.Errorf("dial tcp: %w", syscall.ECONNREFUSED))
	timeout.fail("first byte", fmt.Errorf("x: %w", os.ErrDeadlineExceeded))
	timeout.connect = 2 * time.Millisecond
	rs := []sessionResult{ok(10*time.Millisecond, 100), timeout, ok(30*time.Millisecond, 300), refused, ok(20*time.Millisecond, 200)}
	r.aggregate(rs, 2*time.Second, 600)
	require.Equal(t, 3, r.OK)
	require.Equal(t, 2, r.Failed)
	require.Equal(t, []Failure{
		{Reason: "dial: connection refused", Count: 1, Example: "dial tcp: connection refused"},
		{Reason: "first byte: timeout", Count: 1, Example: "x: i/o timeout"},
	}, r.Failures)
	require.Equal(t, Dist{N: 3, Mean: 20, P50: 20, P90: 30, P99: 30, Max: 30}, r.FirstByteMS)
	require.Equal(t, 4, r.ConnectMS.N)
	require.Equal(t, 100.0, r.Traffic.PerSessionPerSec.P50)
	require.Equal(t, 100.0, r.Traffic.WindowPerSessionPerSec, "600 bytes / 3 sessions / 2s")
	require.Equal(t, int64(600), r.Traffic.BytesTotal)
	require.Equal(t, 3, r.Queries.OSC11)
	require.Equal(t, 100.0, r.Server.RSSPerSessionKiB)
	require.InDelta(t, 133.3, r.Server.RSSEndPerSessionKiB, 0.1, "(1400 - 1000) / 3 at the end of the hold")
	require.Equal(t, 100.0, r.Server.PSSPerSessionKiB)
	require.Equal(t, 25.0, r.Server.CPUPercent, "50 ticks in 2s")
	require.Empty(t, r.Warnings)

	var buf bytes.Buffer
	require.NoError(t, r.WriteText(&buf))
	require.Contains(t, buf.String(), "1  dial: connection refused")
	require.Contains(t, buf.String(), "100.0 KiB per session (3 sessions)")
	require.Contains(t, buf.String(), "at end of hold = 133.3 KiB per session")
	require.Contains(t, buf.String(), "25.0% of one core over 2.0s (idle)")
}

func TestAggregateWarnsWhenServerMemoryDidNotGrow(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ServerPID = 99
	r := newReport(&cfg)
	t0 := time.Unix(0, 0)
	r.setServer(ProcSample{At: t0, RSSKiB: 5000}, ProcSample{At: t0, RSSKiB: 4900},
		ProcSample{At: t0.Add(time.Second), RSSKiB: 4900}, 10)
	r.aggregate(nil, time.Second, 0)
	require.Len(t, r.Warnings, 1)
	require.Contains(t, r.Warnings[0], "restart it")
}

func TestScreenTail(t *testing.T) {
	require.Equal(t, "abc", screenTail("abc", 5))
	require.Equal(t, "cde", screenTail("abcde", 3))
	require.Equal(t, "é", screenTail("aé", 2), "never starts inside a rune")
	require.Equal(t, "", screenTail("é", 1))
}
