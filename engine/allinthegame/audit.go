package allinthegame

import "boardroom/engine"

// The bot audit (engine.Auditor, issue 27) of IT's All in the Game. It
// reads only the actions and the state, never the bot's decision code.
// The game has no trades, auctions or requests between players, so
// bot_deals_below_valuation, bot_overbids and repeated_requests stay 0:
// no decision of the game can make them count. What a bot can undo is its
// own work, and undone_moves counts:
//   - a Move that takes a consultant the seat moved earlier in the same
//     round back to the project it came from ("CRM Roll-out -> Cross-border
//     Payments", then back);
//   - a paid Train that returns a Senior and takes a Senior of the same
//     colour, or a paid Recruit that returns a Principal and takes one of
//     the same colour: the same hand as before, dollars lighter;
//   - a paid Promote of a Principal, which gives back the card it returns.

// NewAuditor implements engine.Audited.
func (Definition) NewAuditor(players int) engine.Auditor {
	return &auditor{moves: make([][]movedTo, players), pending: make([]returned, players)}
}

// movedTo is where a seat's Move of this round put a consultant: the slot,
// desk and project card it went to, and the project card it left.
type movedTo struct {
	slot, desk int
	card, from string
}

// returned is the card a paid Train or Recruit gave back, awaiting the
// pick that follows it.
type returned struct {
	set       bool
	colour    int
	principal bool
}

type auditor struct {
	n       engine.BotAudit
	round   int
	moves   [][]movedTo // by seat, this round's
	pending []returned  // by seat
}

// Audit implements engine.Auditor.
func (a *auditor) Audit() engine.BotAudit { return a.n }

// After implements engine.Auditor; everything is judged before the action.
func (a *auditor) After(engine.Game, int, engine.Action, bool) {}

// Before implements engine.Auditor.
func (a *auditor) Before(g engine.Game, seat int, act engine.Action, bot bool) {
	gm, ok := g.(*Game)
	if !ok || seat < 0 || seat >= len(a.moves) {
		return
	}
	s := gm.s
	if s.Round != a.round {
		a.round = s.Round
		for p := range a.moves {
			a.moves[p] = a.moves[p][:0]
		}
	}
	switch x := act.(type) {
	case Move:
		if x.FromProject < 0 || x.FromProject >= len(s.Slots) || x.Project < 0 || x.Project >= len(s.Slots) {
			return
		}
		from, to := s.Slots[x.FromProject].Card, s.Slots[x.Project].Card
		for _, m := range a.moves[seat] {
			if bot && m.slot == x.FromProject && m.desk == x.FromDesk && m.card == from && m.from == to {
				a.n.UndoneMoves++
				break
			}
		}
		a.moves[seat] = append(a.moves[seat], movedTo{slot: x.Project, desk: x.Desk, card: to, from: from})
	case Train:
		a.pending[seat] = returned{set: s.trainCost(seat) > 0 && !x.Principal, colour: x.Colour}
	case Recruit:
		a.pending[seat] = returned{set: s.recruitCost() > 0 && x.Principal, colour: x.Colour, principal: true}
	case Promote:
		if bot && x.Principal && s.promoteCost(seat) > 0 {
			a.n.UndoneMoves++
		}
	case TakeSenior:
		if p := a.pending[seat]; bot && p.set && !p.principal && p.colour == x.Colour {
			a.n.UndoneMoves++
		}
		a.pending[seat] = returned{}
	case TakePrincipal:
		if p := a.pending[seat]; bot && p.set && p.principal && p.colour == x.Colour {
			a.n.UndoneMoves++
		}
		a.pending[seat] = returned{}
	}
}
