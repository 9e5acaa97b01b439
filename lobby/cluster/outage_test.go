package cluster

import (
	"bytes"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// logBuffer collects a node's log lines (Info and up) for a test.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines are the lines logged so far that contain every one of words.
func (b *logBuffer) lines(words ...string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(b.buf.String()), "\n") {
		ok := l != ""
		for _, w := range words {
			ok = ok && strings.Contains(l, w)
		}
		if ok {
			out = append(out, l)
		}
	}
	return out
}

func (b *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// natsServers starts n routed NATS servers on loopback and returns them
// once every route is up.
func natsServers(t *testing.T, n int) []*server.Server {
	t.Helper()
	var out []*server.Server
	for i := range n {
		o := &server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
			Cluster: server.ClusterOpts{Name: "outage", Host: "127.0.0.1", Port: server.RANDOM_PORT}}
		if i > 0 {
			o.Routes = server.RoutesFromStr("nats://" + out[0].ClusterAddr().String())
		}
		s, err := server.NewServer(o)
		require.NoError(t, err)
		s.Start()
		t.Cleanup(s.Shutdown)
		require.True(t, s.ReadyForConnections(5*time.Second))
		out = append(out, s)
	}
	eventually(t, 10*time.Second, func() bool {
		for _, s := range out {
			if s.NumRoutes() < n-1 {
				return false
			}
		}
		return true
	}, "the NATS cluster did not form")
	return out
}

// One of three NATS servers goes away and the node reconnects to another
// within milliseconds: that is one line in the log (not a warning that the
// node gives its tables up), and no table is given up.
func TestNATSServerGoneAndReconnectIsOneLineAndCostsNoTable(t *testing.T) {
	servers := natsServers(t, 3)
	var urls []string
	for _, s := range servers {
		urls = append(urls, s.ClientURL())
	}
	logs := &logBuffer{}
	st := newFakeLeases(1, 2)
	a := startNode(t, strings.Join(urls, ","), "a", st, func(c *Config) {
		c.LeaseTTL, c.Period, c.Logger = 2*time.Second, 100*time.Millisecond, logs.logger()
	})
	// Adopted and serving calls: a table is owned before its calls are
	// subscribed and flushed, and adopt logs its line after both (an
	// outage in between would be a warning this test does not expect).
	eventually(t, 2*time.Second, func() bool {
		return len(a.n.Owned()) == 2 && len(logs.lines("adopted a table")) == 2
	}, "a did not adopt its tables")
	connected := a.c.conn.ConnectedUrl()
	for _, s := range servers {
		if s.ClientURL() == connected {
			s.Shutdown()
		}
	}
	eventually(t, 5*time.Second, func() bool {
		return a.c.conn.IsConnected() && a.c.conn.ConnectedUrl() != connected
	}, "a did not reconnect to another server")
	renewals := a.leases.renewals.Load()
	eventually(t, 5*time.Second, func() bool { return a.leases.renewals.Load() >= renewals+5 }, "the lease loop stopped")

	require.Empty(t, a.n.relinquishedCopy(), "a blip costs no table")
	require.Len(t, a.n.Owned(), 2)
	require.Empty(t, logs.lines("level=WARN"), "nothing to warn about")
	require.Empty(t, logs.lines("gives up"))
	require.Len(t, logs.lines("NATS"), 1, "one line for the blip:\n%s", strings.Join(logs.lines(), "\n"))
	require.Len(t, logs.lines("level=INFO", "NATS connection lost and back", "after="), 1)
}

// NATS away for longer than the lease: the node gives its tables up, in
// one line whatever their number, and says once that NATS is back.
func TestNATSOutageGivesTheTablesUpInOneLine(t *testing.T) {
	srv := startNATSServer(t, server.RANDOM_PORT)
	port := srv.Addr().(*net.TCPAddr).Port
	logs := &logBuffer{}
	st := newFakeLeases(1, 2, 3)
	a := startNode(t, srv.ClientURL(), "a", st, func(c *Config) { c.Logger = logs.logger() })
	// Adopted and serving calls: a table is owned before its calls are
	// subscribed and flushed, and adopt logs its line after both (an
	// outage in between would be a warning this test does not expect).
	eventually(t, 2*time.Second, func() bool {
		return len(a.n.Owned()) == 3 && len(logs.lines("adopted a table")) == 3
	}, "a did not adopt its tables")

	srv.Shutdown()
	eventually(t, testTTL+2*time.Second, func() bool { return len(a.n.relinquishedCopy()) == 3 }, "a kept its tables without NATS")
	require.Len(t, logs.lines("level=WARN"), 1, "one warning:\n%s", strings.Join(logs.lines(), "\n"))
	require.Len(t, logs.lines("level=WARN", "gives up its tables", "tables=3"), 1)

	startNATSServer(t, port)
	eventually(t, 5*time.Second, func() bool { return len(logs.lines("NATS connection lost and back")) == 1 }, "no line when NATS came back")
	eventually(t, 5*time.Second, func() bool { return len(logs.lines("leases renewed again", "gave_up_tables=true")) == 1 }, "no line when the leases were renewed again")
	// The lease loop ran many times while NATS was away (reconnecting waits
	// half a second): it said nothing more.
	require.Len(t, logs.lines("level=WARN"), 1, "nothing more to warn about")
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: 1, Handle: "x"}) // the connection works
	require.NoError(t, a.c.conn.Flush())
}
