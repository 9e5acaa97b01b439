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
