// Package enginetest is the conformance suite every boardroom game runs:
// Info, the how-to-play guide and options, determinism, snapshot round
// trips at every step, failed Apply leaving the state untouched, legal
// actions applying, out-of-turn actions refused, prompt consistency, secrecy of views, replay of the log,
// termination of random playouts, outcomes, invariants, the action codec and
// private events, and that fast paths (lent views, quiet games) change
// nothing but speed. A game's test calls Run with its Definition.
//
// Each check is a plain function returning an error, so the suite's own
// tests can show that a broken game fails it; Run wraps each one in a subtest
// whose name is stable.
package enginetest

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// Config chooses what the suite covers. Zero fields take their defaults.
type Config struct {
	Seats    []int               // seat counts to test; default: MinSeats..MaxSeats from Info
	Options  []map[string]string // option sets to test; default: {nil}
	Seeds    []uint64            // default: 1, 2, 3
	MaxSteps int                 // per random playout; default 20000
	// Perturb changes, inside a game snapshot, only what viewer may not see
	// (deck order, others' hidden cards, sealed choices of others, RNG
	// state...) and returns the new snapshot. viewer may be
	// engine.Spectator. nil: the secrecy check only checks that
	// View(viewer) is deterministic.
	Perturb func(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error)
	// Short runs fewer playouts (the first seed only) and checks the
	// expensive per-step properties at a sample of steps instead of every
	// step. Use it when testing.Short().
	Short bool
}

// DefaultMaxSteps is the step limit of a random playout when Config.MaxSteps is 0.
const DefaultMaxSteps = 20000

// check is one named property of the suite.
type check struct {
	name string
	run  func(s *suite) error
}

// checks lists the suite in the order Run runs it. Names are stable: game
// tests may select subtests with -run.
func checks() []check {
	return []check{
		{"info", checkInfo},
		{"guide", checkGuide},
		{"options", checkOptions},
		{"determinism", checkDeterminism},
		{"snapshot_roundtrip", checkRoundTrip},
		{"failed_apply_untouched", checkFailedApply},
		{"legal_actions_apply", checkLegalApply},
		{"out_of_turn_refused", checkOutOfTurn},
		{"prompt", checkPrompt},
		{"secrecy", checkSecrecy},
		{"replay", checkReplay},
		{"termination", checkTermination},
		{"outcome", checkOutcome},
		{"invariants", checkInvariants},
		{"action_codec", checkCodec},
		{"events", checkEvents},
		{"fast_paths", checkFastPaths},
		{"renew", checkRenew},
	}
}

// Run runs every check of the suite against def, each as a parallel
// subtest. The random playouts are played first; afterwards the checks only
// read them and each builds its own games.
func Run(t *testing.T, def engine.Definition, cfg Config) {
	t.Helper()
	s := newSuite(def, cfg)
	if err := s.safe(func(s *suite) error {
		for _, c := range s.cases {
			s.playout(c)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, c := range checks() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if err := s.safe(c.run); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// runCheck runs one named check; the suite's own tests use it.
func runCheck(def engine.Definition, cfg Config, name string) error {
	s := newSuite(def, cfg)
	for _, c := range checks() {
		if c.name == name {
			return s.safe(c.run)
		}
	}
	return fmt.Errorf("enginetest: no check %q", name)
}

// playCase is one setup of the suite and its random playout.
type playCase struct {
	setup engine.Setup
	done  bool
	final []byte // snapshot at the end of the playout; nil if New failed
	log   []engine.LoggedAction
	err   error
}

func (c *playCase) String() string {
	keys := make([]string, 0, len(c.setup.Options))
	for k := range c.setup.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	opts := make([]string, 0, len(keys))
	for _, k := range keys {
		opts = append(opts, k+"="+c.setup.Options[k])
	}
	return fmt.Sprintf("seats=%d options={%s} seed=%d", c.setup.Seats, strings.Join(opts, ","), c.setup.Seed)
}

type suite struct {
	def   engine.Definition
	cfg   Config
	info  engine.Info
	cases []*playCase
}

func newSuite(def engine.Definition, cfg Config) *suite {
	s := &suite{def: def, info: def.Info()}
	if len(cfg.Seats) == 0 {
		for n := s.info.MinSeats; n <= s.info.MaxSeats; n++ {
			cfg.Seats = append(cfg.Seats, n)
		}
	}
	if len(cfg.Options) == 0 {
		cfg.Options = []map[string]string{nil}
	}
	if len(cfg.Seeds) == 0 {
		cfg.Seeds = []uint64{1, 2, 3}
	}
	if cfg.Short && len(cfg.Seeds) > 1 {
		cfg.Seeds = cfg.Seeds[:1]
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = DefaultMaxSteps
	}
	s.cfg = cfg
	for _, n := range cfg.Seats {
		for _, o := range cfg.Options {
			for _, seed := range cfg.Seeds {
				s.cases = append(s.cases, &playCase{setup: engine.Setup{Seats: n, Options: o, Seed: seed}})
			}
		}
	}
	return s
}

// safe runs fn and turns a panic into an error with its stack.
func (s *suite) safe(fn func(s *suite) error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return fn(s)
}

// playoutSeed derives the seed of the rng choosing a case's random actions.
func playoutSeed(setup engine.Setup) uint64 {
	return setup.Seed*0x9e3779b97f4a7c15 + uint64(setup.Seats)*0xbf58476d1ce4e5b9 + 0x94d049bb133111eb
}

// playout returns the case's random playout, computing it once.
func (s *suite) playout(c *playCase) *playCase {
	if !c.done {
		c.done = true
		var g engine.Game
		g, c.log, c.err = RandomPlayout(s.def, c.setup, rng.FromSeed(playoutSeed(c.setup)), s.cfg.MaxSteps)
		if g != nil {
			snap, err := g.Snapshot()
			if err != nil && c.err == nil {
				c.err = fmt.Errorf("snapshot at the end of the playout: %w", err)
			}
			c.final = snap
		}
	}
	return c
}

// sampled reports whether the expensive checks look at step i.
func (s *suite) sampled(i int) bool {
	return !s.cfg.Short || i < 60 || i%11 == 0
}

// step is one position of a replayed playout.
type step struct {
	c      *playCase
	i      int // actions applied so far
	g      engine.Game
	snap   []byte
	events []engine.Event // of the action that led here; nil at step 0
	last   engine.Action  // that action
	seat   int            // its seat
	final  bool
}

func (st *step) errorf(format string, args ...any) error {
	where := fmt.Sprintf("%v, step %d", st.c, st.i)
	if st.last != nil {
		enc, _ := engine.EncodeAction(st.last)
		where += fmt.Sprintf(" (after seat %d %s)", st.seat, enc)
	}
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}

// walk replays each case's playout and calls fn at every step (every
// sampled step unless all is set; the final step always). The first error
// stops the walk.
func (s *suite) walk(all bool, fn func(st *step) error) error {
	for _, c := range s.cases {
		s.playout(c)
		g, err := s.def.New(c.setup)
		if err != nil {
			return fmt.Errorf("%v: New: %w", c, err)
		}
		st := &step{c: c, g: g}
		for i := 0; ; i++ {
			st.i, st.final = i, i == len(c.log)
			if all || st.final || s.sampled(i) {
				if st.snap, err = g.Snapshot(); err != nil {
					return st.errorf("Snapshot: %v", err)
				}
				if err := fn(st); err != nil {
					return err
				}
			}
			if st.final {
				break
			}
			la := c.log[i]
			a, err := s.def.DecodeAction(la.Action)
			if err != nil {
				return st.errorf("decoding logged action %s: %v", la.Action, err)
			}
			evs, err := g.Apply(la.Seat, a)
			if err != nil {
				return st.errorf("replaying seat %d %s: %v", la.Seat, la.Action, err)
			}
			st.events, st.last, st.seat = evs, a, la.Seat
		}
	}
	return nil
}

// restore makes an independent copy of the step's game.
func (s *suite) restore(st *step) (engine.Game, error) {
	g, err := s.def.Restore(st.snap)
	if err != nil {
		return nil, st.errorf("Restore: %v", err)
	}
	return g, nil
}
