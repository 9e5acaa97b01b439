package main

import (
	"bytes"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

func TestParseServeFlags(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	var errb bytes.Buffer

	o, _, ok := parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, ":2222", o.Listen)
	require.Equal(t, "./data", o.Data)
	require.Equal(t, slog.LevelInfo, o.LogLevel)
	require.Equal(t, "localhost", o.PublicHost)
	require.Equal(t, 0, o.PublicPort)
	require.Equal(t, netLimits{SessionsPerKey: 3, GuestsPerIP: 3, EnvPerSession: 32, EnvBytes: 256, CommandBytes: 4096,
		ChannelsPerConn: 8, UnauthPerIP: 16, UnauthTotal: 512, HandshakeTimeout: 10 * time.Second, IdleTimeout: 30 * time.Minute,
		TablesPerAccount: 5, DailyTablesPerAccount: 20, LobbiesPerAccount: 5, WrongCodesPerMinute: 3,
		SearchesAtOnce: max(1, runtime.GOMAXPROCS(0)/2)}, o.Limits)

	env = map[string]string{"BOARDROOM_LISTEN": ":3333", "BOARDROOM_DATA": "/srv/b", "BOARDROOM_LOG_LEVEL": "debug",
		"BOARDROOM_PUBLIC_HOST": "play.example.org", "BOARDROOM_PUBLIC_PORT": "22"}
	o, _, ok = parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, serveOptions{Listen: ":3333", Data: "/srv/b", LogLevel: slog.LevelDebug,
		PublicHost: "play.example.org", PublicPort: 22, BotDelay: o.BotDelay, Limits: o.Limits}, o)

	env["BOARDROOM_MAX_UNAUTH_PER_IP"] = "4"
	env["BOARDROOM_HANDSHAKE_TIMEOUT"] = "3s"
	env["BOARDROOM_IDLE_TIMEOUT"] = "2h"
	env["BOARDROOM_INVITE_TRIES"] = "2"
	env["BOARDROOM_MAX_DAILY_TABLES"] = "7"
	env["BOARDROOM_MAX_SEARCHES"] = "3"
	o, _, ok = parseServeFlags([]string{"--max-unauth-per-ip", "5", "--max-command-bytes", "1000", "--max-env", "7",
		"--max-env-bytes", "100", "--max-channels-per-conn", "2", "--max-unauth", "50",
		"--max-sessions-per-key", "4", "--max-guests-per-ip", "6", "--max-tables", "9", "--max-lobbies", "1"}, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, netLimits{SessionsPerKey: 4, GuestsPerIP: 6, EnvPerSession: 7, EnvBytes: 100, CommandBytes: 1000,
		ChannelsPerConn: 2, UnauthPerIP: 5, UnauthTotal: 50, HandshakeTimeout: 3 * time.Second, IdleTimeout: 2 * time.Hour,
		TablesPerAccount: 9, DailyTablesPerAccount: 7, LobbiesPerAccount: 1, WrongCodesPerMinute: 2, SearchesAtOnce: 3}, o.Limits,
		"flags win; the environment fills the rest")
	delete(env, "BOARDROOM_MAX_UNAUTH_PER_IP")
	delete(env, "BOARDROOM_HANDSHAKE_TIMEOUT")
	delete(env, "BOARDROOM_IDLE_TIMEOUT")
	delete(env, "BOARDROOM_INVITE_TRIES")
	delete(env, "BOARDROOM_MAX_DAILY_TABLES")
	delete(env, "BOARDROOM_MAX_SEARCHES")

	o, _, ok = parseServeFlags([]string{"--listen", "127.0.0.1:4444", "--log-level", "warn", "--public-host", "h"}, getenv, &errb)
	require.True(t, ok, "flags win over the environment")
	require.Equal(t, "127.0.0.1:4444", o.Listen)
	require.Equal(t, slog.LevelWarn, o.LogLevel)
	require.Equal(t, "h", o.PublicHost)
	require.Equal(t, "/srv/b", o.Data)

	o, _, ok = parseServeFlags([]string{"--pprof", "127.0.0.1:6060"}, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, "127.0.0.1:6060", o.Pprof)

	for _, args := range [][]string{{"--log-level", "loud"}, {"--public-port", "x"}, {"--nope"}, {"extra"},
		{"--pprof", "0.0.0.0:6060"}, {"--pprof", ":6060"}, {"--pprof", "example.org:6060"}, {"--pprof", "nope"},
		{"--max-env", "0"}, {"--max-unauth", "-1"}, {"--max-searches", "0"}, {"--max-command-bytes", "4k"}, {"--handshake-timeout", "10"},
		{"--handshake-timeout", "-1s"}, {"--idle-timeout", "30"}, {"--idle-timeout", "1m"}} {
		errb.Reset()
		_, code, ok := parseServeFlags(args, getenv, &errb)
		require.False(t, ok, "%v", args)
		require.Equal(t, 2, code, "%v", args)
		require.NotEmpty(t, errb.String(), "%v", args)
	}
	_, code, ok := parseServeFlags([]string{"-h"}, getenv, &errb)
	require.False(t, ok)
	require.Zero(t, code)
}

// syncBuffer is a bytes.Buffer safe for the server goroutine to write and
// the test to read.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRunServe starts the real serve command, connects over SSH, and stops
// it with SIGTERM: it exits 0 and leaves the database and host key behind.
func TestRunServe(t *testing.T) {
	data := filepath.Join(t.TempDir(), "nested", "data")
	var out, errOut syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- runServe([]string{"--listen", "127.0.0.1:0", "--data", data, "--public-host", "example.test"}, &out, &errOut)
	}()
	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	require.Eventually(t, func() bool {
		m := addrRe.FindStringSubmatch(out.String())
		if m != nil {
			addr = m[1]
		}
		return m != nil
	}, 20*time.Second, 10*time.Millisecond, "stdout: %s\nstderr: %s", &out, &errOut)
	_, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	require.Contains(t, out.String(), "connect with: ssh -p "+port+" example.test")
	require.Regexp(t, `msg="open file limit" soft=(\d+) hard=(\d+)`, errOut.String())

	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "x",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	})
	require.NoError(t, err)
	s, err := client.NewSession()
	require.NoError(t, err)
	whoami, err := s.Output("whoami")
	require.NoError(t, err)
	require.Contains(t, string(whoami), "guest:       yes")
	require.NoError(t, client.Close())

	// While it runs: a second server on the directory exits at once, a
	// backup works, a restore is refused.
	var out2, err2 bytes.Buffer
	require.Equal(t, 1, runServe([]string{"--listen", "127.0.0.1:0", "--data", data}, &out2, &err2))
	require.Contains(t, err2.String(), "is in use by another boardroom server")
	require.Contains(t, err2.String(), data)
	backup := filepath.Join(t.TempDir(), "live.db")
	require.Equal(t, 0, run([]string{"backup", "--data", data, backup}, &out2, &err2), err2.String())
	require.Equal(t, 1, run([]string{"restore", "--data", data, backup}, &out2, &err2))
	require.Contains(t, err2.String(), "restore: refused")

	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
	select {
	case c := <-code:
		require.Equal(t, 0, c, "stderr: %s", errOut.String())
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	for _, f := range []string{dbFile, hostKeyFile, sealKeyFile} {
		_, err := os.Stat(filepath.Join(data, f))
		require.NoError(t, err, f)
	}
}

func TestServeFailsOnBadListenAddress(t *testing.T) {
	var out bytes.Buffer
	var errOut bytes.Buffer
	code := runServe([]string{"--listen", "256.0.0.1:99999", "--data", t.TempDir()}, &out, &errOut)
	require.Equal(t, 1, code)
	require.Contains(t, errOut.String(), "cannot listen")
	require.NotContains(t, out.String(), "listening")
}

func TestParseWebhookAllowPrivate(t *testing.T) {
	var errb bytes.Buffer
	none := func(string) string { return "" }
	o, _, ok := parseServeFlags(nil, none, &errb)
	require.True(t, ok)
	require.False(t, o.WebhookAllowPrivate, "webhooks reach only public addresses by default")
	o, _, ok = parseServeFlags([]string{"--webhook-allow-private"}, none, &errb)
	require.True(t, ok)
	require.True(t, o.WebhookAllowPrivate)
	o, _, ok = parseServeFlags(nil, func(k string) string {
		if k == "BOARDROOM_WEBHOOK_ALLOW_PRIVATE" {
			return "1"
		}
		return ""
	}, &errb)
	require.True(t, ok)
	require.True(t, o.WebhookAllowPrivate)
}
