package allinthegame

import (
	"sort"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/search"
)

// The strong bot (engine.LevelStrong) searches. At a work turn it takes
// the standard bot's choice, passing, and the next best actions by the
// standard bot's own rating; at a secret pick every colour; as the poorest
// player every start player. It samples positions it cannot tell from the
// real one (FromView), plays each candidate on with standard bots in every
// seat to the rewards of a later round (to the end when the end is near)
// and scores its share of all dollars (1 for a win and 0 for a loss once
// the game is over). Candidates are compared on the same samples; an
// alternative replaces the standard choice only when it wins by Margin
// standard errors (engine/search). The Headhunters' returns are left to
// the standard bot.

// SearchBudget bounds the strong bot's search of one decision: Rounds are
// the rounds of rewards each playout runs to, the current one included.
type SearchBudget = search.RoundsBudget

// DefaultSearchBudget keeps a decision within 200 ms on one core. Once the
// engine ran about five times faster (issue 32) it compares candidates on
// up to 96 positions within 16,000 steps (12 within 2,500 before): 97.3% of
// 300 games of seed 11 against three standard bots where it won 84.0%, 45
// games won only with it and 5 only without, its slowest decision 102 ms
// of one core under load 4-5 (16 ms before)
// (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
var DefaultSearchBudget = SearchBudget{Budget: search.Budget{Playouts: 96, Steps: 1000, DecisionSteps: 16000, Margin: 2}, Rounds: 2, Cands: 6}

type strongBot struct {
	seat   int
	std    *Bot
	rater  *Bot // rates the alternatives (its jitter must not move std's)
	budget SearchBudget
	s      search.Searcher
	// trace, set by tests, sees every searched decision.
	trace func(cands []engine.Action, pick int)
}

func newStrongBot(seat int, seed uint64, budget SearchBudget) *strongBot {
	r := rng.FromSeed(seed)
	return &strongBot{seat: seat, std: &Bot{seat: seat, r: rng.FromSeed(r.Uint64())}, rater: &Bot{seat: seat, r: rng.FromSeed(r.Uint64())},
		budget: budget, s: search.Searcher{R: r, Budget: budget.Budget}}
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
	first := b.std.choose(view, legal)
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
	end := v.Round + b.budget.Rounds
	var def Definition
	p := search.Problem{Seat: b.seat,
		Sample: func(seed uint64) (engine.Game, error) { return def.FromView(v, seed) },
		NewBot: func(seat int, seed uint64) engine.Bot { return &Bot{seat: seat, r: rng.FromSeed(seed)} },
		// each playout in the memory of the last (its events' arena, lent
		// views and bots), as a simulation renews its games
		Resample: func(prev engine.Game, seed uint64) (engine.Game, error) {
			g, err := def.FromView(v, seed)
			if err != nil {
				return nil, err
			}
			if p, ok := prev.(*Game); ok && p != nil {
				g.(*Game).adopt(p)
			}
			return g, nil
		},
		Rebot: func(prev engine.Bot, seat int, seed uint64) engine.Bot {
			if b, ok := prev.(*Bot); ok && b != nil && b.r != nil {
				r := b.r
				r.Seed(seed)
				*b = Bot{seat: seat, r: r}
				return b
			}
			return &Bot{seat: seat, r: rng.FromSeed(seed)}
		},
		Stop: func(g engine.Game) bool {
			return g.(*Game).s.Phase == PhaseOver || g.Round() >= end
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
		if _, ok := a.(Resign); ok || a == nil || b.std.mem.undoes(&v, a) {
			return // never resign, nor undo its own move of the round
		}
		for _, c := range cands {
			if c == a {
				return
			}
		}
		cands = append(cands, a)
	}
	switch v.Phase {
	case PhaseChooseStart, PhaseTrainPick, PhaseRecruitPick:
		for _, a := range legal {
			add(a)
		}
	case PhaseWork:
		add(Pass{})
		type rated struct {
			a engine.Action
			s float64
		}
		var rs []rated
		for _, a := range legal {
			switch a.(type) {
			case Pass, Resign:
				continue
			}
			rs = append(rs, rated{a, b.rater.score(&v, a)})
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].s > rs[j].s })
		for _, x := range rs {
			add(x.a)
		}
	}
	return cands
}

// result is 1 for a win and 0 for a loss once the game is over; before,
// the bot's share of the dollars of the seats still in.
func (b *strongBot) result(g *Game) float64 {
	s := g.s
	if s.Phase == PhaseOver {
		if g.Outcome().Won(b.seat) {
			return 1
		}
		return 0
	}
	var total, mine float64
	for p, d := range s.Dollars {
		if s.Out[p] {
			continue
		}
		total += float64(max(d, 0))
		if p == b.seat {
			mine = float64(max(d, 0))
		}
	}
	if total == 0 {
		return 0
	}
	return mine / total
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
