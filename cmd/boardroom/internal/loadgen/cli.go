package loadgen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
)

// Exit codes of Main.
const (
	ExitOK     = 0 // every session was ok
	ExitFailed = 1 // some sessions failed, or the run could not start
	ExitUsage  = 2 // bad flags
)

// Main is `boardroom load`: it parses args, runs, and prints the report
// (text, or one JSON object with --json) on stdout and progress on stderr.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, asJSON, verbose, err := ParseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "boardroom load:", err)
		return ExitUsage
	}
	level := slog.LevelWarn
	if verbose {
		level = slog.LevelInfo
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if cfg.SelfGOGC >= 0 {
		debug.SetGCPercent(cfg.SelfGOGC)
	}
	if cfg.CPUProfile != "" {
		stop, err := startCPUProfile(cfg.CPUProfile)
		if err != nil {
			fmt.Fprintln(stderr, "boardroom load:", err)
			return ExitUsage
		}
		defer stop()
	}
	if cfg.Play != "" {
		// Each second's row on stderr as it ends: the run can be watched,
		// and stdout keeps one report (JSON or text).
		fmt.Fprintln(stderr, SecondHeader)
		cfg.OnSecond = func(s Second) { fmt.Fprintln(stderr, s.Row()) }
		cfg.OnStep = func(s Step) { fmt.Fprintf(stderr, "step: %s\n%s\n%s\n", StepHeader, s.Row(), SecondHeader) }
		rep, err := RunPlay(ctx, cfg, log)
		return finish(rep, err, asJSON, stdout, stderr)
	}
	rep, err := Run(ctx, cfg, log)
	return finish(rep, err, asJSON, stdout, stderr)
}

// report is what both modes print: the idle/keys report and the play report.
type report interface {
	WriteJSON(w io.Writer) error
	WriteText(w io.Writer) error
	ok() bool
}

// ok reports whether every session did what it was asked.
func (r *Report) ok() bool { return r.Failed == 0 && r.OK >= r.Sessions }

// finish turns a run's outcome into output and an exit status: usage errors
// exit ExitUsage, failed runs or sessions ExitFailed.
func finish(rep report, err error, asJSON bool, stdout, stderr io.Writer) int {
	var ce *ConfigError
	switch {
	case errors.As(err, &ce), errors.Is(err, ErrRemoteTarget):
		fmt.Fprintln(stderr, "boardroom load:", err)
		return ExitUsage
	case err != nil:
		fmt.Fprintln(stderr, "boardroom load:", err)
		return ExitFailed
	}
	if asJSON {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "boardroom load:", err)
		return ExitFailed
	}
	if !rep.ok() {
		return ExitFailed
	}
	return ExitOK
}

// ParseFlags parses the flags of `boardroom load` into a validated Config.
// A single positional argument is the target address.
func ParseFlags(args []string, stderr io.Writer) (cfg Config, asJSON, verbose bool, err error) {
	cfg = DefaultConfig()
	fs := flag.NewFlagSet("boardroom load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: boardroom load [flags] [HOST:PORT]")
		fmt.Fprintln(stderr, "\nOpens many concurrent ssh PTY sessions to a boardroom server and reports")
		fmt.Fprintln(stderr, "latencies, traffic and (with --server-pid) the server's memory and CPU per session.")
		fmt.Fprintln(stderr, "\nflags:")
		fs.PrintDefaults()
	}
	var keys string
	think := cfg.Think.String()
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "server `host:port` (loopback unless --allow-remote)")
	fs.BoolVar(&cfg.AllowRemote, "allow-remote", false, "allow a target that is not a loopback address")
	fs.IntVar(&cfg.Sessions, "sessions", cfg.Sessions, fmt.Sprintf("concurrent sessions (1..%d)", MaxSessions))
	fs.IntVar(&cfg.Sessions, "n", cfg.Sessions, "shorthand for --sessions")
	fs.Float64Var(&cfg.Ramp, "ramp", cfg.Ramp, "sessions started per second")
	fs.DurationVar(&cfg.Hold, "hold", cfg.Hold, "how long all sessions stay open after the ramp (max 1h)")
	fs.DurationVar(&cfg.Settle, "settle", cfg.Settle, "wait after the ramp before sampling the server (part of the hold)")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "limit for each stage: connect, handle, first byte or wait-for text")
	fs.StringVar(&cfg.Term, "term", cfg.Term, "TERM of the PTY")
	fs.IntVar(&cfg.Cols, "cols", cfg.Cols, "terminal width")
	fs.IntVar(&cfg.Rows, "rows", cfg.Rows, "terminal height")
	fs.StringVar(&cfg.User, "user", cfg.User, "ssh user name")
	fs.BoolVar(&cfg.Handles, "handles", false, "set a handle load-<n>-<random> with `handle NAME` before opening the PTY")
	fs.StringVar(&cfg.WaitFor, "wait-for", "", "`text` on screen that marks a session ready (e.g. the lobby's title)")
	fs.StringVar(&keys, "keys", "", "keys to type once ready, comma separated: Up,Down,Left,Right,Enter,Tab,Esc,Space,BSpace,C-c or literal text")
	fs.DurationVar(&cfg.KeyInterval, "key-interval", cfg.KeyInterval, "time between keys")
	fs.BoolVar(&cfg.KeysLoop, "keys-loop", false, "repeat the key script until the hold ends")
	fs.DurationVar(&cfg.Keepalive, "keepalive", 0, "send an SSH keepalive this often once ready, as ssh -o ServerAliveInterval does "+
		"(default 0: none, as ssh; a hold longer than the server's --idle-timeout then ends at it)")
	fs.BoolVar(&cfg.NoAnswer, "no-answer", false, "do not answer terminal queries (OSC 10/11, cursor position, device attributes)")
	fs.IntVar(&cfg.ServerPID, "server-pid", 0, "`pid` of the server on this machine: report its memory and CPU per session")
	fs.StringVar(&cfg.Ciphers, "ciphers", cfg.Ciphers, "the ciphers the sessions offer: openssh (OpenSSH's order, chacha20-poly1305 first, as players' ssh) or go (x/crypto's, AES-GCM first)")
	fs.StringVar(&cfg.HostKey, "host-key", "", "expected host key `SHA256:...` fingerprint (default: trust the first, require it for all)")
	fs.StringVar(&cfg.Play, "play", "", "play mode: open tables of this `game` (e.g. unipoly) and play them through the TUI")
	fs.IntVar(&cfg.Tables, "tables", cfg.Tables, "play mode: number of tables")
	fs.IntVar(&cfg.HumansPerTable, "humans-per-table", cfg.HumansPerTable, "play mode: load sessions per table (the other seats are bots)")
	fs.IntVar(&cfg.Seats, "seats", cfg.Seats, "play mode: seats per table")
	fs.StringVar(&think, "think", think, "play mode: think `time` before each decision, uniform per action per human: MIN-MAX (2s-6s), one duration, or 0 (flat out)")
	fs.Uint64Var(&cfg.Seed, "seed", 0, "play mode: seed of the humans' think times and choices (0: random; the report shows it)")
	fs.IntVar(&cfg.StepTables, "step-tables", 0, "play mode: capacity search, opening this many tables a step up to --tables, each step measured for --hold")
	fs.DurationVar(&cfg.StopP99, "p99", cfg.StopP99, "play mode: the capacity search stops at the first step whose action -> every other screen p99 reaches this")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object")
	fs.BoolVar(&verbose, "v", false, "log progress to stderr")
	fs.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write the load tool's own CPU profile to `file` (what the tool costs beside the server)")
	fs.IntVar(&cfg.SelfGOGC, "self-gogc", defaultSelfGOGC, "the load tool's own garbage collection target (as GOGC, for this process only; -1: the runtime's). The server's are its own")
	fs.StringVar(&cfg.MemProfile, "memprofile", "", "play mode: write the load tool's own heap profile to `file` at the end of the hold")
	var positional []string
	for rest := args; ; {
		if err = fs.Parse(rest); err != nil {
			return cfg, false, false, err
		}
		if fs.NArg() == 0 {
			break
		}
		positional, rest = append(positional, fs.Arg(0)), fs.Args()[1:]
	}
	switch len(positional) {
	case 0:
	case 1:
		cfg.Addr = positional[0]
	default:
		return cfg, false, false, fmt.Errorf("unexpected arguments: %s", strings.Join(positional[1:], " "))
	}
	if cfg.Think, err = ParseThink(think); err != nil {
		return cfg, false, false, err
	}
	if cfg.Keys, err = ParseKeys(keys); err != nil {
		return cfg, false, false, err
	}
	if err = cfg.Validate(); err != nil {
		return cfg, false, false, err
	}
	return cfg, asJSON, verbose, nil
}

// startCPUProfile profiles the load tool until the returned stop.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}, nil
}

// defaultSelfGOGC is the load tool's own collection target. The tool runs
// on the machine it measures and reads every session's frames; each of its
// collections (every ~25 s at 6,000 sessions with Go's default of 100) made
// its 6,000 reading goroutines help mark, took the cores from the server
// for half a second, and was the only cause of the seconds over 50 ms left
// in a run (docs/capacity.md). At 400 it collects a fifth as often, with
// more memory; the server keeps Go's defaults.
const defaultSelfGOGC = 400

// writeHeapProfile writes the tool's heap profile (after a collection, so it
// shows what is live) to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
