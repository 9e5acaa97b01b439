// Package search is the shared core of every game's strong bot
// (engine.LevelStrong): it compares candidate actions by paired playouts.
// The game supplies its candidates, a sampler that rebuilds a game the bot
// cannot tell from the real one (its FromView, hidden parts drawn from a
// seed), the standard bot that plays every seat in the playouts, where a
// playout stops, and a score of its end for the searching seat; levels.go
// is the bot-level setup the games share.
//
// Every candidate is played from the same sampled positions (common random
// numbers), so the comparison is on paired differences; another candidate
// replaces the first one (the standard bot's choice) only when its mean
// gain is Margin standard errors above zero. The budget counts playouts
// and steps, never time: a search is deterministic for its seed.
package search

import (
	"math"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// Budget bounds the search of one decision.
type Budget struct {
	Playouts int // sampled positions per candidate at most
	Steps    int // actions per playout at most (a safety bound)
	// DecisionSteps bounds the steps of all playouts of one decision: once
	// spent, no further round of playouts starts (at least two run).
	DecisionSteps int
	// Margin is how many standard errors an alternative must gain over
	// the first candidate to be chosen instead.
	Margin float64
	// Whole keeps DecisionSteps a bound, not a threshold: past the first
	// two rounds, a round of playouts starts only when one more round as
	// long as the mean so far fits in what is left, and a round that runs
	// past DecisionSteps all the same is dropped unfinished (the
	// candidates compare only on the positions all of them were played
	// from). Without it a round starts while any steps are left, so a
	// decision of many candidates and long playouts passed its
	// DecisionSteps by up to a round (Unipoly: 197 ms of one core under a
	// cap of about 150 ms).
	Whole bool
}

// Problem is one decision to search.
type Problem struct {
	Seat int
	// Sample rebuilds a game from the bot's View with hidden parts drawn
	// from seed.
	Sample func(seed uint64) (engine.Game, error)
	// NewBot makes the bot that plays seat in the playouts.
	NewBot func(seat int, seed uint64) engine.Bot
	// Resample and Rebot, when set, replace Sample and NewBot: each
	// playout's game and bots are made in the memory of the last
	// playout's (prev; nil at a search's first playout, or when the last
	// playout had none for that seat), as a simulation renews its games
	// (engine.Renewer, engine.BotRenewer). Each must give exactly what
	// Sample(seed) or NewBot(seat, seed) gives, keep nothing of prev's
	// last playout, and share nothing mutable with the real game: a
	// search then decides as it does without them. The Searcher drops
	// what it kept at the end of each search.
	Resample func(prev engine.Game, seed uint64) (engine.Game, error)
	Rebot    func(prev engine.Bot, seat int, seed uint64) engine.Bot
	// Begin, when set, is called once a playout's candidate a has been
	// applied to its sampled game g, before the bots are made: a problem
	// whose horizon depends on the candidate or on the sampled position
	// (the property games play a trade out longer) sets it here for Stop.
	Begin func(g engine.Game, a engine.Action)
	// Stop reports whether a playout has gone far enough.
	Stop func(g engine.Game) bool
	// Score is the playout's result for Seat (higher is better).
	Score func(g engine.Game) float64
}

// Searcher runs searches with one random source and budget.
type Searcher struct {
	R      *rng.PCG
	Budget Budget
	scores []float64
	bots   []engine.Bot
	game   engine.Game // the last playout's, with Problem.Resample
	// Spent is the number of playout steps of the last search.
	Spent int
	// Used is the number of sampled positions each candidate of the last
	// search was played from: fewer than Budget.Playouts when the
	// DecisionSteps stopped it early.
	Used int
	// n is the number of cells reserved per candidate in scores: candidate
	// k's playout i is scores[k*n+i], whatever Used is.
	n int
}

// Mean is candidate k's mean score over the last search's playouts.
func (s *Searcher) Mean(k int) float64 {
	if s.Used == 0 {
		return 0
	}
	var sum float64
	for _, x := range s.scores[k*s.n : k*s.n+s.Used] {
		sum += x
	}
	return sum / float64(s.Used)
}

// Best returns the index of the candidate to play: 0 (the standard
// choice) unless another does better by a clear margin.
func (s *Searcher) Best(p Problem, cands []engine.Action) int {
	s.Spent, s.Used = 0, 0
	if len(cands) < 2 {
		return 0
	}
	n := max(s.Budget.Playouts, 2)
	s.n = n
	s.scores = append(s.scores[:0], make([]float64, len(cands)*n)...)
	used := 0
	for used < n && (used < 2 || s.Budget.DecisionSteps <= 0 || s.fits(used)) {
		seed := s.R.Uint64()
		done := true
		for k, a := range cands {
			s.scores[k*n+used] = s.playout(p, a, seed)
			if s.Budget.Whole && used >= 2 && s.Budget.DecisionSteps > 0 && s.Spent > s.Budget.DecisionSteps {
				done = false // dropped unfinished
				break
			}
		}
		if !done {
			break
		}
		used++
	}
	s.Used = used
	s.game = nil // an idle bot holds no game (a table's keeps it for hours)
	clear(s.bots[:cap(s.bots)])
	s.bots = s.bots[:0]
	top, topZ := 0, s.Budget.Margin
	for k := 1; k < len(cands); k++ {
		var sum, sq float64
		for i := 0; i < used; i++ {
			d := s.scores[k*n+i] - s.scores[i]
			sum += d
			sq += d * d
		}
		mean := sum / float64(used)
		if mean <= 0 {
			continue
		}
		vr := (sq/float64(used) - mean*mean) / float64(max(used-1, 1))
		if z := mean / math.Sqrt(max(vr, 1e-12)); z > topZ {
			top, topZ = k, z
		}
	}
	return top
}

// fits reports whether another round of playouts may start after used
// rounds: while steps are left, and with Budget.Whole only when one more
// round as long as the mean round so far fits in them.
func (s *Searcher) fits(used int) bool {
	left := s.Budget.DecisionSteps - s.Spent
	if !s.Budget.Whole {
		return left > 0
	}
	return left >= s.Spent/used
}

// playout samples a position with seed, applies a for the seat and plays
// on with the standard bots until Stop; a candidate the sample refuses
// scores nothing.
func (s *Searcher) playout(p Problem, a engine.Action, seed uint64) float64 {
	var g engine.Game
	var err error
	if p.Resample != nil {
		g, err = p.Resample(s.game, seed)
		if err == nil {
			s.game = g
		}
	} else {
		g, err = p.Sample(seed)
	}
	if err != nil {
		return 0
	}
	// Nobody reads a playout's events (its loop reads prompts, the bots
	// views and parts of the legal lists, Stop and Score the state): a
	// muted game changes its state exactly as a quiet one.
	engine.SetQuiet(g, true)
	engine.SetMute(g, true)
	if _, err := g.Apply(p.Seat, a); err != nil {
		return 0
	}
	if p.Begin != nil {
		p.Begin(g, a)
	}
	var r rng.PCG
	r.Seed(seed ^ 0x9e3779b97f4a7c15)
	seats := g.Setup().Seats
	kept := s.bots[:cap(s.bots)]
	s.bots = s.bots[:0]
	for i := 0; i < seats; i++ {
		if p.Rebot == nil {
			s.bots = append(s.bots, p.NewBot(i, r.Uint64()))
			continue
		}
		var prev engine.Bot
		if i < len(kept) {
			prev = kept[i]
		}
		s.bots = append(s.bots, p.Rebot(prev, i, r.Uint64()))
	}
	var waiting [8]int
	for steps := 0; steps < s.Budget.Steps && !p.Stop(g); steps++ {
		s.Spent++
		pr := g.Prompt()
		if len(pr.Waiting) == 0 {
			break
		}
		k := 0
		for _, w := range pr.Waiting {
			if k < len(waiting) {
				waiting[k] = w.Seat
				k++
			}
		}
		if !pr.Simultaneous {
			k = 1
		}
		ok := true
		for i := 0; i < k && ok; i++ {
			seat := waiting[i]
			if i > 0 && !g.Prompt().Awaits(seat) {
				continue
			}
			act := engine.ChooseAction(s.bots[seat], engine.ViewFor(s.bots[seat], g, seat), g, seat) // the same action, from parts of the list (engine.LazyChooser)
			if act == nil {
				ok = false
				break
			}
			if _, err := g.Apply(seat, act); err != nil {
				ok = false
			}
		}
		if !ok {
			break
		}
	}
	return p.Score(g)
}
