// Package testgame is a tiny game used only by tests of the platform and of
// the conformance suite. It has the features real games have: a sealed
// simultaneous phase, hidden per-seat information, a parameterised action,
// a resign, a random deal and an end.
//
// Rules: each seat is dealt a secret card 1..9. First every seat bids 0..3
// in secret; the highest bid starts (ties: the lowest seat among them). Then
// in turn each seat adds 1..3 to a shared total; whoever brings the total to
// the target (option "target", default 15) wins. Score = secret card, +10 for
// the winner. A seat may resign at its turn; if one seat is left it wins.
package testgame

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ID is the game id.
const ID = "testgame"

// Bid is a sealed opening bid.
type Bid struct {
	Amount int64 `json:"amount"`
}

// Kind implements engine.Action.
func (Bid) Kind() string { return "bid" }

// Param implements engine.Template.
func (Bid) Param() engine.Param { return engine.Param{Name: "amount", Min: 0, Max: 3} }

// With implements engine.Template.
func (Bid) With(v int64) engine.Action { return Bid{Amount: v} }

// Add adds N to the total.
type Add struct {
	N int64 `json:"n"`
}

// Kind implements engine.Action.
func (Add) Kind() string { return "add" }

// Param implements engine.Template.
func (Add) Param() engine.Param { return engine.Param{Name: "n", Min: 1, Max: 3} }

// With implements engine.Template.
func (Add) With(v int64) engine.Action { return Add{N: v} }

// Resign leaves the game.
type Resign struct{}

// Kind implements engine.Action.
func (Resign) Kind() string { return "resign" }

var codec = engine.Codec{"bid": Bid{}, "add": Add{}, "resign": Resign{}}

type state struct {
	Setup   engine.Setup `json:"setup"`
	Target  int64        `json:"target"`
	Secrets []int64      `json:"secrets"`
	Bids    []int64      `json:"bids"` // -1 = not yet
	Out     []bool       `json:"out"`
	Total   int64        `json:"total"`
	Turn    int          `json:"turn"` // -1 during bidding
	First   int          `json:"first"`
	RoundNo int          `json:"round"`
	Winner  int          `json:"winner"` // -1 until over
	Order   []int        `json:"order"`  // elimination order
	RNG     *rng.PCG     `json:"rng"`
}

// View is what one viewer sees.
type View struct {
	Viewer    int     `json:"viewer"`
	MySecret  int64   `json:"my_secret,omitempty"`
	Secrets   []int64 `json:"secrets,omitempty"` // revealed at the end only
	Committed []bool  `json:"committed"`
	Bids      []int64 `json:"bids,omitempty"` // revealed after bidding
	Out       []bool  `json:"out"`
	Total     int64   `json:"total"`
	Target    int64   `json:"target"`
	Turn      int     `json:"turn"`
	Winner    int     `json:"winner"`
}

// Definition is the registry entry.
type Definition struct{}

// Info implements engine.Definition.
func (Definition) Info() engine.Info {
	return engine.Info{ID: ID, Title: "Test Game", MinSeats: 2, MaxSeats: 4,
		Summary: "A tiny test game: bid in secret for the first move, then race to the target.", RulesVersion: "1",
		Options: []engine.OptionSpec{{Key: "target", Label: "Target", Choices: []string{"15", "21", "30"}, Default: "15"}},
		Guide:   guide}
}

// guide is the how-to-play reference of the test game (shared, read-only).
var guide = engine.Guide{
	{Topic: engine.TopicGoal, Title: "Goal", Text: "Be the player who brings the shared total up to the target " +
		"(15, 21 or 30, chosen by the table's host)."},
	{Topic: engine.TopicTurn, Title: "A game in a few steps", Text: "- Everyone is dealt a secret card from 1 to 9.\n" +
		"- Everyone bids 0 to 3 in secret, all at once. The highest bid moves first (a tie: the lowest seat).\n" +
		"- Then, in turn, each player adds 1, 2 or 3 to the total everyone sees."},
	{Topic: engine.TopicActions, Title: "Actions", Text: "- Bid 0-3: costs nothing; only decides who starts.\n" +
		"- Add 1-3: raises the total.\n- Resign: leave the game at your turn; you rank last."},
	{Topic: engine.TopicEnd, Title: "End and winner", Text: "The player whose addition makes the total reach the target " +
		"wins at once, as does the last player left when the others resign. Score: your secret card, plus 10 for the " +
		"winner; resigned players score 0."},
	{Topic: engine.TopicWords, Title: "Words", Text: "- Total: the shared sum everyone adds to.\n" +
		"- Target: the total that ends the game.\n- Secret: your card, seen by you alone until the end."},
}

// ValidateOptions implements engine.Definition.
func (d Definition) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	return engine.ValidateOptions(d.Info(), seats, opts)
}

// New implements engine.Definition.
func (d Definition) New(setup engine.Setup) (engine.Game, error) {
	opts, err := d.ValidateOptions(setup.Seats, setup.Options)
	if err != nil {
		return nil, err
	}
	setup.Options = opts
	target, _ := strconv.ParseInt(opts["target"], 10, 64)
	s := &state{Setup: setup, Target: target, Turn: -1, Winner: -1, RNG: rng.FromSeed(setup.Seed)}
	for i := 0; i < setup.Seats; i++ {
		s.Secrets = append(s.Secrets, int64(s.RNG.IntN(9)+1))
		s.Bids = append(s.Bids, -1)
		s.Out = append(s.Out, false)
	}
	return &game{s}, nil
}

// Restore implements engine.Definition.
func (Definition) Restore(snapshot []byte) (engine.Game, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, fmt.Errorf("testgame: restore: %w", err)
	}
	if s.RNG == nil || len(s.Secrets) != s.Setup.Seats {
		return nil, fmt.Errorf("testgame: restore: incomplete snapshot")
	}
	return &game{&s}, nil
}

// DecodeAction implements engine.Definition.
func (Definition) DecodeAction(data []byte) (engine.Action, error) { return codec.Decode(data) }

// NewBot implements engine.Definition.
func (Definition) NewBot(seat int, seed uint64) engine.Bot { return &bot{r: rng.FromSeed(seed)} }

type bot struct{ r *rng.PCG }

func (b *bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	v, _ := view.(View)
	for _, a := range legal {
		if add, ok := a.(Add); ok && v.Target-v.Total <= add.Param().Max {
			return add.With(v.Target - v.Total) // win when possible
		}
	}
	for _, a := range legal {
		if t, ok := a.(engine.Template); ok {
			p := t.Param()
			return t.With(p.Min + int64(b.r.IntN(int(p.Max-p.Min+1))))
		}
	}
	if len(legal) > 0 {
		return legal[0]
	}
	return nil
}

type game struct{ s *state }

func (g *game) Setup() engine.Setup { return g.s.Setup }
func (g *game) Round() int          { return g.s.RoundNo + 1 }

func (g *game) Prompt() engine.Prompt {
	s := g.s
	if s.Winner >= 0 {
		return engine.Prompt{Phase: "over"}
	}
	if s.Turn < 0 {
		p := engine.Prompt{Simultaneous: true, Phase: "bid"}
		for i, b := range s.Bids {
			if b < 0 {
				p.Waiting = append(p.Waiting, engine.Wait{Seat: i, Default: Bid{}})
			}
		}
		return p
	}
	return engine.Prompt{Phase: "add", Waiting: []engine.Wait{{Seat: s.Turn, Default: Add{N: 1}}}}
}

func (g *game) Legal(seat int) []engine.Action {
	s := g.s
	if s.Winner >= 0 || seat < 0 || seat >= s.Setup.Seats || s.Out[seat] {
		return nil
	}
	if s.Turn < 0 {
		if s.Bids[seat] < 0 {
			return []engine.Action{Bid{}}
		}
		return nil
	}
	if s.Turn == seat {
		return []engine.Action{Add{N: 1}, Resign{}}
	}
	return nil
}

func (g *game) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	s := g.s
	if s.Winner >= 0 {
		return nil, engine.Errf(engine.CodeGameOver, "The game is over.")
	}
	if seat < 0 || seat >= s.Setup.Seats || s.Out[seat] {
		return nil, engine.Errf(engine.CodeNotYourTurn, "You are not in this game.")
	}
	switch a := a.(type) {
	case Bid:
		if s.Turn >= 0 || s.Bids[seat] >= 0 {
			return nil, engine.Errf(engine.CodeNotYourTurn, "Bidding is not open for you.")
		}
		if a.Amount < 0 || a.Amount > 3 {
			return nil, engine.Errf(engine.CodeIllegal, "A bid is 0 to 3.")
		}
		s.Bids[seat] = a.Amount
		evs := []engine.Event{{Kind: "bid", Text: fmt.Sprintf("Seat %d bid %d.", seat+1, a.Amount), To: []int{seat}, Redacted: fmt.Sprintf("Seat %d committed a bid.", seat+1)}}
		for _, b := range s.Bids {
			if b < 0 {
				return evs, nil
			}
		}
		best := 0
		for i, b := range s.Bids {
			if b > s.Bids[best] {
				best = i
			}
		}
		s.Turn, s.First = best, best
		return append(evs, engine.Event{Kind: "reveal", Text: fmt.Sprintf("Bids revealed %v; seat %d starts.", s.Bids, best+1)}), nil
	case Add:
		if s.Turn != seat {
			return nil, engine.Errf(engine.CodeNotYourTurn, "It is not your turn.")
		}
		if a.N < 1 || a.N > 3 {
			return nil, engine.Errf(engine.CodeIllegal, "Add 1 to 3.")
		}
		s.Total += a.N
		evs := []engine.Event{{Kind: "add", Text: fmt.Sprintf("Seat %d added %d; total %d.", seat+1, a.N, s.Total)}}
		if s.Total >= s.Target {
			s.Winner = seat
			return append(evs, engine.Event{Kind: "win", Text: fmt.Sprintf("Seat %d reached %d and wins.", seat+1, s.Target)}), nil
		}
		g.advance()
		return evs, nil
	case Resign:
		if s.Turn != seat {
			return nil, engine.Errf(engine.CodeNotYourTurn, "You may resign on your turn.")
		}
		s.Out[seat] = true
		s.Order = append(s.Order, seat)
		evs := []engine.Event{{Kind: "resign", Text: fmt.Sprintf("Seat %d resigned.", seat+1)}}
		left := []int{}
		for i, o := range s.Out {
			if !o {
				left = append(left, i)
			}
		}
		if len(left) == 1 {
			s.Winner = left[0]
			return append(evs, engine.Event{Kind: "win", Text: fmt.Sprintf("Seat %d is the last one left and wins.", left[0]+1)}), nil
		}
		g.advance()
		return evs, nil
	}
	return nil, engine.Errf(engine.CodeBadAction, "Unknown action.")
}

func (g *game) advance() {
	s := g.s
	for i := 1; i <= s.Setup.Seats; i++ {
		n := (s.Turn + i) % s.Setup.Seats
		if s.Out[n] {
			continue
		}
		if passes(s.Turn, n, s.First) {
			s.RoundNo++
		}
		s.Turn = n
		return
	}
}

// passes reports whether moving the turn forward from a to b reaches or
// crosses seat first (which starts every round).
func passes(a, b, first int) bool {
	if b > a {
		return first > a && first <= b
	}
	return first > a || first <= b
}

func (g *game) View(viewer int) engine.View {
	s := g.s
	v := View{Viewer: viewer, Total: s.Total, Target: s.Target, Turn: s.Turn, Winner: s.Winner,
		Out: append([]bool(nil), s.Out...)}
	if viewer >= 0 && viewer < len(s.Secrets) {
		v.MySecret = s.Secrets[viewer]
	}
	for _, b := range s.Bids {
		v.Committed = append(v.Committed, b >= 0)
	}
	if s.Turn >= 0 {
		v.Bids = append([]int64(nil), s.Bids...)
	}
	if s.Winner >= 0 {
		v.Secrets = append([]int64(nil), s.Secrets...)
	}
	return v
}

func (g *game) Outcome() engine.Outcome {
	s := g.s
	if s.Winner < 0 {
		return engine.Outcome{}
	}
	type row struct {
		seat  int
		score int64
		out   bool
		elim  int
	}
	rows := make([]row, s.Setup.Seats)
	for i := range rows {
		rows[i] = row{seat: i, score: s.Secrets[i], out: s.Out[i], elim: -1}
		if i == s.Winner {
			rows[i].score += 10
		}
	}
	for k, seat := range s.Order {
		rows[seat].elim = k
		rows[seat].score = 0
	}
	sorted := append([]row(nil), rows...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.out != b.out {
			return !a.out
		}
		if a.out {
			return a.elim > b.elim
		}
		return a.score > b.score
	})
	res := make([]engine.SeatResult, s.Setup.Seats)
	for i, r := range sorted {
		place := i + 1
		if i > 0 && !r.out && !sorted[i-1].out && sorted[i-1].score == r.score {
			place = res[sorted[i-1].seat].Placement
		}
		status := engine.StatusFinished
		if r.out {
			status = engine.StatusResigned
		}
		res[r.seat] = engine.SeatResult{Seat: r.seat, Placement: place, Score: r.score, Status: status}
	}
	return engine.Outcome{Finished: true, Reason: fmt.Sprintf("Seat %d won.", s.Winner+1), Results: res}
}

func (g *game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }
