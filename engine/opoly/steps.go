package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// PlaySteps implements engine.StepPlayer: the simulator's usual steps and
// sealed bids in the game's own loop, its own methods called directly
// (Round, AwaitedSeat, Apply, the property games' auditor's Before and
// After) where the simulator's loop made an interface call each: about a
// hundred instructions a step of the loop's own. Another auditor than the
// property games' leaves every step to the caller.
func (g *Game) PlaySteps(r *engine.StepRun) {
	var aud *auditor
	if r.Auditor != nil {
		if aud, _ = r.Auditor.(*auditor); aud == nil {
			return
		}
	}
	// the run's fields in locals for the loop, written back when it ends
	bots, reads, maxRounds, maxSteps := r.Bots, r.Reads, r.MaxRounds, r.MaxSteps
	n, turns := r.Actions, r.Turns
	var ok bool
	for n < maxSteps {
		s := g.s
		if maxRounds > 0 && s.RoundNo > maxRounds {
			break
		}
		// AwaitedSeat, its most common case (the active player's turn)
		// without a call
		var seat int
		var answer bool
		if s.Phase.turn() {
			seat = s.Order[s.Turn]
		} else if seat, answer, ok = g.AwaitedSeat(); !ok {
			r.Actions = n
			ok = g.playBids(r, aud)
			if n = r.Actions; !ok {
				break
			}
			continue
		}
		if uint(seat) >= uint(len(bots)) || bots[seat] == nil {
			break
		}
		turns.SeeOne(seat, answer)
		// playStep's step, written out
		var v engine.View
		if !reads[seat] {
			v = g.PeekView(seat)
		}
		var a engine.Action
		if b, std := bots[seat].(*bot); std {
			// the standard bot called directly, its proposal kept
			// rather than boxed (steps_kept.go)
			if a = b.chooseDirect(v, g, seat); a == (proposeKept{}) {
				if !g.playKept(r, aud, b, seat) {
					break
				}
				n++
				continue
			}
		} else {
			a = bots[seat].ChooseFrom(v, g, seat)
		}
		if a == nil {
			r.Failed, r.Seat, r.Action, r.Err = true, seat, nil, nil
			break
		}
		if aud != nil {
			aud.botBefore(g, seat, a)
		}
		var err error
		if s.Players[seat].Out {
			_, err = g.Apply(seat, a)
		} else {
			_, err = g.applyAwaited(seat, a)
		}
		if err != nil {
			r.Failed, r.Seat, r.Action, r.Err = true, seat, a, err
			break
		}
		if aud != nil && aud.kept { // After records nothing otherwise
			aud.After(g, seat, a, true)
		}
		n++
	}
	r.Actions, r.Turns = n, turns
}

// playStep asks seat's bot for its action and applies it, with the
// auditor's Before and After (aud nil: none), and reports whether it was
// applied (else r tells the failure): a bidder's step. PlaySteps' own
// step is the same, written out in its loop (the run's fields kept in
// locals there: 0.5% of a Unipoly simulation).
func (g *Game) playStep(r *engine.StepRun, aud *auditor, seat int) bool {
	var v engine.View
	if !r.Reads[seat] {
		v = g.PeekView(seat)
	}
	a := r.Bots[seat].ChooseFrom(v, g, seat)
	if a == nil {
		r.Failed, r.Seat, r.Action, r.Err = true, seat, nil, nil
		return false
	}
	if aud != nil {
		aud.botBefore(g, seat, a)
	}
	// Apply, but for its checks of the seat, which the loop made (the
	// seat awaited, the game not over, an action chosen) but for a seat out
	var err error
	if g.s.Players[seat].Out {
		_, err = g.Apply(seat, a)
	} else {
		_, err = g.applyAwaited(seat, a)
	}
	if err != nil {
		r.Failed, r.Seat, r.Action, r.Err = true, seat, a, err
		return false
	}
	if aud != nil && aud.kept { // After records nothing otherwise
		aud.After(g, seat, a, true)
	}
	r.Actions++
	return true
}

// playBids plays a sealed bid's step as the simulator does (its
// stepSeats): every bidder yet to bid, in seat order, those after the
// first only while the game still awaits them. It reports false, playing
// nothing, when the game waits on no sealed bid or on a seat whose bot r
// does not serve, and false after a failure.
func (g *Game) playBids(r *engine.StepRun, aud *auditor) bool {
	seats, ok := g.AwaitedSeats()
	if !ok || seats == 0 {
		return false
	}
	for t := seats; t != 0; t &= t - 1 {
		if seat := bits.TrailingZeros64(t); seat >= len(r.Bots) || r.Bots[seat] == nil {
			return false
		}
	}
	for k, t := 0, seats; t != 0; k, t = k+1, t&(t-1) {
		seat := bits.TrailingZeros64(t)
		if k > 0 && !g.stillAwaits(seat) {
			continue
		}
		var played bool
		if b, std := r.Bots[seat].(*bot); std && b.seat == seat && r.Reads[seat] {
			played = g.playBotBid(r, aud, b, seat)
		} else {
			played = g.playStep(r, aud, seat)
		}
		if !played {
			return false
		}
	}
	return true
}

// playBotBid is playStep of the standard bot b of seat, which reads its
// game, asked for its sealed bid: its ChooseFrom (the bidder's list of
// the bid template and the resignation, Choose, choose, bid) with the bid
// worked out as an amount (bot.bidAmount) and applied as a Bid value
// (applyBid), never boxed as an action: the template and the bid each
// were an allocation a bid, four in five of a muted Unipoly game's. It is
// playStep where ChooseFrom would not reach bid (a seat out, not awaited
// in an auction, a view without the auction's phase).
func (g *Game) playBotBid(r *engine.StepRun, aud *auditor, b *bot, seat int) bool {
	s := g.s
	if uint(seat) >= uint(len(s.Players)) || s.Players[seat].Out || s.Phase != phAuction || !g.awaits(seat) {
		return g.playStep(r, aud, seat)
	}
	v := g.ownView(seat)
	if v.Board == nil || seat >= v.Seats() || v.Phase != PhaseAuction {
		return g.playStep(r, aud, seat)
	}
	// choose's own step before bid; bid reads neither b.cur nor the list
	// but their first entry, the template
	b.res = -1
	x := g.bidTemplate(seat)
	if v.Auction != nil {
		x.Amount = b.bidAmount(v, x)
	}
	if aud != nil {
		aud.botBid(g, seat, x)
	}
	if err := g.applyBid(seat, x); err != nil {
		r.Failed, r.Seat, r.Action, r.Err = true, seat, x, err
		return false
	}
	if aud != nil && aud.kept {
		aud.After(g, seat, nil, true) // After reads no action: what Before kept
	}
	r.Actions++
	return true
}

// botBid is the auditor's botBefore of a bot's bid x, without the bid
// boxed as an action (Game.playBotBid): before's case of a Bid.
func (a *auditor) botBid(gm *Game, seat int, x Bid) {
	a.kept = false
	if uint(seat) < MaxSeats {
		a.bot[seat] = true
		a.keep(gm)
		a.bid(gm, seat, x)
	}
}

// stillAwaits reports whether the game waits on seat now, as the
// simulator asks between bidders: from AwaitedSeats in an auction, else
// what its Prompt and Outcome say (awaitsOne's one seat, none when over).
func (g *Game) stillAwaits(seat int) bool {
	if now, ok := g.AwaitedSeats(); ok {
		return now&(1<<uint(seat)) != 0
	}
	one, single := g.awaitsOne()
	return single && one == seat
}
