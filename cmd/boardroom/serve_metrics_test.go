package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

func TestParseObserveFlags(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	var errb bytes.Buffer
	o, _, ok := parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, observeOptions{}, o.Observe, "metrics off, text logs")

	env["BOARDROOM_METRICS"] = "127.0.0.1:9100"
	env["BOARDROOM_LOG_FORMAT"] = "json"
	o, _, ok = parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, observeOptions{Metrics: "127.0.0.1:9100", JSONLogs: true}, o.Observe)

	o, _, ok = parseServeFlags([]string{"--metrics", "0.0.0.0:9100", "--metrics-public", "--log-format", "text"}, getenv, &errb)
	require.True(t, ok, errb.String())
	require.Equal(t, observeOptions{Metrics: "0.0.0.0:9100", MetricsPublic: true}, o.Observe, "flags win")
	env["BOARDROOM_METRICS_PUBLIC"] = "1"
	o, _, ok = parseServeFlags([]string{"--metrics", ":9100"}, getenv, &errb)
	require.True(t, ok, errb.String())
	require.True(t, o.Observe.MetricsPublic)
	delete(env, "BOARDROOM_METRICS_PUBLIC")

	for _, args := range [][]string{{"--metrics", ":9100"}, {"--metrics", "0.0.0.0:9100"}, {"--metrics", "192.0.2.1:9100"},
		{"--metrics", "nope"}, {"--log-format", "xml"}} {
		errb.Reset()
		_, code, ok := parseServeFlags(args, getenv, &errb)
		require.False(t, ok, "%v", args)
		require.Equal(t, 2, code, "%v", args)
		require.NotEmpty(t, errb.String(), "%v", args)
	}
	errb.Reset()
	_, _, ok = parseServeFlags([]string{"--metrics", ":9100"}, getenv, &errb)
	require.False(t, ok)
	require.Contains(t, errb.String(), "--metrics-public", "the refusal says how to go public")
}

// TestMetricsDuringAGame starts the real serve command with metrics on
// 127.0.0.1:0 and JSON logs, plays a game over ssh (a command opens the
// table against a bot, the player bids in the terminal UI), has a
// connection refused by a limit, and scrapes the endpoint while the game
// goes on: the counters moved. Every log line is a JSON object.
func TestMetricsDuringAGame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	o, _, ok := parseServeFlags([]string{"--listen", "127.0.0.1:0", "--data", filepath.Join(t.TempDir(), "data"),
		"--metrics", "127.0.0.1:0", "--log-format", "json", "--max-unauth-per-ip", "1"}, func(string) string { return "" }, &errOut)
	require.True(t, ok, errOut.String())
	o.BotDelay = 0 // bots answer at once
	games := func() (*engine.Registry, error) { return engine.NewRegistry(testgame.Definition{}) }
	done := make(chan int, 1)
	go func() { done <- serve(ctx, o, games, &out, &errOut) }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case code := <-done:
			require.Equal(t, 0, code, "stderr: %s", errOut.String())
		case <-time.After(20 * time.Second):
			t.Fatal("serve did not stop")
		}
	}
	defer stop()

	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	metricsRe := regexp.MustCompile(`metrics on (http://127\.0\.0\.1:\d+/metrics)`)
	var addr, url string
	require.Eventually(t, func() bool {
		if m := addrRe.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		if m := metricsRe.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		}
		return addr != "" && url != ""
	}, 20*time.Second, 10*time.Millisecond, "stdout: %s\nstderr: %s", &out, &errOut)

	before := scrapeMetrics(t, url)
	require.Zero(t, before[`boardroom_actions_applied_total{actor="player",game="testgame"}`])
	require.Zero(t, before[`boardroom_tables{game="testgame",status="playing"}`])

	client := dialTestKey(t, addr)
	runOK(t, client, "handle ada")
	id := tableField(t, runOK(t, client, "new testgame --bots 1 --start"))
	tableField(t, runOK(t, client, "new testgame")) // a second table, still forming

	// The player bids in the terminal UI; the bot has bid already.
	sc := openTestScreen(t, client, "play "+id)
	sc.waitFor(t, "Bid (amount")
	sc.typeText(t, "\r3\r")
	sc.waitFor(t, "ada bid 3.")

	// A second unauthenticated connection from this address is one too many.
	held, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer held.Close()
	_, err = bufio.NewReader(held).ReadString('\n') // the server's banner: it holds this one
	require.NoError(t, err)
	refused, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	require.NoError(t, refused.SetReadDeadline(time.Now().Add(10*time.Second)))
	n, err := io.Copy(io.Discard, refused)
	require.NoError(t, err, "the server hangs up at once")
	require.Zero(t, n, "not even a banner")
	require.NoError(t, refused.Close())
	require.NoError(t, held.Close())

	var got map[string]float64
	require.Eventually(t, func() bool {
		got = scrapeMetrics(t, url)
		return got[`boardroom_sessions{kind="exec"}`] == 0 // the commands' sessions have ended
	}, 10*time.Second, 20*time.Millisecond)
	player := got[`boardroom_actions_applied_total{actor="player",game="testgame"}`]
	bot := got[`boardroom_actions_applied_total{actor="bot",game="testgame"}`]
	require.GreaterOrEqual(t, player, 1.0)
	require.GreaterOrEqual(t, bot, 1.0)
	require.Equal(t, player+bot, got[`boardroom_action_seconds_count{game="testgame"}`], "each action timed once")
	require.Equal(t, player+bot, got[`boardroom_store_write_seconds_count{op="action"}`], "one write per action")
	require.Equal(t, bot, got[`boardroom_bot_think_seconds_count{game="testgame"}`])
	require.Equal(t, 1.0, got[`boardroom_sessions{kind="player"}`], "the terminal UI is open")
	require.Equal(t, 1.0, got[`boardroom_tables{game="testgame",status="playing"}`])
	require.Equal(t, 1.0, got[`boardroom_tables{game="testgame",status="forming"}`])
	require.Equal(t, 1.0, got[`boardroom_refused_total{reason="unauthenticated-per-address"}`])
	require.Zero(t, got[`boardroom_refused_total{reason="sessions-per-key"}`])
	require.Positive(t, got[`boardroom_frame_seconds_count`])
	require.Positive(t, got[`boardroom_store_write_seconds_count{op="table"}`])
	require.Positive(t, got[`go_goroutines`])
	require.Positive(t, got[`process_resident_memory_bytes`])

	// The session ends: the gauge goes back down.
	require.NoError(t, sc.sess.Close())
	require.Eventually(t, func() bool {
		return scrapeMetrics(t, url)[`boardroom_sessions{kind="player"}`] == 0
	}, 10*time.Second, 20*time.Millisecond)

	stop()
	lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
	require.NotEmpty(t, lines)
	msgs := map[string]bool{}
	for _, line := range lines {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &rec), "not JSON: %s", line)
		for _, k := range []string{"time", "level", "msg"} {
			require.Contains(t, rec, k, line)
		}
		msgs[rec["msg"].(string)] = true
	}
	for _, msg := range []string{"serving", "metrics listening", "stopped"} {
		require.True(t, msgs[msg], "no %q line in:\n%s", msg, errOut.String())
	}
}

// scrapeMetrics reads the endpoint's text into series -> value, each
// series as Prometheus writes it: name{label="value",...}.
func scrapeMetrics(t *testing.T, url string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		require.Positive(t, i, line)
		v, err := strconv.ParseFloat(line[i+1:], 64)
		require.NoError(t, err, line)
		out[line[:i]] = v
	}
	require.NoError(t, sc.Err())
	return out
}

func dialTestKey(t *testing.T, addr string) *gossh.Client {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	signer, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "x", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// runOK runs a command without a terminal; it must succeed.
func runOK(t *testing.T, c *gossh.Client, cmd string) string {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var errb bytes.Buffer
	s.Stderr = &errb
	b, err := s.Output(cmd)
	require.NoError(t, err, "%s: %s", cmd, errb.String())
	return string(b)
}

func tableField(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^table: (\d+)$`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	return m[1]
}

// testScreen is a terminal session whose output is collected.
type testScreen struct {
	sess  *gossh.Session
	stdin io.Writer
	buf   syncBuffer
}

func openTestScreen(t *testing.T, c *gossh.Client, cmd string) *testScreen {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	require.NoError(t, s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}))
	sc := &testScreen{sess: s}
	s.Stdout = &sc.buf
	sc.stdin, err = s.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, s.Start(cmd))
	return sc
}

func (sc *testScreen) waitFor(t *testing.T, want string) {
	t.Helper()
	require.Eventually(t, func() bool { return strings.Contains(ansi.Strip(sc.buf.String()), want) },
		10*time.Second, 10*time.Millisecond, "the screen never showed %q:\n%s", want, ansi.Strip(sc.buf.String()))
}

func (sc *testScreen) typeText(t *testing.T, s string) {
	t.Helper()
	_, err := io.WriteString(sc.stdin, s)
	require.NoError(t, err)
}
