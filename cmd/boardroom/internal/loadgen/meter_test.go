package loadgen

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestNewSecondAggregates(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var s samples
	for i := 1; i <= 100; i++ {
		s.self = append(s.self, float64(i)) // 1..100 ms
	}
	s.actions = 100
	s.all = []float64{5, 50, 7}
	s.notShown = 2
	srv0 := ProcSample{At: t0, CPUTicks: 1000, RSSKiB: 1024}
	srv1 := ProcSample{At: t0.Add(time.Second), CPUTicks: 1150, RSSKiB: 2048} // 1.5 s of CPU in 1 s
	self0 := ProcSample{At: t0, CPUTicks: 10}
	self1 := ProcSample{At: t0.Add(time.Second), CPUTicks: 30, RSSKiB: 512}

	sec := newSecond(7, 40, s, true, srv0, srv1, true, self0, self1)
	require.Equal(t, 7, sec.T)
	require.Equal(t, 40, sec.InGame)
	require.True(t, sec.Measured)
	require.Equal(t, 100, sec.Actions)
	require.Equal(t, Dist{N: 100, Mean: 50.5, P50: 50, P90: 90, P99: 99, Max: 100}, sec.Self)
	require.Equal(t, 3, sec.All.N)
	require.Equal(t, 7.0, sec.All.P50)
	require.Equal(t, 50.0, sec.All.P99)
	require.Zero(t, sec.Peer.N)
	require.Equal(t, 2, sec.NotShown)
	require.Equal(t, 150.0, sec.ServerCPU)
	require.Equal(t, int64(2048), sec.ServerRSSKiB)
	require.Equal(t, 20.0, sec.LoadCPU)
	require.Equal(t, int64(512), sec.LoadRSSKiB)
	require.Contains(t, sec.Row(), "50.0/99.0/100.0")
	require.Contains(t, sec.Row(), "7*")

	off := newSecond(8, 40, samples{}, false, srv0, srv1, false, self0, self1)
	require.Equal(t, -1.0, off.ServerCPU, "no server pid: not measured")
	require.Contains(t, off.Row(), "-")
}

func TestMeterTakesSecondsAndTotals(t *testing.T) {
	m := &meter{}
	m.action(10 * time.Millisecond)
	s, measured := m.take()
	require.False(t, measured)
	require.Equal(t, 1, s.actions)
	require.Zero(t, m.totals().actions, "not measuring yet")

	m.measure(true)
	ep := m.action(20 * time.Millisecond)
	m.other(ep, 3*time.Millisecond, true, false, false, 0)
	m.other(ep, 0, false, true, true, 0)
	s, measured = m.take()
	require.True(t, measured)
	require.Equal(t, []float64{20}, s.self)
	m.action(30 * time.Millisecond)
	s, _ = m.take()
	require.Equal(t, []float64{30}, s.self, "each second starts empty")
	m.measure(false)
	m.action(40 * time.Millisecond)
	m.take()

	tot := m.totals()
	require.Equal(t, 2, tot.actions)
	require.Equal(t, []float64{20, 30}, tot.self)
	require.Equal(t, []float64{3}, tot.peer)
	require.Equal(t, 1, tot.notShown)
	require.Equal(t, 1, tot.allMissed)
}

// TestMeterCountsScreensWithTheirAction: the other screens of an action
// applied before the window shows in its second but not in the totals, nor
// those of an action of the window shown after it: a total never has more
// actions shown on every other screen than actions (the load test's
// window once began between an action and its last screen, and the total
// had 12 actions shown on all of 11).
func TestMeterCountsScreensWithTheirAction(t *testing.T) {
	m := &meter{}
	before := &actionRec{m: m, epoch: m.action(time.Millisecond), pending: 1}
	m.take()
	m.measure(true)
	in := &actionRec{m: m, epoch: m.action(time.Millisecond), pending: 2}
	before.seen(5*time.Millisecond, true)
	in.seen(7*time.Millisecond, true)
	s, _ := m.take()
	peer, all, _, _ := s.seen()
	require.Equal(t, []float64{7, 5}, peer, "its second shows both screens")
	require.Equal(t, []float64{5}, all)
	sec := newSecond(2, 1, s, true, ProcSample{}, ProcSample{}, false, ProcSample{}, ProcSample{})
	require.Equal(t, 1, sec.All.N)
	m.measure(false)
	in.seen(9*time.Millisecond, true)
	m.take()
	tot := m.totals()
	require.Equal(t, 1, tot.actions)
	require.Equal(t, []float64{7}, tot.peer, "the window's action's screen shown within it")
	require.Empty(t, tot.all, "neither the action before the window nor the one shown on all after it")
}

func TestActionRecAllWaitsForEveryScreen(t *testing.T) {
	m := &meter{}
	a := &actionRec{m: m, pending: 3}
	a.seen(4*time.Millisecond, true)
	a.seen(9*time.Millisecond, true)
	s, _ := m.take()
	require.Len(t, s.peer, 2)
	require.Empty(t, s.all, "one screen still to show it")
	a.seen(6*time.Millisecond, true)
	s, _ = m.take()
	require.Equal(t, []float64{9}, s.all, "the slowest of the three")

	b := &actionRec{m: m, pending: 2}
	b.seen(4*time.Millisecond, true)
	b.seen(0, false)
	s, _ = m.take()
	require.Empty(t, s.all, "not shown on every screen")
	require.Equal(t, 1, s.notShown)
}

// TestVTReaderMatchesActionsToChanges: a peer's action is matched to the
// first change of the screen at or after it, also when the actor reports
// it after the change; the countdown alone is no change.
func TestVTReaderMatchesActionsToChanges(t *testing.T) {
	cfg := DefaultConfig()
	sh := &shared{cfg: &cfg, meter: &meter{}}
	r := newVTReader(sh, nil, io.Discard)
	r.consume([]byte("\x1b[H0:52 left · your move!"))
	_, v0 := r.snapshot()

	before := time.Now()
	r.consume([]byte("\x1b[H0:51 left · your move!"))
	_, v1 := r.snapshot()
	require.Equal(t, v0, v1, "a countdown tick is not a change")
	_, ok := r.firstChangeAfter(before)
	require.False(t, ok)

	a := &actionRec{at: before, m: sh.meter, pending: 1}
	r.expectPeer(a, time.Now())
	s, _ := sh.meter.take()
	require.Empty(t, s.peer, "waits for the next change")
	r.consume([]byte("\x1b[2;1HBot 2 rolled"))
	s, _ = sh.meter.take()
	require.Len(t, s.peer, 1)
	require.Len(t, s.all, 1)
	require.Less(t, s.peer[0], 1000.0)

	// Reported after the change it made: matched to that change.
	at := time.Now()
	r.consume([]byte("\x1b[3;1Hp1 bought"))
	b := &actionRec{at: at, m: sh.meter, pending: 1}
	r.expectPeer(b, time.Now())
	s, _ = sh.meter.take()
	require.Len(t, s.peer, 1)

	// An action older than the window that never showed counts as not shown.
	c := &actionRec{at: time.Now().Add(-2 * peerWindow), m: sh.meter, pending: 1}
	r.expectPeer(c, time.Now())
	r.finish(time.Now())
	s, _ = sh.meter.take()
	require.Equal(t, 1, s.notShown)
	require.Empty(t, s.peer)
}

// TestVTReaderAnswersQueriesFromItsOneParse: the play reader parses the
// output once for its screen and the terminal's answers: a query is answered
// (and counted) and the text around it is on the screen.
func TestVTReaderAnswersQueriesFromItsOneParse(t *testing.T) {
	cfg := DefaultConfig()
	sh := &shared{cfg: &cfg, meter: &meter{}}
	var out bytes.Buffer
	r := newVTReader(sh, nil, &out)
	r.consume([]byte("\x1b[Hyour move!\x1b[6"))
	require.Empty(t, out.String(), "a query cut in two is not answered yet")
	r.consume([]byte("n\x1b]11;?\x07 roll"))
	require.Equal(t, fmt.Sprintf("\x1b[%d;%dR", cfg.Rows, cfg.Cols)+string(replyOSC11), out.String())
	require.Equal(t, 1, r.term.Queries.DSR)
	require.Equal(t, 1, r.term.Queries.OSC11)
	text, _ := r.snapshot()
	require.Contains(t, text, "your move! roll")
}
