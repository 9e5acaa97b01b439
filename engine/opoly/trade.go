package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine"
)

// Trades between players (MF-9, R004-12, A004-03, A004-06, A004-08, A004-09).

// canPropose reports whether seat may make a proposal now: its own turn
// (pre-roll, post-roll or its own debt), below the per-turn limit.
func (g *Game) canPropose(seat int) bool {
	s := g.s
	if !g.rs.Trade.Allowed || s.Trades >= g.rs.Trade.MaxPerTurn || seat != g.active() {
		return false
	}
	switch s.Phase {
	case phRoll, phPostRoll:
		return true
	case phDebt:
		return s.Queue[0].Debtor == seat
	}
	return false
}

// checkOffer validates an offer's contents against the current state.
func (g *Game) checkOffer(o *TradeOffer) error {
	s := g.s
	if o.To < 0 || o.To >= len(s.Players) || o.To == o.From || s.Players[o.To].Out {
		return engine.Errf(engine.CodeIllegal, "Choose another player still in the game.")
	}
	if len(o.FromCells)+len(o.ToCells)+len(o.FromCards)+len(o.ToCards) == 0 {
		return engine.Errf(engine.CodeIllegal, "At least one %s or card must change hands.", g.rs.propertyWord())
	}
	var seen [MaxCells]bool
	for side, cells := range [2][]int{o.FromCells, o.ToCells} {
		owner := o.From
		if side == 1 {
			owner = o.To
		}
		for _, c := range cells {
			if !g.validCell(c) || seen[c] || s.Cells[c].Owner != owner {
				return engine.Errf(engine.CodeIllegal, "%s does not own every %s listed.", who(owner), g.rs.propertyWord())
			}
			seen[c] = true
		}
	}
	for side, decks := range [2][]int{o.FromCards, o.ToCards} {
		owner := o.From
		if side == 1 {
			owner = o.To
		}
		var used [8]bool
		for _, d := range decks {
			if d < 0 || d >= len(used) || used[d] || !g.holds(owner, d) {
				return engine.Errf(engine.CodeIllegal, "%s does not hold every card listed.", who(owner))
			}
			used[d] = true
		}
	}
	if o.Money%g.rs.Money.Step != 0 {
		return engine.Errf(engine.CodeIllegal, "Money moves in steps of %s.", g.money(g.rs.Money.Step))
	}
	if o.Money > s.Players[o.From].Cash || -o.Money > s.Players[o.To].Cash {
		return engine.Errf(engine.CodeIllegal, "Nobody can pay more money than they have.")
	}
	if g.rs.Trade.NeedsUnbuiltGroup {
		for _, cells := range [2][]int{o.FromCells, o.ToCells} {
			for _, c := range cells {
				if _, grp := g.street(c); grp.Kind == KindStreet {
					if _, hi, _ := groupLevels(s.Cells, grp); hi > 0 {
						return engine.Errf(engine.CodeIllegal, "%s cannot be sold while a project of %s has %s; release them first.",
							g.rs.Board.Cells[c].Name, grp.Name, g.rs.buildingWord())
					}
				}
			}
		}
	}
	if g.rs.Trade.NoGifts {
		fromGives := len(o.FromCells)+len(o.FromCards) > 0 || o.Money >= g.rs.Money.Step
		toGives := len(o.ToCells)+len(o.ToCards) > 0 || -o.Money >= g.rs.Money.Step
		if !fromGives || !toGives {
			return engine.Errf(engine.CodeIllegal, "No gifts: each side must give an asset, or money of at least %s.", g.money(g.rs.Money.Step))
		}
	}
	if g.rs.Mortgage.TransferPct > 0 {
		// Each side must be able to pay its transfer fees (or redemptions)
		// with its cash after the trade's money.
		if g.transferCost(o.ToCells, o.FromRedeems) > s.Players[o.From].Cash-o.Money ||
			g.transferCost(o.FromCells, o.ToRedeems) > s.Players[o.To].Cash+o.Money {
			return engine.Errf(engine.CodeIllegal, "The receiver of %s %s under %s must pay %d%% of it to %s at once (or redeem it), and cannot.",
				article(g.rs.propertyWord()), g.rs.propertyWord(), g.rs.mortgageWord(), g.rs.Mortgage.TransferPct, g.rs.bankName())
		}
	}
	return nil
}

// TransferFee is what receiving mortgaged cell c in a trade costs at once
// (R000-28): Mortgage.TransferPct of its mortgage value, rounded up to the
// money step; 0 when the ruleset has no such fee.
func (rs *Ruleset) TransferFee(c int) int64 {
	m := rs.Board.Cells[c].Mortgage
	return roundUp(m*rs.Mortgage.TransferPct, 100*rs.Money.Step) * rs.Money.Step
}

// transferCost is what receiving cells costs: the fee, or with redeem the
// lift cost, of each mortgaged one.
func (g *Game) transferCost(cells []int, redeem bool) int64 {
	var x int64
	for _, c := range cells {
		if g.s.Cells[c].Mortgaged {
			if redeem {
				x += g.rs.LiftCost(c)
			} else {
				x += g.rs.TransferFee(c)
			}
		}
	}
	return x
}

// payTransfers charges the receiver of mortgaged cells after a trade.
func (g *Game) payTransfers(to int, cells []int, redeem bool) {
	if g.rs.Mortgage.TransferPct == 0 {
		return
	}
	for _, c := range cells {
		if !g.s.Cells[c].Mortgaged {
			continue
		}
		if redeem {
			g.wcell(c).Mortgaged = false
			g.move(to, Bank, g.rs.LiftCost(c), "unmortgage", g.why.lift[c])
			continue
		}
		g.move(to, Bank, g.rs.TransferFee(c), "transfer", g.why.transfer[c])
	}
}

// transferReason is the reason of the transfer fee of cell c.
func (rs *Ruleset) transferReason(c int) string {
	return strconv.FormatInt(rs.Mortgage.TransferPct, 10) + "% of the " + rs.mortgageWord() + " of " + rs.Board.Cells[c].Name + ", on receiving it"
}

func (g *Game) holds(seat, deck int) bool {
	for _, c := range g.s.Players[seat].Cards {
		if c.Deck == deck {
			return true
		}
	}
	return false
}

func offerOf(from int, a ProposeTrade) TradeOffer {
	return TradeOffer{From: from, To: a.To, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money,
		FromRedeems: a.Redeem}
}

func counterOffer(from, to int, a CounterTrade) TradeOffer {
	return TradeOffer{From: from, To: to, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money,
		FromRedeems: a.Redeem}
}

// propose records a pending offer; its contents are private to both parties.
func (g *Game) propose(o TradeOffer, counter bool, ret phase) {
	s := g.s
	ints := &g.blk.ints // the offer's own copies, carved rather than allocated one by one
	o.FromCells, o.ToCells = ints.copyOf(o.FromCells), ints.copyOf(o.ToCells)
	o.FromCards, o.ToCards = ints.copyOf(o.FromCards), ints.copyOf(o.ToCards)
	s.Trade = newOf(&g.blk.trades)
	*s.Trade = pendingTrade{Offer: o, Counter: counter, Return: ret}
	s.Phase = phTrade
	if g.mute {
		return // no event returned (SetMute)
	}
	if g.quiet { // the sentences would be dropped: do not write them
		g.ev = append(g.ev, engine.Event{Kind: "trade_proposed", To: g.blk.ints.copyOf([]int{o.From, o.To})})
		return
	}
	verb := " proposed a trade to "
	if counter {
		verb = " made a counter-proposal to "
	}
	g.ev = append(g.ev, engine.Event{Kind: "trade_proposed",
		Text: who(o.From) + verb + who(o.To) + ": " + g.describe(&o) + ".", To: []int{o.From, o.To},
		Redacted: who(o.From) + verb + who(o.To) + "."})
}

// describe writes an offer's contents.
func (g *Game) describe(o *TradeOffer) string {
	var sb strings.Builder
	// Each side lists what it gives, money included: "pp_a gives
	// 3.500€", not "gives nothing and 3.500€". Where money alone may be
	// one side of a trade (a sale: Trade.NoGifts, Projectopoly) that is
	// the sentence; Unipoly's sentences stay as its recorded playouts
	// have them ("gives nothing and $100").
	plain := g.rs.Trade.NoGifts
	side := func(seat int, cells, cards []int, pays int64) {
		sb.WriteString(who(seat) + " gives ")
		n := 0
		for _, c := range cells {
			if n > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(g.rs.Board.Cells[c].Name)
			if g.s.Cells[c].Mortgaged {
				sb.WriteString(" (" + g.rs.mortgagedWord() + ")")
			}
			n++
		}
		for _, d := range cards {
			if n > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("a " + g.rs.jailCardWord() + " (" + g.rs.Board.Decks[d].Name + ")")
			n++
		}
		switch {
		case pays > 0 && n == 0 && plain:
			sb.WriteString(g.money(pays))
		case pays > 0 && n == 0:
			sb.WriteString("nothing and " + g.money(pays))
		case pays > 0:
			sb.WriteString(" and " + g.money(pays))
		case n == 0:
			sb.WriteString("nothing")
		}
	}
	side(o.From, o.FromCells, o.FromCards, max(o.Money, 0))
	sb.WriteString("; ")
	side(o.To, o.ToCells, o.ToCards, max(-o.Money, 0))
	if o.FromRedeems && g.transferCost(o.ToCells, true) > 0 {
		sb.WriteString("; " + who(o.From) + " redeems what it receives under " + g.rs.mortgageWord() + " at once")
	}
	return sb.String()
}

// execute carries out an accepted offer: group buildings are sold first
// (A004-03), then properties (mortgaged ones stay mortgaged, no fee:
// A004-06), cards and money move at once.
func (g *Game) execute(o *TradeOffer) {
	if g.quiet {
		g.emit("trade_accepted", "")
	} else {
		g.emit("trade_accepted", who(o.To)+" accepted the trade with "+who(o.From)+": "+g.describe(o)+".")
	}
	if g.rs.Trade.ClearsGroups {
		var done [MaxCells]bool
		for _, cells := range [2][]int{o.FromCells, o.ToCells} {
			for _, c := range cells {
				gi := g.rs.Board.Cells[c].Group
				if g.rs.Board.Cells[c].Kind == KindStreet && !done[gi] {
					done[gi] = true
					g.clearGroup(gi, "a street of the group is traded")
				}
			}
		}
	}
	for _, c := range o.FromCells {
		g.wcell(c).Owner = o.To
	}
	for _, c := range o.ToCells {
		g.wcell(c).Owner = o.From
	}
	g.moveCards(o.From, o.To, o.FromCards)
	g.moveCards(o.To, o.From, o.ToCards)
	if o.Money > 0 {
		g.move(o.From, o.To, o.Money, "trade", "trade")
	} else {
		g.move(o.To, o.From, -o.Money, "trade", "trade")
	}
	g.payTransfers(o.To, o.FromCells, o.ToRedeems)
	g.payTransfers(o.From, o.ToCells, o.FromRedeems)
}

func (g *Game) moveCards(from, to int, decks []int) {
	for _, d := range decks {
		pf := g.wplayer(from)
		for i, c := range pf.Cards {
			if c.Deck == d {
				pf.Cards = append(pf.Cards[:i:i], pf.Cards[i+1:]...)
				g.hold(g.wplayer(to), c)
				break
			}
		}
	}
}

// answer ends a pending trade and returns to the proposer's phase.
func (g *Game) endTrade() {
	s := g.s
	ret := s.Trade.Return
	s.Trade = nil
	s.Phase = ret
	if ret == phDebt {
		g.proceed()
	}
}

// tradeable reports whether cell c may change hands now (R000-26).
func (g *Game) tradeable(c int) bool {
	if !g.rs.Trade.NeedsUnbuiltGroup {
		return true
	}
	_, grp := g.street(c)
	return grp.Kind != KindStreet || g.pub.grp[g.rs.Board.Cells[c].Group].hi == 0
}

// moneyRange is the range of money (From pays when positive) that makes
// offer o's assets a legal trade: within both sides' cash, leaving each the
// transfer fees it owes, and with Trade.NoGifts at least Money.Step towards a
// side that gives no asset; both bounds multiples of Money.Step. ok is false
// when the range is empty.
func (g *Game) moneyRange(o *TradeOffer) (lo, hi int64, ok bool) {
	s := g.s
	lo, hi = -s.Players[o.To].Cash, s.Players[o.From].Cash
	if g.rs.Mortgage.TransferPct > 0 {
		lo += g.transferCost(o.FromCells, o.ToRedeems)
		hi -= g.transferCost(o.ToCells, o.FromRedeems)
	}
	if g.rs.Trade.NoGifts {
		if len(o.FromCells)+len(o.FromCards) == 0 {
			lo = max(lo, g.rs.Money.Step)
		}
		if len(o.ToCells)+len(o.ToCards) == 0 {
			hi = min(hi, -g.rs.Money.Step)
		}
	}
	if st := g.rs.Money.Step; st > 1 {
		lo = -floorStep(-lo, st)
		hi = floorStep(hi, st)
	}
	return lo, hi, lo <= hi
}

// floorStep rounds x down to a multiple of st (st > 0), negatives too.
func floorStep(x, st int64) int64 { return x - ((x%st)+st)%st }

func clone(x []int) []int {
	if len(x) == 0 {
		return nil
	}
	return append([]int(nil), x...)
}
