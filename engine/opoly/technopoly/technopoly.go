package technopoly

import "boardroom/engine/opoly"

// ID is the game id.
const ID = "technopoly"

var rules = newRules()

// Rules returns the Technopoly ruleset (shared, read-only).
func Rules() *opoly.Ruleset { return rules }

func newRules() *opoly.Ruleset {
	rs := &opoly.Ruleset{
		Phrases: phrases, // phrases.go: the platform's sentences in this game's words
		ID:      ID,
		Title:   "Technopoly",
		Summary: "The start-up property game of the Northern Ireland tech scene for 2-4 players: start with £150,000 " +
			"on Invest NI, roll round the board, buy start-ups, charge licence fees, hire developers and CTOs on " +
			"complete fields and ask rivals for takeovers. The first bankruptcy, or a player terminating the game, " +
			"ends it: the player with the most resources wins.",
		RulesVersion: "1",
		MinSeats:     2,
		MaxSeats:     4,
		Board:        board(),
		Money:        opoly.MoneyRules{Currency: "£", Thousands: ',', Step: 1, BothBalances: true},
		Start: opoly.StartRules{
			Money: map[int]int64{2: 150000, 3: 150000, 4: 150000},
			Deal:  map[int]int{},
			Cell:  InvestNI,
		},
		Turn: opoly.TurnRules{Salary: 20000, CountLaps: true, BuyDecisionOnly: true},
		// No holding cell; a third double costs a tax.
		Jail: opoly.JailRules{Cell: -1, ThirdDouble: opoly.ThirdDoubleTax, ThirdDoubleTax: 1000},
		// 1-3 developers, then 3 developers + CTO; no selling back.
		Buildings: opoly.BuildingRules{MaxLevel: 4, FullGroupMultiplier: 2},
		End: opoly.EndRules{
			FirstBankruptcy: true,
			TieBreakAssets:  true,
			Resign:          true,
			PublicLimit:     "40", // an evening: see docs/decisions/2026-11-public-tables-end-in-an-evening.md
			RoundCap:        opoly.StallRoundCap,
			Modes:           []string{opoly.EndLastStanding},
			RoundLimits:     []int{20, 30, 40, 60, 100},
		},
		BotScale: 100,
		// The Tech News option first: the lobby lists the options in this
		// order (technews.go, takeover.go, finishround.go, bot.go).
		Mechanisms:   []opoly.Mechanism{techNews{}, takeovers{Pct: 20}, finishRound{Default: "off"}, botRules{}},
		HoldingValue: resources,
		Words: opoly.Words{
			Rent: "licence fee", Score: "resources", Building: "staff",
			Levels:      []string{"developer 1", "developer 2", "developer 3", "a CTO"},
			Salary:      "Invest NI investment for a trip round the board",
			BuildPrefix: "hiring ", BuildOn: " for ",
			Win:      "the player with the most resources wins",
			Property: "start-up", Group: "field", Build: "hire",
		},
	}
	rs.Guide = guide(rs)
	if err := rs.Validate(); err != nil {
		panic(err) // static data: a test covers it
	}
	return rs
}

// resources values one start-up for the score (G001-03): its printed
// price plus what its staff cost (developers and CTO at the field's price).
func resources(c *opoly.Cell, _ bool, level int) int64 {
	return c.Price + int64(level)*c.BuildPrice
}

// Definition is the registry entry of Technopoly.
type Definition struct{ opoly.Variant[built] }

// definition is built once: it holds the tables every game of the ruleset
// shares (read-only).
var definition = opoly.NewDefinition(rules)

// built hands Definition the value built once.
type built struct{}

func (built) Definition() opoly.Definition { return definition }
