// Package sim plays bot-only games for `boardroom sim`: every seat is the
// game's own bot, which sees only its own View and Legal actions. Each game
// is checked as it goes (engine.Checker invariants after every action, or
// once at its end with Config.CheckAtEnd; bots' actions accepted,
// a prompt that waits on someone, a step limit), and the results are
// summed into a Summary that depends only on the configuration, never on
// the number of workers. Timing is left to the caller: this package reads
// no clock.
package sim

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"sync"

	"boardroom/engine"
)

// DefaultMaxSteps bounds the actions of one game when Config.MaxSteps is 0.
const DefaultMaxSteps = 200000

// Config is one simulation run.
type Config struct {
	Def       engine.Definition
	Games     int               // number of games
	Players   int               // seats per game
	Seed      uint64            // game i's seed is GameSeed(Seed, i)
	Options   map[string]string // game options; validated, defaults filled in
	MaxRounds int               // stop a game once Round() > MaxRounds; 0: no cap
	MaxSteps  int               // actions per game before it is an error; 0: DefaultMaxSteps
	Workers   int               // games played at once; < 1 means 1
	// Levels is each seat's bot level (engine.Leveled), "" for the
	// standard bot; nil: every seat standard. With Rotate, game i moves
	// every level i seats on, so that a level plays every seat in turn.
	Levels []string
	Rotate bool
	// CheckAtEnd checks a game's invariants (engine.Checker) once, when it
	// stops, instead of after every action: a speed run leaves the
	// per-action checks to the games' tests (conformance suites, fuzzing)
	// and still finds a state left broken.
	CheckAtEnd bool
}

// Level is the bot level of seat in game index i ("" for standard).
func (c Config) Level(i, seat int) string {
	n := len(c.Levels)
	if n == 0 {
		return ""
	}
	k := seat
	if c.Rotate {
		k = ((seat-i)%n + n) % n
	}
	if k >= n {
		return ""
	}
	return c.Levels[k]
}

// Errors of a game that break the contract. Each GameResult.Err wraps one
// of them (or is a panic turned into an error).
var (
	ErrInvariant  = errors.New("invariant broken")
	ErrBotIllegal = errors.New("bot chose an illegal action")
	ErrStuck      = errors.New("prompt waits on nobody but the game is not finished")
	ErrStepLimit  = errors.New("step limit reached")
	ErrSetup      = errors.New("game could not be set up")
)

// GameResult is how one game went.
type GameResult struct {
	Index    int
	Seed     uint64
	Finished bool
	// Capped: stopped because Round() passed MaxRounds, or finished by
	// the game's own round cap (engine.RoundCapped).
	Capped     bool
	Rounds     int   // rounds played: Round() at the end, MaxRounds when capped
	Turns      int   // turns played (see seeTurn)
	Actions    int   // actions applied
	Placements []int // per seat, when finished
	// Order is the first round's turn order (engine.TurnOrdered), seat
	// order for games that do not say.
	Order []int
	// Levels is each seat's bot level ("" standard).
	Levels []string
	// Audit is what the game's auditor counted (engine.Auditor).
	Audit engine.BotAudit
	Err   error
}

// mix is SplitMix64's finaliser: a bijective scramble of a 64-bit value.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// GameSeed is the seed of game index i of a run seeded with seed.
func GameSeed(seed uint64, i int) uint64 {
	return mix(seed + uint64(i+1)*0x9e3779b97f4a7c15)
}

// BotSeed is the seed of seat's bot in a game seeded with gameSeed.
func BotSeed(gameSeed uint64, seat int) uint64 {
	return mix(gameSeed ^ mix(uint64(seat)+0x5851f42d4c957f2d))
}

// Play plays game index i of cfg (whose options must already be valid).
// A panic inside the game or a bot becomes the result's error.
func Play(cfg Config, i int) GameResult {
	var w Worker
	return w.play(cfg, i)
}

// Worker plays games one after another, as one of Run's goroutines does:
// each game in the memory of the one before where the game and its bots
// can be renewed (engine.Renewer, engine.BotRenewer), which plays exactly
// as new ones would. Its zero value is ready; a Worker is not for
// concurrent use.
type Worker struct {
	g      engine.Game
	def    engine.Definition
	bots   []engine.Bot
	levels []string // each bot's level
	aud    engine.Auditor
	audDef engine.Definition // the game aud audits
	// played counts the actions its games played in their own loop
	// (engine.StepPlayer), for the tests
	played int
	// a game's lists and loop that no result keeps, reused by the next
	// game: each seat's lazy bot and whether it reads the game (driver),
	// and the game's own loop (engine.StepRun). Made new, they were five
	// of a Unipoly game's twenty allocations.
	lazy  []engine.LazyChooser
	reads []bool
	run   engine.StepRun
}

// Play plays game index i of cfg (whose options must already be valid),
// as the package's Play does.
func (w *Worker) Play(cfg Config, i int) GameResult { return w.play(cfg, i) }

// newGame returns a game of setup: the worker's last one renewed, when it
// is of the same game and can be, else a new one. Nil g: nothing to renew.
func (w *Worker) newGame(def engine.Definition, setup engine.Setup) (engine.Game, error) {
	g := w.g
	w.g = nil // until this game ends without a panic (see play)
	if g == nil || !sameDef(w.def, def) {
		return def.New(setup)
	}
	return engine.Renew(def, g, setup)
}

// bot returns seat's bot of level for a game: the worker's last bot of the
// seat renewed when it was of the same level and can be, else a new one.
func (w *Worker) bot(def engine.Definition, level string, seat int, seed uint64) (engine.Bot, error) {
	if seat < len(w.bots) && w.bots[seat] != nil && w.levels[seat] == level {
		if r, ok := w.bots[seat].(engine.BotRenewer); ok {
			r.Renew(seat, seed)
			return w.bots[seat], nil
		}
	}
	return engine.NewLeveledBot(def, level, seat, seed)
}

// sameDef reports whether a and b are the same definition (false for a
// type whose values cannot be compared: == would panic).
func sameDef(a, b engine.Definition) bool {
	ta := reflect.TypeOf(a)
	return ta != nil && ta == reflect.TypeOf(b) && ta.Comparable() && a == b
}

// auditor returns an auditor for a game of def: the worker's last one
// renewed when it can be (engine.AuditRenewer), else a new one.
func (w *Worker) auditor(def engine.Definition, players int) engine.Auditor {
	if r, ok := w.aud.(engine.AuditRenewer); ok && sameDef(w.audDef, def) {
		r.Renew(players)
		return w.aud
	}
	w.aud, w.audDef = engine.NewAuditor(def, players), def
	return w.aud
}

func (w *Worker) play(cfg Config, i int) (res GameResult) {
	res = GameResult{Index: i, Seed: GameSeed(cfg.Seed, i)}
	// the bots' list, the worker's last (bot renews each seat's in
	// place); the result's lists are its own
	bots := w.bots
	if len(bots) != cfg.Players {
		bots = make([]engine.Bot, cfg.Players)
	}
	res.Levels = make([]string, cfg.Players)
	var g engine.Game
	defer func() {
		if p := recover(); p != nil {
			res.Finished, res.Capped = false, false
			res.Err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
			w.bots, w.levels, w.aud = nil, nil, nil // nothing of a broken game is kept
			return
		}
		// the game and bots serve the worker's next game
		w.g, w.def, w.bots, w.levels = g, cfg.Def, bots, res.Levels
	}()
	maxSteps := cfg.MaxSteps
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	g, err := w.newGame(cfg.Def, engine.Setup{Seats: cfg.Players, Options: cfg.Options, Seed: res.Seed})
	if err != nil {
		res.Err = fmt.Errorf("%w: %w", ErrSetup, err)
		return res
	}
	// Nobody reads this game's events or their sentences, the bots choose
	// at once, and the game is played through at once: the game's fast
	// paths (engine.SetQuiet, engine.SetMute, engine.PeekView,
	// engine.SetBatch) change nothing but speed and memory.
	engine.SetQuiet(g, true)
	engine.SetMute(g, true)
	engine.SetBatch(g, true)
	// the turn order and, once the game is finished, the placements: one
	// list of the result's
	ints := make([]int, 2*cfg.Players)
	res.Order = turnOrder(g, ints[:cfg.Players:cfg.Players])
	for seat := range bots {
		res.Levels[seat] = cfg.Level(i, seat)
		if bots[seat], err = w.bot(cfg.Def, res.Levels[seat], seat, BotSeed(res.Seed, seat)); err != nil {
			clear(bots[seat:]) // the seats after have no bot of their level
			res.Err = fmt.Errorf("%w: %w", ErrSetup, err)
			return res
		}
	}
	// The game's and the bots' fast paths, looked up once per game rather
	// than at every step (engine.PeekView and engine.ChooseAction would).
	if len(w.lazy) != len(bots) {
		w.lazy, w.reads = make([]engine.LazyChooser, len(bots)), make([]bool, len(bots))
	}
	d := driver{g: g, src: g, bots: bots, lazy: w.lazy, reads: w.reads}
	d.peek, _ = g.(engine.ViewPeeker)
	for seat, b := range bots {
		d.lazy[seat], _ = b.(engine.LazyChooser)
		r, ok := b.(engine.GameReader)
		d.reads[seat] = ok && d.lazy[seat] != nil && r.ReadsGame(g)
	}
	if d.peek != nil {
		d.fast = d.lazy
	}
	checker, _ := g.(engine.Checker)
	auditor := w.auditor(cfg.Def, cfg.Players)
	if auditor != nil {
		defer func() { res.Audit = auditor.Audit() }()
	}
	var turns engine.TurnCount
	defer func() { res.Turns = turns.N }()
	aw, _ := g.(engine.SeatAwaiter)
	d.seats, _ = g.(engine.SeatsAwaiter)
	// the steps the loop serves itself (fastSteps) where no invariant is
	// checked between them
	fast := aw != nil && d.fast != nil && (checker == nil || cfg.CheckAtEnd)
	// the game's own loop of those steps (engine.StepPlayer), the
	// sealed bids too
	var sp engine.StepPlayer
	run := &w.run
	*run = engine.StepRun{}
	if fast && playSteps {
		if sp, _ = g.(engine.StepPlayer); sp != nil {
			*run = engine.StepRun{Bots: d.fast, Reads: d.reads, Auditor: auditor, MaxRounds: cfg.MaxRounds, MaxSteps: maxSteps}
		}
	}
	for {
		if sp != nil {
			before := res.Actions
			res.Err = playedSteps(&d, sp, run, &res, &turns)
			if w.played += res.Actions - before; res.Err != nil {
				return res
			}
		} else if fast {
			if res.Err = fastSteps(&d, aw, auditor, &res, &turns, cfg.MaxRounds, maxSteps); res.Err != nil {
				return res
			}
		}
		round := g.Round()
		// The usual step, told by the game without its Prompt and Outcome
		// (engine.SeatAwaiter): one seat awaited, so the game is not over.
		// Their calls were 4-6% of a property game's sim.
		goOn := (cfg.MaxRounds <= 0 || round <= cfg.MaxRounds) && res.Actions < maxSteps
		if aw != nil && goOn {
			if seat, answer, ok := aw.AwaitedSeat(); ok {
				if checker != nil && !cfg.CheckAtEnd {
					if res.Err = invariants(checker, res.Actions); res.Err != nil {
						return res
					}
				}
				// act's work without its calls where the game lends
				// views and the seat's bot chooses lazily (a simulation
				// of the property games: every step but the bids): one
				// step of fastSteps, whose loop runs between invariants
				// checked at every step
				if d.fastOf(seat) != nil {
					if res.Err = fastSteps(&d, aw, auditor, &res, &turns, cfg.MaxRounds, res.Actions+1); res.Err != nil {
						return res
					}
					continue
				}
				turns.SeeOne(seat, answer)
				if err := act(&d, nil, auditor, &res, seat); err != nil {
					res.Err = err
					return res
				}
				continue
			}
		}
		// A sealed bid, told the same way (engine.SeatsAwaiter): the
		// property games' auctions, whose Prompt and Outcome were 0.6-1.1%
		// of their sims.
		if d.seats != nil && goOn {
			if seats, ok := d.seats.AwaitedSeats(); ok && seats != 0 {
				if checker != nil && !cfg.CheckAtEnd {
					if res.Err = invariants(checker, res.Actions); res.Err != nil {
						return res
					}
				}
				if err := stepSeats(&d, seats, auditor, &res); err != nil {
					res.Err = err
					return res
				}
				continue
			}
		}
		// One Outcome per step otherwise: the loop asks it of every
		// action, and a property game's were 5% of a sim.
		out := g.Outcome()
		// whether the loop ends the game before its next action (finished,
		// capped or at the step limit: the checks below), worked out here
		// without a copy of cfg per action
		stops := out.Finished || cfg.MaxRounds > 0 && round > cfg.MaxRounds || res.Actions >= maxSteps
		if checker != nil && (!cfg.CheckAtEnd || stops) {
			if res.Err = invariants(checker, res.Actions); res.Err != nil {
				return res
			}
		}
		if out.Finished {
			res.Finished, res.Rounds = true, round
			if rc, ok := g.(engine.RoundCapped); ok && rc.StoppedAtCap() {
				res.Capped = true
			}
			res.Placements = ints[cfg.Players:]
			for _, r := range out.Results {
				if r.Seat >= 0 && r.Seat < cfg.Players {
					res.Placements[r.Seat] = r.Placement
				}
			}
			return res
		}
		if cfg.MaxRounds > 0 && round > cfg.MaxRounds {
			res.Capped, res.Rounds = true, cfg.MaxRounds
			return res
		}
		if res.Actions >= maxSteps {
			res.Err = fmt.Errorf("%w: %d actions, round %d", ErrStepLimit, res.Actions, round)
			return res
		}
		p := g.Prompt()
		seeTurn(&turns, &p)
		if err := step(&d, &p, auditor, &res); err != nil {
			res.Err = err
			return res
		}
	}
}

// invariants is c's invariant check after actions actions, as the
// result's error (nil: they hold).
func invariants(c engine.Checker, actions int) error {
	if err := c.CheckInvariants(); err != nil {
		return fmt.Errorf("%w after %d actions: %w", ErrInvariant, actions, err)
	}
	return nil
}

// seeTurn counts p's step in t (engine.TurnCount): a turn starts
// whenever a different seat than the last one becomes the one acting in an
// ordinary (not simultaneous, not answering) decision. Sealed bids, secret
// selections and answers to proposals happen inside someone's turn; a
// player's debt in another player's turn counts as a turn of its own.
func seeTurn(t *engine.TurnCount, p *engine.Prompt) {
	if p.Simultaneous || len(p.Waiting) == 0 {
		return
	}
	t.SeeOne(p.Waiting[0].Seat, p.DecisionKind() == engine.DecisionAnswer)
}

// Run validates cfg and plays its games on cfg.Workers goroutines. The
// summary is the same for any number of workers.
func Run(cfg Config) (Summary, error) {
	if cfg.Def == nil {
		return Summary{}, errors.New("sim: no game")
	}
	if cfg.Games < 0 {
		return Summary{}, fmt.Errorf("sim: %d games", cfg.Games)
	}
	opts, err := cfg.Def.ValidateOptions(cfg.Players, cfg.Options)
	if err != nil {
		return Summary{}, fmt.Errorf("sim: %w", err)
	}
	cfg.Options = opts
	for _, l := range cfg.Levels {
		if !engine.HasLevel(cfg.Def, l) {
			return Summary{}, fmt.Errorf("sim: %w %q for %s", engine.ErrUnknownLevel, l, cfg.Def.Info().ID)
		}
	}
	results := make([]GameResult, cfg.Games)
	workers := min(max(cfg.Workers, 1), max(cfg.Games, 1))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w Worker // each game in the memory of the worker's last
			for i := range jobs {
				results[i] = w.Play(cfg, i) // Play recovers its own panics
			}
		}()
	}
	for i := range results {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return Summarize(cfg, results), nil
}

// turnOrder writes to order (one element a seat) the game's first turn
// order, or seat order when the game does not say (or says something that
// is not a permutation of the seats), and returns it.
func turnOrder(g engine.Game, order []int) []int {
	players := len(order)
	var got []int
	if ta, ok := g.(turnOrderAppender); ok {
		got = ta.AppendTurnOrder(order[:0])
	} else if to, ok := g.(engine.TurnOrdered); ok {
		got = to.TurnOrder()
	}
	if len(got) == players {
		seen := make([]bool, players)
		valid := true
		for _, seat := range got {
			if seat < 0 || seat >= players || seen[seat] {
				valid = false
				break
			}
			seen[seat] = true
		}
		if valid {
			return append(order[:0], got...) // a copy onto itself when appended
		}
	}
	for i := range order {
		order[i] = i
	}
	return order
}

// turnOrderAppender is a game whose turn order (engine.TurnOrdered) is
// appended to a list of the caller's rather than copied anew.
type turnOrderAppender interface {
	AppendTurnOrder(dst []int) []int
}
