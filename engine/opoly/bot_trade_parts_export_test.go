package opoly

import "boardroom/engine"

// TradePartsKept is the number of parts game eg's table of parts holds
// (bot_trade_parts.go).
func TradePartsKept(eg engine.Game) int {
	g, ok := eg.(*Game)
	if !ok {
		return 0
	}
	n := 0
	for i := range g.pub.rents.groups.parts.e {
		if g.pub.rents.groups.parts.e[i].word != 0 {
			n++
		}
	}
	return n
}

// TradePartsTable is game eg's table of parts, nil when it has none.
func TradePartsTable(eg engine.Game) []partEntry {
	if g, ok := eg.(*Game); ok {
		return g.pub.rents.groups.parts.e
	}
	return nil
}
