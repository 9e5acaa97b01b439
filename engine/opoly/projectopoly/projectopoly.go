package projectopoly

import "boardroom/engine/opoly"

// ID is the game id.
const ID = "projectopoly"

var rules = newRules()

// Rules returns the Projectopoly ruleset (shared, read-only).
func Rules() *opoly.Ruleset { return rules }

// Supply of Project Planning (R000-03): 32 FTE and 12 Quality-Manager teams.
const (
	FTE = 32
	QM  = 12
)

func newRules() *opoly.Ruleset {
	rs := &opoly.Ruleset{
		Phrases: phrases, // phrases.go: the platform's sentences in this game's words
		ID:      ID,
		Title:   "Projectopoly",
		Summary: "The project managers' property game for 2-7 PMs: start with a budget and dealt projects, roll round " +
			"the board, take on projects, certifications and services, charge outsourcing fees, staff complete groups " +
			"with FTE and Quality Managers from Project Planning's limited pool, take budget extensions from FICO, " +
			"sell to the best offer and sit out WFA. Last PM standing wins, or the highest net worth at the deadline.",
		RulesVersion: "1",
		MinSeats:     2,
		MaxSeats:     7,
		Board:        board(),
		Money:        opoly.MoneyRules{Currency: "€", Suffix: true, Thousands: '.', Step: 10},
		Start: opoly.StartRules{
			Money:     map[int]int64{2: 35000, 3: 30000, 4: 25000, 5: 20000, 6: 15000, 7: 10000},
			Deal:      map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2},
			Cell:      0,
			CatchUp:   &opoly.CatchUp{Choices: []string{"off", "100", "200", "300", "400", "500", "600", "800", "1000"}, Default: "400"},
			ByRollOff: true,
		},
		Turn: opoly.TurnRules{Salary: 2000},
		Jail: opoly.JailRules{
			Cell:        WFACell,
			Fee:         500,
			MaxTurns:    3,
			ThirdDouble: opoly.ThirdDoubleJail,
		},
		Auction: opoly.AuctionRules{
			OnDecline:     true,
			DeclineOption: true,
			TieRounds:     3,
		},
		Buildings: opoly.BuildingRules{MaxLevel: 5, FullGroupMultiplier: 2, Sell: true},
		Mortgage: opoly.MortgageRules{
			Allowed:     true,
			InterestPct: 10,
			TransferPct: 10,
		},
		Trade: opoly.TradeRules{
			Allowed:           true,
			NeedsUnbuiltGroup: true,
			NoGifts:           true,
			MaxPerTurn:        3,
		},
		Debt: opoly.DebtRules{
			Liquidation: true,
			ToCreditor:  true,
		},
		// Listed in this order: the pools (supply.go), sales to all, then
		// offers against a debt (Legal in a debt), then the receive phase;
		// botRules advises the standard bot (bot.go).
		Mechanisms: []opoly.Mechanism{
			supply{&opoly.Supply{Units: FTE, Tops: QM, UnitAuctionAt: 5, TopAuctionAt: 2}},
			offerToAll{}, mixed{}, receive{}, &botRules{},
		},
		End: opoly.EndRules{
			TieBreakAssets: true,
			PublicLimit:    "minutes:90", // an evening: see docs/decisions/2026-11-public-tables-end-in-an-evening.md
			RoundCap:       opoly.StallRoundCap,
			Modes: []string{opoly.EndLastStanding, "rounds:10", "rounds:20", "rounds:30", "rounds:50", "rounds:100",
				"minutes:30", "minutes:60", "minutes:90"},
		},
		HoldingValue: netWorth,
		Words: opoly.Words{
			Bank: "FICO", Rent: "outsourcing fee", Mortgage: "budget extension", Lift: "repaying the budget extension of",
			Jail: "WFA", JailCard: "WFA exit card", Score: "net worth", Building: "FTE",
			Property: "asset", Street: "project", Build: "staff", Sell: "release", Salary: "budget increase at Go!",
			Levels: []string{"FTE 1", "FTE 2", "FTE 3", "FTE 4", "Team+QM"},
		},
	}
	rs.Guide = guide(rs)
	if err := rs.Validate(); err != nil {
		panic(err) // static data: a test covers it
	}
	return rs
}

// netWorth values one holding for the score (G000-14, G000-06): the printed
// price, less the repay amount when under budget extension, plus the
// staffing value (level × FTE price; Team+QM counts 5).
func netWorth(c *opoly.Cell, extended bool, level int) int64 {
	v := c.Price
	if extended {
		m := c.Mortgage
		v -= m + (m*10+999)/1000*10 // repay = extension + 10% rounded up to 10€
	}
	return v + int64(level)*c.BuildPrice
}

// Definition is the registry entry of Projectopoly.
type Definition struct{ opoly.Variant[built] }

// definition is built once: it holds the tables every game of the ruleset
// shares (read-only).
var definition = opoly.NewDefinition(rules)

// built hands Definition the value built once.
type built struct{}

func (built) Definition() opoly.Definition { return definition }
