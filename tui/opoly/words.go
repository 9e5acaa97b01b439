package opoly

import "boardroom/engine/opoly"

// words are the game's nouns as the screen prints them: the ruleset's
// opoly.Words (Projectopoly: FICO, outsourcing fee, budget extension, WFA,
// net worth), Unipoly's where a field is empty.
type words struct {
	bank     string // "the bank" / "FICO"
	rent     string // "rent" / "outsourcing fee"
	fee      string // short form for tight lines: "rent" / "fee"
	mortgage string // "mortgage" / "budget extension"
	jail     string // "jail" / "WFA"
	jailCard string // "jail card" / "WFA exit card"
	score    string // "capital" / "net worth"
	group    string // "group" / "field"
	property string // "property" / "start-up"
}

// wordsOf reads the words of a ruleset.
func wordsOf(rs *opoly.Ruleset) words {
	w := words{bank: "the bank", rent: "rent", fee: "rent", mortgage: "mortgage", jail: "jail",
		jailCard: "jail card", score: "capital", group: "group", property: "property"}
	if rs == nil {
		return w
	}
	or := func(s *string, v string) {
		if v != "" {
			*s = v
		}
	}
	rw := rs.Words
	or(&w.bank, rw.Bank)
	or(&w.rent, rw.Rent)
	if rw.Rent != "" {
		w.fee = "fee"
	}
	or(&w.mortgage, rw.Mortgage)
	or(&w.jail, rw.Jail)
	or(&w.jailCard, rw.JailCard)
	or(&w.score, rw.Score)
	or(&w.group, rw.Group)
	or(&w.property, rw.Property)
	return w
}

// lotName names what an auction of lot c sells: the cell, or for a
// shortage auction one unit or top of the supply, for an offer to all the
// cell sold by its holder.
func (r *Renderer) lotName(c int) string {
	if c != r.lot {
		return r.cellName(c)
	}
	switch r.lotKind {
	case "unit":
		return "one " + r.lab.building + " (shortage auction)"
	case "top":
		return "one " + r.lab.top + " (shortage auction)"
	case "sale":
		return r.cellName(c) + " (offer to all)"
	}
	return r.cellName(c)
}

// mortgageVerb is the verb of taking a mortgage: "mortgage", or "take a
// budget extension on".
func (r *Renderer) mortgageVerb() string {
	if r.w.mortgage == "mortgage" {
		return "mortgage"
	}
	return "extend"
}
