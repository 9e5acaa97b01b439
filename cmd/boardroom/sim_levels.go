package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/engine"
)

// simLevels reads `boardroom sim`'s bot level flags into one level per
// seat: --strong-seats "0,2" makes those seats strong, --bot-levels
// "strong,standard" names each seat's level (missing seats standard).
func simLevels(players int, strongSeats, botLevels string) ([]string, error) {
	if strongSeats == "" && botLevels == "" {
		return nil, nil
	}
	levels := make([]string, players)
	if botLevels != "" {
		for i, l := range strings.Split(botLevels, ",") {
			if i >= players {
				return nil, fmt.Errorf("--bot-levels names %d seats; the game has %d", i+1, players)
			}
			levels[i] = strings.TrimSpace(l)
		}
	}
	if strongSeats != "" {
		for _, f := range strings.Split(strongSeats, ",") {
			seat, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || seat < 0 || seat >= players {
				return nil, fmt.Errorf("--strong-seats: %q is not a seat from 0 to %d", f, players-1)
			}
			levels[seat] = engine.LevelStrong
		}
	}
	return levels, nil
}

// timedDef times every decision of its leveled bots (not of standard
// ones). The simulator reads no clock; the command does, here.
type timedDef struct {
	engine.Definition
	mu  sync.Mutex
	dur []time.Duration // wall time of each decision
	cpu []time.Duration // CPU time of its thread, where it can be read
}

// BotLevels implements engine.Leveled.
func (d *timedDef) BotLevels() []engine.BotLevel { return engine.BotLevels(d.Definition) }

// NewAuditor implements engine.Audited: games with bot levels are audited
// as plain ones (the wrapper would otherwise hide the game's auditor).
func (d *timedDef) NewAuditor(players int) engine.Auditor {
	return engine.NewAuditor(d.Definition, players)
}

// NewBotLevel implements engine.Leveled.
func (d *timedDef) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	b, err := engine.NewLeveledBot(d.Definition, level, seat, seed)
	if err != nil {
		return nil
	}
	if level == "" || level == engine.LevelStandard {
		return b
	}
	return &timedBot{b: b, d: d}
}

type timedBot struct {
	b engine.Bot
	d *timedDef
}

func (t *timedBot) Choose(v engine.View, legal []engine.Action) engine.Action {
	var a engine.Action
	start := time.Now()
	cpu, ok := threadCPU(func() { a = t.b.Choose(v, legal) })
	el := time.Since(start)
	t.d.mu.Lock()
	t.d.dur = append(t.d.dur, el)
	if ok {
		t.d.cpu = append(t.d.cpu, cpu)
	}
	t.d.mu.Unlock()
	return a
}

// timeStats are the mean, median, 99th percentile and maximum of some
// decision times, in milliseconds.
type timeStats struct {
	Mean, P50, P99, Max float64
}

// decisionTimes is the statistics of the timed decisions' wall times and
// of their threads' CPU times (zero where the CPU time cannot be read),
// and how many decisions were timed.
func (d *timedDef) decisionTimes() (wall, cpu timeStats, n int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return statsOf(d.dur), statsOf(d.cpu), len(d.dur)
}

func statsOf(ds []time.Duration) timeStats {
	n := len(ds)
	if n == 0 {
		return timeStats{}
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	var sum time.Duration
	for _, x := range ds {
		sum += x
	}
	ms := func(x time.Duration) float64 { return float64(x) / float64(time.Millisecond) }
	at := func(pct int) float64 { return ms(ds[(pct*n+99)/100-1]) }
	return timeStats{Mean: ms(sum) / float64(n), P50: at(50), P99: at(99), Max: ms(ds[n-1])}
}

// levelStats is one level's line of the report.
type levelStats struct {
	Level string  `json:"level"`
	Seats int     `json:"seats"` // seats played in finished games
	Wins  int     `json:"wins"`
	Share float64 `json:"share"` // wins over games finished with that level
	Low   float64 `json:"low95"` // Wilson 95% interval of Share
	High  float64 `json:"high95"`
}

// levelReport sums wins per level; games counts finished games.
func levelReport(wins, seats map[string]int, players, games int) []levelStats {
	var out []levelStats
	keys := make([]string, 0, len(seats))
	for l := range seats {
		keys = append(keys, l)
	}
	slices.Sort(keys)
	for _, l := range keys {
		// a level's games: its seats over the seats it has per game, at
		// least one (with one strong seat per game, the games played)
		n := seats[l]
		st := levelStats{Level: l, Seats: n, Wins: wins[l]}
		if n > 0 {
			st.Share = float64(st.Wins) / float64(n)
			st.Low, st.High = wilson(st.Wins, n)
		}
		out = append(out, st)
	}
	return out
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return max(0, mid-half), min(1, mid+half)
}

func printLevels(w io.Writer, r simReport) {
	if len(r.Levels) == 0 {
		return
	}
	fmt.Fprintln(w, "wins by bot level (share of the seats it played; 95% interval)")
	for _, l := range r.Levels {
		fmt.Fprintf(w, "  %-9s %d of %d (%.1f%%, %.1f%%-%.1f%%)\n", l.Level, l.Wins, l.Seats, 100*l.Share, 100*l.Low, 100*l.High)
	}
	if r.Decisions > 0 {
		fmt.Fprintf(w, "decisions   %d of leveled bots: mean %.2f ms, median %.2f ms, 99th percentile %.2f ms, max %.2f ms\n",
			r.Decisions, r.DecisionMeanMS, r.DecisionP50MS, r.DecisionP99MS, r.DecisionMaxMS)
	}
	if r.DecisionCPUMaxMS > 0 {
		fmt.Fprintf(w, "  CPU time of one core: mean %.2f ms, median %.2f ms, 99th percentile %.2f ms, max %.2f ms\n",
			r.DecisionCPUMeanMS, r.DecisionCPUP50MS, r.DecisionCPUP99MS, r.DecisionCPUMaxMS)
	}
}
