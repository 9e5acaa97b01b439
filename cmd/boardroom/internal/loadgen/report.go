package loadgen

import (
	"cmp"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"
)

// Report is the result of a load run. Stage times are in milliseconds:
// connect from dial to SSH handshake done; handle for the `handle NAME`
// command; first byte and wait-for from the shell request. Key latency is
// the time from a key sent to the next output of that session, the basis
// for a later "every screen updated within N ms" play mode.
type Report struct {
	Target      string    `json:"target"`
	HostKey     string    `json:"host_key"`
	Sessions    int       `json:"sessions"`
	Started     int       `json:"started"`
	OK          int       `json:"ok"`
	Failed      int       `json:"failed"`
	Failures    []Failure `json:"failures"`
	RampPerSec  float64   `json:"ramp_per_sec"`
	RampSec     float64   `json:"ramp_sec"`
	HoldSec     float64   `json:"hold_sec"`
	Term        string    `json:"term"`
	Ciphers     string    `json:"ciphers"` // the ciphers offered: openssh or go (Config.Ciphers)
	Cols        int       `json:"cols"`
	Rows        int       `json:"rows"`
	Handles     bool      `json:"handles"`
	WaitFor     string    `json:"wait_for"`
	ConnectMS   Dist      `json:"connect_ms"`
	HandleMS    Dist      `json:"handle_ms"`
	FirstByteMS Dist      `json:"first_byte_ms"`
	WaitForMS   Dist      `json:"wait_for_ms"`
	DialReadyMS Dist      `json:"dial_to_ready_ms"` // from the dial to the first byte or wait-for text
	Keys        KeyStats  `json:"keys"`
	Traffic     Traffic   `json:"traffic"`
	Queries     Queries   `json:"queries"`
	Server      *Server   `json:"server,omitempty"`
	Client      Client    `json:"client"`
	// Screens: the end of the visible text of the first ok and the first
	// failed session, to pick a --wait-for text or see why sessions failed.
	ScreenOK     string   `json:"screen_ok"`
	ScreenFailed string   `json:"screen_failed"`
	Warnings     []string `json:"warnings"`
}

// Failure counts the sessions that failed for one reason, with the error
// text of one of them.
type Failure struct {
	Reason  string `json:"reason"`
	Count   int    `json:"count"`
	Example string `json:"example"`
}

// KeyStats covers the keystroke script.
type KeyStats struct {
	Script    []string `json:"script"`
	Sent      int      `json:"sent"`
	NoOutput  int      `json:"no_output"` // keys not followed by any output before the next key or the end
	LatencyMS Dist     `json:"latency_ms"`
}

// Traffic is what the sessions received.
type Traffic struct {
	BytesTotal int64 `json:"bytes_total"`
	// PerSessionPerSec: each session's bytes over the time its shell was open.
	PerSessionPerSec Dist `json:"per_session_per_sec"`
	// WindowPerSessionPerSec: bytes per session per second during the
	// measurement window (after ramp and settle, to the end of the hold).
	WindowPerSessionPerSec float64 `json:"window_per_session_per_sec"`
	WindowSec              float64 `json:"window_sec"`
}

// Queries are the terminal queries seen in all sessions' output.
type Queries struct {
	Answered bool `json:"answered"`
	QueryCounts
}

// Server is the server's memory and CPU, from /proc. Memory is sampled
// before the first session and after the ramp and settle time; CPU over the
// window from that sample to the end of the hold.
type Server struct {
	PID              int     `json:"pid"`
	RSSBeforeKiB     int64   `json:"rss_before_kib"`
	RSSAfterKiB      int64   `json:"rss_after_kib"`
	RSSPerSessionKiB float64 `json:"rss_per_session_kib"`
	PSSBeforeKiB     int64   `json:"pss_before_kib"` // -1: unavailable
	PSSAfterKiB      int64   `json:"pss_after_kib"`
	PSSPerSessionKiB float64 `json:"pss_per_session_kib"`
	RSSEndKiB        int64   `json:"rss_end_kib"` // at the end of the hold
	// RSSEndPerSessionKiB is the growth from before the first session to the
	// end of the hold per session: what sessions that have settled hold,
	// without the transient part of arriving (handshake stacks the
	// collector has not shrunk yet, the collector's room at that moment).
	RSSEndPerSessionKiB float64 `json:"rss_end_per_session_kib"`
	CPUPercent          float64 `json:"cpu_percent"` // of one core over the window
	CPUWindowSec        float64 `json:"cpu_window_sec"`
	Idle                bool    `json:"idle"`               // no keys were typed during the window
	SessionsAtSample    int64   `json:"sessions_at_sample"` // ready sessions when "after" was sampled
}

// Client is this load generator's own side.
type Client struct {
	NoFileSoft uint64  `json:"nofile_soft"`
	NoFileHard uint64  `json:"nofile_hard"`
	CPUPercent float64 `json:"cpu_percent"` // of one core over the window
}

func newReport(cfg *Config) *Report {
	r := &Report{
		Target: cfg.Addr, Sessions: cfg.Sessions, RampPerSec: cfg.Ramp,
		HoldSec: cfg.Hold.Seconds(), Term: cfg.Term, Ciphers: cfg.Ciphers, Cols: cfg.Cols, Rows: cfg.Rows,
		Handles: cfg.Handles, WaitFor: cfg.WaitFor,
		Failures: []Failure{}, Warnings: []string{},
		Queries: Queries{Answered: !cfg.NoAnswer},
	}
	r.Keys.Script = []string{}
	for _, k := range cfg.Keys {
		r.Keys.Script = append(r.Keys.Script, k.Name)
	}
	if cfg.ServerPID > 0 {
		r.Server = &Server{PID: cfg.ServerPID, Idle: len(cfg.Keys) == 0}
	}
	return r
}

// screenSample is how much of a session's text a report keeps.
const screenSample = 300

// screenTail returns at most n bytes from the end of s, cut at a rune start.
func screenTail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

func (r *Report) warn(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}

func (r *Report) setServer(before, after, end ProcSample, sessions int64) {
	s := r.Server
	s.SessionsAtSample = sessions
	s.RSSBeforeKiB, s.RSSAfterKiB, s.RSSEndKiB = before.RSSKiB, after.RSSKiB, end.RSSKiB
	s.PSSBeforeKiB, s.PSSAfterKiB = before.PSSKiB, after.PSSKiB
	s.CPUPercent = cpuPercent(after, end)
	s.CPUWindowSec = round3(end.At.Sub(after.At).Seconds())
}

// aggregate fills the report from the sessions' results.
func (r *Report) aggregate(results []sessionResult, window time.Duration, windowBytes int64) {
	var connect, handle, first, wait, ready, lat, rate []float64
	byReason := map[string]*Failure{}
	for i := range results {
		res := &results[i]
		if res.ok {
			r.OK++
			if r.ScreenOK == "" {
				r.ScreenOK = res.screen
			}
		} else {
			if r.ScreenFailed == "" {
				r.ScreenFailed = res.screen
			}
			r.Failed++
			tally(byReason, res.reason, res.detail)
		}
		if res.connect > 0 {
			connect = append(connect, ms(res.connect))
		}
		if res.hasHandle {
			handle = append(handle, ms(res.handle))
		}
		if res.hasFirst {
			first = append(first, ms(res.firstByte))
		}
		if res.hasWaitFor {
			wait = append(wait, ms(res.waitFor))
		}
		if res.dialReady > 0 {
			ready = append(ready, ms(res.dialReady))
		}
		for _, d := range res.keyLat {
			lat = append(lat, ms(d))
		}
		if res.ok && res.open > 0 {
			rate = append(rate, float64(res.bytes)/res.open.Seconds())
		}
		r.Keys.Sent += res.keysSent
		r.Keys.NoOutput += res.keysNoOutput
		r.Traffic.BytesTotal += res.bytes
		r.Queries.add(res.queries)
	}
	for _, f := range byReason {
		r.Failures = append(r.Failures, *f)
	}
	slices.SortFunc(r.Failures, func(a, b Failure) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Reason, b.Reason))
	})
	r.ConnectMS, r.HandleMS, r.FirstByteMS, r.WaitForMS = Summarize(connect), Summarize(handle), Summarize(first), Summarize(wait)
	r.Keys.LatencyMS = Summarize(lat)
	r.DialReadyMS = Summarize(ready)
	r.Traffic.PerSessionPerSec = Summarize(rate)
	r.Traffic.WindowSec = round3(window.Seconds())
	if r.OK > 0 && window > 0 {
		r.Traffic.WindowPerSessionPerSec = round3(float64(windowBytes) / float64(r.OK) / window.Seconds())
	}
	if s := r.Server; s != nil && s.SessionsAtSample > 0 {
		n := float64(s.SessionsAtSample)
		s.RSSPerSessionKiB = round3(float64(s.RSSAfterKiB-s.RSSBeforeKiB) / n)
		if s.RSSEndKiB > 0 {
			s.RSSEndPerSessionKiB = round3(float64(s.RSSEndKiB-s.RSSBeforeKiB) / n)
		}
		if s.PSSBeforeKiB >= 0 && s.PSSAfterKiB >= 0 {
			s.PSSPerSessionKiB = round3(float64(s.PSSAfterKiB-s.PSSBeforeKiB) / n)
		}
		if s.RSSPerSessionKiB < 1 {
			r.warn("the server's memory hardly grew (%.1f KiB per session): a server that served sessions before keeps "+
				"that memory in its heap; restart it before measuring memory per session", s.RSSPerSessionKiB)
		}
	}
}

// tally counts a failed session under its reason, keeping the first
// session's error as the reason's example.
func tally(byReason map[string]*Failure, reason, detail string) {
	f := byReason[reason]
	if f == nil {
		f = &Failure{Reason: reason, Example: detail}
		byReason[reason] = f
	}
	f.Count++
}
