package opoly

// CardKind is the effect of a card (MF-11).
type CardKind uint8

// Card effects.
const (
	CardAdvanceTo      CardKind = iota // move forward to Target; salary when passing START
	CardAdvanceNearest                 // move forward to the nearest cell of kind NearestKind
	CardMoveBy                         // move by Steps (negative: back, no salary)
	CardCollect                        // collect Amount from the bank
	CardPay                            // pay Amount to the bank
	CardPayEach                        // pay Amount to every other player still in
	CardCollectEach                    // collect Amount from every other player still in
	CardGoToJail                       // go to the holding cell, no salary
	CardGetOutFree                     // keep-card: leave the holding cell for free
	CardRepairs                        // pay PerHouse per house and PerHotel per hotel
	// CardCancelProperty: the bank cancels one street of the drawer's whose
	// group has no buildings and which is not mortgaged, paying half its
	// price; the street becomes free. The drawer chooses (ChooseProperty)
	// when several qualify (Projectopoly C16, A000-14).
	CardCancelProperty
)

var cardKindNames = [...]string{"advance_to", "advance_nearest", "move_by", "collect", "pay", "pay_each", "collect_each", "go_to_jail", "get_out_free", "repairs", "cancel_property"}

// String returns the stable name of a card kind.
func (k CardKind) String() string {
	if int(k) < len(cardKindNames) {
		return cardKindNames[k]
	}
	return "unknown"
}

// MarshalText encodes a card kind by its stable name.
func (k CardKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Card is one printed card.
type Card struct {
	ID     string   `json:"id"`     // "U1", "P14"
	Text   string   `json:"text"`   // the flavour line
	Effect string   `json:"effect"` // the effect in words
	Kind   CardKind `json:"kind"`
	Target int      `json:"target,omitempty"` // CardAdvanceTo
	// NearestKind is the cell kind CardAdvanceNearest looks for.
	NearestKind CellKind `json:"nearest_kind,omitempty"`
	// RentMultiplier multiplies the rent owed after CardAdvanceNearest to a
	// Counted cell (2 = "pay twice the rent"); 0 means 1.
	RentMultiplier int64 `json:"rent_multiplier,omitempty"`
	// DiceMultiplier, after CardAdvanceNearest to a Dice cell owned by another
	// player, replaces the usual multiplier: roll afresh and pay this many
	// times the total; 0 means the usual rent.
	DiceMultiplier int64 `json:"dice_multiplier,omitempty"`
	Steps          int   `json:"steps,omitempty"`  // CardMoveBy
	Amount         int64 `json:"amount,omitempty"` // collect / pay / each
	PerHouse       int64 `json:"per_house,omitempty"`
	PerHotel       int64 `json:"per_hotel,omitempty"`
}

// Deck is a named deck of cards; its order is part of the secret state.
type Deck struct {
	Name  string `json:"name"`
	Cards []Card `json:"cards"`
}
