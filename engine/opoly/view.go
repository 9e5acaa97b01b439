package opoly

import "boardroom/engine"

// Phase labels, used in engine.Prompt.Phase and View.Phase.
const (
	PhaseRoll     = "roll"      // active player before rolling
	PhaseJail     = "jail"      // active player in jail before rolling
	PhaseBuy      = "buy"       // active player decides to buy or decline
	PhaseAuction  = "auction"   // sealed bids (simultaneous)
	PhasePostRoll = "post_roll" // after the roll: roll again (double) or end the turn
	PhaseDebt     = "debt"      // a debtor must raise money or go bankrupt
	PhaseTrade    = "trade"     // a trade proposal awaits its answer
	PhaseOver     = "over"      // the game has ended
	PhaseChoose   = "choose"    // the active player chooses a property for a card
	PhaseValue    = "value"     // a creditor values properties offered against a debt
	PhaseValued   = "valued"    // the debtor accepts or rejects that valuation
	PhasePlace    = "place"     // a shortage-auction winner chooses the project for its unit
	PhaseReceive  = "receive"   // a receiver of properties under mortgage redeems or pays the fee
)

// Bank is the owner/creditor index of the bank.
const Bank = -1

// View is what one viewer may see of a property game (5.d): everything
// public, the viewer's own sealed bid, and a pending trade's contents only
// for its two parties. It never holds the random source or deck order.
// Board and Rules point at shared read-only data. The slices and pointers
// of a View are shared with other views and must be treated as read-only;
// the game never writes to them again once published, so a View stays a
// valid snapshot after later moves.
type View struct {
	Viewer   int    `json:"viewer"` // a seat, or engine.Spectator
	Game     string `json:"game"`   // ruleset id
	Currency string `json:"currency"`
	// CurrencySuffix and Thousands say how to write money (see FormatMoney).
	CurrencySuffix bool `json:"currency_suffix,omitempty"`
	Thousands      byte `json:"thousands"`

	Rules   *Ruleset `json:"-"`        // the ruleset's knobs (read-only)
	Board   *Board   `json:"-"`        // printed cells, groups and decks (read-only)
	Salary  int64    `json:"salary"`   // paid when passing or landing on START
	JailFee int64    `json:"jail_fee"` // fee to leave jail
	JailPos int      `json:"jail_pos"` // the holding cell (-1 if none)
	// MaxLevel is the top building level (5 = hotel in Unipoly).
	MaxLevel int `json:"max_level"`

	Cells []CellState `json:"cells"` // dynamic state per cell, by board index
	// CellsVersion names the content of Cells (a 64-bit fingerprint):
	// views whose Cells hold the same have the same number, in this game
	// or any other, so a bot may keep what it computed from Cells until the
	// number changes (a lent view's Cells is rewritten in place, so its
	// address says nothing). 0: unknown (a View built by hand).
	CellsVersion uint64       `json:"-"`
	Players      []PlayerView `json:"players"` // one per seat, in seat order
	Order        []int        `json:"order"`   // play order (seats), fixed at set-up

	Active   int    `json:"active"`    // seat whose turn it is (-1 when over)
	Phase    string `json:"phase"`     // one of the Phase* labels
	Awaiting []int  `json:"awaiting"`  // seats the game waits on now
	Dice     [2]int `json:"dice"`      // the last roll; zeros before the first
	Doubles  int    `json:"doubles"`   // doubles rolled this turn
	MustRoll bool   `json:"must_roll"` // a double obliges the active player to roll again

	Round     int `json:"round"`      // round in progress, 1-based (C-11)
	MaxRounds int `json:"max_rounds"` // 0: no round limit
	// TimeLimit is M of the minutes:M end mode (0: none); TimeUp says it
	// has lapsed, so that the round in progress is the last.
	TimeLimit int  `json:"time_limit,omitempty"`
	TimeUp    bool `json:"time_up,omitempty"`

	// Supply is the finite building supply and what is left of it (nil:
	// unlimited). Projectopoly: Units = 32 FTE, Tops = 12 QM teams held by
	// Project Planning; a cell's Level 1-4 is its FTE, Level 5 its Team+QM.
	Supply *SupplyView `json:"supply,omitempty"`

	Auction     *AuctionView   `json:"auction,omitempty"`      // the auction in progress
	LastAuction *AuctionResult `json:"last_auction,omitempty"` // the last reveal
	Trade       *TradeView     `json:"trade,omitempty"`        // the pending proposal
	Debt        *DebtView      `json:"debt,omitempty"`         // the debt being resolved
	// Valuation is a mixed-payment offer in progress (A000-21).
	Valuation *ValuationView `json:"valuation,omitempty"`
	// Placement is a shortage-auction unit waiting for its winner to
	// choose the project (G000-10).
	Placement *PlacementView `json:"placement,omitempty"`
	// Received is mortgaged properties whose receiver chooses to redeem
	// them or pay the transfer fee (R000-28, A000-25).
	Received *ReceivedView `json:"received,omitempty"`
	Decks    []DeckView    `json:"decks"`
	LastCard *CardView     `json:"last_card,omitempty"` // the last card drawn

	// RollOff is the first-player roll-off (Projectopoly, G000-17): one
	// row per round, each seat's dice total, 0 for a seat not rolling.
	RollOff [][]int `json:"roll_off,omitempty"`

	// CardsOff says the card cells do nothing in this game (Technopoly's
	// Tech News deck switched off, a CardSwitch mechanism).
	CardsOff bool `json:"cards_off,omitempty"`

	Over    bool            `json:"over"`
	Outcome *engine.Outcome `json:"outcome,omitempty"` // set when Over

	// Options are the table's game options, public to every seat: the
	// strong bot rebuilds a game from its View with them. Read-only.
	Options map[string]string `json:"-"`

	// What every player saw of the turn in progress and the rules limit
	// for the rest of it, so that the strong bot's rebuilt game
	// (FromView) allows no more than the real one: Trades is the
	// proposals made this turn (MaxPerTurn), Rejected the offers
	// rejected (MF-9: not again, unchanged, to the same player), Asked
	// the cells whose takeover was asked for (A001-09) and Unfilled the
	// shortage requests nobody bid on (G000-10: not again this turn; one
	// bit per seat and kind). Read-only; a snapshot's are its own copies.
	// A bot's own view (Game.ownView), which only the standard bot reads
	// while the game plays its steps, leaves them empty: the strong bot
	// is given a snapshot or a lent view.
	Trades   int          `json:"-"`
	Rejected []TradeOffer `json:"-"`
	Asked    []int        `json:"-"`
	Unfilled uint32       `json:"-"`

	// rents is the game's table of what its cells charge (rentTable),
	// shared by the lent views of one game: nil in a snapshot, whose
	// reader may keep it and read it on another goroutine.
	rents *rentMemo
	// vals is the game's memo of the bots' valuations that do not depend
	// on who asks (valMemo), shared like rents by its lent views: nil in a
	// snapshot.
	vals *valMemo
	// own is set in a seat's own view of its game only (Game.ownView: the
	// view the game's bot reads while it chooses), whose Players is nil:
	// its readers read the players where the game keeps them, through
	// Seats, PlayerCash, PlayerPos, PlayerOut and PlayerProps (own.go).
	own *ownRead
}

// CellState is the changing state of one cell. In Technopoly, Level 1-3
// is the number of developers of a start-up and 4 means three developers
// and a CTO (see View.Staff).
type CellState struct {
	Owner     int  `json:"owner"` // seat, or Bank
	Mortgaged bool `json:"mortgaged,omitempty"`
	Level     int  `json:"level,omitempty"` // buildings: 1-4 houses, 5 hotel (Unipoly)
}

// PlayerView is one seat's public state.
type PlayerView struct {
	Seat      int    `json:"seat"`
	Cash      int64  `json:"cash"`
	Capital   int64  `json:"capital"` // G004-13 (the ruleset's score)
	Position  int    `json:"position"`
	InJail    bool   `json:"in_jail,omitempty"`
	JailTurns int    `json:"jail_turns,omitempty"` // failed turns in jail so far
	JailCards []int  `json:"jail_cards,omitempty"` // decks of held Get-Out-of-Jail cards
	Out       bool   `json:"out,omitempty"`
	Status    string `json:"status"`               // engine.Status*: playing, bankrupt, resigned
	Props     []int  `json:"properties,omitempty"` // owned cells, board order
	// Laps counts the player's trips round the board, each paid the salary
	// once (Ruleset.Turn.CountLaps): Technopoly's Invest NI trip marker, "paid
	// for N trips" (R001-14). 0 before the first trip is complete.
	Laps int `json:"laps,omitempty"`
}

// AuctionView is the auction in progress as the viewer sees it.
type AuctionView struct {
	Lot       int    `json:"lot"`       // the cell on sale
	Bankrupt  bool   `json:"bankrupt"`  // liquidation of a bankrupt player's property
	Bidders   []int  `json:"bidders"`   // eligible seats this round
	Committed []bool `json:"committed"` // parallel to Bidders: has bid this round
	MinBid    int64  `json:"min_bid"`   // 0, or the tied amount in a re-bid
	TieRound  int    `json:"tie_round"` // 0 for the first bids, 1..3 for re-bids
	MyBid     int64  `json:"my_bid"`    // the viewer's own bid this round, -1 if none
	// Kind is "" for a property of the bank, "sale" for a property offered
	// to all by Seller (G000-12), "unit" or "top" for one building unit or
	// top of the supply in a shortage auction requested by Seller
	// (G000-10; Lot is the cell Seller asked to staff).
	Kind   string `json:"kind,omitempty"`
	Seller int    `json:"seller,omitempty"`
	// Reserves, parallel to Bidders: a bid below a bidder's reserve does
	// not count (nil: no reserves).
	Reserves []int64 `json:"reserves,omitempty"`
}

// SeatBid is a revealed bid.
type SeatBid struct {
	Seat   int   `json:"seat"`
	Amount int64 `json:"amount"`
}

// AuctionResult is a revealed round of bids.
type AuctionResult struct {
	Lot    int       `json:"lot"`
	Bids   []SeatBid `json:"bids"`
	Winner int       `json:"winner"` // -1: unsold or tied
	Price  int64     `json:"price"`
	Tied   bool      `json:"tied,omitempty"`   // the tied bidders re-bid
	Random bool      `json:"random,omitempty"` // winner drawn at random after the last tie
}

// TradeOffer is the full content of a proposal, in absolute terms.
type TradeOffer struct {
	From      int   `json:"from"`
	To        int   `json:"to"`
	FromCells []int `json:"from_cells,omitempty"` // From gives these
	ToCells   []int `json:"to_cells,omitempty"`   // To gives these
	FromCards []int `json:"from_cards,omitempty"` // decks of jail cards From gives
	ToCards   []int `json:"to_cards,omitempty"`
	Money     int64 `json:"money,omitempty"` // > 0 From pays To; < 0 To pays From
	// FromRedeems / ToRedeems: that side lifts the mortgages of the
	// properties it receives at once (Ruleset.Mortgage.TransferPct).
	FromRedeems bool `json:"from_redeems,omitempty"`
	ToRedeems   bool `json:"to_redeems,omitempty"`
}

// TradeView is a pending proposal. Offer is nil unless the viewer is From or To.
//
// A Technopoly takeover request (Takeover set) is a TradeView too: From
// asks To for the one cell in Offer.ToCells for Offer.Money (the takeover
// price); To answers with ApproveTakeover or DenyTakeover. Others see the
// two seats only ("a takeover is being negotiated").
type TradeView struct {
	From     int         `json:"from"`
	To       int         `json:"to"`
	Counter  bool        `json:"counter,omitempty"`
	Takeover bool        `json:"takeover,omitempty"`
	Offer    *TradeOffer `json:"offer,omitempty"`
}

// Owed is one creditor's share of a debt.
type Owed struct {
	Seat   int   `json:"seat"` // or Bank
	Amount int64 `json:"amount"`
}

// DebtView is a debt being resolved (MF-10).
type DebtView struct {
	Debtor    int    `json:"debtor"`
	Amount    int64  `json:"amount"` // owed in total
	Creditors []Owed `json:"creditors"`
	Reason    string `json:"reason"`
	Raised    int64  `json:"raised"`    // the debtor's cash so far
	Potential int64  `json:"potential"` // cash + building refunds + mortgage values
	// Sellable lists cells where a building may be sold now (with a finite
	// supply, a group that must be released as a whole is listed by its
	// first cell: see SellGroupDown); Mortgageable
	// lists properties that can be mortgaged (with SellAndMortgage if their
	// group has buildings).
	Sellable     []int `json:"sellable,omitempty"`
	Mortgageable []int `json:"mortgageable,omitempty"`
}

// DeckView is a deck as everyone sees it: its name and size, never its order.
type DeckView struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// CardView is a drawn card.
type CardView struct {
	Seat   int    `json:"seat"`
	Deck   int    `json:"deck"`
	ID     string `json:"id"`
	Text   string `json:"text"`
	Effect string `json:"effect"`
}

// Player returns the view of seat s (zero value if out of range).
func (v *View) Player(s int) PlayerView {
	if s < 0 || s >= len(v.Players) {
		return PlayerView{Seat: -1}
	}
	return v.Players[s]
}

// OwnsGroup reports whether seat owns every cell of group g.
func (v *View) OwnsGroup(seat, g int) bool {
	for _, c := range v.Board.Groups[g].Cells {
		if v.Cells[c].Owner != seat {
			return false
		}
	}
	return true
}

// Rent is what a player other than the owner would pay on landing on cell
// c now, for a dice total of dice (used by Dice cells). 0 if nothing is due.
func (v *View) Rent(c, dice int) int64 {
	if c < 0 || c >= len(v.Cells) {
		return 0
	}
	return rentOf(v.Rules, v.Cells, c, dice)
}

// FormatMoney writes an amount the way the view's game does ("$1,480").
func (v *View) FormatMoney(x int64) string {
	return string(appendMoney(nil, x, v.Currency, v.CurrencySuffix, v.Thousands))
}

// Staff returns the developers and whether there is a CTO on cell c in a
// game whose top level adds a CTO to MaxLevel-1 developers (Technopoly:
// level 4 = 3 developers + CTO, A001-10).
func (v *View) Staff(c int) (developers int, cto bool) {
	if c < 0 || c >= len(v.Cells) {
		return 0, false
	}
	l := v.Cells[c].Level
	if l >= v.MaxLevel && v.MaxLevel > 0 {
		return v.MaxLevel - 1, true
	}
	return l, false
}

// Ranking returns the seats in the order the game would place them if it
// ended now, best first, with seat quitting counted as excluded (pass -1
// for nobody): players still in by score (Capital), then cash, then (with
// Ruleset.End.TieBreakAssets) the number of properties; excluded and out
// players last. With quitting = the viewer it answers the confirmation of
// a Technopoly termination, "who would win if I terminated now"
// (R001-13, A001-06): the first seat of the ranking.
func (v *View) Ranking(quitting int) []int {
	out := make([]int, 0, len(v.Players))
	for i := range v.Players {
		out = append(out, i)
	}
	excl := func(s int) bool {
		p := &v.Players[s]
		return p.Out || s == quitting || p.Status == engine.StatusResigned
	}
	assets := v.Rules != nil && v.Rules.End.TieBreakAssets
	less := func(a, b int) bool {
		pa, pb := &v.Players[a], &v.Players[b]
		if excl(a) != excl(b) {
			return !excl(a)
		}
		if pa.Capital != pb.Capital {
			return pa.Capital > pb.Capital
		}
		if pa.Cash != pb.Cash {
			return pa.Cash > pb.Cash
		}
		if assets && len(pa.Props) != len(pb.Props) {
			return len(pa.Props) > len(pb.Props)
		}
		return a < b
	}
	for i := 1; i < len(out); i++ { // insertion sort: at most 8 seats
		for j := i; j > 0 && less(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
