package opoly

// CellKind is what a board cell does when a token lands on it (MF-1).
type CellKind uint8

// Cell kinds.
const (
	KindStart    CellKind = iota // START: salary on passing or landing (MF-3)
	KindStreet                   // colour-group property with buildings
	KindCounted                  // station-like property: rent by the number owned
	KindDice                     // utility-like property: rent = dice total x multiplier
	KindTax                      // pay Cell.Tax to the bank
	KindCard                     // draw from deck Cell.Deck
	KindJail                     // the holding cell / just visiting
	KindGoToJail                 // sends the lander to the holding cell
	KindRest                     // no effect (Free Parking, neutral cells)
)

var kindNames = [...]string{"start", "street", "counted", "dice", "tax", "card", "jail", "go_to_jail", "rest"}

// String returns the stable name of a kind.
func (k CellKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// MarshalText encodes a kind by its stable name.
func (k CellKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Property reports whether cells of this kind can be owned.
func (k CellKind) Property() bool { return k-KindStreet <= KindDice-KindStreet } // the three are consecutive

// Cell is the printed, unchanging data of one board cell.
type Cell struct {
	Name  string   `json:"name"`
	Kind  CellKind `json:"kind"`
	Group int      `json:"group"` // index into Board.Groups; -1 if the cell is not a property
	Price int64    `json:"price,omitempty"`
	// Rents depends on the kind. Street: [base, 1 building, 2, ..., MaxLevel]
	// (base is doubled on a complete group without buildings). Counted:
	// [rent when the owner holds 1, 2, ...]. Dice: [multiplier when the owner
	// holds 1, 2, ...] applied to the lander's dice total.
	Rents      []int64 `json:"rents,omitempty"`
	Mortgage   int64   `json:"mortgage,omitempty"`    // mortgage value (half the price)
	BuildPrice int64   `json:"build_price,omitempty"` // price of one building level (streets)
	Tax        int64   `json:"tax,omitempty"`         // KindTax: amount paid to the bank
	Deck       int     `json:"deck"`                  // KindCard: index into Board.Decks; -1 otherwise
}

// Group is a colour group (or the set of all Counted / all Dice cells).
type Group struct {
	Name  string   `json:"name"`
	Color string   `json:"color"` // a colour name for renderers: "brown", "lightblue", ...
	Kind  CellKind `json:"kind"`  // KindStreet, KindCounted or KindDice
	Cells []int    `json:"cells"` // in board order
}

// Board is the whole printed board: cells, groups and decks. It is shared,
// read-only data; a View points at it instead of copying it.
type Board struct {
	Cells  []Cell  `json:"cells"`
	Groups []Group `json:"groups"`
	Decks  []Deck  `json:"decks"`
}

// NewBoard assembles a board. Each group's Cells are derived from the
// cells' Group fields (in board order), so a variant names a cell's group
// once, in its cell, and the two cannot disagree.
func NewBoard(cells []Cell, groups []Group, decks []Deck) *Board {
	for i, c := range cells {
		if c.Group >= 0 {
			groups[c.Group].Cells = append(groups[c.Group].Cells, i)
		}
	}
	return &Board{Cells: cells, Groups: groups, Decks: decks}
}

// MaxCells bounds the board size so that per-cell tables can be fixed arrays.
const MaxCells = 64

// MaxSeats bounds the number of players of any property game.
const MaxSeats = 8

// LiftCost is what lifting the mortgage of cell c costs under rules rs: the
// mortgage value plus the interest, rounded up to the money step (MF-7).
func (rs *Ruleset) LiftCost(c int) int64 {
	m := rs.Board.Cells[c].Mortgage
	return m + roundUp(m*rs.Mortgage.InterestPct, 100*rs.Money.Step)*rs.Money.Step
}

// roundUp returns ceil(a/b) for a >= 0, b > 0.
func roundUp(a, b int64) int64 { return (a + b - 1) / b }

// SellRefund is what selling one building level of cell c gives back (MF-6).
func (rs *Ruleset) SellRefund(c int) int64 { return rs.Board.Cells[c].BuildPrice / 2 }

// nearest returns the first cell of kind k strictly ahead of pos, moving
// forward, or -1.
func (b *Board) nearest(pos int, k CellKind) int {
	n := len(b.Cells)
	for d := 1; d < n; d++ {
		c := (pos + d) % n
		if b.Cells[c].Kind == k {
			return c
		}
	}
	return -1
}
