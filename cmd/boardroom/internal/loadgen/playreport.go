package loadgen

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// PlayReport is the result of a play run. Times are in milliseconds. An
// action is the key a human typed to apply a game action (roll, buy, bid,
// end turn, the yes of a question...). Self is the time from the key to
// the first change of that player's own screen; peer is the time from the
// key to the first change of each other human's screen at the table,
// counted only within 650 ms (bots move 700 ms after their turn comes, so a
// later change cannot be told from a bot's move): the others are counted in
// PeerNotShown; all is the time until the last of the other humans'
// screens changed. A change of the turn timer's countdown alone is no
// change. The summary covers the hold after the settle time; Seconds cover
// the whole run.
type PlayReport struct {
	Target         string         `json:"target"`
	HostKey        string         `json:"host_key"`
	Game           string         `json:"game"`
	Tables         int            `json:"tables"`
	HumansPerTable int            `json:"humans_per_table"`
	Seats          int            `json:"seats"`
	Started        int            `json:"tables_started"`
	Playing        int            `json:"tables_playing"` // every human reached the game
	Sessions       int            `json:"sessions"`
	InGame         int            `json:"sessions_in_game"`
	Failed         int            `json:"sessions_failed"`
	ConnectRetries int64          `json:"connect_retries"` // dials again after the server closed one in the handshake
	Failures       []Failure      `json:"failures"`
	RampPerSec     float64        `json:"ramp_per_sec"`
	RampSec        float64        `json:"setup_sec"`
	HoldSec        float64        `json:"hold_sec"`
	SetupMS        Dist           `json:"table_setup_ms"` // host's dial to the game on the host's screen
	Think          string         `json:"think"`
	Ciphers        string         `json:"ciphers"` // the ciphers offered: openssh or go (Config.Ciphers)
	Seed           uint64         `json:"seed"`
	Actions        int            `json:"actions"`         // applied in the measured window
	ActionsPerSec  float64        `json:"actions_per_sec"` // over the measured window
	ByAction       map[string]int `json:"by_action"`       // over the whole run
	SelfMS         Dist           `json:"self_ms"`
	PeerMS         Dist           `json:"peer_ms"`
	AllMS          Dist           `json:"all_ms"`
	PeerNotShown   int            `json:"peer_not_shown"`
	Stuck          int            `json:"stuck"` // Esc typed after a key changed nothing twice
	BytesTotal     int64          `json:"bytes_total"`
	Server         *Server        `json:"server,omitempty"`
	Client         Client         `json:"client"`
	Screen         string         `json:"screen"`        // one in-game human's last screen
	ScreenFailed   string         `json:"screen_failed"` // a failed human's last screen
	ScreenStuck    string         `json:"screen_stuck"`  // a screen the policy got stuck on
	Seconds        []Second       `json:"seconds"`
	// The measured seconds: the worst second's action -> every other
	// screen p99 and when it was, how many seconds had that p99 above
	// SlowSecondMS, and how many of those the host took more than
	// StealNoted of the machine's CPU in (-1: steal not known).
	WorstSecondP99MS  float64 `json:"worst_second_p99_ms"`
	WorstSecondT      int     `json:"worst_second_t"`
	SecondsOver100MS  int     `json:"seconds_over_100ms"`
	SlowSecondsStolen int     `json:"seconds_over_100ms_with_steal"`
	// The capacity search (--step-tables): each step, and the players of
	// the last step that kept the goal (0: none did).
	StepTables      int      `json:"step_tables,omitempty"`
	StopP99MS       float64  `json:"goal_p99_ms,omitempty"`
	Steps           []Step   `json:"steps,omitempty"`
	CapacityPlayers int      `json:"capacity_players"`
	Warnings        []string `json:"warnings"`
}

func newPlayReport(cfg *Config) *PlayReport {
	r := &PlayReport{
		Target: cfg.Addr, HostKey: cfg.HostKey, Game: cfg.Play, Tables: cfg.Tables,
		HumansPerTable: cfg.HumansPerTable, Seats: cfg.Seats, Sessions: cfg.Sessions,
		RampPerSec: cfg.Ramp, HoldSec: cfg.Hold.Seconds(), ByAction: map[string]int{},
		Think: cfg.Think.String(), Seed: cfg.Seed, Ciphers: cfg.Ciphers, Seconds: []Second{},
		StepTables: cfg.StepTables, StopP99MS: ms(cfg.StopP99),
		Failures: []Failure{}, Warnings: []string{},
	}
	if cfg.ServerPID > 0 {
		r.Server = &Server{PID: cfg.ServerPID, PSSBeforeKiB: -1, PSSAfterKiB: -1}
	}
	return r
}

func (r *PlayReport) warn(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}

// setServer records the server's memory (before the run, after setup) and
// its CPU over the measured part of the hold.
func (r *PlayReport) setServer(before, after, end ProcSample) {
	s := r.Server
	s.RSSBeforeKiB, s.RSSAfterKiB, s.RSSEndKiB = before.RSSKiB, after.RSSKiB, end.RSSKiB
	s.PSSBeforeKiB, s.PSSAfterKiB = before.PSSKiB, after.PSSKiB
	s.CPUPercent = cpuPercent(after, end)
	s.CPUWindowSec = round3(end.At.Sub(after.At).Seconds())
}

// aggregate fills the report from the humans' results.
func (r *PlayReport) aggregate(tables []*playTable, total samples, window time.Duration) {
	var setup []float64
	byReason := map[string]*Failure{}
	for _, t := range tables {
		all := true
		for _, h := range t.humans {
			res := &h.res
			if res.inGame {
				r.InGame++
				if r.Screen == "" || (res.actions["roll"] > 0 && !strings.Contains(r.Screen, "your move")) {
					r.Screen = res.screen
				}
			}
			if !res.ok {
				if r.ScreenFailed == "" {
					r.ScreenFailed = res.screen
				}
				all = false
				r.Failed++
				tally(byReason, res.reason, res.detail)
			}
			for k, n := range res.actions {
				r.ByAction[k] += n
			}
			r.Stuck += res.stuck
			if res.stuckScreen != "" {
				r.ScreenStuck = res.stuckScreen
			}
		}
		if all && len(t.humans) > 0 {
			r.Playing++
			if !t.startAt.IsZero() {
				setup = append(setup, ms(t.startAt.Sub(t.dialAt)))
			}
		}
	}
	for _, f := range byReason {
		r.Failures = append(r.Failures, *f)
	}
	slices.SortFunc(r.Failures, func(a, b Failure) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Reason, b.Reason))
	})
	r.SetupMS = Summarize(setup)
	r.Actions, r.PeerNotShown = total.actions, total.notShown
	r.SelfMS, r.PeerMS, r.AllMS = Summarize(total.self), Summarize(total.peer), Summarize(total.all)
	if window > 0 {
		r.ActionsPerSec = round3(float64(r.Actions) / window.Seconds())
	}
}

// WriteJSON writes the report as one JSON object.
func (r *PlayReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report for people.
func (r *PlayReport) WriteText(w io.Writer) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("boardroom load --play %s: %d tables of %d seats, %d humans each, to %s (host key %s)",
		r.Game, r.Tables, r.Seats, r.HumansPerTable, r.Target, orDash(r.HostKey))
	p("  ramp %g sessions/s (setup took %.1fs), hold %gs, think %s (seed %d), ciphers %s", r.RampPerSec, r.RampSec, r.HoldSec, r.Think, r.Seed, r.Ciphers)
	if len(r.Seconds) > 0 {
		p("%s", SecondHeader)
		for _, s := range r.Seconds {
			p("%s", s.Row())
		}
	}
	p("tables          started %d, playing %d", r.Started, r.Playing)
	p("sessions        %d, in game %d, failed %d, connections dialled again %d", r.Sessions, r.InGame, r.Failed, r.ConnectRetries)
	for _, f := range r.Failures {
		p("  %6d  %s  (e.g. %s)", f.Count, f.Reason, f.Example)
	}
	p("table setup     %s", distMS(r.SetupMS))
	keys := make([]string, 0, len(r.ByAction))
	for k := range r.ByAction {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var acts []string
	for _, k := range keys {
		acts = append(acts, fmt.Sprintf("%s %d", k, r.ByAction[k]))
	}
	p("actions         %d applied in the window (%.1f/s); whole run: %s", r.Actions, r.ActionsPerSec, strings.Join(acts, ", "))
	p("own screen      %s", distMS(r.SelfMS))
	p("each other      %s", distMS(r.PeerMS))
	p("every other     %s", distMS(r.AllMS))
	p("  other screens not changed within 650 ms: %d; keys that changed nothing (Esc typed): %d", r.PeerNotShown, r.Stuck)
	if r.WorstSecondT > 0 {
		stolen := "the host's steal not known"
		if r.SlowSecondsStolen >= 0 {
			stolen = fmt.Sprintf("%d of them with the host taking more than %g%% of the machine's CPU (steal)", r.SlowSecondsStolen, StealNoted)
		}
		p("  seconds: the worst p99 %.1f ms (t=%d); %d above %g ms, %s", r.WorstSecondP99MS, r.WorstSecondT, r.SecondsOver100MS, SlowSecondMS, stolen)
	}
	if s := r.Server; s != nil {
		p("server pid %d", s.PID)
		p("  RSS           %s before, %s after setup, %s at end of hold", kib(s.RSSBeforeKiB), kib(s.RSSAfterKiB), kib(s.RSSEndKiB))
		p("  CPU           %.1f%% of one core over %.1fs of play", s.CPUPercent, s.CPUWindowSec)
	}
	p("load tool       CPU %.1f%% of one core over the window", r.Client.CPUPercent)
	if len(r.Steps) > 0 {
		p("capacity search: %d tables a step, goal action -> every other screen p99 < %gms", r.StepTables, r.StopP99MS)
		p("%s", StepHeader)
		for _, st := range r.Steps {
			p("%s", st.Row())
		}
		p("capacity        %d players (%d humans a table, %d seats)", r.CapacityPlayers, r.HumansPerTable, r.Seats)
	}
	if r.Screen != "" {
		p("screen (one player)\n%s", r.Screen)
	}
	if r.ScreenStuck != "" {
		p("screen (the policy got stuck)\n%s", r.ScreenStuck)
	}
	if r.ScreenFailed != "" {
		p("screen (a failed player)\n%s", r.ScreenFailed)
	}
	for _, wmsg := range r.Warnings {
		p("warning: %s", wmsg)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ok reports whether every session reached its game; for a capacity
// search, whether it measured a step (it ends on the first step that
// missed the goal, failed sessions included).
func (r *PlayReport) ok() bool {
	if r.StepTables > 0 {
		return len(r.Steps) > 0
	}
	return r.Failed == 0 && r.InGame == r.Sessions
}

// A slow second: its action -> every other screen p99 above SlowSecondMS
// (the goal's "no single second above 100 ms"); StealNoted is the steal
// (in % of the machine's CPU) above which the report counts a slow second
// as one the host took the CPU in.
const (
	SlowSecondMS = 100.0
	StealNoted   = 10.0
)

// summarizeSeconds sets the worst measured second and counts the slow
// ones (action -> every other screen p99 above 100 ms).
func (r *PlayReport) summarizeSeconds() {
	r.WorstSecondP99MS, r.WorstSecondT, r.SecondsOver100MS, r.SlowSecondsStolen = 0, 0, 0, 0
	for _, s := range r.Seconds {
		if !s.Measured || s.All.N == 0 {
			continue
		}
		if r.WorstSecondT == 0 || s.All.P99 > r.WorstSecondP99MS {
			r.WorstSecondP99MS, r.WorstSecondT = s.All.P99, s.T
		}
		if s.All.P99 <= SlowSecondMS {
			continue
		}
		r.SecondsOver100MS++
		switch {
		case r.SlowSecondsStolen < 0:
		case s.StealPct < 0:
			r.SlowSecondsStolen = -1
		case s.StealPct > StealNoted:
			r.SlowSecondsStolen++
		}
	}
}

// SecondHeader heads the per-second rows of Second.Row.
const SecondHeader = `   t  in game  actions  own p50/p99/max ms     every other p50/p99/max ms  unseen  server CPU%  RSS MiB  load CPU%  steal%`

// Row is the second as one line of text; a * marks seconds of the
// measured window.
func (s Second) Row() string {
	lat := func(d Dist) string {
		if d.N == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f/%.1f/%.1f", d.P50, d.P99, d.Max)
	}
	mark := " "
	if s.Measured {
		mark = "*"
	}
	srv, rss := "-", "-"
	if s.ServerCPU >= 0 {
		srv, rss = fmt.Sprintf("%.1f", s.ServerCPU), fmt.Sprintf("%.1f", float64(s.ServerRSSKiB)/1024)
	}
	steal := "-"
	if s.StealPct >= 0 {
		steal = fmt.Sprintf("%.1f", s.StealPct)
	}
	return fmt.Sprintf("%4d%s %7d  %7d  %-22s %-27s %6d  %10s  %7s  %9.1f  %6s",
		s.T, mark, s.InGame, s.Actions, lat(s.Self), lat(s.All), s.NotShown, srv, rss, s.LoadCPU, steal)
}
