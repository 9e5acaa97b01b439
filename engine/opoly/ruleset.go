package opoly

import (
	"fmt"
	"strconv"

	"boardroom/engine"
)

// ThirdDouble is what a third consecutive double does (MF-2).
type ThirdDouble uint8

// Third-double rules.
const (
	ThirdDoubleJail ThirdDouble = iota // go to the holding cell without moving (Unipoly, Projectopoly)
	ThirdDoubleTax                     // pay ThirdDoubleTax, move, resolve, turn ends (Technopoly)
)

// Ruleset is one property game: data (board, decks, tables), knobs and hook
// functions. The core reads only this; variants never override methods.
type Ruleset struct {
	ID           string
	Title        string
	Summary      string
	RulesVersion string
	MinSeats     int
	MaxSeats     int

	Board *Board

	Money MoneyRules // the currency, how amounts are written, the step

	Start StartRules // money, dealt properties, first player (R004-02)

	Turn TurnRules // the salary at START, trips counted, the buy decision
	Jail JailRules // the holding cell, the third double

	Auction AuctionRules // of declined purchases (MF-8)

	Buildings BuildingRules // the levels, the rent of a complete group, selling back

	Mortgage MortgageRules
	Trade    TradeRules
	Debt     DebtRules

	End EndRules // the end options, the cap on rounds, terminating, ties

	// Phrases are the variant's words for the platform's sentences about a
	// seat and its timers (engine.Phrases, rules C-14).
	Phrases engine.Phrases

	// Guide is the variant's how-to-play reference (engine.Guide), written
	// by the variant package for its own words and numbers; build it from
	// the ruleset's values (FormatMoney, the board, the decks) so that it
	// cannot drift from the rules. Info hands it out shared.
	Guide engine.Guide

	// HoldingValue is the hook that values one owned property for the score
	// (capital, net worth, resources). Nil means the Unipoly capital G004-13:
	// the mortgage value when unmortgaged plus half the price of each level.
	HoldingValue func(c *Cell, mortgaged bool, level int) int64

	// Words is the vocabulary of event sentences; zero: the core's own
	// words (bank, rent, house, hotel), which Unipoly uses.
	Words Words

	// BotScale scales the bot's cash reserve to the game's economy (0: 1,
	// the scale of the core's reserve, tuned on Unipoly's dollars;
	// Technopoly: 100).
	BotScale int64

	// Mechanisms are the rule modules only some variants have (mechanism.go),
	// asked in this order.
	Mechanisms []Mechanism
	// mech is what Validate worked out from Mechanisms (TakeoverPct).
	mech mechCache
	// dev is what Validate worked out of developed (bot_devtable.go).
	dev devTable
}

// MoneyRules are the game's money: its currency, how amounts are
// written and told.
type MoneyRules struct {
	Currency  string // "$", "£", "€"
	Suffix    bool   // write 2.000€ rather than $2,000
	Thousands byte   // thousands separator: ',' or '.'
	Step      int64  // smallest amount (1, 10); bids are multiples of it
	// BothBalances tells the receiver of a payment between players their
	// new balance too, in the same sentence (Technopoly R001-10: whenever a
	// player's resources change they are told the new balance).
	BothBalances bool
}

// BuildingRules are the rules of building on complete groups.
type BuildingRules struct {
	MaxLevel            int   // top building level (hotel = 5 in Unipoly)
	FullGroupMultiplier int64 // base rent multiplier on a complete group without buildings
	Sell                bool  // buildings can be sold back at half price
}

// TurnRules are rules of a player's turn round the board.
type TurnRules struct {
	Salary int64 // paid on passing or landing on START
	// CountLaps counts each player's trips round the board (each paid the
	// salary once), shown as PlayerView.Laps (Technopoly's Invest NI trip
	// marker, R001-14).
	CountLaps bool
	// BuyDecisionOnly makes a buy decision the only thing open while it
	// is: Buy and Decline (and terminating the game, legal at any time)
	// are the only legal actions, no building or takeover request
	// (Technopoly G001-08 as amended).
	BuyDecisionOnly bool
}

// JailRules are the rules of the holding cell and of a third double.
type JailRules struct {
	Cell     int // -1: no holding cell
	Fee      int64
	MaxTurns int // on this failed turn the fee is forced and the token moves
	// ThirdDouble is what a third consecutive double does (MF-2);
	// ThirdDoubleTax is what the ThirdDoubleTax rule costs.
	ThirdDouble    ThirdDouble
	ThirdDoubleTax int64
}

// StartRules are how a game starts.
type StartRules struct {
	// Money credited and number of properties dealt, by seat count (R004-02).
	// Dealt properties are paid for out of the money (A004-01).
	Money map[int]int64
	Deal  map[int]int
	Cell  int // the START cell
	// ByRollOff keeps the seats' order and lets the highest roll of a
	// roll-off start (G000-17); false: the order is shuffled (G004-11).
	ByRollOff bool
	// CatchUp, when set, offers the lobby option "catchUp": each player
	// after the first in the first turn order receives that many steps of
	// the amount chosen at the table, on top of the starting money, to
	// offset the first movers' pick of the free properties (G000-18).
	CatchUp *CatchUp
}

// AuctionRules are the rules of auctioning declined purchases.
type AuctionRules struct {
	OnDecline bool // declined purchases go to a sealed-bid auction (MF-8)
	TieRounds int  // tied re-bid rounds before a random draw (3)
	// DeclineOption offers the lobby option "auctionOnDecline" (on/off,
	// default from OnDecline) that switches the auction of declined
	// purchases (A000-08).
	DeclineOption bool
}

// MortgageRules are the rules of mortgages.
type MortgageRules struct {
	Allowed     bool
	InterestPct int64 // lifting costs mortgage + this percent, rounded up to Money.Step
	// TransferPct: whoever receives a mortgaged property in a trade pays
	// the bank this percent of its mortgage value at once, rounded up to
	// Money.Step (R000-28); 0: no fee (Unipoly, A004-06).
	TransferPct int64
}

// TradeRules are the rules of trades between players.
type TradeRules struct {
	Allowed bool
	// ClearsGroups sells every building of each group containing a traded
	// street back at half price before a trade executes (A004-03).
	ClearsGroups bool
	MaxPerTurn   int // proposals a player may make in one turn
	// NeedsUnbuiltGroup forbids trading a street whose group has buildings
	// (R000-26), instead of clearing the group (ClearsGroups).
	NeedsUnbuiltGroup bool
	// NoGifts requires both sides of a trade to give something: a property
	// or card, or on one side money of at least Money.Step (A000-23).
	NoGifts bool
}

// DebtRules are the rules of debts a player's cash does not cover.
type DebtRules struct {
	Liquidation bool // debtors may sell and mortgage (MF-10); false: short = bankrupt
	// CreditorsInOrder pays a debt to several creditors one creditor at a
	// time, in play order from the debtor, while the cash covers the next
	// one in full; only the rest goes to MF-10 (A004-12). False: the whole
	// debt is one (A000-20).
	CreditorsInOrder bool
	// ToCreditor: a player bankrupt to another player hands that creditor
	// everything (A000-25) instead of an auction of the estate; a debt to
	// several creditors is a debt to the bank whose cash is split equally
	// among the player creditors (A000-20).
	ToCreditor bool
}

// EndRules are the ways a game ends and is ranked.
type EndRules struct {
	// FirstBankruptcy: the first bankruptcy ends the game (Technopoly),
	// unless a listed Ender takes the end over.
	FirstBankruptcy bool
	// Modes are the choices of the "endMode" option; the first is the
	// default. "lastStanding", "rounds:N" or "minutes:M" (the platform
	// applies TimeUp after M minutes; see engine.TimeLimited).
	Modes []string
	// RoundLimits, when set, replaces the "endMode" option by the option
	// "roundLimit": "off" (the default: the game ends by the variant's own
	// rules) or one of these numbers of rounds (Technopoly G001-06).
	RoundLimits []int
	// PublicLimit is the choice of the end option (endMode, or roundLimit
	// with RoundLimits) a public table starts with (engine.OptionSpec.Public);
	// "": the rules' default.
	PublicLimit string
	// RoundCap ends a game without a round limit (last standing, or a time
	// limit) after this many rounds by the limit rule (highest score), so
	// that every game ends: a last-standing game can stall when the
	// players left each earn more from the salary than they pay in rent.
	// 0: no cap. See StallRoundCap.
	RoundCap int
	// Resign makes a resignation terminate the game (Technopoly R001-13,
	// A001-06): any player still in may resign at any time, also outside
	// their turn; the game ends at once, and the resigning player keeps
	// everything (it is their score) but cannot win and ranks below the
	// others.
	Resign bool
	// TieBreakAssets ranks, after equal score and cash, the player owning
	// more properties first (1.e of 000).
	TieBreakAssets bool
}

// Supply is the finite stock of buildings of a Stock (see Ruleset.Supply).
type Supply struct {
	Units int `json:"units"` // Projectopoly: 32 FTE
	Tops  int `json:"tops"`  // Projectopoly: 12 Quality-Manager teams
	// UnitAuctionAt / TopAuctionAt: with this many or fewer free, a build
	// request becomes a shortage auction of that one unit (top) among the
	// requester and every other player who could build one (G000-10); 0:
	// never.
	UnitAuctionAt int `json:"unit_auction_at,omitempty"`
	TopAuctionAt  int `json:"top_auction_at,omitempty"`
}

func (rs *Ruleset) holdingValue(c *Cell, mortgaged bool, level int) int64 {
	if rs.HoldingValue != nil {
		return rs.HoldingValue(c, mortgaged, level)
	}
	v := int64(level) * (c.BuildPrice / 2)
	if !mortgaged {
		v += c.Mortgage
	}
	return v
}

// Info returns the engine.Info of the ruleset.
func (rs *Ruleset) Info() engine.Info {
	info := engine.Info{
		ID: rs.ID, Title: rs.Title, MinSeats: rs.MinSeats, MaxSeats: rs.MaxSeats,
		Summary: rs.Summary, RulesVersion: rs.RulesVersion, Currency: rs.Money.Currency, CurrencySuffix: rs.Money.Suffix,
		Guide: rs.Guide, Phrases: rs.Phrases,
	}
	if rs.End.Resign {
		info.StatusWords = map[string]string{engine.StatusResigned: "terminated"}
	}
	if rs.Money.Thousands != 0 {
		info.Thousands = string(rune(rs.Money.Thousands))
	}
	if rs.End.RoundLimits != nil {
		choices := []string{"off"}
		labels := map[string]string{"off": "no round limit"}
		for _, n := range rs.End.RoundLimits {
			choices = append(choices, strconv.Itoa(n))
			labels[strconv.Itoa(n)] = strconv.Itoa(n) + " rounds"
		}
		info.Options = append(info.Options, engine.OptionSpec{
			Key: OptRoundLimit, Label: "Round limit",
			Help:    "No round limit: play until the game ends by its own rules. N rounds: after round N the game ends and " + rs.winRule() + ".",
			Choices: choices, Labels: labels, Default: "off", Public: rs.End.PublicLimit,
		})
	} else {
		labels := make(map[string]string, len(rs.End.Modes))
		for _, m := range rs.End.Modes {
			labels[m] = EndModeText(m)
		}
		info.Options = append(info.Options, engine.OptionSpec{
			Key: OptEndMode, Label: "End of game",
			Help: "Last player standing: play until one player is left. N rounds: after round N the highest " + rs.scoreWord() + " wins. " +
				"N minutes: once N minutes have passed, the round in progress is the last; the highest " + rs.scoreWord() + " wins.",
			Choices: append([]string(nil), rs.End.Modes...), Labels: labels, Default: rs.End.Modes[0], Public: rs.End.PublicLimit,
		})
	}
	if rs.Auction.DeclineOption {
		def := "off"
		if rs.Auction.OnDecline {
			def = "on"
		}
		info.Options = append(info.Options, engine.OptionSpec{
			Key: OptAuctionOnDecline, Label: "Auction of declined purchases",
			Help:    "on: " + article(or(rs.Words.Property, "property")) + " " + or(rs.Words.Property, "property") + " the lander declines goes to a sealed-bid auction among all players. off: it stays free.",
			Choices: []string{"on", "off"}, Default: def,
		})
	}
	for _, m := range rs.Mechanisms {
		info.Options = append(info.Options, m.Options(rs)...)
	}
	if cu := rs.Start.CatchUp; cu != nil {
		labels := map[string]string{}
		for _, c := range cu.Choices {
			if n, err := strconv.ParseInt(c, 10, 64); err == nil {
				labels[c] = rs.FormatMoney(n) + " a position"
			}
		}
		info.Options = append(info.Options, engine.OptionSpec{
			Key: OptCatchUp, Label: "Catch-up money by turn position",
			Help: "off: everyone starts with the same money. An amount: the second player in the turn order gets it on top, the third twice it, " +
				"and so on, to offset the first movers' pick of the free " + or(rs.Words.Property, "property") + " cells.",
			Choices: append([]string(nil), cu.Choices...), Labels: labels, Default: cu.Default,
		})
	}
	return info
}

// FormatMoney writes an amount as the game does ("$1,200", "2.000€"), for
// texts built from the ruleset such as its guide.
func (rs *Ruleset) FormatMoney(x int64) string {
	return string(appendMoney(nil, x, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands))
}

// Validate checks the ruleset's data for the mistakes that would make the
// core misbehave; variant tests call it.
func (rs *Ruleset) Validate() error {
	b := rs.Board
	if b == nil || len(b.Cells) == 0 || len(b.Cells) > MaxCells {
		return fmt.Errorf("opoly: %s: board must have 1..%d cells", rs.ID, MaxCells)
	}
	if rs.MaxSeats > MaxSeats || rs.MinSeats < 2 || rs.MinSeats > rs.MaxSeats {
		return fmt.Errorf("opoly: %s: bad seat range", rs.ID)
	}
	if rs.Money.Step < 1 || rs.Buildings.MaxLevel < 0 || len(rs.End.Modes) == 0 {
		return fmt.Errorf("opoly: %s: bad knobs", rs.ID)
	}
	for _, m := range rs.End.Modes {
		if _, _, ok := parseEndMode(m); !ok {
			return fmt.Errorf("opoly: %s: bad end mode %q", rs.ID, m)
		}
	}
	for n := rs.MinSeats; n <= rs.MaxSeats; n++ {
		if _, ok := rs.Start.Money[n]; !ok {
			return fmt.Errorf("opoly: %s: no start money for %d seats", rs.ID, n)
		}
	}
	for i, c := range b.Cells {
		if c.Kind.Property() {
			if c.Group < 0 || c.Group >= len(b.Groups) || b.Groups[c.Group].Kind != c.Kind {
				return fmt.Errorf("opoly: %s: cell %d has a bad group", rs.ID, i)
			}
			if c.Kind == KindStreet && len(c.Rents) != rs.Buildings.MaxLevel+1 {
				return fmt.Errorf("opoly: %s: cell %d needs %d rents", rs.ID, i, rs.Buildings.MaxLevel+1)
			}
			if c.Kind != KindStreet && len(c.Rents) != len(b.Groups[c.Group].Cells) {
				return fmt.Errorf("opoly: %s: cell %d needs one rent per group size", rs.ID, i)
			}
		} else if c.Group != -1 {
			return fmt.Errorf("opoly: %s: cell %d is not a property but has a group", rs.ID, i)
		}
		if c.Kind == KindCard && (c.Deck < 0 || c.Deck >= len(b.Decks)) {
			return fmt.Errorf("opoly: %s: cell %d has a bad deck", rs.ID, i)
		}
	}
	for gi, g := range b.Groups {
		for _, c := range g.Cells {
			if c < 0 || c >= len(b.Cells) || b.Cells[c].Group != gi {
				return fmt.Errorf("opoly: %s: group %d lists a bad cell", rs.ID, gi)
			}
		}
	}
	if len(b.Groups) > 64 {
		return fmt.Errorf("opoly: %s: at most 64 groups", rs.ID)
	}
	if len(b.Decks) > 8 {
		return fmt.Errorf("opoly: %s: at most 8 decks", rs.ID)
	}
	for di, d := range b.Decks {
		keep := 0
		for _, c := range d.Cards {
			if c.Kind == CardGetOutFree {
				keep++
			}
			if c.Kind == CardAdvanceTo && (c.Target < 0 || c.Target >= len(b.Cells)) {
				return fmt.Errorf("opoly: %s: card %s has a bad target", rs.ID, c.ID)
			}
		}
		if keep > 1 {
			return fmt.Errorf("opoly: %s: deck %d has more than one keep-card", rs.ID, di)
		}
	}
	rs.cacheMechanisms()
	rs.cacheDeveloped()
	return nil
}
