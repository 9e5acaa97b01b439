package opoly

import (
	"errors"
	"fmt"
	"maps"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ErrNotDeterminisable is returned by FromView for a view it cannot turn
// into a game: a spectator's, a finished game's, or one in a phase whose
// pending state the View does not carry in full (a debt, a valuation, a
// shortage auction, an estate sale...). The strong bot leaves such
// decisions to the standard bot.
var ErrNotDeterminisable = errors.New("opoly: this view cannot be turned into a game")

// FromView builds a game that the viewer of v cannot tell from the real
// one: everything v shows is copied, and what it hides is sampled from
// seed: the order of every deck (from the cards no player holds), the dice
// (a fresh random source) and the sealed bids others have made (what the
// standard bot would bid in their place). It is how the strong bot searches without peeking:
// two real games that differ only in what the viewer cannot see give the
// same View and hence the same game here.
//
// What the View does not say is set to the usual value: the proposer of a
// pending trade goes back to its post-roll window, and the offers another
// player had rejected or the takeovers it asked for this turn, which the
// viewer did not see, are not known (View.Rejected, View.Asked).
func (d Definition) FromView(v View, seed uint64) (engine.Game, error) {
	g, err := fromView(d.rs, d.why, &v, seed)
	if err != nil {
		return nil, err
	}
	return g, nil
}

func fromView(rs *Ruleset, why *reasons, v *View, seed uint64) (*Game, error) {
	return fromViewInto(nil, rs, why, v, seed)
}

// fromViewInto is fromView in the memory of g, a game fromViewInto gave
// before (a strong bot's last playout: search.Problem.Resample), or in a
// new game when g is nil. Everything is written whole, so the game is the
// one fromView gives: g is first made as new (Game.renew: its blocks, lent
// views, lists and templates kept, emptied), then its state's lists are
// filled from v. Nothing is shared with v but what fromView shares (the
// published last auction and card, the roll-off rows: never written).
func fromViewInto(g *Game, rs *Ruleset, why *reasons, v *View, seed uint64) (*Game, error) {
	if v.Rules != rs || v.Board == nil || v.Over || v.Viewer < 0 || v.Viewer >= len(v.Players) {
		return nil, ErrNotDeterminisable
	}
	n := len(v.Players)
	if g == nil {
		g = &Game{rs: rs, why: why, s: &state{}, blk: newBlocks(true)}
	} else {
		g.renew(n)
		g.rs, g.why = rs, why
		g.blk.setBatch(true)
	}
	s := g.s
	opts := s.Setup.Options // the last playout's copy of the same options, never written
	if opts == nil || !maps.Equal(opts, v.Options) {
		opts = maps.Clone(v.Options)
	}
	cells, players, order, decks, r := s.Cells, s.Players, s.Order, s.Decks, s.RNG
	if r == nil {
		r = new(rng.PCG)
	}
	r.Seed(seed)
	clear(s.Queue[:cap(s.Queue)])
	clear(s.Rejected[:cap(s.Rejected)])
	*s = state{
		Setup: engine.Setup{Seats: n, Options: opts, Seed: seed},
		Rules: rs.ID, MaxRounds: v.MaxRounds, TimeLimit: v.TimeLimit, TimeUp: v.TimeUp,
		Dice: v.Dice, Doubles: v.Doubles, Must: v.MustRoll,
		RoundNo: v.Round, RNG: r, RollOff: v.RollOff, Next: nextPostRoll,
		LastAuction: v.LastAuction, LastCard: v.LastCard,
		Queue: s.Queue[:0], Rejected: s.Rejected[:0], Asked: s.Asked[:0],
	}
	s.Order = append(resized(order, len(v.Order))[:0], v.Order...)
	s.Turn = -1
	for i, seat := range s.Order {
		if seat == v.Active {
			s.Turn = i
		}
	}
	if s.Turn < 0 || len(v.Cells) != len(rs.Board.Cells) || len(v.Decks) != len(rs.Board.Decks) {
		return nil, ErrNotDeterminisable
	}
	if err := setPhase(g, v); err != nil {
		return nil, err
	}
	// the turn's dealings the viewer saw: the proposals made, the shortage
	// requests nobody bid on and, when the viewer is the active player,
	// its offers rejected and takeovers asked for (View.Trades): the
	// rebuilt turn allows no more than the real one
	s.Trades, s.Unfilled = v.Trades, v.Unfilled
	s.Asked = append(s.Asked, v.Asked...)
	for i := range v.Rejected {
		r := v.Rejected[i]
		ints := &g.blk.ints
		r.FromCells, r.ToCells = ints.copyOf(r.FromCells), ints.copyOf(r.ToCells)
		r.FromCards, r.ToCards = ints.copyOf(r.FromCards), ints.copyOf(r.ToCards)
		s.Rejected = append(s.Rejected, r)
	}
	s.Cells = append(resized(cells, len(v.Cells))[:0], v.Cells...)
	s.Players = resized(players, n)
	// which get-out cards the players hold: deck d's card c at
	// held[at[d]+c], on the stack for the usual boards (a board has at
	// most 8 decks, ruleset.go)
	var heldBuf [128]bool
	var atBuf [9]int
	at := atBuf[:len(rs.Board.Decks)+1]
	for d := range rs.Board.Decks {
		at[d+1] = at[d] + len(rs.Board.Decks[d].Cards)
	}
	held := heldBuf[:min(at[len(at)-1], len(heldBuf))]
	if len(held) < at[len(at)-1] {
		held = make([]bool, at[len(at)-1])
	}
	for i, pv := range v.Players {
		p := &s.Players[i]
		*p = player{Cash: pv.Cash, Pos: pv.Position, Jailed: pv.InJail, JailTurns: pv.JailTurns,
			Out: pv.Out, Status: pv.Status, Laps: pv.Laps}
		s.BankOut += pv.Cash
		if pv.Out {
			s.OutSeq++
			p.OutRank = s.OutSeq // the order they left in is not in the View
		}
		for _, d := range pv.JailCards {
			c, err := jailCardOf(rs, d, held, at)
			if err != nil {
				return nil, err
			}
			p.Cards = append(p.Cards, cardRef{Deck: d, Card: c})
		}
	}
	s.Decks = resized(decks, len(rs.Board.Decks))
	for d := range s.Decks {
		free := s.Decks[d].Order[:0]
		for c, h := range held[at[d]:at[d+1]] {
			if !h {
				free = append(free, c)
			}
		}
		for i := len(free) - 1; i > 0; i-- { // rng.Shuffle's draws, without its closure
			j := s.RNG.IntN(i + 1)
			free[i], free[j] = free[j], free[i]
		}
		s.Decks[d] = deckState{Order: free[:min(len(free), v.Decks[d].Size)]}
	}
	g.publish()
	if a := v.Auction; s.Auction != nil && len(a.Committed) == len(a.Bidders) {
		sealedBids(g, a, v.Viewer)
	}
	return g, nil
}

// sealedBids fills in the sealed bids others have made and the viewer
// cannot see: the standard bot's bid for each of them in the sampled game.
func sealedBids(g *Game, a *AuctionView, viewer int) {
	var bids [MaxSeats]int64
	for i, seat := range a.Bidders {
		bids[i] = -1
		if !a.Committed[i] || seat == viewer {
			continue
		}
		bids[i] = a.MinBid
		if x, ok := newBot(seat, g.s.RNG.Uint64()).Choose(g.View(seat), g.Legal(seat)).(Bid); ok {
			bids[i] = x.Amount
		}
	}
	for i := range a.Bidders {
		if bids[i] >= 0 {
			g.s.Auction.Bids[i] = bids[i]
		}
	}
	g.publish()
}

// setPhase sets the phase of g's state and the pending auction or trade
// from v, carved from g's blocks.
func setPhase(g *Game, v *View) error {
	s := g.s
	switch v.Phase {
	case PhaseRoll, PhaseJail:
		s.Phase = phRoll
	case PhaseBuy:
		s.Phase = phBuy
	case PhasePostRoll:
		s.Phase = phPostRoll
	case PhaseAuction:
		a := v.Auction
		if a == nil || a.Kind != "" || a.Bankrupt || len(a.Bidders) == 0 {
			return ErrNotDeterminisable // sales of estates, of players and of the supply
		}
		s.Phase = phAuction
		s.Auction = newOf(&g.blk.auctions)
		*s.Auction = auction{Lot: a.Lot, Bidders: g.blk.ints.copyOf(a.Bidders), Bids: g.blk.int64s.take(len(a.Bidders)),
			Min: a.MinBid, TieRound: a.TieRound}
		for i, seat := range a.Bidders {
			s.Auction.Bids[i] = -1
			if seat == v.Viewer {
				s.Auction.Bids[i] = a.MyBid
			}
		}
	case PhaseTrade:
		t := v.Trade
		if t == nil || t.Offer == nil || v.Debt != nil {
			return ErrNotDeterminisable
		}
		o := *t.Offer
		ints := &g.blk.ints
		o.FromCells, o.ToCells = ints.copyOf(o.FromCells), ints.copyOf(o.ToCells)
		o.FromCards, o.ToCards = ints.copyOf(o.FromCards), ints.copyOf(o.ToCards)
		s.Phase = phTrade
		s.Trade = newOf(&g.blk.trades)
		*s.Trade = pendingTrade{Offer: o, Counter: t.Counter, Takeover: t.Takeover, Return: phPostRoll}
		if t.Counter {
			s.Trade.Counters = 1
		}
	default:
		return ErrNotDeterminisable
	}
	return nil
}

// jailCardOf picks a get-out card of deck d that no one is marked to hold
// yet, and marks it: deck d's card c is held[at[d]+c].
func jailCardOf(rs *Ruleset, d int, held []bool, at []int) (int, error) {
	if d < 0 || d >= len(at)-1 {
		return 0, fmt.Errorf("%w: a card of deck %d", ErrNotDeterminisable, d)
	}
	for c, card := range rs.Board.Decks[d].Cards {
		if card.Kind == CardGetOutFree && !held[at[d]+c] {
			held[at[d]+c] = true
			return c, nil
		}
	}
	return 0, fmt.Errorf("%w: more get-out cards of deck %d than it has", ErrNotDeterminisable, d)
}
