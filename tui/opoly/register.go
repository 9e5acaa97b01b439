package opoly

import (
	"boardroom/tui"
)

// variant holds the words and marks of one property game that its
// ruleset does not carry (the ruleset's opoly.Words give the nouns: the
// bank, rent, mortgage, jail; see words.go): what one building level and
// the top level are called, and the board marks of the top level and of a
// mortgage. Empty fields mean Unipoly's.
type variant struct {
	id        string
	building  string // one building level, singular: "house"
	buildings string // plural: "houses" ("" = building+"s")
	top       string // the top level: "hotel"
	topMark   string // the code mark of the top level: "H"
	mortMark  string // the code mark of a mortgage: "m"
	// mortBand are the band texts of a mortgaged cell on the large board,
	// longest first (nil: MORTGAGED, MORTG., MTG, m).
	mortBand []string
	mortAdj  string // a mortgaged property is "mortgaged"
	liftVerb string // the bar's word for lifting: "lift mortgage"
	tax      string // a tax cell: "tax"
	one      string // one building level with its article: "a house", "an FTE"
	build    string // the bar's verb for adding a level: "build"
	sell     string // the bar's verb for selling a level: "sell"
	pools    string // the name of the finite supply ("" = none shown)
	unitPool string // what the supply's units are called in its line: "FTE"
	topPool  string // and its tops: "QM"
	player   string // what a player is called: "player"
	// topPlus says the top level is added to MaxLevel-1 buildings rather
	// than replacing them (Technopoly: 3 developers and a CTO, A001-10).
	topPlus bool
	// scoreColumn shows each player's score next to the cash in the
	// players pane (scorecolumn.go), and keeps the 80x24 screen for what a
	// player decides on (widelayout.go): Technopoly, whose every end is
	// decided by resources.
	scoreColumn bool
}

// variants are the words and knobs of the games this renderer draws.
// Their own phases, dialogs, compact cards and legends are their panels'
// (panel.go: tui/opoly/projectopoly, tui/opoly/technopoly); what the core
// keeps is keyed on a knob (trips.go, resign.go, scorecolumn.go,
// widelayout.go), not on the game id.
var variants = []variant{
	{id: "unipoly", building: "house", top: "hotel"},
	{id: "projectopoly", building: "FTE", buildings: "FTE", top: "Team+QM", topMark: "Q", mortMark: "e",
		mortBand: []string{"EXTENDED", "EXTEND.", "EXT", "e"}, mortAdj: "extended", liftVerb: "repay extension",
		tax: "penalty", build: "staff", one: "an FTE", sell: "release", pools: "Project Planning", unitPool: "FTE", topPool: "QM",
		player: "PM"},
	{id: "technopoly", building: "developer", top: "CTO", topMark: "C", build: "hire", one: "a developer", topPlus: true,
		scoreColumn: true},
}

// withDefaults fills the empty fields with Unipoly's words.
func (v variant) withDefaults() variant {
	def := func(s *string, d string) {
		if *s == "" {
			*s = d
		}
	}
	def(&v.building, "building")
	def(&v.buildings, v.building+"s")
	def(&v.top, "top level")
	def(&v.topMark, "H")
	def(&v.mortMark, "m")
	if v.mortBand == nil {
		v.mortBand = []string{"MORTGAGED", "MORTG.", "MTG", "m"}
	}
	def(&v.mortAdj, "mortgaged")
	def(&v.liftVerb, "lift mortgage")
	def(&v.tax, "tax")
	def(&v.build, "build")
	def(&v.one, "a "+v.building)
	def(&v.sell, "sell")
	def(&v.player, "player")
	return v
}

// Renderers returns the renderer factory of the game whose screen is all
// the core's, Unipoly, by game id, for tui.Options.Renderers. The other
// variants' factories come from their packages (tui/opoly/projectopoly,
// tui/opoly/technopoly), which add their panels; tui/opoly/games lists
// them all. The map is new on every call.
func Renderers() map[string]tui.RendererFactory {
	return map[string]tui.RendererFactory{"unipoly": Factory("unipoly", nil)}
}

// variantOf is the words of the variant id with their defaults: the
// listed variants' are made once and shared by their renderers (read
// only; a renderer kept a copy of 288 bytes, issue 32). A game not in
// variants gets the core's words.
func variantOf(id string) *variant {
	for i := range defaulted {
		if defaulted[i].id == id {
			return &defaulted[i]
		}
	}
	v := variant{id: id, building: "building", top: "top level"}.withDefaults()
	return &v
}

// defaulted are the variants with their defaults filled in.
var defaulted = func() []variant {
	out := make([]variant, len(variants))
	for i, v := range variants {
		out[i] = v.withDefaults()
	}
	return out
}()

// New returns the board renderer for the game of ctx.Info with the core's
// panels only (NoPanel): Unipoly's renderer. A variant with a panel of
// its own is drawn by its package's factory.
func New(ctx tui.RenderContext) tui.GameRenderer {
	return newRenderer(ctx, variantOf(ctx.Info.ID), NoPanel{})
}
