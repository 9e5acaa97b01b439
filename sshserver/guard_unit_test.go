package sshserver

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// TestCapLogOneLinePerInterval: a flood of refusals is one line per cap per
// interval, and the next line counts what was dropped in between.
func TestCapLogOneLinePerInterval(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(1000, 0)
	cl := newCapLog(slog.New(slog.NewTextHandler(&buf, nil)), 10*time.Second, func() time.Time { return now })
	for range 1000 {
		cl.bit(capEnv, "192.0.2.1")
	}
	cl.bit(capChannels, "192.0.2.2")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 2, buf.String())
	require.Contains(t, lines[0], "cap="+capEnv)
	require.Contains(t, lines[0], "dropped=1 ")
	require.Contains(t, lines[1], "cap="+capChannels)

	buf.Reset()
	now = now.Add(9 * time.Second)
	cl.bit(capEnv, "192.0.2.1")
	require.Empty(t, buf.String(), "still within the interval")
	now = now.Add(time.Second)
	cl.bit(capEnv, "192.0.2.3")
	require.Contains(t, buf.String(), "dropped=1001 ")
	require.Contains(t, buf.String(), "remote=192.0.2.3")
	require.Equal(t, 1, strings.Count(buf.String(), "\n"))
}

func TestUnauthCounter(t *testing.T) {
	u := newUnauthCounter(2, 3)
	a1, full := u.acquire("10.0.0.1")
	require.Empty(t, full)
	a2, full := u.acquire("10.0.0.1")
	require.Empty(t, full)
	_, full = u.acquire("10.0.0.1")
	require.Equal(t, capUnauthPerIP, full)
	_, full = u.acquire("10.0.0.2")
	require.Empty(t, full)
	_, full = u.acquire("10.0.0.3")
	require.Equal(t, capUnauthTotal, full)

	a1()
	a1() // twice gives back one slot
	_, full = u.acquire("10.0.0.3")
	require.Empty(t, full)
	_, full = u.acquire("10.0.0.4")
	require.Equal(t, capUnauthTotal, full)
	a2()
	_, full = u.acquire("10.0.0.1")
	require.Empty(t, full)
}

// fakeChannel records what the filter writes to a channel it refuses.
type fakeChannel struct {
	stderr bytes.Buffer
	reqs   []string
	closed bool
}

func (f *fakeChannel) Read([]byte) (int, error)    { return 0, io.EOF }
func (f *fakeChannel) Write(p []byte) (int, error) { return len(p), nil }
func (f *fakeChannel) Close() error                { f.closed = true; return nil }
func (f *fakeChannel) CloseWrite() error           { return nil }
func (f *fakeChannel) Stderr() io.ReadWriter       { return &f.stderr }
func (f *fakeChannel) SendRequest(name string, _ bool, p []byte) (bool, error) {
	f.reqs = append(f.reqs, name)
	return true, nil
}

func envReq(k, v string) *gossh.Request {
	return &gossh.Request{Type: "env", Payload: gossh.Marshal(&struct{ Key, Value string }{k, v})}
}

func cmdReq(typ, cmd string) *gossh.Request {
	return &gossh.Request{Type: typ, Payload: gossh.Marshal(&struct{ Value string }{cmd})}
}

// filter runs reqs through a request filter and returns what reaches the
// ssh library.
func filter(t *testing.T, cfg Config, ch gossh.Channel, reqs ...*gossh.Request) []*gossh.Request {
	t.Helper()
	cfg.HostKeyPath, cfg.NewModel = "k", func(Session) tea.Model { return nil }
	cfg = withDefaults(cfg)
	s := &Server{cfg: cfg, log: cfg.Logger, caps: newCapLog(cfg.Logger, time.Second, nil)}
	in := make(chan *gossh.Request, len(reqs))
	for _, r := range reqs {
		in <- r
	}
	close(in)
	out := make(chan *gossh.Request)
	f := &requestFilter{s: s, ch: ch, remote: "192.0.2.1"}
	go f.run(in, out)
	var got []*gossh.Request
	for r := range out {
		got = append(got, r)
	}
	return got
}

// TestRequestFilterEnv: only the variables the server reads reach the ssh
// library, at most MaxEnvPerSession of them, each at most MaxEnvBytes.
func TestRequestFilterEnv(t *testing.T) {
	reqs := []*gossh.Request{
		envReq("PATH", "/bin"),
		envReq("LANG", strings.Repeat("x", 300)),
		envReq("TERM", "xterm"),
		envReq("LC_ALL", "C.UTF-8"),
		{Type: "env", Payload: []byte{0, 0}}, // malformed
	}
	for i := range 10 {
		reqs = append(reqs, envReq("LC_X", strings.Repeat("y", i)))
	}
	reqs = append(reqs, envReq("NO_COLOR", "1"), cmdReq("exec", "whoami"))
	got := filter(t, Config{MaxEnvPerSession: 5, MaxEnvBytes: 256}, &fakeChannel{}, reqs...)
	var names []string
	for _, r := range got {
		if r.Type == "env" {
			var kv struct{ Key, Value string }
			require.NoError(t, gossh.Unmarshal(r.Payload, &kv))
			names = append(names, kv.Key+"="+kv.Value)
		} else {
			names = append(names, r.Type)
		}
	}
	require.Equal(t, []string{"TERM=xterm", "LC_ALL=C.UTF-8", "LC_X=", "LC_X=y", "LC_X=yy", "exec"}, names)
}

// TestRequestFilterCommandLength: a command beyond MaxCommandBytes never
// reaches the ssh library (nor its parser); the client is told why.
func TestRequestFilterCommandLength(t *testing.T) {
	cfg := Config{MaxCommandBytes: 100}
	got := filter(t, cfg, &fakeChannel{}, cmdReq("exec", strings.Repeat("a", 100)))
	require.Len(t, got, 1, "exactly the limit passes")

	ch := &fakeChannel{}
	got = filter(t, cfg, ch, envReq("TERM", "xterm"), cmdReq("exec", strings.Repeat("a", 101)), cmdReq("exec", "whoami"))
	require.Len(t, got, 1, "the env request only; nothing after the refusal")
	require.Equal(t, "env", got[0].Type)
	require.Equal(t, "boardroom: command too long (at most 100 bytes)\n", ch.stderr.String())
	require.Equal(t, []string{"exit-status"}, ch.reqs)
	require.True(t, ch.closed)

	ch = &fakeChannel{}
	got = filter(t, cfg, ch, cmdReq("subsystem", strings.Repeat("s", 101)), cmdReq("exec", "whoami"))
	require.Len(t, got, 1, "a long subsystem name is refused; the session stays usable")
	require.Equal(t, "exec", got[0].Type)
	require.False(t, ch.closed)
}

func TestUsedEnv(t *testing.T) {
	for _, k := range []string{"TERM", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE"} {
		require.True(t, usedEnv(k), k)
	}
	for _, k := range []string{"PATH", "LD_PRELOAD", "TERMX", "lang", "", "XLC_ALL"} {
		require.False(t, usedEnv(k), k)
	}
}
