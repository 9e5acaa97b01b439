package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func testConfig(addr string, sessions int) Config {
	cfg := DefaultConfig()
	cfg.Addr = addr
	cfg.Sessions = sessions
	cfg.Ramp = 500
	cfg.Hold = 300 * time.Millisecond
	cfg.Settle = 50 * time.Millisecond
	cfg.Timeout = 10 * time.Second
	return cfg
}

func requireOrdered(t *testing.T, d Dist, n int) {
	t.Helper()
	require.Equal(t, n, d.N)
	require.Greater(t, d.P50, 0.0)
	require.LessOrEqual(t, d.P50, d.P90)
	require.LessOrEqual(t, d.P90, d.P99)
	require.LessOrEqual(t, d.P99, d.Max)
}

func TestRunEchoServer(t *testing.T) {
	ts := startServer(t, modeEcho)
	cfg := testConfig(ts.addr, 20)
	cfg.WaitFor = "hello   from test"
	cfg.ServerPID = os.Getpid() // the server runs in this process
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 20, rep.Started)
	require.Equal(t, 20, rep.OK, "failures: %+v", rep.Failures)
	require.Zero(t, rep.Failed)
	require.Empty(t, rep.Failures)
	requireOrdered(t, rep.ConnectMS, 20)
	requireOrdered(t, rep.FirstByteMS, 20)
	requireOrdered(t, rep.WaitForMS, 20)
	require.GreaterOrEqual(t, rep.WaitForMS.P50, rep.FirstByteMS.P50)
	require.Zero(t, rep.HandleMS.N)
	require.Equal(t, 20, rep.Traffic.PerSessionPerSec.N)
	require.Greater(t, rep.Traffic.BytesTotal, int64(20*len("hello from test")))
	require.Regexp(t, `^SHA256:`, rep.HostKey)
	require.Contains(t, rep.ScreenOK, "hello from test keys 0 last")
	require.Empty(t, rep.ScreenFailed)

	srv := rep.Server
	require.NotNil(t, srv)
	require.Equal(t, os.Getpid(), srv.PID)
	require.Positive(t, srv.RSSBeforeKiB)
	require.Positive(t, srv.RSSAfterKiB)
	require.Positive(t, srv.RSSEndKiB)
	require.EqualValues(t, 20, srv.SessionsAtSample)
	require.Positive(t, srv.CPUWindowSec)
	require.GreaterOrEqual(t, srv.CPUPercent, 0.0)
	require.True(t, srv.Idle)

	var text bytes.Buffer
	require.NoError(t, rep.WriteText(&text))
	require.Contains(t, text.String(), "ok 20, failed 0")
	require.Contains(t, text.String(), "KiB per session")
}

func TestRunKeysReachTheServer(t *testing.T) {
	ts := startServer(t, modeEcho)
	cfg := testConfig(ts.addr, 5)
	cfg.WaitFor = "hello from test"
	keys, err := ParseKeys("Down,Down,x")
	require.NoError(t, err)
	cfg.Keys = keys
	cfg.KeyInterval = 60 * time.Millisecond
	cfg.Hold = time.Second
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 5, rep.OK, "failures: %+v", rep.Failures)
	require.Equal(t, 15, rep.Keys.Sent)
	require.Equal(t, []string{"Down", "Down", `"x"`}, rep.Keys.Script)
	require.Equal(t, 15, rep.Keys.LatencyMS.N+rep.Keys.NoOutput)
	require.Positive(t, rep.Keys.LatencyMS.N)
	require.LessOrEqual(t, rep.Keys.LatencyMS.P50, rep.Keys.LatencyMS.Max)

	counts := map[string]int{}
	for _, k := range ts.keysSeen() {
		counts[k]++
	}
	require.Equal(t, map[string]int{"down": 10, "x": 5}, counts)
}

func TestRunAnswersBackgroundQuery(t *testing.T) {
	ts := startServer(t, modeQuery)
	cfg := testConfig(ts.addr, 10)
	cfg.WaitFor = "answered rgb:0000/0000/0000"
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 10, rep.OK, "failures: %+v", rep.Failures)
	require.Equal(t, 10, rep.Queries.OSC11)
	require.True(t, rep.Queries.Answered)
	requireOrdered(t, rep.WaitForMS, 10)
}

func TestRunNoAnswerNeverGetsFirstFrame(t *testing.T) {
	ts := startServer(t, modeQuery)
	cfg := testConfig(ts.addr, 5)
	cfg.WaitFor = "answered"
	cfg.NoAnswer = true
	cfg.Timeout = time.Second
	cfg.Hold = 0
	cfg.Settle = 0
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Zero(t, rep.OK)
	require.Equal(t, 5, rep.Failed)
	require.Len(t, rep.Failures, 1)
	require.Equal(t, "wait-for: timeout", rep.Failures[0].Reason)
	require.Equal(t, 5, rep.Failures[0].Count)
	require.Equal(t, 5, rep.Queries.OSC11, "the query is seen but not answered")
	require.Equal(t, 5, rep.FirstByteMS.N)
	require.Zero(t, rep.WaitForMS.N)
}

func TestRunSetsHandlesFirst(t *testing.T) {
	ts := startServer(t, modeHandles)
	cfg := testConfig(ts.addr, 10)
	cfg.Handles = true
	cfg.WaitFor = "lobby: load-"
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 10, rep.OK, "failures: %+v", rep.Failures)
	requireOrdered(t, rep.HandleMS, 10)
	hs := ts.handles()
	require.Len(t, hs, 10, "one handle per key")
	re := regexp.MustCompile(`^load-\d+-[a-z0-9]+$`)
	seen := map[string]bool{}
	for _, h := range hs {
		require.Regexp(t, re, h)
		require.LessOrEqual(t, len(h), 16)
		seen[h] = true
	}
	require.Len(t, seen, 10)
}

func TestRunHandleRefused(t *testing.T) {
	ts := startServer(t, modeEcho) // no handle command: the TUI middleware refuses it
	cfg := testConfig(ts.addr, 3)
	cfg.Handles = true
	cfg.Hold, cfg.Settle = 0, 0
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 3, rep.Failed)
	require.Empty(t, rep.ScreenOK)
	require.Equal(t, "handle: exit status 1", rep.Failures[0].Reason)
	require.Contains(t, rep.Failures[0].Example, "no active terminal")
}

func TestRunConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	cfg := testConfig(addr, 4)
	cfg.Hold, cfg.Settle = 0, 0
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 4, rep.Failed)
	require.Equal(t, []Failure{{Reason: "dial: connection refused", Count: 4, Example: rep.Failures[0].Example}}, rep.Failures)
	require.Contains(t, rep.Failures[0].Example, "refused")
}

func TestRunServerPIDMissing(t *testing.T) {
	cfg := testConfig("127.0.0.1:1", 1)
	cfg.ServerPID = 1 << 30
	_, err := Run(context.Background(), cfg, quietLog())
	require.ErrorContains(t, err, "--server-pid")
}

func TestMainJSON(t *testing.T) {
	ts := startServer(t, modeEcho)
	var out, errOut bytes.Buffer
	code := Main(context.Background(), []string{
		"--sessions", "8", "--ramp", "400", "--hold", "200ms", "--settle", "50ms",
		"--wait-for", "hello from test", "--json", ts.addr,
	}, &out, &errOut)
	require.Equal(t, ExitOK, code, "stderr: %s", errOut.String())
	var m map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &m), out.String())
	for _, k := range []string{"target", "host_key", "sessions", "ok", "failed", "failures", "connect_ms",
		"first_byte_ms", "wait_for_ms", "handle_ms", "keys", "traffic", "queries", "client", "warnings"} {
		require.Contains(t, m, k)
	}
	require.NotContains(t, m, "server", "no --server-pid given")
	require.EqualValues(t, 8, m["ok"])
	require.Equal(t, ts.addr, m["target"])
	wait := m["wait_for_ms"].(map[string]any)
	for _, k := range []string{"n", "mean", "p50", "p90", "p99", "max"} {
		require.Contains(t, wait, k)
	}
	require.EqualValues(t, 8, wait["n"])
	traffic := m["traffic"].(map[string]any)
	require.Contains(t, traffic, "per_session_per_sec")
	require.Contains(t, traffic, "window_per_session_per_sec")
}

func TestMainExitCodes(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--addr", "10.1.2.3:22"}, ExitUsage, "--allow-remote"},
		{[]string{"example.org:2222"}, ExitUsage, "not a loopback"},
		{[]string{"--sessions", "20001"}, ExitUsage, "--sessions"},
		{[]string{"--ramp", "0"}, ExitUsage, "--ramp"},
		{[]string{"--hold", "2h"}, ExitUsage, "--hold"},
		{[]string{"--keys", "Up,,Down"}, ExitUsage, "empty item"},
		{[]string{"--bogus"}, ExitUsage, "bogus"},
		{[]string{"a:1", "b:2"}, ExitUsage, "unexpected arguments"},
		{[]string{"-h"}, ExitOK, "usage: boardroom load"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Main(context.Background(), c.args, &out, &errOut)
		require.Equal(t, c.code, code, "%v: %s", c.args, errOut.String())
		require.Contains(t, errOut.String(), c.msg, "%v", c.args)
		require.Empty(t, out.String())
	}
}

func TestMainFailedSessionsExitOne(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	var out, errOut bytes.Buffer
	code := Main(context.Background(), []string{"-n", "2", "--hold", "0s", "--settle", "0s", addr}, &out, &errOut)
	require.Equal(t, ExitFailed, code)
	require.Contains(t, out.String(), "dial: connection refused")
}

func TestRunWaitForNeverShownKeepsTheScreen(t *testing.T) {
	ts := startServer(t, modeEcho)
	cfg := testConfig(ts.addr, 2)
	cfg.WaitFor = "never shown"
	cfg.Timeout = 500 * time.Millisecond
	cfg.Hold, cfg.Settle = 0, 0
	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 2, rep.Failed)
	require.Equal(t, "wait-for: timeout", rep.Failures[0].Reason)
	require.Contains(t, rep.ScreenFailed, "hello from test")
}
