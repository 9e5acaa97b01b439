package allinthegame

import (
	"encoding/json"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ID is the game id.
const ID = "allinthegame"

// Lobby options (README §6.1): both modules on by default.
const (
	OptDeadlines  = "deadlines"
	OptInnovation = "innovation"
)

// Definition is the registry entry of the game.
type Definition struct{}

// Info implements engine.Definition.
func (Definition) Info() engine.Info {
	return engine.Info{ID: ID, Title: "IT's All in the Game", MinSeats: 2, MaxSeats: 4, Currency: "$",
		RulesVersion: "002-1",
		Summary: "Run a consultancy: each round you get two Senior Consultants, then take turns to assign " +
			"them to matching desks on projects, move them, train them ($2), promote them to Principals ($2) " +
			"or recruit Principals ($6), until everyone has passed. Every project pays its consultants from " +
			"the right; a Principal on the last desk completes it at once and brings in an International " +
			"Project. Hands are secret, deadlines bite, and after the last International Project's round " +
			"the most dollars wins. 2-4 players, about 12 rounds.",
		Options: []engine.OptionSpec{
			{Key: OptDeadlines, Label: "Deadlines module", Help: "Deadline markers: a $3 bonus for early completion, $6/$10 penalties for late projects.",
				Choices: []string{"on", "off"}, Default: "on"},
			{Key: OptInnovation, Label: "Innovation Project module", Help: "An extra project that pays $1 per consultant each round and sends them back to hand.",
				Choices: []string{"on", "off"}, Default: "on"},
		},
		Guide: theGuide, Phrases: phrases}
}

// theGuide is built once from the game's data; Info values are shared and
// read only (engine.Info).
var theGuide = guide()

// optionsInfo is Info made once for ValidateOptions, which every New calls
// and which only reads it.
var optionsInfo = Definition{}.Info()

// ValidateOptions implements engine.Definition.
func (d Definition) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	return engine.ValidateOptions(optionsInfo, seats, opts)
}

// New implements engine.Definition: set-up, then round 1 up to its first
// decision.
func (d Definition) New(setup engine.Setup) (engine.Game, error) {
	g, err := d.newGame(setup, nil)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// newGame is New, its quiet events written in arena ev where one is given
// (Renew's: the memory of the game before).
func (d Definition) newGame(setup engine.Setup, ev *evArena) (*Game, error) {
	opts, err := d.ValidateOptions(setup.Seats, setup.Options)
	if err != nil {
		return nil, err
	}
	setup.Options = opts
	s := newState(setup)
	if ev != nil {
		s.ev = *ev
		s.ev.reset()
	}
	// New returns no events: round 1's start writes none of its sentences
	// (a bot-only game spent a twentieth of its time on them).
	s.quiet = true
	s.startRound()
	s.quiet = false
	return &Game{s: s}, nil
}

// Renew implements engine.Renewer: the game becomes the one New(setup)
// makes, in the memory of its quiet events (the arena's blocks: 26 KB, half
// of what a simulated four-player game allocated), which nothing of the
// game before may read any more.
func (g *Game) Renew(setup engine.Setup) error {
	ng, err := Definition{}.newGame(setup, &g.s.ev)
	if err != nil {
		return err
	}
	ng.adoptViews(g)
	*g = *ng
	return nil
}

// adopt gives g, a game just made from a view (the strong bot's
// Resample), the quiet events' arena of p, a game no longer played, and
// its lent views (adoptViews). Renew hands the arena to newGame instead:
// the new game's first round writes into it.
func (g *Game) adopt(p *Game) {
	g.s.ev = p.s.ev
	g.s.ev.reset()
	p.s.ev = evArena{}
	g.adoptViews(p)
}

// adoptViews gives g, a game just made, the lent views' lists and the
// table's of p, a game no longer played (Renew, the strong bot's
// Resample), written afresh at g's next PeekView: no event card and no
// slot is taken as shown. A game of another number of seats keeps its own.
func (g *Game) adoptViews(p *Game) {
	if len(p.lent) != g.s.seats()+1 {
		return
	}
	for i := range p.lent {
		p.lent[i].eventOf = 0
	}
	clear(p.table.filled)
	g.lent, g.table = p.lent, p.table
	p.lent, p.table = nil, lentTable{}
}

// Restore implements engine.Definition.
func (Definition) Restore(snapshot []byte) (engine.Game, error) {
	s, err := restoreState(snapshot)
	if err != nil {
		return nil, err
	}
	return &Game{s: s}, nil
}

// DecodeAction implements engine.Definition.
func (Definition) DecodeAction(data []byte) (engine.Action, error) { return codec.Decode(data) }

// NewBot implements engine.Definition.
func (Definition) NewBot(seat int, seed uint64) engine.Bot {
	return &Bot{seat: seat, r: rng.FromSeed(seed)}
}

// Game is one game of IT's All in the Game; it implements the fast paths
// engine.ViewPeeker and engine.Quieter.
type Game struct {
	s     *state
	lent  []lentView // lent views by viewer+1, made on the first PeekView
	table lentTable  // the slots every lent view shows (fillView)
	// legal is the memory of a quiet game's Legal lists (engine.Quieter).
	legal []engine.Action
}

// Setup implements engine.Game.
func (g *Game) Setup() engine.Setup { return g.s.Setup }

// Round implements engine.Game.
func (g *Game) Round() int { return g.s.Round }

// TurnOrder returns the seats in the turn order of round 1, starting with
// round 1's (random) start player.
func (g *Game) TurnOrder() []int {
	n := g.s.seats()
	out := make([]int, n)
	for i := range out {
		out[i] = (g.s.FirstStart + i) % n
	}
	return out
}

// Snapshot implements engine.Game.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }
