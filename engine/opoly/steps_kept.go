package opoly

import "boardroom/engine"

// A standard bot's proposal in a simulation's own loop of steps
// (Game.PlaySteps) is applied as a value, never boxed as an action: the
// bot keeps it (bot.kept, its cells in the bot's own array) and returns
// proposeKept{}, a value of no size, whose boxing allocates nothing; the
// loop hands the kept proposal to the auditor and applies it. A proposal
// was two allocations (its cells and its box), about 40 of a muted
// Unipoly game's 69. The kept cells are read only during the step: the
// game copies an offer's cells (Game.propose), the auditor keeps none.

// proposeKept is a standard bot's proposal kept by the bot (bot.direct),
// which only the game's own loop of steps receives.
type proposeKept struct{}

// Kind implements engine.Action.
func (proposeKept) Kind() string { return "propose_trade" }

// keep keeps proposal best as propose would return it, its cells in the
// bot's own array, and returns proposeKept{}.
func (b *bot) keep(best *cand) engine.Action {
	c := &b.keptCells
	n := copy(c[:], best.take[:best.nt])
	copy(c[n:], best.give[:best.ng])
	b.kept = ProposeTrade{To: best.to, Take: c[:n:n], Money: best.money}
	if best.ng > 0 {
		b.kept.Give = c[n : n+best.ng : n+best.ng]
	}
	return proposeKept{}
}

// chooseDirect is b's ChooseFrom in the game's own loop of steps, with its
// proposal kept (bot.direct).
func (b *bot) chooseDirect(v engine.View, g *Game, seat int) engine.Action {
	b.direct = true
	a := b.ChooseFrom(v, g, seat)
	b.direct = false
	return a
}

// playKept is the rest of the loop's step of seat, whose bot b proposed
// b.kept: the auditor's Before (aud nil: none), Apply, as playStep has
// them with the proposal boxed (After records nothing of a proposal). It
// reports whether the proposal was applied, else r tells the failure.
func (g *Game) playKept(r *engine.StepRun, aud *auditor, b *bot, seat int) bool {
	p := b.kept
	b.kept = ProposeTrade{}
	if aud != nil {
		aud.botPropose(g, seat, p)
	}
	var err error
	if g.s.Players[seat].Out {
		_, err = g.Apply(seat, p)
	} else {
		err = g.applyPropose(seat, p)
	}
	if err != nil {
		r.Failed, r.Seat, r.Action, r.Err = true, seat, p, err
		return false
	}
	return true
}

// botPropose is the auditor's botBefore of a bot's proposal x, not boxed:
// judge's case of a ProposeTrade.
func (a *auditor) botPropose(gm *Game, seat int, x ProposeTrade) {
	a.kept = false
	if uint(seat) < MaxSeats {
		a.bot[seat] = true
		o := offerOf(seat, x)
		a.ask(gm, seat, true, &o, false, gm.Round())
	}
}

// applyPropose is applyAwaited of seat's proposal p, not boxed: check's
// case of a ProposeTrade, then do's, the publication and the events as
// applyAwaited has them (the loop keeps none).
func (g *Game) applyPropose(seat int, p ProposeTrade) error {
	if !g.rs.Trade.Allowed {
		return g.noSuchMove()
	}
	if !g.canPropose(seat) {
		return illegal("You can propose a trade in your own turn, before or after rolling or in your debt, a few times per turn.")
	}
	o := offerOf(seat, p)
	if err := g.checkOffer(&o); err != nil {
		return err
	}
	if err := g.checkRepeat(&o); err != nil {
		return err
	}
	mute := g.openEvents()
	g.s.Trades++
	g.propose(offerOf(seat, p), false, g.s.Phase)
	g.publish()
	if !mute {
		g.endEvents()
	}
	return nil
}
