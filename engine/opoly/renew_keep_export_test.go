package opoly

// RenewedKeeps returns a function that renews one bot (bot.Renew, which
// keeps what it worked out from the rules and board alone) and returns
// what it reads of rules rs and its board (its scale of money, cheapest
// build and lift, its groups' and properties' masks, its advisors' steps)
// against the same read by a new bot.
func RenewedKeeps() func(rs *Ruleset) (renewed, fresh []uint64) {
	b := newBot(0, 0)
	read := func(b *bot, rs *Ruleset) []uint64 {
		v := &View{Rules: rs, Board: rs.Board}
		b.scaleOf(v)
		out := []uint64{uint64(b.scale), uint64(b.minBuild), uint64(b.leastLift(rs))}
		out = append(out, b.groupMasks(rs.Board)...)
		ads := b.advisorsOf(rs)
		return append(out, b.gm.props, uint64(ads.any), uint64(ads.skip), uint64(ads.k))
	}
	return func(rs *Ruleset) (renewed, fresh []uint64) {
		b.Renew(0, 0)
		return read(b, rs), read(newBot(0, 0), rs)
	}
}
