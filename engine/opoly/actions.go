package opoly

import (
	"slices"

	"boardroom/engine"
)

// The closed set of actions of the property games. Kinds are stable JSON
// names. Cell-indexed actions carry the board index of the cell.

// Roll rolls the dice: the normal roll, the mandatory re-roll after a
// double, and in jail the roll for doubles.
type Roll struct{}

// EndTurn ends the turn after the dice have been rolled correctly.
type EndTurn struct{}

// Buy buys the unowned property the active player stands on.
type Buy struct{}

// Decline refuses to buy; the property goes to a sealed-bid auction.
type Decline struct{}

// Bid is a sealed bid in an auction. As a template (listed by Legal) it
// carries its bounds; applied as is it bids its Amount (the minimum).
type Bid struct {
	Amount int64 `json:"amount"`
	min    int64
	max    int64
	step   int64
}

// PayJailFee pays the fee to leave jail before rolling.
type PayJailFee struct{}

// UseJailCard plays a held Get-Out-of-Jail card of deck Deck.
type UseJailCard struct {
	Deck int `json:"deck"`
}

// Build adds one building level (a house; the hotel after four houses).
type Build struct {
	Cell int `json:"cell"`
}

// SellBuilding sells one building level back to the bank at half price.
type SellBuilding struct {
	Cell int `json:"cell"`
}

// Mortgage mortgages a property whose group has no buildings.
type Mortgage struct {
	Cell int `json:"cell"`
}

// SellAndMortgage sells every building of the property's group at half
// price, then mortgages the property: one action (MF-7).
type SellAndMortgage struct {
	Cell int `json:"cell"`
}

// Unmortgage lifts a mortgage for its value plus interest.
type Unmortgage struct {
	Cell int `json:"cell"`
}

// ProposeTrade offers a trade to seat To. Give and Take are cells (the
// proposer's and To's), GiveCards and TakeCards are deck indices of held
// Get-Out-of-Jail cards, Money > 0 is paid by the proposer to To and
// Money < 0 by To to the proposer. At least one property or card must move.
//
// Legal lists one ProposeTrade per possible partner as a template over
// Money, with one asset already chosen so that the template itself is
// valid; a UI or bot builds richer proposals itself and Apply validates them
// fully. The slices of a listed template are shared: treat them as
// read-only (copy before changing).
type ProposeTrade struct {
	To        int   `json:"to"`
	Give      []int `json:"give,omitempty"`
	Take      []int `json:"take,omitempty"`
	GiveCards []int `json:"give_cards,omitempty"`
	TakeCards []int `json:"take_cards,omitempty"`
	Money     int64 `json:"money,omitempty"`
	// Redeem: the proposer lifts at once the mortgages of the properties it
	// receives, paying the lift cost instead of the transfer fee
	// (Ruleset.Mortgage.TransferPct, R000-28).
	Redeem bool `json:"redeem,omitempty"`
	// step is an int32 next to Redeem, so that live fits in the size the
	// template had before it (a money step is small).
	step     int32
	min, max int64
	// live, in a template listed by a quiet game, holds the bounds instead
	// of min, max and step: the game rewrites them for its next list, so
	// that a simulation does not box a new template at every step.
	live *tplBounds
}

// AcceptTrade accepts the pending proposal addressed to the seat. Redeem,
// as in ProposeTrade, lifts at once the mortgages of what the seat receives.
type AcceptTrade struct {
	Redeem bool `json:"redeem,omitempty"`
}

// RejectTrade rejects the pending proposal addressed to the seat.
type RejectTrade struct{}

// CounterTrade rejects the pending proposal and proposes another one back
// to its proposer, who then accepts or rejects it. Fields are from the
// counter-proposer's side, as in ProposeTrade. A counter cannot be
// countered.
type CounterTrade struct {
	Give      []int `json:"give,omitempty"`
	Take      []int `json:"take,omitempty"`
	GiveCards []int `json:"give_cards,omitempty"`
	TakeCards []int `json:"take_cards,omitempty"`
	Money     int64 `json:"money,omitempty"`
	// Redeem, as in ProposeTrade: the counter-proposer lifts at once the
	// mortgages of the properties it receives (R000-28).
	Redeem         bool `json:"redeem,omitempty"`
	min, max, step int64
}

// DeclareBankruptcy gives up in a debt: A004-10.
type DeclareBankruptcy struct{}

// Resign leaves the game: bankruptcy to the bank (5.e).
type Resign struct{}

// TimeUp is the table's action when the time limit of a minutes:M end mode
// lapses: the round in progress becomes the last (G004-12). Only seat
// engine.Table applies it; it is never listed by Legal or Prompt.
type TimeUp struct{}

// Kind implementations.
func (Roll) Kind() string              { return "roll" }
func (EndTurn) Kind() string           { return "end_turn" }
func (Buy) Kind() string               { return "buy" }
func (Decline) Kind() string           { return "decline" }
func (Bid) Kind() string               { return "bid" }
func (PayJailFee) Kind() string        { return "pay_jail_fee" }
func (UseJailCard) Kind() string       { return "use_jail_card" }
func (Build) Kind() string             { return "build" }
func (SellBuilding) Kind() string      { return "sell_building" }
func (Mortgage) Kind() string          { return "mortgage" }
func (SellAndMortgage) Kind() string   { return "sell_and_mortgage" }
func (Unmortgage) Kind() string        { return "unmortgage" }
func (ProposeTrade) Kind() string      { return "propose_trade" }
func (AcceptTrade) Kind() string       { return "accept_trade" }
func (RejectTrade) Kind() string       { return "reject_trade" }
func (CounterTrade) Kind() string      { return "counter_trade" }
func (DeclareBankruptcy) Kind() string { return "declare_bankruptcy" }
func (Resign) Kind() string            { return "resign" }
func (TimeUp) Kind() string            { return "time_up" }

// Param implements engine.Template: the amount, from the minimum (0, or the
// tied amount in a re-bid) to the bidder's cash.
func (b Bid) Param() engine.Param {
	return engine.Param{Name: "amount", Min: b.min, Max: b.max, Step: b.step}
}

// With implements engine.Template.
func (b Bid) With(v int64) engine.Action { b.Amount = v; return b }

// Param implements engine.Template: the money, from minus the partner's cash
// (the partner pays) to the proposer's cash (the proposer pays).
func (p ProposeTrade) Param() engine.Param {
	if p.live != nil {
		return engine.Param{Name: "money", Min: p.live.min, Max: p.live.max, Step: p.live.step}
	}
	return engine.Param{Name: "money", Min: p.min, Max: p.max, Step: int64(p.step)}
}

// With implements engine.Template.
func (p ProposeTrade) With(v int64) engine.Action {
	if p.live != nil {
		p.min, p.max, p.step, p.live = p.live.min, p.live.max, int32(p.live.step), nil
	}
	p.Money = v
	return p
}

// Param implements engine.Template, as for ProposeTrade.
func (c CounterTrade) Param() engine.Param {
	return engine.Param{Name: "money", Min: c.min, Max: c.max, Step: c.step}
}

// With implements engine.Template.
func (c CounterTrade) With(v int64) engine.Action { c.Money = v; return c }

// Codec decodes every action of the property games.
var Codec = engine.Codec{
	"roll": Roll{}, "end_turn": EndTurn{}, "buy": Buy{}, "decline": Decline{}, "bid": Bid{},
	"pay_jail_fee": PayJailFee{}, "use_jail_card": UseJailCard{}, "build": Build{},
	"sell_building": SellBuilding{}, "mortgage": Mortgage{}, "sell_and_mortgage": SellAndMortgage{},
	"unmortgage": Unmortgage{}, "propose_trade": ProposeTrade{}, "accept_trade": AcceptTrade{},
	"reject_trade": RejectTrade{}, "counter_trade": CounterTrade{},
	"declare_bankruptcy": DeclareBankruptcy{}, "resign": Resign{}, "time_up": TimeUp{},
	"sell_group_down": SellGroupDown{}, "choose_property": ChooseProperty{},
	"offer_to_all": OfferToAll{}, "offer_assets": OfferAssets{}, "value_assets": ValueAssets{},
	"refuse_assets": RefuseAssets{}, "accept_valuation": AcceptValuation{}, "reject_valuation": RejectValuation{},
	"place_unit": PlaceUnit{}, "redeem_received": RedeemReceived{}, "pay_transfer_fees": PayTransferFees{},
	"request_takeover": RequestTakeover{}, "approve_takeover": ApproveTakeover{}, "deny_takeover": DenyTakeover{},
}

// Pre-boxed cell actions, so that Legal does not allocate an interface
// value per listed action.
var (
	boxBuild    [MaxCells]engine.Action
	boxSell     [MaxCells]engine.Action
	boxMortgage [MaxCells]engine.Action
	boxSellMort [MaxCells]engine.Action
	boxUnmort   [MaxCells]engine.Action
	boxJailCard [8]engine.Action
	boxOfferOne [MaxCells]engine.Action // OfferAssets of one cell
	oneCell     [MaxCells][]int
)

func init() {
	for i := 0; i < MaxCells; i++ {
		boxBuild[i] = Build{Cell: i}
		boxSell[i] = SellBuilding{Cell: i}
		boxMortgage[i] = Mortgage{Cell: i}
		boxSellMort[i] = SellAndMortgage{Cell: i}
		boxUnmort[i] = Unmortgage{Cell: i}
		oneCell[i] = []int{i}
		boxOfferOne[i] = OfferAssets{Cells: oneCell[i]}
	}
	for i := range boxJailCard {
		boxJailCard[i] = UseJailCard{Deck: i}
	}
}

// ChooseProperty answers a card that needs one of the player's properties
// (CardCancelProperty): Cell is the property chosen.
type ChooseProperty struct {
	Cell int `json:"cell"`
}

// Kind implements engine.Action.
func (ChooseProperty) Kind() string { return "choose_property" }

// Takeover actions (a MarkUp mechanism; Technopoly R001-25, A001-08,
// A001-09). The rules are the Technopoly mechanism's (technopoly/
// takeover.go); the types stay here, where the action log decodes them
// and the bots and screens read them. A pending request is a pendingTrade
// with Takeover set, so it shares the trade phase.

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

// MarkUp is a Mechanism under which a property is taken over at a mark-up
// on its printed price (Technopoly R001-25, A001-08, A001-09:
// technopoly/takeover.go); the bots and screens read the mark-up too.
type MarkUp interface {
	TakeoverPct() int64
}

// TakeoverPct is the mark-up percent of a takeover on the printed price,
// from the listed MarkUp (0: no takeovers).
func (rs *Ruleset) TakeoverPct() int64 {
	if c := &rs.mech; c.set && c.of(rs.Mechanisms) {
		return c.takeoverPct // Legal and the bots ask for every cell
	}
	return rs.takeoverPct()
}

// takeoverPct is TakeoverPct from the mechanisms.
func (rs *Ruleset) takeoverPct() int64 {
	for _, m := range rs.Mechanisms {
		if mu, ok := m.(MarkUp); ok {
			return mu.TakeoverPct()
		}
	}
	return 0
}

// TakeoverPrice is what taking over cell c costs: its printed price plus
// TakeoverPct percent, rounded up to the money step.
func (rs *Ruleset) TakeoverPrice(c int) int64 {
	if m := &rs.mech; m.set && m.board == rs.Board && m.step == rs.Money.Step && c >= 0 && c < len(m.takeover) && m.of(rs.Mechanisms) {
		return m.takeover[c] // Technopoly's Legal asks for every cell
	}
	return rs.takeoverPrice(c)
}

// takeoverPrice is TakeoverPrice worked out.
func (rs *Ruleset) takeoverPrice(c int) int64 {
	p := rs.Board.Cells[c].Price
	return p + roundUp(p*rs.TakeoverPct(), 100*rs.Money.Step)*rs.Money.Step
}

// mechCache is what a ruleset's mechanisms give that the hot paths ask for
// (TakeoverPct), worked out by Validate, which the variants call once when
// they build their ruleset, before any game. It holds for the mechanisms
// list it was worked out for (its first element and length): a copy of the
// ruleset given other mechanisms (as tests make) works them out again.
type mechCache struct {
	set         bool
	first       *Mechanism
	n           int
	takeoverPct int64
	// takeover is TakeoverPrice of each cell, for the board and money
	// step it was worked out for.
	takeover []int64
	board    *Board
	step     int64
	// kinds are the mechanisms' kinds with the mechanism owning each, in
	// the order of the list and of each one's Kinds (mechanism finds the
	// first, as a walk over the list does).
	kinds []mechKind
	// enders, switches and settlers are the indexes in the list of the
	// Enders, CardSwitches and Settlers, in list order: asked at the end
	// of every round, on every card cell and at every step of a debt, a
	// type assertion per mechanism cost more than the asking (a call
	// site's cache of assertions misses as the types alternate).
	enders, switches, settlers []int
}

// mechKind is an action kind and the index in the list of the
// mechanism owning it.
type mechKind struct {
	kind string
	m    int
}

// of reports whether the cache was worked out for the list ms.
func (c *mechCache) of(ms []Mechanism) bool {
	return c.n == len(ms) && (len(ms) == 0 || c.first == &ms[0])
}

// cacheMechanisms works the cache out (written only when it changes, so
// that validating a ruleset that games are reading writes nothing).
func (rs *Ruleset) cacheMechanisms() {
	c := mechCache{set: true, n: len(rs.Mechanisms), takeoverPct: rs.takeoverPct(), board: rs.Board, step: rs.Money.Step}
	if len(rs.Mechanisms) > 0 {
		c.first = &rs.Mechanisms[0]
	}
	same := rs.mech.set && rs.mech.first == c.first && rs.mech.n == c.n && rs.mech.takeoverPct == c.takeoverPct &&
		rs.mech.board == c.board && rs.mech.step == c.step && len(rs.mech.takeover) == len(rs.Board.Cells)
	c.takeover = make([]int64, len(rs.Board.Cells))
	for i := range c.takeover {
		c.takeover[i] = rs.takeoverPrice(i)
		same = same && rs.mech.takeover[i] == c.takeover[i]
	}
	for i, m := range rs.Mechanisms {
		for _, k := range m.Kinds() {
			c.kinds = append(c.kinds, mechKind{kind: k, m: i})
		}
	}
	same = same && slices.Equal(rs.mech.kinds, c.kinds)
	for i, m := range rs.Mechanisms {
		if _, ok := m.(Ender); ok {
			c.enders = append(c.enders, i)
		}
		if _, ok := m.(CardSwitch); ok {
			c.switches = append(c.switches, i)
		}
		if _, ok := m.(Settler); ok {
			c.settlers = append(c.settlers, i)
		}
	}
	same = same && slices.Equal(rs.mech.enders, c.enders) && slices.Equal(rs.mech.switches, c.switches) &&
		slices.Equal(rs.mech.settlers, c.settlers)
	if !same {
		rs.mech = c
	}
}
