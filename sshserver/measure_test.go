package sshserver_test

import (
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// The figures of issue 8 (docs/operating.md): floods as a hostile client sends
// them, against a server in this process. Run with
//
//	BOARDROOM_MEASURE=1 go test -count=1 -run TestMeasure -v ./sshserver/
//
// Heap figures are the live heap after a collection, before and after the
// flood (the client's side of the flood is garbage by then).

func measureOnly(t *testing.T) {
	if os.Getenv("BOARDROOM_MEASURE") == "" {
		t.Skip("set BOARDROOM_MEASURE=1 to measure")
	}
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func mib(b uint64, a uint64) string {
	return fmt.Sprintf("%+.1f MiB", (float64(b)-float64(a))/(1<<20))
}

func TestMeasureEnvFlood(t *testing.T) {
	measureOnly(t)
	ts := startServer(t, t.TempDir(), nil)
	c := dial(t, ts.addr, guestAuth())
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	before := liveHeap()
	start := time.Now()
	const n = 100_000
	val := strings.Repeat("v", 4000)
	for i := range n {
		name := "LC_X"
		if i%2 == 1 {
			name = fmt.Sprintf("X%d", i)
		}
		_, err := s.SendRequest("env", false, gossh.Marshal(&struct{ Key, Value string }{name, val}))
		require.NoError(t, err)
	}
	ok, err := s.SendRequest("env", true, gossh.Marshal(&struct{ Key, Value string }{"TERM", "xterm"}))
	require.NoError(t, err)
	elapsed := time.Since(start)
	after := liveHeap()
	t.Logf("env flood: %d requests of %d bytes (%.0f MB) in %v; last accepted: %v; server live heap %s",
		n, len(val), float64(n*len(val))/1e6, elapsed.Round(time.Millisecond), ok, mib(after, before))
	mustRun(t, c, "whoami")
}

func TestMeasureLongCommand(t *testing.T) {
	measureOnly(t)
	ts := startServer(t, t.TempDir(), nil)
	c := dial(t, ts.addr, guestAuth())
	for _, size := range []int{4000, 100_000} {
		cmd := "whoami " + strings.Repeat("a", size)
		cpu0, t0 := cpuTime(), time.Now()
		r := run(t, c, cmd)
		t.Logf("exec of %d bytes: exit %d in %v wall, %v CPU (client and server); stderr %q",
			len(cmd), r.code, time.Since(t0).Round(time.Microsecond), (cpuTime() - cpu0).Round(time.Microsecond), strings.TrimSpace(r.err))
	}
}

func TestMeasureChannelFlood(t *testing.T) {
	measureOnly(t)
	ts := startServer(t, t.TempDir(), nil)
	c := dial(t, ts.addr, guestAuth())
	before := liveHeap()
	start := time.Now()
	var open []gossh.Channel
	refused := 0
	for range 10_000 {
		ch, reqs, err := c.OpenChannel("session", nil)
		if err != nil {
			refused++
			continue
		}
		go gossh.DiscardRequests(reqs)
		open = append(open, ch)
	}
	elapsed := time.Since(start)
	after := liveHeap()
	t.Logf("10000 channel opens in %v: %d open, %d refused; live heap %s (client's open channels included)",
		elapsed.Round(time.Millisecond), len(open), refused, mib(after, before))
	mustRun(t, dial(t, ts.addr, guestAuth()), "whoami")
}

// TestMeasureWhoamiUnderPreauthFlood: idle TCP connections that never send a
// byte, from one address and then from many, while a legitimate client from
// another address runs whoami.
func TestMeasureWhoamiUnderPreauthFlood(t *testing.T) {
	measureOnly(t)
	ts := startServer(t, t.TempDir(), nil)
	whoami := func(from string) (time.Duration, error) {
		t0 := time.Now()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 30 * time.Second}
		conn, err := d.Dial("tcp", ts.addr)
		if err != nil {
			return 0, err
		}
		cc, chans, reqs, err := gossh.NewClientConn(conn, ts.addr, &gossh.ClientConfig{User: "x",
			Auth: []gossh.AuthMethod{guestAuth()}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
		if err != nil {
			conn.Close()
			return time.Since(t0), err
		}
		c := gossh.NewClient(cc, chans, reqs)
		defer c.Close()
		s, err := c.NewSession()
		if err != nil {
			return time.Since(t0), err
		}
		defer s.Close()
		_, err = s.Output("whoami")
		return time.Since(t0), err
	}
	base, err := whoami("127.0.0.1")
	require.NoError(t, err)
	t.Logf("whoami without flood: %v", base.Round(time.Microsecond))

	flood := func(n int, addrs int) []net.Conn {
		var conns []net.Conn
		for i := range n {
			ip := net.IPv4(127, 0, byte(i%addrs/250), byte(1+i%addrs%250))
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
			conn, err := d.Dial("tcp", ts.addr)
			if err != nil {
				t.Logf("flood dial %d: %v", i, err)
				break
			}
			conns = append(conns, conn)
		}
		return conns
	}
	// held counts the flood's connections the server kept (it sent its
	// version line) and those it closed at once.
	held := func(cs []net.Conn) (kept, closed int) {
		b := make([]byte, 64)
		for _, c := range cs {
			_ = c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			if n, err := c.Read(b); n > 0 {
				kept++
			} else if err != nil && !os.IsTimeout(err) {
				closed++
			}
		}
		return kept, closed
	}
	closeAll := func(cs []net.Conn) {
		for _, c := range cs {
			_ = c.Close()
		}
	}
	n := 3000
	if v, err := strconv.Atoi(os.Getenv("BOARDROOM_MEASURE_FLOOD")); err == nil && v > 0 {
		n = v
	}
	conns := flood(n, 1)
	kept, closed := held(conns)
	t.Logf("flood from one address: %d kept, %d closed at once", kept, closed)
	d, err := whoami("127.0.9.9")
	t.Logf("%d idle connections from one address: whoami from another address %v, err %v", n, d.Round(time.Microsecond), err)
	d, err = whoami("127.0.0.1")
	t.Logf("  ... whoami from the flooding address: %v, err %v", d.Round(time.Microsecond), err)
	closeAll(conns)

	conns = flood(3000, 300)
	kept, closed = held(conns)
	t.Logf("flood from 300 addresses: %d kept, %d closed at once", kept, closed)
	d, err = whoami("127.0.9.9")
	t.Logf("3000 idle connections from 300 addresses: whoami from another address %v, err %v", d.Round(time.Microsecond), err)
	closeAll(conns)
}
