package billionaire

import (
	"errors"
	"fmt"
	"slices"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ErrNotDeterminisable is wrapped when a View does not carry enough to
// rebuild a game from it (a spectator's view, a finished game, a view
// that contradicts the rules' card counts).
var ErrNotDeterminisable = errors.New("billionaire: this view cannot be rebuilt into a game")

// FromView builds a game that the viewer of v cannot tell from the real
// one: everything the View shows is copied, and what it hides is drawn
// from seed: the order of both stacks and which unseen cards lie in the
// stacks and which in the discards, the Work Items another seat has drawn
// and not yet decided, other seats' selected cards (during the selection,
// what the standard bot would choose in their place; afterwards, that
// choice filled to the count the View shows), and the random source. What
// the View does not carry is set to what it usually is: the capital before
// the round is today's capital, the ledgers start at zero (so the money
// invariant does not hold in a rebuilt game), resignations count in seat
// order. Its View(v.Viewer) equals v.
func (Definition) FromView(view engine.View, seed uint64) (engine.Game, error) {
	v, ok := view.(View)
	if !ok {
		if p, ok2 := view.(*View); ok2 && p != nil {
			v, ok = *p, true
		}
	}
	if !ok || v.Viewer < 0 || v.Viewer >= len(v.Players) || v.Phase == PhaseOver || len(v.Players) < 2 {
		return nil, ErrNotDeterminisable
	}
	r := rng.FromSeed(seed)
	n := len(v.Players)
	order := OrderCapital // the option is not in the View: its default
	s := &state{Setup: engine.Setup{Seats: n, Options: map[string]string{OptRounds: fmt.Sprint(v.MaxRounds), OptOrder: order}, Seed: seed},
		MaxRounds: v.MaxRounds, Round: v.Round, Phase: v.Phase, Zone: v.Zone, Order: slices.Clone(v.Order),
		FirstOrder: slices.Clone(v.Order), Blocked: v.Blocked, Debtor: v.Debtor, EndReason: v.EndReason, Event: -1, RNG: r,
		Rolls: slices.Clone(v.Rolls)}
	s.ByCapital = true
	if v.Event != "" {
		for e := 0; e < NumEvents; e++ {
			if name, _ := event(e); name == v.Event {
				s.Event = e
			}
		}
	}
	s.Turn = slices.Index(v.Order, v.Current)
	if s.Turn < 0 {
		s.Turn = 0
	}
	seen := make([]bool, NumItems)
	mark := func(id int) error {
		if id < 0 || id >= NumItems || seen[id] {
			return ErrNotDeterminisable
		}
		seen[id] = true
		return nil
	}
	for i, pv := range v.Players {
		p := Player{Capital: pv.Capital, Labs: slices.Clone(pv.Labs), Used: slices.Clone(pv.Used), Out: pv.Out,
			Chosen: pv.Chosen, Limit: pv.Limit, Played: pv.Played, UpkeepPaid: true, OutScore: pv.Adjusted}
		if v.Phase == PhaseUpkeep {
			// Seats before the debtor in the order have paid; the debtor
			// and those after it have not.
			at := slices.Index(v.Order, v.Debtor)
			if k := slices.Index(v.Order, i); at >= 0 && k >= at && !pv.Out {
				p.UpkeepPaid = false
			}
		}
		for _, c := range pv.Containers {
			cn := Container{Item: -1, Rings: c.Rings, Loc: c.Loc, Worked: c.Worked}
			if c.Item != nil {
				cn.Item = c.Item.ID
				if err := mark(cn.Item); err != nil {
					return nil, err
				}
			}
			p.Containers = append(p.Containers, cn)
		}
		for _, it := range pv.Queue {
			p.Queue = append(p.Queue, it.ID)
			if err := mark(it.ID); err != nil {
				return nil, err
			}
		}
		for _, it := range pv.Finished {
			p.Finished = append(p.Finished, it.ID)
			if err := mark(it.ID); err != nil {
				return nil, err
			}
		}
		for _, e := range pv.PPL {
			p.PPL = append(p.PPL, Payment{Item: e.Item.ID, Left: e.Left, Payment: e.Payment})
			if err := mark(e.Item.ID); err != nil {
				return nil, err
			}
		}
		if pv.Out {
			s.Resigned = append(s.Resigned, i)
			sc := pv.Score
			p.OutDetail = &sc
		}
		if i == v.Viewer && pv.Hand != nil {
			p.Hand = *pv.Hand
		}
		s.Players = append(s.Players, p)
	}
	for _, it := range v.Drawn {
		s.Drawn = append(s.Drawn, it.ID)
		if err := mark(it.ID); err != nil {
			return nil, err
		}
	}
	// The unseen cards of each stack lie in the stack, the discards or
	// another seat's pending draw: the counts say how many in each.
	for st := 0; st < 2; st++ {
		var pool []int
		for id := st * 128; id < (st+1)*128; id++ {
			if !seen[id] {
				pool = append(pool, id)
			}
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		ns, nd := v.Stacks[st], v.Discards[st]
		if ns+nd > len(pool) {
			return nil, ErrNotDeterminisable
		}
		s.Stacks[st] = pool[:ns:ns]
		s.Discards[st] = slices.Clone(pool[ns : ns+nd])
		for _, id := range pool[ns+nd:] {
			if len(v.Drawn) == 0 {
				s.Drawn = append(s.Drawn, id)
			}
		}
	}
	if len(s.Drawn) != v.DrawnCount {
		return nil, ErrNotDeterminisable
	}
	if len(v.Drawn) == 0 { // another seat's draw: its order is hidden too
		r.Shuffle(len(s.Drawn), func(i, j int) { s.Drawn[i], s.Drawn[j] = s.Drawn[j], s.Drawn[i] })
	}
	s.Snapshot = make([]int64, n)
	for i := range s.Players {
		s.Snapshot[i] = s.Players[i].Capital
	}
	g := &Game{s: s}
	sampleHands(g, v, r)
	return g, nil
}

// sampleHands gives every other seat a hand. During the selection a seat
// that has chosen gets the standard bot's choice; afterwards the standard
// bot's choice for the round, less what the seat has played, filled or
// cut at random to the count the View shows.
func sampleHands(g *Game, v View, r *rng.PCG) {
	s := g.s
	for i := range s.Players {
		p := &s.Players[i]
		if i == v.Viewer || p.Out {
			continue
		}
		if v.Phase == PhaseSelect && !p.Chosen {
			continue
		}
		// The standard bot's choice from this seat's position as a
		// selection (Limit is 1 + Labs at selection; Labs may have
		// changed since, which the fill below absorbs).
		pv := v.Players[i]
		wv := v
		wv.Viewer, wv.Phase = i, PhaseSelect
		b := newBot(i, r.Uint64())
		limit := 1 + len(pv.Labs)
		if v.Phase != PhaseSelect {
			limit = pv.Limit
		}
		want := [numCardTypes]int{}
		if c, ok := b.choose(&wv, &pv, g.choices(limit)).(Choose); ok {
			want = c.Counts()
		}
		if v.Phase == PhaseSelect {
			p.Hand, p.Limit = want, limit
			continue
		}
		var hand [numCardTypes]int
		for t := range hand {
			hand[t] = max(want[t]-pv.Played[t], 0)
		}
		for sum(hand) > pv.HandCount {
			t := r.IntN(numCardTypes)
			if hand[t] > 0 {
				hand[t]--
			}
		}
		for guard := 0; sum(hand) < pv.HandCount && guard < 100; guard++ {
			t := r.IntN(numCardTypes)
			if hand[t]+pv.Played[t] < CardCopies(t) {
				hand[t]++
			}
		}
		p.Hand = hand
	}
}
