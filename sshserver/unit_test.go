package sshserver

import (
	"bytes"
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"
)

func TestInspectTerm(t *testing.T) {
	cases := []struct {
		name    string
		env     environ
		profile termenv.Profile
		noColor bool
		ascii   bool
	}{
		{"256 colours", environ{"TERM=xterm-256color", "LANG=en_US.UTF-8"}, termenv.ANSI256, false, false},
		{"truecolor", environ{"TERM=xterm-256color", "COLORTERM=truecolor"}, termenv.TrueColor, false, false},
		{"plain xterm", environ{"TERM=xterm"}, termenv.ANSI, false, false},
		{"NO_COLOR", environ{"TERM=xterm-256color", "NO_COLOR=1"}, termenv.Ascii, true, false},
		{"dumb", environ{"TERM=dumb"}, termenv.Ascii, true, true},
		{"no TERM", environ{}, termenv.Ascii, true, true},
		{"latin-1 locale", environ{"TERM=xterm-256color", "LANG=de_DE.ISO-8859-1"}, termenv.ANSI256, false, true},
		{"LC_ALL wins", environ{"TERM=xterm-256color", "LANG=C", "LC_ALL=en_GB.utf8"}, termenv.ANSI256, false, false},
		{"unknown terminal", environ{"TERM=vt100"}, termenv.Ascii, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ti := inspectTerm(tc.env)
			require.Equal(t, tc.profile, ti.Profile)
			require.Equal(t, tc.noColor, ti.NoColor)
			require.Equal(t, tc.ascii, ti.ASCII)
		})
	}
}

// TestNewRenderer: the profile comes from the environment and the
// background is set, so lipgloss has nothing left to detect.
func TestNewRenderer(t *testing.T) {
	var out bytes.Buffer
	for _, env := range []environ{{"TERM=xterm-256color"}, {"TERM=xterm-256color", "NO_COLOR=1"}} {
		ti := inspectTerm(env)
		r := newRenderer(&out, env, ti)
		require.Equal(t, ti.Profile, r.ColorProfile())
		require.True(t, r.HasDarkBackground())
		s := r.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: "#000000", Dark: "#ffffff"}).Render("x")
		require.Equal(t, !ti.NoColor, strings.Contains(s, "\x1b["), "%q for %v", s, env)
	}
	require.Zero(t, out.Len())
}

func TestClampWindowMsgs(t *testing.T) {
	msg := clampWindowMsgs(nil, tea.WindowSizeMsg{Width: 100000, Height: -5})
	require.Equal(t, tea.WindowSizeMsg{Width: maxWidth, Height: 0}, msg)
	msg = clampWindowMsgs(nil, tea.WindowSizeMsg{Width: 80, Height: 24})
	require.Equal(t, tea.WindowSizeMsg{Width: 80, Height: 24}, msg)
	require.Equal(t, tea.KeyMsg{}, clampWindowMsgs(nil, tea.KeyMsg{}))
}

func TestLimiter(t *testing.T) {
	l := newLimiter(2, 1)
	r1, err := l.acquire("SHA256:a", "10.0.0.1")
	require.NoError(t, err)
	r2, err := l.acquire("SHA256:a", "10.0.0.2")
	require.NoError(t, err)
	_, err = l.acquire("SHA256:a", "10.0.0.3")
	require.ErrorContains(t, err, "too many sessions with this key (at most 2")
	_, err = l.acquire("SHA256:b", "10.0.0.1")
	require.NoError(t, err, "another key")

	g1, err := l.acquire("", "10.0.0.1")
	require.NoError(t, err)
	_, err = l.acquire("", "10.0.0.1")
	require.ErrorContains(t, err, "too many guest sessions")
	_, err = l.acquire("", "10.0.0.9")
	require.NoError(t, err, "another address")

	r1()
	r1() // releasing twice frees one slot only
	_, err = l.acquire("SHA256:a", "10.0.0.3")
	require.NoError(t, err)
	_, err = l.acquire("SHA256:a", "10.0.0.3")
	require.Error(t, err)
	r2()
	g1()
	_, err = l.acquire("", "10.0.0.1")
	require.NoError(t, err)
}

func TestRemoteIP(t *testing.T) {
	require.Equal(t, "192.0.2.1", remoteIP(&net.TCPAddr{IP: net.ParseIP("192.0.2.1"), Port: 4000}))
	require.Equal(t, "", remoteIP(nil))
}

// TestThrottledReader: the burst is read at once, the rest no faster than
// the rate, measured on a fake clock that the reader's waits advance; a
// reader whose session ended reads EOF instead of waiting.
func TestThrottledReader(t *testing.T) {
	src := strings.NewReader(strings.Repeat("k", 300))
	r := newThrottledReader(context.Background(), src, 1000, 100)
	now := time.Unix(1_700_000_000, 0)
	var waited time.Duration
	r.now = func() time.Time { return now }
	r.wait = func(_ context.Context, d time.Duration) bool {
		waited += d
		now = now.Add(d)
		return true
	}
	buf := make([]byte, 1000)
	n, err := r.Read(buf)
	require.NoError(t, err)
	require.Equal(t, 100, n, "one burst")
	require.Zero(t, waited, "the burst does not wait")
	total := 0
	for total < 200 {
		n, err := r.Read(buf)
		require.NoError(t, err)
		require.Positive(t, n)
		total += n
	}
	require.Equal(t, 200, total)
	require.InDelta(t, 200*time.Millisecond, waited, float64(5*time.Millisecond), "200 bytes at 1000/s take 200ms")

	ctx, cancel := context.WithCancel(context.Background())
	slow := newThrottledReader(ctx, strings.NewReader(strings.Repeat("k", 10)), 1, 1)
	_, err = slow.Read(buf)
	require.NoError(t, err)
	cancel()
	_, err = slow.Read(buf)
	require.ErrorIs(t, err, io.EOF)
}

func TestParseFlagsInterleaved(t *testing.T) {
	fs := newFlagSet("new")
	bots := fs.Int("bots", 0, "")
	start := fs.Bool("start", false, "")
	lobbySlug := fs.String("lobby", "", "")
	pos, err := parseFlags(fs, []string{"--bots", "2", "testgame", "--start", "--lobby", "team"})
	require.NoError(t, err)
	require.Equal(t, []string{"testgame"}, pos)
	require.Equal(t, 2, *bots)
	require.True(t, *start)
	require.Equal(t, "team", *lobbySlug)

	_, err = parseFlags(newFlagSet("x"), []string{"--nope"})
	var ue *usageError
	require.ErrorAs(t, err, &ue)
}
