package projectopoly

import (
	"math/bits"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Offer to all (G000-12, A000-21): in their own turn like a trade, or as
// a debtor, a PM puts one of its assets in a group without staff up for a
// sealed-bid auction among all other PMs, with a reserve of 0 (none) up to
// three times the printed price; the highest bid at or above the reserve
// buys it. Each offer counts as one of the turn's proposals. The auction
// itself is the core's (opoly.Table.OpenSale, sale.go).
type offerToAll struct{}

var offerKinds = []string{"offer_to_all"}

// Kinds implements opoly.Mechanism.
func (offerToAll) Kinds() []string { return offerKinds }

// Options implements opoly.Mechanism: offering to all has no table option.
func (offerToAll) Options(*opoly.Ruleset) []engine.OptionSpec { return nil }

// canOffer reports whether seat may offer an asset to all now: in its own
// turn like a trade, or as a debtor (A000-21), a few times.
func canOffer(t opoly.Table, seat int) bool {
	if t.Proposals() >= t.Rules().Trade.MaxPerTurn {
		return false
	}
	if t.Phase() == opoly.PhaseDebt {
		debtor, _, _, _ := t.Debt()
		return debtor == seat
	}
	return t.CanPropose(seat)
}

// Legal implements opoly.Mechanism: an OfferToAll template per asset seat
// may sell.
func (offerToAll) Legal(t opoly.Table, seat int, out []engine.Action) []engine.Action {
	if !canOffer(t, seat) {
		return out
	}
	for _, c := range t.Props(seat) {
		if t.Tradeable(c) && t.Unbuilt(c) {
			out = append(out, t.OfferBox(c))
		}
	}
	return out
}

// LegalCells implements opoly.CellLister: Legal's templates on the cells
// in the set cells (the bot asks for its blocked properties alone), in
// Legal's order: the board's, as Props lists them, so that the cells of
// the set seat owns (Owned, the mask Props is written from) are read
// alone, not its whole list.
func (offerToAll) LegalCells(t opoly.Table, seat int, cells uint64, out []engine.Action) []engine.Action {
	if !canOffer(t, seat) {
		return out
	}
	for m := cells & t.Owned(seat); m != 0; m &= m - 1 {
		if c := bits.TrailingZeros64(m); t.Tradeable(c) && t.Unbuilt(c) {
			out = append(out, t.OfferBox(c))
		}
	}
	return out
}

// Check implements opoly.Mechanism.
func (offerToAll) Check(t opoly.Table, seat int, a engine.Action) error {
	o := a.(opoly.OfferToAll)
	rs := t.Rules()
	w := rs.PropertyWord()
	if !canOffer(t, seat) {
		return opoly.Illegal("You can offer " + opoly.Article(w) + " " + w + " to all in your own turn or debt, a few times per turn.")
	}
	if !t.ValidCell(o.Cell) || !rs.Board.Cells[o.Cell].Kind.Property() || t.Owner(o.Cell) != seat {
		return opoly.Illegal("You can only offer " + opoly.Article(w) + " " + w + " of your own.")
	}
	if !t.Tradeable(o.Cell) || !t.Unbuilt(o.Cell) {
		return opoly.Illegal("A project of a staffed group cannot be sold; release the staff first.")
	}
	if o.Reserve < 0 || o.Reserve%rs.Money.Step != 0 || o.Reserve > 3*rs.Board.Cells[o.Cell].Price {
		return engine.Errf(engine.CodeIllegal, "The reserve must be a multiple of %s, at most three times the price.", t.Money(rs.Money.Step))
	}
	return nil
}

// Apply implements opoly.Mechanism: the core's seller-run auction.
func (offerToAll) Apply(t opoly.Table, seat int, a engine.Action) {
	o := a.(opoly.OfferToAll)
	t.OpenSale(seat, o.Cell, o.Reserve)
}
