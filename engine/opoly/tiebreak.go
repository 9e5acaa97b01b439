package opoly

import (
	"cmp"
	"slices"
	"strconv"
)

// Saying how tied scores were ranked (Technopoly A001-15; the same ranking
// as Outcome): when two players who can win end on the same score, the
// reason of the game's end says which tie-break decided between them:
// more cash, then (End.TieBreakAssets) more properties, else a shared place.
// Nothing is added when no two such players share a score.

// tieNote is the sentences about the tied scores at the end, each with a
// leading space, or "".
func (g *Game) tieNote() string {
	s := g.s
	type row struct {
		seat      int
		cap, cash int64
		assets    int
	}
	var buf [MaxSeats]row // on the stack: the end of every simulated game
	rows := buf[:0]
	for i := range s.Players {
		if g.excluded(i) {
			continue
		}
		rows = append(rows, row{seat: i, cap: g.capital(i), cash: s.Players[i].Cash, assets: ownedBy(s.Cells, i)})
	}
	// Outcome's stable sort, without sort.SliceStable's swapper
	byAssets := g.rs.End.TieBreakAssets
	slices.SortStableFunc(rows, func(a, b row) int {
		if a.cap != b.cap {
			return cmp.Compare(b.cap, a.cap)
		}
		if a.cash != b.cash {
			return cmp.Compare(b.cash, a.cash)
		}
		if byAssets {
			return cmp.Compare(b.assets, a.assets)
		}
		return 0
	})
	note := ""
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1], rows[i]
		if a.cap != b.cap {
			continue
		}
		same := who(a.seat) + " and " + who(b.seat) + " tie on " + g.money(a.cap) + " " + g.rs.scoreWord()
		switch {
		case a.cash != b.cash:
			note += " " + same + "; " + who(a.seat) + " has more cash (" + g.money(a.cash) + " to " + g.money(b.cash) + ")."
		case g.rs.End.TieBreakAssets && a.assets != b.assets:
			note += " " + same + " and cash; " + who(a.seat) + " has more " + plural(g.rs.propertyWord()) +
				" (" + strconv.Itoa(a.assets) + " to " + strconv.Itoa(b.assets) + ")."
		case g.rs.End.TieBreakAssets:
			note += " " + same + ", cash and " + plural(g.rs.propertyWord()) + ": they share the place."
		default:
			note += " " + same + " and cash: they share the place."
		}
	}
	return note
}

// plural is a noun's plural: "start-ups", "properties".
func plural(word string) string {
	if n := len(word); n > 1 && word[n-1] == 'y' && !isVowel(word[n-2]) {
		return word[:n-1] + "ies"
	}
	return word + "s"
}

func isVowel(b byte) bool {
	switch b {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}
