package billionaire

import (
	"encoding/json"
	"fmt"
	"strconv"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// Definition is the registry entry of IT Billionaire.
type Definition struct{}

// ID is the game id.
const ID = "billionaire"

// OptRounds is the round-limit option (R003-01: 25; shorter games for
// learning and for tests).
const OptRounds = "rounds"

// OptOrder is the turn-order option (G003-11): "clockwise" is R003-05 as
// written (the poorest first, then clockwise); "capital", the default,
// orders every player by capital before the round, poorest first. With
// 2,000 bot games per seed, "capital" kept the positions of the first
// round's turn order within 5 points at 2, 3 and 4 players for every seed
// measured; "clockwise" did not (3 players 7.4, 4 players 7.0).
const OptOrder = "order"

// Values of OptOrder.
const (
	OrderClockwise = "clockwise"
	OrderCapital   = "capital"
)

// Info implements engine.Definition.
func (Definition) Info() engine.Info {
	info := info()
	info.Guide = guide()
	return info
}

// info is Info without the guide, which is written from the rules' tables
// at every call: ValidateOptions (so every New) reads only the seats,
// title and options.
func info() engine.Info {
	return engine.Info{
		ID: ID, Title: "IT Billionaire", MinSeats: 2, MaxSeats: 4, RulesVersion: "003-2", Currency: "M€", CurrencySuffix: true,
		Summary: "Run a global software start-up from €50 million. Each round is a day: everyone secretly " +
			"chooses action cards at the same time, an event closes one continent, then the sun moves East -> " +
			"Center -> West and in each time zone the players, poorest first, buy and sell Labs, take on Work " +
			"Items and work them in their Labs, best on the customer's continent. Projects pay when finished, " +
			"products over three or five rounds. The first to €1 billion wins, else the richest after the round limit " +
			"(25 rounds; public tables 15).",
		Phrases: phrases,
		Options: options(),
	}
}

// optionsInfo is info made once for ValidateOptions, which every New calls
// and which only reads it (its options' labels were a map a game).
var optionsInfo = info()

// ValidateOptions implements engine.Definition.
func (d Definition) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	return engine.ValidateOptions(optionsInfo, seats, opts)
}

// DecodeAction implements engine.Definition.
func (Definition) DecodeAction(data []byte) (engine.Action, error) { return codec().Decode(data) }

// NewBot implements engine.Definition.
func (Definition) NewBot(seat int, seed uint64) engine.Bot { return newBot(seat, seed) }

// New implements engine.Definition: R003-02 and the SETUP state of 4.f.
func (d Definition) New(setup engine.Setup) (engine.Game, error) {
	opts, err := d.ValidateOptions(setup.Seats, setup.Options)
	if err != nil {
		return nil, err
	}
	setup.Options = opts
	rounds, _ := strconv.Atoi(opts[OptRounds])
	s := &state{Setup: setup, MaxRounds: rounds, ByCapital: opts[OptOrder] == OrderCapital, Event: -1, Blocked: -1, Debtor: -1, RNG: rng.FromSeed(setup.Seed)}
	for i := 0; i < setup.Seats; i++ {
		s.Players = append(s.Players, Player{Capital: StartCapital})
	}
	for st := 0; st < 2; st++ {
		deck := make([]int, 128)
		for i := range deck {
			deck[i] = st*128 + i
		}
		s.RNG.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		s.Stacks[st] = deck
		s.Discards[st] = []int{}
	}
	g := &Game{s: s}
	ev := &events{}
	g.startRound(ev)
	s.Pending = ev.list
	return g, nil
}

// Renew implements engine.Renewer: the game becomes the one New(setup)
// makes, keeping the memory a quiet game reuses between its calls and
// which no list of the new game is taken from: the Legal lists' and the
// events' buffers (emptied), the Do Work boxes (actions, never written once
// boxed, compared by content: boxWork) and each seat's list of them, and
// the lent views (written afresh). A simulated four-player game allocated
// 621 times, 80 KB, most of it for lists a new game grew again.
func (g *Game) Renew(setup engine.Setup) error {
	ng, err := Definition{}.New(setup)
	if err != nil {
		return err
	}
	n := ng.(*Game)
	n.adoptBuffers(g)
	*g = *n
	return nil
}

// adoptBuffers gives g, a game just made, the buffers of p, a game no
// longer played (Renew, the strong bot's Resample): what Renew keeps.
func (g *Game) adoptBuffers(p *Game) {
	if len(p.legals) == len(g.s.Players) {
		for i := range p.legals {
			p.legals[i] = p.legals[i][:0]
		}
		g.legals, g.works = p.legals, p.works
	}
	g.workBox, g.evbuf = p.workBox, p.evbuf[:0]
	if len(p.lent) == len(g.s.Players)+1 && len(p.pver) == len(g.s.Players) {
		// The lent views and the seats' shared part, with their versions
		// moved past all they have shown: every seat's PlayerView and the
		// Labs' owners are written afresh at the next PeekView (the
		// locations' printed data is the same in every game).
		g.lent, g.common, g.pver, g.lver = p.lent, p.common, p.pver, p.lver+1
		g.touchAll()
	}
	p.legals, p.works, p.workBox, p.evbuf = nil, nil, nil, nil
	p.lent, p.common, p.pver = nil, lentView{}, nil
}

// Restore implements engine.Definition.
func (Definition) Restore(snapshot []byte) (engine.Game, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, fmt.Errorf("billionaire: restore: %w", err)
	}
	if s.RNG == nil || len(s.Players) != s.Setup.Seats || s.Setup.Seats < 2 {
		return nil, fmt.Errorf("billionaire: restore: incomplete snapshot")
	}
	return &Game{s: &s}, nil
}

// Game is one game of IT Billionaire; it implements engine.Game,
// engine.Checker and TurnOrder for the simulator, and the fast paths
// engine.ViewPeeker and engine.Quieter.
type Game struct {
	s       *state
	quiet   engine.Quiet             // no event sentences (engine.Quieter)
	lent    []lentView               // lent views by viewer+1, made on the first PeekView
	common  lentView                 // the seats as every viewer sees them, shared by the lent views (lendPlayers)
	evbuf   []engine.Event           // a quiet game's events, reused
	arena   arena                    // a quiet game's events' lists
	pver    []uint64                 // by seat: its version, moved on whenever it may change (touch)
	lver    uint64                   // the Labs' version, moved on whenever a Lab is bought or sold
	legals  [][]engine.Action        // by seat: a quiet game's Legal lists, reused
	works   [][]engine.Action        // by seat: the Do Work boxes of its last list (boxWork)
	workBox map[uint64]engine.Action // a quiet game's Do Work boxes by candidate (boxes.go)
	workBuf [MaxLabs]int             // the Labs of the Do Work candidate workCandidates tries
	// The memory of lists the state empties (nil) and fills again every
	// round: the state is their only holder (views and snapshots copy).
	drawnMem [2]int         // s.Drawn
	used     [][MaxLabs]int // by seat: its Used
}

// Setup implements engine.Game.
func (g *Game) Setup() engine.Setup { return g.s.Setup }

// Round implements engine.Game.
func (g *Game) Round() int { return g.s.Round }

// Snapshot implements engine.Game.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }

// TurnOrder returns the seats in the turn order of round 1 (R003-05).
func (g *Game) TurnOrder() []int { return append([]int(nil), g.s.FirstOrder...) }

// options are the table options of IT Billionaire.
func options() []engine.OptionSpec {
	return []engine.OptionSpec{{
		Key: OptRounds, Label: "Round limit",
		Help:    "The game ends after this many rounds if nobody reaches €1 billion first.",
		Choices: []string{"25", "15", "10", "5"}, Default: "25",
		Labels: map[string]string{"25": "25 rounds", "15": "15 rounds", "10": "10 rounds", "5": "5 rounds"},
		// Public tables: 15 rounds, about an hour at four players (sim:
		// ~10.6 zone visits a round at 4 players, ~20 s each).
		Public: "15",
	}, {
		Key: OptOrder, Label: "Turn order",
		Help: "Poorest first: everyone plays in order of capital, poorest first, which evens out the first round's Lab picks. " +
			"Clockwise: the poorest player starts, the others follow clockwise (the rules as printed).",
		Choices: []string{OrderCapital, OrderClockwise}, Default: OrderCapital,
		Labels: map[string]string{OrderCapital: "poorest first", OrderClockwise: "clockwise from the poorest"},
	}}
}

// usedMem is the memory of seat's Used for a round, emptied.
func (g *Game) usedMem(seat int) []int {
	if len(g.used) != len(g.s.Players) {
		g.used = make([][MaxLabs]int, len(g.s.Players))
	}
	return g.used[seat][:0]
}
