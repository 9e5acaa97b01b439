package loadgen

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// The capacity search: with StepTables set, a play run opens StepTables
// tables at a time (up to Tables), and after each step's setup waits
// Settle and measures Hold-Settle with every table so far playing. It
// stops at the first step whose action -> every other screen p99 reaches
// StopP99 (an action that did not show on every other screen within the
// window counts as slower than any), or in which a session failed; the
// capacity is the players of the last step that kept the goal.

// DefaultStopP99 is the goal of the capacity search.
const DefaultStopP99 = 50 * time.Millisecond

// Step is one step of the capacity search. Times are in milliseconds.
type Step struct {
	Tables        int     `json:"tables"`
	Players       int     `json:"players"` // humans started so far
	InGame        int     `json:"in_game"`
	Failed        int     `json:"failed"` // sessions failed so far
	WindowSec     int     `json:"window_sec"`
	Actions       int     `json:"actions"`
	ActionsPerSec float64 `json:"actions_per_sec"`
	Self          Dist    `json:"self_ms"`
	All           Dist    `json:"all_ms"`
	AllNotShown   int     `json:"all_not_shown"` // actions not on every other screen within 650 ms
	// EveryP99 is the p99 of action -> every other screen, counting
	// AllNotShown as slower than any: the figure the goal is checked on.
	EveryP99     float64 `json:"every_p99_ms"`
	ServerCPU    float64 `json:"server_cpu_pct"` // -1: not measured
	ServerRSSKiB int64   `json:"server_rss_kib"`
	LoadCPU      float64 `json:"load_cpu_pct"`
	OK           bool    `json:"ok"`
}

// rampSteps are the table counts to measure at: Tables alone, or every
// StepTables up to Tables.
func rampSteps(cfg *Config) []int {
	if cfg.StepTables <= 0 {
		return []int{cfg.Tables}
	}
	var out []int
	for n := cfg.StepTables; n < cfg.Tables+cfg.StepTables; n += cfg.StepTables {
		out = append(out, min(n, cfg.Tables))
	}
	return out
}

// newStep judges one step from its samples and the /proc readings at the
// start and end of its window.
func newStep(cfg *Config, tables []*playTable, s samples, srv0, srv1 ProcSample, haveSrv bool, self0, self1 ProcSample) Step {
	st := Step{
		Tables: len(tables), WindowSec: s.seconds, Actions: s.actions,
		Self: Summarize(s.self), All: Summarize(s.all), AllNotShown: s.allMissed,
		EveryP99: everyP99(s.all, s.allMissed), ServerCPU: -1, LoadCPU: cpuPercent(self0, self1),
	}
	for _, t := range tables {
		st.Players += len(t.humans)
		for _, h := range t.humans {
			if h.playing.Load() {
				st.InGame++
			}
		}
	}
	st.Failed = st.Players - st.InGame
	if s.seconds > 0 {
		st.ActionsPerSec = round3(float64(s.actions) / float64(s.seconds))
	}
	if haveSrv {
		st.ServerCPU, st.ServerRSSKiB = cpuPercent(srv0, srv1), srv1.RSSKiB
	}
	st.OK = st.Failed == 0 && st.All.N > 0 && st.EveryP99 < ms(cfg.StopP99)
	return st
}

// everyP99 is the nearest-rank p99 of the shown latencies with missed
// more values slower than any (+Inf when one of them is the p99).
func everyP99(shown []float64, missed int) float64 {
	v := slices.Clone(shown)
	for range missed {
		v = append(v, math.Inf(1))
	}
	slices.Sort(v)
	p := Percentile(v, 99)
	if math.IsInf(p, 1) {
		return ms(peerWindow) + 1 // JSON has no infinity: "more than the window"
	}
	return round3(p)
}

// StepHeader heads the rows of Step.Row.
const StepHeader = `players  tables  in game  actions/s  own p50/p99 ms   every other p50/p99 ms  not shown  server CPU%  RSS MiB  load CPU%  goal`

// Row is the step as one line of text.
func (st Step) Row() string {
	srv, rss := "-", "-"
	if st.ServerCPU >= 0 {
		srv, rss = fmt.Sprintf("%.1f", st.ServerCPU), fmt.Sprintf("%.1f", float64(st.ServerRSSKiB)/1024)
	}
	goal := "met"
	if !st.OK {
		goal = "MISSED"
	}
	return fmt.Sprintf("%7d  %6d  %7d  %9.1f  %-15s  %-22s  %9d  %10s  %7s  %9.1f  %s",
		st.Players, st.Tables, st.InGame, st.ActionsPerSec, fmt.Sprintf("%.1f/%.1f", st.Self.P50, st.Self.P99),
		fmt.Sprintf("%.1f/%.1f", st.All.P50, st.EveryP99), st.AllNotShown, srv, rss, st.LoadCPU, goal)
}
