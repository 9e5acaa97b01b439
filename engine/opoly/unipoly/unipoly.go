package unipoly

import "boardroom/engine/opoly"

// ID is the game id.
const ID = "unipoly"

var rules = newRules()

// Rules returns the Unipoly ruleset (shared, read-only).
func Rules() *opoly.Ruleset { return rules }

func newRules() *opoly.Ruleset {
	rs := &opoly.Ruleset{
		Phrases: phrases, // phrases.go: the platform's sentences in this game's words
		ID:      ID,
		Title:   "Unipoly",
		Summary: "The university property game for 2-6 players: start with cash and a hand of dealt properties, " +
			"roll round the campus, buy, rent, build houses and hotels, trade, mortgage, and win every declined " +
			"property in a sealed-bid auction. Last player standing wins, or the highest capital after a round limit.",
		RulesVersion: "1",
		MinSeats:     2,
		MaxSeats:     6,
		Board:        board(),
		Money:        opoly.MoneyRules{Currency: "$", Thousands: ',', Step: 1},
		Start: opoly.StartRules{
			Money: map[int]int64{2: 8750, 3: 7500, 4: 6250, 5: 5000, 6: 3750},
			Deal:  map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3},
			Cell:  0,
		},
		Turn: opoly.TurnRules{Salary: 200},
		Jail: opoly.JailRules{
			Cell:        10,
			Fee:         50,
			MaxTurns:    3,
			ThirdDouble: opoly.ThirdDoubleJail,
		},
		Auction: opoly.AuctionRules{
			OnDecline: true,
			TieRounds: 3,
		},
		Buildings: opoly.BuildingRules{MaxLevel: 5, FullGroupMultiplier: 2, Sell: true},
		Mortgage: opoly.MortgageRules{
			Allowed:     true,
			InterestPct: 10,
		},
		Trade: opoly.TradeRules{
			Allowed:      true,
			ClearsGroups: true,
			MaxPerTurn:   3,
		},
		Debt: opoly.DebtRules{
			Liquidation:      true,
			CreditorsInOrder: true,
		},
		End: opoly.EndRules{
			PublicLimit: "minutes:90", // an evening: see docs/decisions/2026-11-public-tables-end-in-an-evening.md
			RoundCap:    opoly.StallRoundCap,
			Modes: []string{opoly.EndLastStanding, "rounds:10", "rounds:20", "rounds:30", "rounds:50", "rounds:100",
				"minutes:30", "minutes:60", "minutes:90"},
		},
	}
	rs.Guide = guide(rs)
	if err := rs.Validate(); err != nil {
		panic(err) // static data: a test covers it
	}
	return rs
}

// Definition is the registry entry of Unipoly.
type Definition struct{ opoly.Variant[built] }

// definition is built once: it holds the tables every game of the ruleset
// shares (read-only).
var definition = opoly.NewDefinition(rules)

// built hands Definition the value built once.
type built struct{}

func (built) Definition() opoly.Definition { return definition }
