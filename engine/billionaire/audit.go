package billionaire

import "boardroom/engine"

// The bot audit (engine.Auditor, issue 27) of IT Billionaire, read from the
// actions and the state, never from the bot's decision code. The game has
// no trades, auctions or requests between players: bot_overbids and
// repeated_requests stay 0, as no decision can make them count. What a bot
// can give away is a Lab or a Work Item it took in the same round:
//   - bot_deals_below_valuation counts a Lab sold (Sell Lab) in the round it
//     was bought, and a Lab bought at a location the seat sold this round:
//     either way it pays the full cost for half of it back;
//   - undone_moves counts a Stop Work of a Work Item the seat accepted in
//     the same round: it pays the cancellation fee to undo its own choice.
//
// A forced sale to pay upkeep is not a decision and is not counted.

// NewAuditor implements engine.Audited.
func (Definition) NewAuditor(players int) engine.Auditor {
	return &auditor{sold: make([][]int, players), accepted: make([][]int, players)}
}

type auditor struct {
	n        engine.BotAudit
	round    int
	sold     [][]int // by seat: locations sold this round
	accepted [][]int // by seat: Work Items accepted this round
}

// Audit implements engine.Auditor.
func (a *auditor) Audit() engine.BotAudit { return a.n }

// After implements engine.Auditor; everything is judged before the action.
func (a *auditor) After(engine.Game, int, engine.Action, bool) {}

// Before implements engine.Auditor.
func (a *auditor) Before(g engine.Game, seat int, act engine.Action, bot bool) {
	gm, ok := g.(*Game)
	if !ok || seat < 0 || seat >= len(a.sold) || seat >= len(gm.s.Players) {
		return
	}
	s := gm.s
	if s.Round != a.round {
		a.round = s.Round
		for p := range a.sold {
			a.sold[p], a.accepted[p] = a.sold[p][:0], a.accepted[p][:0]
		}
	}
	p := &s.Players[seat]
	switch x := act.(type) {
	case SellLab:
		for _, l := range p.Labs {
			if bot && l.Loc == x.Lab && l.Bought == s.Round {
				a.n.DealsBelowValuation++
			}
		}
		a.sold[seat] = append(a.sold[seat], x.Lab)
	case AcquireLab:
		for _, l := range a.sold[seat] {
			if bot && l == x.Loc {
				a.n.DealsBelowValuation++
			}
		}
	case Accept:
		if len(s.Drawn) > 0 {
			a.accepted[seat] = append(a.accepted[seat], s.Drawn[0])
		}
	case StopWork:
		for _, id := range a.accepted[seat] {
			if bot && id == x.Item {
				a.n.UndoneMoves++
			}
		}
	}
}
