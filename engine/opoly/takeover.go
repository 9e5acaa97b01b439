package opoly

import (
	"strconv"

	"boardroom/engine"
)

// Takeovers (Ruleset.TakeoverPct; Technopoly R001-25, A001-08, A001-09):
// in their own turn, before or after rolling, the active player asks the
// owner of a property to hand it over for its takeover price (the printed
// price plus the mark-up). The request is private to the two of them; the
// owner approves (the buyer pays, the property changes hands at once) or
// denies, which is also the default when the owner does not answer. A
// property whose group has buildings cannot be taken over (R001-21), the
// buyer must have the cash, one request is pending at a time, and each
// property may be asked for once a turn. A pending request is a
// pendingTrade with Takeover set, so it shares the trade phase.

// RequestTakeover asks the owner of Cell to hand it over for its takeover
// price (Ruleset.TakeoverPrice).
type RequestTakeover struct {
	Cell int `json:"cell"`
}

// ApproveTakeover approves the takeover request addressed to the seat.
type ApproveTakeover struct{}

// DenyTakeover denies the takeover request addressed to the seat; the
// default of an owner who does not answer.
type DenyTakeover struct{}

// Kind implementations.
func (RequestTakeover) Kind() string { return "request_takeover" }
func (ApproveTakeover) Kind() string { return "approve_takeover" }
func (DenyTakeover) Kind() string    { return "deny_takeover" }

var boxTakeover = func() (b [MaxCells]engine.Action) {
	for i := range b {
		b[i] = RequestTakeover{Cell: i}
	}
	return b
}()

// TakeoverPrice is what taking over cell c costs: its printed price plus
// TakeoverPct percent, rounded up to the money step.
func (rs *Ruleset) TakeoverPrice(c int) int64 {
	p := rs.Board.Cells[c].Price
	return p + roundUp(p*rs.TakeoverPct, 100*rs.MoneyStep)*rs.MoneyStep
}

// canRequest reports whether seat may request a takeover now.
func (g *game) canRequest(seat int) bool {
	s := g.s
	return g.rs.TakeoverPct > 0 && seat == g.active() && (s.Phase == phRoll || s.Phase == phPostRoll)
}

// takeoverable reports whether seat may ask for cell c now (besides the
// window): another player's property, its group without buildings, not
// asked for this turn, and seat has the cash.
func (g *game) takeoverable(seat, c int) bool {
	s := g.s
	if !g.validCell(c) || !g.rs.Board.Cells[c].Kind.Property() {
		return false
	}
	o := s.Cells[c].Owner
	if o == Bank || o == seat || s.Players[o].Out || s.Players[seat].Cash < g.rs.TakeoverPrice(c) {
		return false
	}
	if _, hi, _ := groupLevels(s.Cells, &g.rs.Board.Groups[g.rs.Board.Cells[c].Group]); hi > 0 {
		return false
	}
	for _, a := range s.Asked {
		if a == c {
			return false
		}
	}
	return true
}

func (g *game) checkRequest(seat, c int) error {
	if !g.canRequest(seat) {
		return illegal("You can ask for a takeover in your own turn, before or after rolling.")
	}
	if !g.takeoverable(seat, c) {
		return illegal("You can ask for another player's " + g.rs.propertyWord() + " once a turn, if you have the cash for the takeover " +
			"and nobody has been hired in its " + g.rs.groupWord() + ".")
	}
	return nil
}

// legalTakeovers appends a request for every property seat may ask for.
func (g *game) legalTakeovers(seat int, out []engine.Action) []engine.Action {
	if !g.canRequest(seat) {
		return out
	}
	for c := range g.s.Cells {
		if g.takeoverable(seat, c) {
			out = append(out, boxTakeover[c])
		}
	}
	return out
}

// takeoverWhy is the reason of a takeover payment.
func (g *game) takeoverWhy(c int) string {
	cell := &g.rs.Board.Cells[c]
	return "takeover of " + cell.Name + " (" + g.money(cell.Price) + " + " + strconv.FormatInt(g.rs.TakeoverPct, 10) + "% mark-up)"
}

func (g *game) doRequest(seat, c int) {
	s := g.s
	s.Asked = append(s.Asked, c)
	o := TradeOffer{From: seat, To: s.Cells[c].Owner, ToCells: []int{c}, Money: g.rs.TakeoverPrice(c)}
	s.Trade = &pendingTrade{Offer: o, Takeover: true, Return: s.Phase}
	s.Phase = phTrade
	g.ev = append(g.ev, engine.Event{Kind: "takeover_requested",
		Text: who(seat) + " asked " + who(o.To) + " to take over " + g.rs.Board.Cells[c].Name + " for " + g.money(o.Money) +
			" (" + g.money(g.rs.Board.Cells[c].Price) + " + " + strconv.FormatInt(g.rs.TakeoverPct, 10) + "% mark-up).",
		To: []int{seat, o.To}, Redacted: who(seat) + " asked " + who(o.To) + " for a takeover; it is being negotiated."})
}

func (g *game) checkAnswer(approve bool) error {
	s := g.s
	if s.Phase != phTrade || !s.Trade.Takeover {
		return illegal("There is no takeover request to answer.")
	}
	if approve {
		o := &s.Trade.Offer
		c := o.ToCells[0]
		if s.Cells[c].Owner != o.To || s.Players[o.From].Cash < o.Money {
			return illegal("That takeover can no longer be carried out.")
		}
	}
	return nil
}

// approve carries out the pending takeover: the buyer pays the owner and
// receives the property.
func (g *game) approve() {
	o := g.s.Trade.Offer
	c := o.ToCells[0]
	g.emit("takeover_approved", who(o.To)+" approved the takeover of "+g.rs.Board.Cells[c].Name+" by "+who(o.From)+".")
	g.wcell(c).Owner = o.From
	g.move(o.From, o.To, o.Money, "takeover", g.takeoverWhy(c))
	g.endTrade()
}

func (g *game) deny() {
	o := g.s.Trade.Offer
	g.emit("takeover_denied", who(o.To)+" denied the takeover request of "+who(o.From)+".")
	g.endTrade()
}

// terminate ends the game at seat's request (ResignEndsGame, R001-13,
// A001-06): seat keeps everything but cannot win.
func (g *game) terminate(seat int) {
	s := g.s
	p := &s.Players[seat]
	p.Status = engine.StatusResigned
	s.OutSeq++
	p.OutRank = s.OutSeq
	g.gameOver(who(seat) + " terminated the game; " + g.rs.winRule() + " among the others.")
}

// resignOnly is the Legal list of a seat that is not awaited but may
// terminate the game (ResignEndsGame). Shared, read-only.
var resignOnly = []engine.Action{Resign{}}
