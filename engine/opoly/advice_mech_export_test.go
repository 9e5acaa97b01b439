package opoly

import "boardroom/engine"

// AdviseAt asks the advisors of v's rules at step as a fresh standard bot
// of seat asks them (bot.advise: the steps they advise at only).
func AdviseAt(seat int, v *View, step AdviceStep) engine.Action {
	return newBot(seat, 0).advise(step, v)
}

// AdviseEach asks advisor ad at step as a fresh standard bot of seat,
// choosing in game g, would (its choices read from g), whatever steps ad
// says it advises at.
func AdviseEach(ad Advisor, g engine.Game, seat int, v *View, step AdviceStep) engine.Action {
	b := newBot(seat, 0)
	if gm, ok := g.(*Game); ok {
		b.cur = choices{g: gm, seat: seat}
	}
	return ad.Advise(Advice{b}, step, v)
}

// MechanismOf returns the mechanism of rs owning kind as the game finds it
// (from the kinds Validate listed, when they are of rs's list) and as a
// walk over the list asking each mechanism for its kinds finds it.
func MechanismOf(rs *Ruleset, kind string) (found, walked Mechanism) {
	return rs.mechanism(kind), rs.mechanismOf(kind)
}

// MechanismFound is the mechanism of rs owning kind as the game finds it.
func MechanismFound(rs *Ruleset, kind string) Mechanism { return rs.mechanism(kind) }

// MayAdvise returns, for each step, whether bot b (a standard bot) may be
// advised at it on view v as its turn asks (mayAdvise) before and after
// it asks its advisors once (advise finds them).
func MayAdvise(b engine.Bot, v *View) (before, after [AdviceAnswer + 1]bool) {
	bt := b.(*bot)
	for step := AdvicePhase; step <= AdviceAnswer; step++ {
		before[step] = bt.mayAdvise(step, v)
	}
	bt.advise(AdviceAnswer, v)
	for step := AdvicePhase; step <= AdviceAnswer; step++ {
		after[step] = bt.mayAdvise(step, v)
	}
	return before, after
}

// RoundOverAndCards asks game g's Enders whether the round's end ends the
// game (mechRoundOver) and its CardSwitches whether the card cells draw
// (cardsOn), as the game asks them.
func RoundOverAndCards(g engine.Game) (over, cards bool) {
	gm := g.(*Game)
	return gm.mechRoundOver(), gm.cardsOn()
}

// MechFor is the mechanism owning kind as game g's Apply finds it
// (mechFor: the last one found kept).
func MechFor(g engine.Game, kind string) Mechanism { return g.(*Game).mechFor(kind) }
