package billionaire

import (
	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/search"
)

// The strong bot (engine.LevelStrong) searches. At a selection of action
// cards, a zone visit with a real choice (buy which Lab, draw from which
// stacks, end the visit) and an accept-or-decline, it takes the standard
// bot's choice and a few alternatives, samples positions it cannot tell
// from the real one (FromView), plays each candidate on with standard bots
// in every seat for a few rounds (to the end when the end is near) and
// scores its share of what all companies are worth (1 for a win and 0 for
// a loss once the game is over). Candidates are compared on the same
// samples; an alternative replaces the standard choice only when it wins
// by Margin standard errors (engine/search). Forced sales are left to the
// standard bot.

// SearchBudget bounds the strong bot's search of one decision: Rounds are
// the rounds each playout runs beyond the current one.
type SearchBudget = search.RoundsBudget

// DefaultSearchBudget keeps a decision within 200 ms on one core. Once the
// engine ran about eight times faster (issue 32) it compares candidates on
// up to 128 positions within 30,000 steps (12 within 2,500 before, which
// then took at most 22 ms): see
// docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md for
// its share and its slowest decisions.
var DefaultSearchBudget = SearchBudget{Budget: search.Budget{Playouts: 128, Steps: 1000, DecisionSteps: 30000, Margin: 2}, Rounds: 3, Cands: 6}

type strongBot struct {
	seat   int
	std    *bot
	budget SearchBudget
	s      search.Searcher
	// trace, set by tests, sees every searched decision.
	trace func(cands []engine.Action, pick int)
}

func newStrongBot(seat int, seed uint64, budget SearchBudget) *strongBot {
	r := rng.FromSeed(seed)
	return &strongBot{seat: seat, std: newBot(seat, r.Uint64()), budget: budget, s: search.Searcher{R: r, Budget: budget.Budget}}
}

// Choose implements engine.Bot.
func (b *strongBot) Choose(view engine.View, legal []engine.Action) engine.Action {
	a := b.search(view, legal)
	if v := engine.ViewOf[View](view); v != nil && a != nil {
		b.std.mem.remember(v, a) // what the strong bot did, not what std proposed
	}
	return a
}

// search is Choose without remembering the choice.
func (b *strongBot) search(view engine.View, legal []engine.Action) engine.Action {
	first := b.std.decide(view, legal)
	// The view comes as a value or lent as a pointer (engine.ViewOf): the
	// simulator and the lobby lend it, and a type switch on the value alone
	// made the strong bot play as the standard one there.
	pv := engine.ViewOf[View](view)
	if pv == nil || first == nil || pv.Viewer != b.seat {
		return first
	}
	v := *pv
	cands := b.candidates(v, legal, first)
	if len(cands) < 2 {
		return first
	}
	end := min(v.Round+b.budget.Rounds, v.MaxRounds+1)
	var def Definition
	p := search.Problem{Seat: b.seat,
		Sample: func(seed uint64) (engine.Game, error) { return def.FromView(v, seed) },
		NewBot: func(seat int, seed uint64) engine.Bot { return newBot(seat, seed) },
		// each playout in the memory of the last (its lists' buffers and
		// Do Work boxes, its bots), as a simulation renews its games
		Resample: func(prev engine.Game, seed uint64) (engine.Game, error) {
			g, err := def.FromView(v, seed)
			if err != nil {
				return nil, err
			}
			if p, ok := prev.(*Game); ok && p != nil {
				g.(*Game).adoptBuffers(p)
			}
			return g, nil
		},
		Rebot: func(prev engine.Bot, seat int, seed uint64) engine.Bot {
			if pb, ok := prev.(*bot); ok && pb != nil && pb.r != nil {
				r, sold := pb.r, pb.mem.sold[:0]
				r.Seed(seed)
				*pb = bot{seat: seat, r: r, mem: soldMemory{sold: sold}}
				return pb
			}
			return newBot(seat, seed)
		},
		Stop: func(g engine.Game) bool {
			return g.(*Game).s.Phase == PhaseOver || g.Round() > end
		},
		Score: func(g engine.Game) float64 { return b.result(g.(*Game)) },
	}
	pick := b.s.Best(p, cands)
	if b.trace != nil {
		b.trace(cands, pick)
	}
	return cands[pick]
}

// candidates lists the standard choice first, then the alternatives worth
// comparing, at most Cands in all.
func (b *strongBot) candidates(v View, legal []engine.Action, first engine.Action) []engine.Action {
	cands := []engine.Action{first}
	add := func(a engine.Action) {
		if len(cands) >= b.budget.Cands {
			return
		}
		for _, c := range cands {
			if sameAction(c, a) {
				return
			}
		}
		if b.std.mem.undoes(&v, a) {
			return // never buy back a Lab sold this round
		}
		for _, l := range legal {
			if sameAction(l, a) {
				cands = append(cands, l)
				return
			}
		}
	}
	switch v.Phase {
	case PhaseDecide:
		add(Accept{})
		add(Decline{})
	case PhaseSelect:
		c, ok := first.(Choose)
		if !ok {
			return cands
		}
		for _, t := range []int{CardAcquire, CardSelect, CardWork, CardSell} {
			n := c.Counts()
			n[t]++
			add(chooseOf(n))
			n[t] -= 2
			if n[t] >= 0 {
				add(chooseOf(n))
			}
		}
	case PhaseZone:
		switch first.(type) {
		case AcquireLab, SelectWork, EndZone:
		default:
			return cands // working and upgrading are left to the standard bot
		}
		for _, a := range legal {
			if _, ok := a.(AcquireLab); ok {
				add(a)
			}
		}
		for _, a := range legal {
			if _, ok := a.(SelectWork); ok {
				add(a)
			}
		}
		add(EndZone{})
	}
	return cands
}

// sameAction compares two actions of this game (DoWork holds a slice).
func sameAction(a, b engine.Action) bool {
	da, ok1 := a.(DoWork)
	db, ok2 := b.(DoWork)
	if ok1 || ok2 {
		if !ok1 || !ok2 || da.Container != db.Container || da.Host != db.Host || len(da.Labs) != len(db.Labs) {
			return false
		}
		for i := range da.Labs {
			if da.Labs[i] != db.Labs[i] {
				return false
			}
		}
		return true
	}
	return a == b
}

// result is 1 for a win and 0 for a loss once the game is over; before,
// the bot's share of what all companies still in are worth (worth).
func (b *strongBot) result(g *Game) float64 {
	s := g.s
	if s.Phase == PhaseOver {
		if g.Outcome().Won(b.seat) {
			return 1
		}
		return 0
	}
	var total, mine float64
	for i := range s.Players {
		if s.Players[i].Out {
			continue
		}
		w := max(worth(&s.Players[i]), 0)
		total += w
		if i == b.seat {
			mine = w
		}
	}
	if total == 0 {
		return 0
	}
	return mine / total
}

// worth is what a company is worth mid-game: its capital, three quarters
// of what its Labs cost (they earn, beyond their resale price), the
// payments still to come, finished projects' revenue, and the share of
// each item in work that its rings have done. Adjusted capital alone
// counts work in progress as a debt and would make every accepted item
// look like a loss within a few rounds.
func worth(p *Player) float64 {
	w := float64(p.Capital)
	for _, l := range p.Labs {
		w += 0.75 * float64(locOf(l.Loc).Cost)
	}
	for _, e := range p.PPL {
		w += float64(int64(e.Left) * e.Payment)
	}
	for _, id := range p.Finished {
		w += float64(itemOf(id).Revenue)
	}
	for _, c := range p.Containers {
		if c.Item >= 0 {
			it := item(c.Item)
			if it.Duration > 0 {
				w += float64(it.Revenue) * float64(min(c.Rings, it.Duration)) / float64(it.Duration)
			}
		}
	}
	return w
}

// BotLevels implements engine.Leveled.
func (Definition) BotLevels() []engine.BotLevel { return search.Levels() }

// NewBotLevel implements engine.Leveled.
func (d Definition) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	return search.NewLevel(level, seat, seed, d.NewBot, func(seat int, seed uint64) engine.Bot {
		return newStrongBot(seat, seed, DefaultSearchBudget)
	})
}

// NewSearchBot makes the strong bot with a given budget (tests and
// measurements).
func (Definition) NewSearchBot(seat int, seed uint64, budget SearchBudget) engine.Bot {
	return newStrongBot(seat, seed, budget)
}
