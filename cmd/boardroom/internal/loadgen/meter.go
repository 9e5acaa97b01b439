package loadgen

import (
	"sync"
	"time"
)

// The per-second measurement of a play run. Sessions report what they
// measured to one meter as it happens; a ticker takes the meter's samples
// once a second and turns them, with readings of the server's and the load
// tool's /proc, into a Second.

// Second is one second of a play run. Latencies are in milliseconds and
// counted in the second their screen changed.
type Second struct {
	T        int  `json:"t"`       // seconds since the first session was started, ending at T
	InGame   int  `json:"in_game"` // humans in a game at the end of the second
	Measured bool `json:"measured"`
	Actions  int  `json:"actions"` // game actions the humans applied (their screen changed)
	Self     Dist `json:"self_ms"` // action -> the actor's own screen
	Peer     Dist `json:"peer_ms"` // action -> each other human's screen
	// All is action -> every other human's screen: the time until the last
	// of them changed, for actions that showed on all of them.
	All      Dist `json:"all_ms"`
	NotShown int  `json:"peer_not_shown"` // other screens that did not change within the window
	// Server is the server process (-1 CPU when not measured), Load the
	// load tool itself; CPU is in % of one core over the second.
	ServerCPU    float64 `json:"server_cpu_pct"`
	ServerRSSKiB int64   `json:"server_rss_kib"`
	LoadCPU      float64 `json:"load_cpu_pct"`
	LoadRSSKiB   int64   `json:"load_rss_kib"`
	// StealPct is the share of the machine's CPU time (every core
	// together) the host took over the second (vmstat's "st"; -1 when
	// /proc/stat could not be read). On a virtual machine, seconds in
	// which the host took a third of it are slow whatever the server
	// does: this says which seconds those were.
	StealPct float64 `json:"steal_pct"`
}

// samples is what sessions measured over some time.
type samples struct {
	actions, notShown int
	allMissed         int       // actions that did not show on every other screen
	seconds           int       // seconds taken into these samples (totals only)
	self, peer, all   []float64 // milliseconds
	// stray are the other screens of actions applied before the meter's
	// window or step began (another epoch): their second shows them, the
	// totals do not, so that a total's screens are those of its own
	// actions (a total never has more actions shown on every other screen
	// than actions).
	stray struct {
		notShown, allMissed int
		peer, all           []float64
	}
}

// seen are s's other screens, the stray ones included: what its second
// shows.
func (s *samples) seen() (peer, all []float64, notShown, allMissed int) {
	if len(s.stray.peer)+len(s.stray.all)+s.stray.notShown+s.stray.allMissed == 0 {
		return s.peer, s.all, s.notShown, s.allMissed
	}
	return append(s.peer[:len(s.peer):len(s.peer)], s.stray.peer...), append(s.all[:len(s.all):len(s.all)], s.stray.all...),
		s.notShown + s.stray.notShown, s.allMissed + s.stray.allMissed
}

func (s *samples) add(o *samples) {
	s.actions += o.actions
	s.notShown += o.notShown
	s.allMissed += o.allMissed
	s.seconds++
	s.self = append(s.self, o.self...)
	s.peer = append(s.peer, o.peer...)
	s.all = append(s.all, o.all...)
}

// meter collects the samples of the current second and, while measuring,
// of the whole measured window.
type meter struct {
	mu        sync.Mutex
	cur       samples
	total     samples
	measuring bool
	// epoch counts the starts and ends of the window and the cuts of
	// steps: an action's other screens are its epoch's (stray in another).
	epoch uint64
}

// action records an applied action and returns its epoch, for its other
// screens (actionRec).
func (m *meter) action(self time.Duration) (epoch uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cur.actions++
	m.cur.self = append(m.cur.self, ms(self))
	return m.epoch
}

// other records one other screen of an action of epoch ep: shown after d,
// or not (notShown), and when it was the last, the action's every other
// screen (all: shown on all after worst; missed: not on one of them).
func (m *meter) other(ep uint64, d time.Duration, shown, last, missed bool, worst time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := &m.cur
	peer, all, notShown, allMissed := &s.peer, &s.all, &s.notShown, &s.allMissed
	if ep != m.epoch { // an action of another window or step
		peer, all, notShown, allMissed = &s.stray.peer, &s.stray.all, &s.stray.notShown, &s.stray.allMissed
	}
	if shown {
		*peer = append(*peer, ms(d))
	} else {
		*notShown++
	}
	switch {
	case !last:
	case missed:
		*allMissed++
	default:
		*all = append(*all, ms(worst))
	}
}

// take returns the samples since the last take, adding them to the total
// when measuring.
func (m *meter) take() (samples, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, measured := m.cur, m.measuring
	m.cur = samples{}
	if measured {
		m.total.add(&s)
	}
	return s, measured
}

// measure starts or stops adding seconds to the total.
func (m *meter) measure(on bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.measuring = on
	m.epoch++
}

func (m *meter) totals() samples {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}

// cut returns the totals so far and starts new ones (a step of a ramp).
func (m *meter) cut() samples {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.total
	m.total = samples{}
	m.epoch++
	return t
}

// newSecond summarises one second: its samples and the /proc readings of
// the server (srv0 -> srv1, when haveSrv) and of the load tool (self0 ->
// self1) at its start and end.
func newSecond(t, inGame int, s samples, measured bool, srv0, srv1 ProcSample, haveSrv bool, self0, self1 ProcSample) Second {
	peer, all, notShown, _ := s.seen()
	sec := Second{
		T: t, InGame: inGame, Measured: measured, Actions: s.actions, NotShown: notShown,
		Self: Summarize(s.self), Peer: Summarize(peer), All: Summarize(all),
		ServerCPU: -1, LoadCPU: cpuPercent(self0, self1), LoadRSSKiB: self1.RSSKiB, StealPct: -1,
	}
	if haveSrv {
		sec.ServerCPU, sec.ServerRSSKiB = cpuPercent(srv0, srv1), srv1.RSSKiB
	}
	return sec
}

// actionRec is one applied action on its way to the other humans' screens:
// All is recorded when the last of them changed.
type actionRec struct {
	at      time.Time
	m       *meter
	epoch   uint64 // the meter's when the action was applied (meter.action)
	mu      sync.Mutex
	pending int
	worst   time.Duration
	missed  bool
}

// seen records that one other screen changed d after the action (shown),
// or did not within the window.
func (a *actionRec) seen(d time.Duration, shown bool) {
	a.mu.Lock()
	a.pending--
	if !shown {
		a.missed = true
	}
	a.worst = max(a.worst, d)
	last, missed, worst := a.pending == 0, a.missed, a.worst
	a.mu.Unlock()
	a.m.other(a.epoch, d, shown, last, missed, worst)
}
