package opoly

import "strings"

// Words is a variant's vocabulary for event sentences and reasons. Every
// empty field means the core's own word (the bank, rent, house and hotel,
// jail, capital), so the zero value is the core's vocabulary; Unipoly
// speaks it by leaving Words empty, the other variants fill in their own.
type Words struct {
	Bank     string // "the bank" (Projectopoly: "FICO")
	Rent     string // "rent" (Projectopoly: "outsourcing fee")
	Mortgage string // "mortgage" (Projectopoly: "budget extension")
	// Lift is the reason prefix for repaying a mortgage: "lifting the
	// mortgage of" (Projectopoly: "repaying the budget extension of").
	Lift     string
	Jail     string   // "jail" (Projectopoly: "WFA")
	JailCard string   // "Get Out of Jail Free card" (Projectopoly: "Exit from WFA for free card")
	Score    string   // the score's name: "capital" (Projectopoly: "net worth")
	Building string   // "building" (Projectopoly: "FTE")
	Levels   []string // names of levels 1..MaxLevel; nil: house 1..4 and hotel
	// Salary is the reason of the salary at START: "" means "salary at"
	// and START's name (Technopoly: "Invest NI investment for a trip round
	// the board").
	Salary string
	// BuildPrefix and BuildOn frame the reason of a building: BuildPrefix
	// + level name + BuildOn + cell name ("" and " on ": "house 1 on Old
	// Canteen"; Technopoly: "hiring developer 1 for FieldSense").
	BuildPrefix, BuildOn string
	// Win is the sentence of who wins at a limit: "" means "the highest "
	// + Score + " wins".
	Win string
	// Property and Group name a property and a colour group in refusals:
	// "" means "property" and "group" (Technopoly: "start-up", "field";
	// Projectopoly: "asset").
	Property, Group string
	// Street names a street (the cells that take buildings): "" means
	// Property when set, else "street" (Projectopoly: "project").
	Street string
	// Build and Sell are the verbs of adding and removing a level: ""
	// means "build" and "sell" (Projectopoly: "staff", "release";
	// Technopoly: "hire").
	Build, Sell string
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func (rs *Ruleset) bankName() string     { return or(rs.Words.Bank, "the bank") }
func (rs *Ruleset) rentWord() string     { return or(rs.Words.Rent, "rent") }
func (rs *Ruleset) mortgageWord() string { return or(rs.Words.Mortgage, "mortgage") }
func (rs *Ruleset) liftWord() string     { return or(rs.Words.Lift, "lifting the mortgage of") }
func (rs *Ruleset) jailWord() string     { return or(rs.Words.Jail, "jail") }
func (rs *Ruleset) jailCardWord() string { return or(rs.Words.JailCard, "Get Out of Jail Free card") }
func (rs *Ruleset) scoreWord() string    { return or(rs.Words.Score, "capital") }
func (rs *Ruleset) winRule() string      { return or(rs.Words.Win, "the highest "+rs.scoreWord()+" wins") }

// mortgagedWord marks a mortgaged property: "mortgaged", or "under budget extension".
func (rs *Ruleset) mortgagedWord() string {
	if rs.Words.Mortgage == "" {
		return "mortgaged"
	}
	return "under " + rs.Words.Mortgage
}

// raiseHint tells a debtor how to raise money.
func (rs *Ruleset) raiseHint() string {
	if rs.Words.Building == "" && rs.Words.Mortgage == "" {
		return "sell buildings or mortgage to raise the rest"
	}
	return "release " + rs.buildingWord() + ", request a " + rs.mortgageWord() + " or sell assets to raise the rest"
}

func (rs *Ruleset) buildingWord() string { return or(rs.Words.Building, "building") }

func (rs *Ruleset) propertyWord() string { return or(rs.Words.Property, "property") }
func (rs *Ruleset) groupWord() string    { return or(rs.Words.Group, "group") }
func (rs *Ruleset) streetWord() string   { return or(rs.Words.Street, or(rs.Words.Property, "street")) }
func (rs *Ruleset) buildVerb() string    { return or(rs.Words.Build, "build") }
func (rs *Ruleset) sellVerb() string     { return or(rs.Words.Sell, "sell") }

// propertiesWord is the plural of propertyWord.
func (rs *Ruleset) propertiesWord() string {
	if rs.Words.Property == "" {
		return "properties"
	}
	return rs.Words.Property + "s"
}

// buildingsWord is the plural of buildingWord ("buildings"; FTE and staff
// stay as they are).
func (rs *Ruleset) buildingsWord() string { return or(rs.Words.Building, "buildings") }

// unipolyWords reports whether the ruleset speaks the core's own words (no
// building word of its own, as Unipoly): those sentences are kept exactly
// as Unipoly's recorded playouts have them.
func (rs *Ruleset) unipolyWords() bool { return rs.Words.Building == "" }

// capital upper-cases the first letter of s.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// article is "a" or "an" before s ("an FTE", "an asset", "a start-up").
func article(s string) string {
	if s == "" {
		return "a"
	}
	switch {
	case strings.HasPrefix(s, "FTE"): // "an F-T-E"
		return "an"
	case strings.ContainsRune("aeiouAEIOU", rune(s[0])):
		return "an"
	}
	return "a"
}
