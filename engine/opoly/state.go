package opoly

import (
	"encoding/json"
	"fmt"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// phase is the decision the game waits for.
type phase uint8

const (
	phRoll phase = iota
	phBuy
	phAuction
	phPostRoll
	phDebt
	phTrade
	phOver
	phChoose  // the active player chooses a property for a card (CardCancelProperty)
	phValue   // a creditor values properties offered against a debt (mixed.go)
	phValued  // the debtor accepts or rejects the valuation
	phPlace   // a shortage-auction winner places its unit (placement.go)
	phReceive // a receiver of mortgaged properties redeems or pays the fee (receive.go)
)

// next is what the turn does once pending payments, auctions and
// bankruptcies are settled.
type next uint8

const (
	nextPostRoll next = iota // the active player's post-roll window
	nextJailMove             // leave jail after the forced fee and move by the dice
	nextEndTurn              // the turn is over (jailed, bankrupt, failed jail roll)
)

type cardRef struct {
	Deck int `json:"deck"`
	Card int `json:"card"`
}

type player struct {
	Cash      int64     `json:"cash"`
	Pos       int       `json:"pos"`
	Jailed    bool      `json:"jailed,omitempty"`
	JailTurns int       `json:"jail_turns,omitempty"`
	Cards     []cardRef `json:"cards,omitempty"` // held keep-cards
	Out       bool      `json:"out,omitempty"`
	Status    string    `json:"status"`
	OutRank   int       `json:"out_rank,omitempty"` // 1 = first player out
	Laps      int       `json:"laps,omitempty"`     // trips round the board (Ruleset.Turn.CountLaps)
}

// obligation is a payment due from Debtor to one or more creditors.
type obligation struct {
	Debtor int    `json:"debtor"`
	Creds  []Owed `json:"creds"`
	Reason string `json:"reason"`
	// Offered holds the bundles already offered in a mixed payment of this
	// debt, one bit per cell (mixed.go): none may be offered again.
	Offered []uint64 `json:"offered,omitempty"`
}

func (o *obligation) total() int64 {
	var t int64
	for _, c := range o.Creds {
		t += c.Amount
	}
	return t
}

// popDebt takes the first debt off the queue. The rest move up in place,
// so that the queue's list is kept for the next debts (a debt per rent
// not paid at once: slicing it off the front made one list per debt).
func (s *state) popDebt() {
	n := copy(s.Queue, s.Queue[1:])
	s.Queue[n] = obligation{}
	s.Queue = s.Queue[:n]
}

type auction struct {
	Lot      int     `json:"lot"`
	Bankrupt bool    `json:"bankrupt,omitempty"`
	Bidders  []int   `json:"bidders"`
	Bids     []int64 `json:"bids"` // parallel to Bidders; -1 = not yet
	Min      int64   `json:"min"`
	TieRound int     `json:"tie_round"`

	// Kind is what is sold: a property of the bank (0), a property of
	// Seller (a seller-run sale, G000-12), or one unit or top of the
	// building supply (a shortage auction, G000-10: Seller is the
	// requester, Lot the cell it asked to staff).
	Kind   auctionKind `json:"kind,omitempty"`
	Seller int         `json:"seller,omitempty"`
	// Reserves, parallel to Bidders, is each bidder's reserve: a bid below
	// it does not count. Nil: none.
	Reserves []int64 `json:"reserves,omitempty"`
	// Return is the phase a seller-run or shortage auction returns to.
	Return phase `json:"return,omitempty"`
}

// auctionKind is what an auction sells.
type auctionKind uint8

const (
	lotBank auctionKind = iota // a property of the bank
	lotSale                    // a property of Seller (offer to all)
	lotUnit                    // one building unit of the supply
	lotTop                     // one top building of the supply
)

// bankruptcy is a bankrupt player's estate being auctioned (A004-10).
type bankruptcy struct {
	Debtor int    `json:"debtor"`
	Creds  []Owed `json:"creds"` // unpaid remainder per creditor
	Lots   []int  `json:"lots"`
	// Resume: the estate of a player who resigned while another decision
	// was pending; once it is sold the game goes back to phase Return.
	Resume bool  `json:"resume,omitempty"`
	Return phase `json:"return,omitempty"`
}

type pendingTrade struct {
	Offer   TradeOffer `json:"offer"`
	Counter bool       `json:"counter,omitempty"`
	// Counters is how many counter-proposals the chain holds so far
	// (MF-9: after maxCounters the answer is accept or reject).
	Counters int `json:"counters,omitempty"`
	// Takeover: the proposal is a takeover request (takeover.go).
	Takeover bool  `json:"takeover,omitempty"`
	Return   phase `json:"return"` // the proposer's phase to go back to
}

type deckState struct {
	Order []int `json:"order"` // card indices, top first
}

// state is the whole game; Snapshot is its JSON.
type state struct {
	Setup     engine.Setup `json:"setup"`
	Rules     string       `json:"rules"`
	MaxRounds int          `json:"max_rounds"`
	TimeLimit int          `json:"time_limit,omitempty"` // minutes:M end mode: M
	TimeUp    bool         `json:"time_up,omitempty"`    // the table applied TimeUp: this round is the last
	Capped    bool         `json:"capped,omitempty"`     // the game ended at Ruleset.End.RoundCap

	Cells   []CellState `json:"cells"`
	Players []player    `json:"players"`
	Order   []int       `json:"order"`
	Turn    int         `json:"turn"` // index into Order
	Phase   phase       `json:"phase"`
	Next    next        `json:"next"`
	Dice    [2]int      `json:"dice"`
	Doubles int         `json:"doubles"`
	Must    bool        `json:"must_roll"`
	RoundNo int         `json:"round"`
	Trades  int         `json:"trades"` // proposals made this turn
	// Rejected lists the offers rejected this turn (MF-9: none may be made
	// again, unchanged, to the same player in the same turn).
	Rejected []TradeOffer `json:"rejected,omitempty"`
	// Asked lists the cells whose takeover was requested this turn (A001-09).
	Asked []int `json:"asked,omitempty"`
	// Unfilled holds this turn's shortage requests that no qualifying bid
	// filled, one bit per seat and kind (unfilledBit): the requester may
	// not ask for that kind again in the same turn, so a request nobody
	// bids on cannot be repeated without end (every bidder answering a
	// sealed bid each time).
	Unfilled uint32      `json:"unfilled,omitempty"`
	Decks    []deckState `json:"decks"`

	Queue   []obligation  `json:"queue,omitempty"`
	Auction *auction      `json:"auction,omitempty"`
	Estate  *bankruptcy   `json:"estate,omitempty"`
	Trade   *pendingTrade `json:"trade,omitempty"`

	LastAuction *AuctionResult `json:"last_auction,omitempty"`
	LastCard    *CardView      `json:"last_card,omitempty"`

	BankIn  int64  `json:"bank_in"`  // total paid to the bank
	BankOut int64  `json:"bank_out"` // total paid by the bank
	OutSeq  int    `json:"out_seq"`
	Reason  string `json:"reason,omitempty"` // why the game ended

	RNG *rng.PCG `json:"rng"`

	// RollOff holds the first-player roll-off (Ruleset.Start.ByRollOff):
	// one row per round, each seat's total, 0 for a seat not rolling.
	RollOff [][]int `json:"roll_off,omitempty"`

	// Mixed is a mixed-payment offer being valued or answered (mixed.go).
	Mixed *MixedOffer `json:"mixed,omitempty"`
	// Place is a shortage-auction unit waiting to be placed (placement.go).
	Place *placement `json:"place,omitempty"`
	// Received is mortgaged properties waiting for their receiver's choice
	// to redeem them or pay the transfer fee (receive.go).
	Received *received `json:"received,omitempty"`
}

// Game is one property game of a Ruleset; it implements engine.Game and
// engine.Checker (and the fast paths engine.ViewPeeker and engine.Quieter).
type Game struct {
	rs   *Ruleset
	why  *reasons     // money-change reasons naming cells
	opts *engine.Info // the ruleset's options, for Renew
	s    *state
	ev   []engine.Event // events of the Apply in progress
	// script, when set by tests, supplies dice values before the RNG.
	script []int
	pub    published  // the viewer-independent parts of View
	pv     perVersion // parts of views and prompts built on demand
	// mech is the mechanisms of the last two action kinds Apply found one
	// for (mechFor), the last first: an Apply asks for it three times, and
	// a takeover's request and its answer alternate.
	mech [2]struct {
		kind string
		m    Mechanism
	}
	// dirty has bit c set when cell c changed since the last publish (see
	// wcell); cellsDirty says that any cell may have (test editors).
	dirty      uint64
	cellsDirty bool
	// touched has bit i set when player i's public state (what a
	// PlayerView shows) may have changed since the lent players were last
	// written (livePlayers): every change of a player goes through
	// wplayer, and publish marks the seats whose holdings or properties
	// it changed.
	touched uint64
	// decksDirty says that a deck's size may have changed since the last
	// publish: a keep-card left it or went back under it.
	decksDirty bool
	// holdEnd defers the end of the game by a bankruptcy while several
	// players go bankrupt at once (collecteach.go); false between Applies.
	holdEnd bool

	// Events of the Apply in progress (events.go): tb holds their
	// sentences, spans says which sentence is whose.
	tb    []byte
	spans []textSpan

	blk blocks // what results are carved from (arena.go)
	// bids are the seats' last boxed Bid templates (boxedBid).
	bids [MaxSeats]boxedBidOf
	// legalBuf holds each seat's Legal list (see Legal).
	legalBuf [MaxSeats]legalList
	// mortBuf holds each seat's mortgage actions (legalManage).
	mortBuf [MaxSeats]mortList
	// partBuf holds the parts of a Legal list that the game's own bot
	// asks for (legalPart), one buffer per part.
	partBuf [nParts][]engine.Action
	// supplyOf is the ruleset's Supply once supplySet (supply).
	supplyOf  *Supply
	supplySet bool
	// cards is cardsOn once cardsSet: the table's options and the rules
	// are the game's for its life.
	cards, cardsSet bool
	// tpl holds the trade templates last listed, per proposer and partner
	// (seat*players+partner); nil until the first (quiet games use qtpl).
	tpl []tplCache
	// offerBox holds each cell's OfferToAll template, boxed once (sale.go).
	offerBox [MaxCells]engine.Action
	// propCells is the property cells of board propBoard in board order,
	// which start deals from (propertyCells): listed once a board, kept by
	// renew, as a board's cells are large and reading their kinds one by
	// one was a cache miss a cell a game.
	propBoard *Board
	propCells []int
	// lent holds the views PeekView lends (peek.go); nil until the first.
	lent *lent
	// qtpl holds a quiet game's trade templates (peek.go) by proposer and
	// partner (seat*players+partner); nil until quiet.
	qtpl []quietTpl
	// quiet: no event sentences are written (SetQuiet); the events and
	// money changes of an Apply are written to these reused buffers.
	quiet      engine.Quiet
	quietEv    []engine.Event
	quietMoney []engine.MoneyChange
	// ownEv: a table's game (small blocks, setBatch off) writes an Apply's
	// events here and carves only their number from its block at the end
	// (endEvents); the block's sixteen were taken at every Apply before.
	ownEv []engine.Event
	// mute: Apply returns no events (SetMute); what is written of them
	// goes to the buffers it would go to, and is dropped at the end.
	mute bool
}

func (g *Game) active() int { return g.s.Order[g.s.Turn] }

func (g *Game) alive() int {
	n := 0
	for i := range g.s.Players {
		if !g.s.Players[i].Out {
			n++
		}
	}
	return n
}

// resized returns buf with n elements when it has room for them, else a
// new slice of n; the elements are the caller's to write.
func resized[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

func restoreGame(d Definition, data []byte) (*Game, error) {
	rs := d.rs
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("opoly: restore: %w", err)
	}
	if s.Rules != rs.ID {
		return nil, fmt.Errorf("opoly: restore: snapshot of %q, not %q", s.Rules, rs.ID)
	}
	if s.RNG == nil || len(s.Players) != s.Setup.Seats || len(s.Cells) != len(rs.Board.Cells) ||
		len(s.Order) != s.Setup.Seats || s.Turn < 0 || s.Turn >= len(s.Order) ||
		len(s.Decks) != len(rs.Board.Decks) || s.Phase > phReceive || s.TimeLimit < 0 || s.TimeUp && s.TimeLimit == 0 {
		return nil, fmt.Errorf("opoly: restore: inconsistent snapshot")
	}
	g := &Game{rs: d.rs, why: d.why, opts: d.opts, s: &s, blk: newBlocks(false)}
	if err := g.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("opoly: restore: %w", err)
	}
	g.publish()
	return g, nil
}

// Snapshot implements engine.Game.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }

// Setup implements engine.Game.
func (g *Game) Setup() engine.Setup { return g.s.Setup }

// Round implements engine.Game (C-11).
func (g *Game) Round() int { return g.s.RoundNo }

// TurnOrder implements engine.TurnOrdered: the shuffled seat order of
// G004-11, which stays the turn order for the whole game.
func (g *Game) TurnOrder() []int { return append([]int(nil), g.s.Order...) }

// AppendTurnOrder appends the turn order to dst: TurnOrder without its
// copy, for the simulator (which writes it to its result).
func (g *Game) AppendTurnOrder(dst []int) []int { return append(dst, g.s.Order...) }

// die draws one die: from the test script when one is set, else the RNG.
func (g *Game) die() int {
	if len(g.script) > 0 {
		d := g.script[0]
		g.script = g.script[1:]
		return d
	}
	return g.s.RNG.Die()
}
