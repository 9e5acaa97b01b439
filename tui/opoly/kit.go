package opoly

import (
	"time"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The kit a variant's Panel draws with: the state on screen and the
// core's ways of naming players, cells and money, so that a variant's
// panels speak as the rest of the screen does. Each is a thin export of
// the helper the core itself uses.

// GameView is the property-game view on screen (nil before the first state).
func (r *Renderer) GameView() *opoly.View { return r.v }

// Seat is the viewer's seat (-1 for a spectator).
func (r *Renderer) Seat() int { return r.gs.Seat }

// Words are the variant's words a panel needs: the table's (register.go)
// and the ruleset's nouns (opoly.Words).
type Words struct {
	Building string // one building level: "FTE"
	Top      string // the top level: "Team+QM"
	MortAdj  string // a mortgaged property is "extended"
	Bank     string // the bank: "FICO"
	Mortgage string // a mortgage: "budget extension"
	Property string // a property: "start-up"
	Group    string // a colour group: "field"
	Player   string // a player: "PM"
	Fee      string // rent: "fee"
	Score    string // what decides the winner: "resources"
	// Buildings is building levels in the plural, TopMark the board's code
	// mark of the top level ("C").
	Buildings, TopMark string
	// Build is the bar's verb for adding a level ("staff"), LiftVerb its
	// words for lifting a mortgage ("repay extension").
	Build, LiftVerb string
}

// Words returns the variant's words for the state on screen.
func (r *Renderer) Words() Words {
	return Words{Building: r.lab.building, Top: r.lab.top, MortAdj: r.lab.mortAdj, Bank: r.w.bank, Mortgage: r.w.mortgage,
		Property: r.w.property, Group: r.w.group, Player: r.lab.player, Fee: r.w.fee,
		Score: r.w.score, Buildings: r.lab.buildings, TopMark: r.lab.topMark,
		Build: r.lab.build, LiftVerb: r.lab.liftVerb}
}

// Name is seat's name as the screen writes it.
func (r *Renderer) Name(seat int) string { return r.name(seat) }

// CellName is cell c's name.
func (r *Renderer) CellName(c int) string { return r.cellName(c) }

// CellList names cells in a sentence: "A, B and C".
func (r *Renderer) CellList(cells []int) string { return r.cellList(cells) }

// LevelWords says a building level in the variant's words ("2 FTE").
func (r *Renderer) LevelWords(level int) string { return r.levelWords(level) }

// CashChange is the viewer's cash before -> after a change of delta.
func (r *Renderer) CashChange(delta int64) string { return r.cashChange(delta) }

// KeyHint is a line of keys and what they do: KeyHint("u", "repay one").
func (r *Renderer) KeyHint(kv ...string) string { return r.keyHint(kv...) }

// TransferPct is the transfer fee of an asset received under a mortgage
// ("10%").
func (r *Renderer) TransferPct() string { return r.transferPct() }

// RedeemCosts is what receiving cells costs either way: ext, the mortgaged
// ones; fee, the transfer fee of each of them; lift, repaying each. ok is
// false when the game has no transfer fee or no cell is mortgaged.
func (r *Renderer) RedeemCosts(cells []int) (ext []int, fee, lift int64, ok bool) {
	return r.redeemCosts(cells)
}

// LegalKind is the viewer's first legal action of kind, or nil.
func (r *Renderer) LegalKind(kind string) engine.Action { return r.legalKind(kind) }

// Who is seat's name with its seat mark, for a panel's first line.
func (r *Renderer) Who(seat int) string { return r.who(seat) }

// GroupLetter is group g's letter on the board (a blank for none).
func (r *Renderer) GroupLetter(g int) string {
	_, letter := r.st.group(g)
	return letter
}

// PaintGroup paints s in group g's colour (plain without colour).
func (r *Renderer) PaintGroup(g int, s string) string {
	gst, _ := r.st.group(g)
	return gst.Render(s)
}

// Bold paints s bold, as the core paints a card's name.
func (r *Renderer) Bold(s string) string { return r.st.bold.Render(s) }

// Money is x as View.FormatMoney writes it, kept between two frames
// (the core writes its amounts so: most of a frame's are the last one's).
func (r *Renderer) Money(x int64) string { return string(r.appendMoney(nil, x)) }

// Kilo is x in thousands with the game's currency ("£10k", "2k€"), or ""
// when x is not a whole number of hundreds above 1,000.
func (r *Renderer) Kilo(x int64) string { return r.kilo(x) }

// HereLine names the players whose tokens stand on cell c ("Here: bob,
// alice"), or "" when none does.
func (r *Renderer) HereLine(c int) string { return r.hereLine(r.v, c) }

// Plural is word for n things: "1 property", "2 properties", "2 devs".
func Plural(word string, n int) string { return plural(word, n) }

// Capital is s with its first letter upper case.
func Capital(s string) string { return capital(s) }

// Accent, Subtle and Warn paint s as the core paints a line that asks, a
// line that informs and a line that warns (plain without colour).
func (r *Renderer) Accent(s string) string { return r.st.accent.Render(s) }
func (r *Renderer) Subtle(s string) string { return r.st.subtle.Render(s) }
func (r *Renderer) Warn(s string) string   { return r.st.warn.Render(s) }

// Deadline is the table's turn deadline (zero: no turn timer).
func (r *Renderer) Deadline() time.Time { return r.gs.Deadline }

// Clock is the session's clock (nil when it has none).
func (r *Renderer) Clock() func() time.Time { return r.ctx.Now }

// OpenCellList opens the pick list of the cells where an action of kinds
// is legal, titled title ("": the core's title from verb), as the core's
// cell actions do (verb says what a row does); nothing is sent until a
// row is chosen and confirmed.
func (r *Renderer) OpenCellList(verb, title string, kinds ...string) {
	r.cellAction(verb, kinds)
	r.pick.title = title
}

// StartName is the start cell's name ("Invest NI").
func (r *Renderer) StartName() string { return r.startName() }

// DeckWords names the board's card deck ("Tech News"), or "card".
func (r *Renderer) DeckWords() string { return r.deckWords() }

// OpenAmount opens the amount entry for the legal template of kind (on
// cell, -1 for none), titled title; enter asks q of the amount typed, and
// only y sends it. Nothing opens when kind has no legal template.
func (r *Renderer) OpenAmount(title, kind string, cell int, q func(int64) string) {
	r.openAmount(title, kind, cell, q)
}

// TransferFees is what receiving the mortgaged ones of cells costs
// (Ruleset.Mortgage.TransferPct; 0 when the game has no such fee).
func (r *Renderer) TransferFees(cells []int) int64 { return r.transferFees(cells) }

// AssetLabel names a property with its printed value and, if mortgaged,
// the variant's word for it: "Agile Practitioner Certification (2.000€)".
func (r *Renderer) AssetLabel(c int) string { return r.assetLabel(c) }

// GroupStaff lists the buildings standing on c's group: "Intranet
// Refresh 2 FTE, Timesheet App 2 FTE" ("nothing" for none, "" for a cell
// of no group).
func (r *Renderer) GroupStaff(c int) string { return r.groupStaff(c) }

// PoolName is the name of the finite supply of buildings ("Project
// Planning"; "the supply" in a game whose words have none).
func (r *Renderer) PoolName() string { return r.poolName() }

// Legal are the viewer's legal actions in the state on screen.
func (r *Renderer) Legal() []engine.Action { return r.legal }
