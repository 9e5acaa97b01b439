package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"boardroom/engine"
	"boardroom/engine/sim"
)

// simReport is what `boardroom sim --json` prints.
type simReport struct {
	sim.Summary
	Seconds       float64 `json:"seconds"`
	GamesPerSec   float64 `json:"games_per_sec"`
	ActionsPerSec float64 `json:"actions_per_sec"`
	// CPUSeconds is the CPU time the process spent on the games, all its
	// threads together (Linux; absent elsewhere), and GamesPerCPUSec the
	// games over it: on a shared or loaded machine wall time also counts
	// the waits for a core, CPU time does not.
	CPUSeconds     float64 `json:"cpu_seconds,omitempty"`
	GamesPerCPUSec float64 `json:"games_per_cpu_sec,omitempty"`
	Workers        int     `json:"workers"`
	// Levels and the decision times are set with bot levels (sim_levels.go).
	Levels         []levelStats `json:"levels,omitempty"`
	Decisions      int          `json:"decisions,omitempty"`
	DecisionMeanMS float64      `json:"decision_mean_ms,omitempty"`
	DecisionP50MS  float64      `json:"decision_p50_ms,omitempty"`
	DecisionP99MS  float64      `json:"decision_p99_ms,omitempty"`
	DecisionMaxMS  float64      `json:"decision_max_ms,omitempty"`
	// The same of the CPU time of the deciding thread (Linux): the cost on
	// one core, which a loaded machine does not inflate.
	DecisionCPUMeanMS float64 `json:"decision_cpu_mean_ms,omitempty"`
	DecisionCPUP50MS  float64 `json:"decision_cpu_p50_ms,omitempty"`
	DecisionCPUP99MS  float64 `json:"decision_cpu_p99_ms,omitempty"`
	DecisionCPUMaxMS  float64 `json:"decision_cpu_max_ms,omitempty"`
}

// runSim plays bot-only games and prints statistics. Exit codes: 0 when
// every game ran clean, 1 when any game broke the contract, 2 for bad flags.
// defaultSimRounds caps bot games that reach a stalemate. Property games
// played to the last one standing can go on for ever: with unlimited
// buildings, two bots that own fully built groups both gain more from the
// salary than they pay in rent (seen in 1 of 1,000 four-player Unipoly
// games, still going at round 48,521). Such a game is reported as capped,
// not as an error; a livelock within a round still hits --max-steps.
const defaultSimRounds = 1000

func runSim(args []string, stdout, stderr io.Writer) int {
	reg, err := simRegistry()
	if err != nil {
		fmt.Fprintln(stderr, "boardroom sim:", err)
		return 1
	}
	return simWith(reg, args, stdout, stderr)
}

// simWith is runSim over a given registry.
func simWith(reg *engine.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("boardroom sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameID := fs.String("game", "", "game id (see 'boardroom games')")
	games := fs.Int("games", 100, "number of games to play")
	players := fs.Int("players", 0, "seats per game (default: the game's minimum)")
	seed := fs.Uint64("seed", 1, "seed; game i's seed derives from it")
	maxRounds := fs.Int("max-rounds", defaultSimRounds, "stop a game after this many rounds and count it as capped (0: no cap)")
	maxSteps := fs.Int("max-steps", sim.DefaultMaxSteps, "actions per game before it counts as an error")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played in parallel")
	asJSON := fs.Bool("json", false, "print one JSON object")
	strongSeats := fs.String("strong-seats", "", "seats played by the strong bot, e.g. 0 or 0,2")
	botLevels := fs.String("bot-levels", "", "bot level per seat, e.g. strong,standard")
	rotate := fs.Bool("rotate", true, "with bot levels, move them one seat on every game")
	checkActions := fs.Bool("check-actions", false, "check the game's invariants after every action (slower); without it, once when each game ends")
	opts := engine.OptionFlags{}
	fs.Var(opts, "option", "game option key=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "boardroom sim: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *games < 0 || *maxRounds < 0 || *maxSteps < 1 || *workers < 1 {
		fmt.Fprintln(stderr, "boardroom sim: --games and --max-rounds must be >= 0, --max-steps and --workers >= 1")
		return 2
	}
	def, err := reg.Get(*gameID)
	if err != nil {
		fmt.Fprintf(stderr, "boardroom sim: unknown game %q; known games: %s\n", *gameID, knownGames(reg))
		return 2
	}
	if err := opts.Check(def.Info()); err != nil { // an unknown key or "key=" (not the default)
		fmt.Fprintln(stderr, "boardroom sim:", err)
		return 2
	}
	if *players == 0 {
		*players = def.Info().MinSeats
	}
	levels, err := simLevels(*players, *strongSeats, *botLevels)
	if err != nil {
		fmt.Fprintln(stderr, "boardroom sim:", err)
		return 2
	}
	var timed *timedDef
	if levels != nil {
		timed = &timedDef{Definition: def}
		def = timed
	}
	cfg := sim.Config{Def: def, Games: *games, Players: *players, Seed: *seed, Options: opts,
		MaxRounds: *maxRounds, MaxSteps: *maxSteps, Workers: *workers, Levels: levels, Rotate: *rotate,
		CheckAtEnd: !*checkActions}
	defer batchGC()()
	start := time.Now()
	cpu0, cpuOK := processCPU()
	sum, err := sim.Run(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "boardroom sim:", err)
		return 2
	}
	rep := simReport{Summary: sum, Seconds: time.Since(start).Seconds(), Workers: *workers}
	if rep.Seconds > 0 {
		rep.GamesPerSec = float64(sum.Games) / rep.Seconds
		rep.ActionsPerSec = float64(sum.Actions) / rep.Seconds
	}
	if cpu1, ok := processCPU(); ok && cpuOK && cpu1 > cpu0 {
		rep.CPUSeconds = (cpu1 - cpu0).Seconds()
		rep.GamesPerCPUSec = float64(sum.Games) / rep.CPUSeconds
	}
	if timed != nil {
		rep.Levels = levelReport(sum.WinsByLevel, sum.SeatsByLevel, *players, sum.Finished)
		wall, cpu, n := timed.decisionTimes()
		rep.Decisions = n
		rep.DecisionMeanMS, rep.DecisionP50MS, rep.DecisionP99MS, rep.DecisionMaxMS = wall.Mean, wall.P50, wall.P99, wall.Max
		rep.DecisionCPUMeanMS, rep.DecisionCPUP50MS, rep.DecisionCPUP99MS, rep.DecisionCPUMaxMS = cpu.Mean, cpu.P50, cpu.P99, cpu.Max
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "boardroom sim:", err)
			return 1
		}
	} else {
		printSim(stdout, rep)
	}
	if sum.Errors > 0 {
		fmt.Fprintf(stderr, "boardroom sim: %d of %d games broke the rules; first (game seed %d): %s\n",
			sum.Errors, sum.Games, sum.FirstSeed, sum.FirstError)
		return 1
	}
	return 0
}

func knownGames(reg *engine.Registry) string {
	var ids []string
	for _, d := range reg.List() {
		ids = append(ids, d.Info().ID)
	}
	if len(ids) == 0 {
		return "(none)"
	}
	return strings.Join(ids, ", ")
}

func printSim(w io.Writer, r simReport) {
	fmt.Fprintf(w, "game        %s, %d players, seed %d", r.Game, r.Players, r.Seed)
	if r.MaxRounds > 0 {
		fmt.Fprintf(w, ", max %d rounds", r.MaxRounds)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "games       %d\n", r.Games)
	fmt.Fprintf(w, "finished    %d\n", r.Finished)
	fmt.Fprintf(w, "capped      %d (%.1f%% of the games that ended)\n", r.Capped, 100*r.CappedShare)
	fmt.Fprintf(w, "errors      %d\n", r.Errors)
	fmt.Fprintf(w, "rounds      mean %.1f, 90th percentile %d\n", r.MeanRounds, r.P90Rounds)
	fmt.Fprintf(w, "turns       mean %.1f, 90th percentile %d\n", r.MeanTurns, r.P90Turns)
	fmt.Fprintln(w, "wins by seat")
	for seat, n := range r.WinsBySeat {
		pct := 0.0
		if r.Finished > 0 {
			pct = 100 * float64(n) / float64(r.Finished)
		}
		fmt.Fprintf(w, "  seat %d    %d (%.1f%%)\n", seat, n, pct)
	}
	fmt.Fprintln(w, "wins by position in the first turn order")
	for pos, n := range r.WinsByPosition {
		pct := 0.0
		if r.Finished > 0 {
			pct = 100 * float64(n) / float64(r.Finished)
		}
		fmt.Fprintf(w, "  %-9s %d (%.1f%%)\n", engine.Ordinal(pos+1), n, pct)
	}
	printLevels(w, r)
	fmt.Fprintf(w, "bot audit   %d deals below valuation, %d overbids, %d repeated requests, %d undone moves",
		r.DealsBelowValuation, r.Overbids, r.RepeatedRequests, r.UndoneMoves)
	if r.AuditSeed != 0 {
		fmt.Fprintf(w, " (first in game seed %d)", r.AuditSeed)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "games/sec   %.1f", r.GamesPerSec)
	if r.CPUSeconds > 0 {
		fmt.Fprintf(w, " (%.1f a CPU-second: %.2fs of CPU)", r.GamesPerCPUSec, r.CPUSeconds)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "actions/sec %.0f (%d actions, %.2fs, %d workers)\n", r.ActionsPerSec, r.Actions, r.Seconds, r.Workers)
	if r.FirstError != "" {
		fmt.Fprintf(w, "first error %s\n", r.FirstError)
	}
}

// simGCPercent is the collector's target during a simulation when GOGC is
// not set: bot-only games keep little alive and allocate steadily, so the
// default (100) collects every few games; 400 spends about a tenth less CPU
// for some 15 MB more memory.
const simGCPercent = 400

// batchGC sets the collector's target for a simulation (unless GOGC says
// otherwise) and returns what restores the previous one.
func batchGC() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(simGCPercent)
	return func() { debug.SetGCPercent(old) }
}
