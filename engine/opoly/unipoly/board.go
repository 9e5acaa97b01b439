package unipoly

import "boardroom/engine/opoly"

// Group indices of the Unipoly board (G004-01..03).
const (
	gBrown = iota
	gLightBlue
	gPink
	gOrange
	gRed
	gYellow
	gGreen
	gDarkBlue
	gGates
	gUtilities
)

// Deck indices.
const (
	DeckUnexpected  = 0 // the Chance analogue (G004-08)
	DeckProbability = 1 // the Community Chest analogue (G004-09)
)

func street(name string, group int, price, build int64, rents ...int64) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindStreet, Group: group, Price: price, Rents: rents,
		Mortgage: price / 2, BuildPrice: build, Deck: -1}
}

func gate(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindCounted, Group: gGates, Price: 200, Mortgage: 100,
		Rents: []int64{25, 50, 100, 200}, Deck: -1}
}

func utility(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindDice, Group: gUtilities, Price: 150, Mortgage: 75,
		Rents: []int64{4, 10}, Deck: -1}
}

func other(name string, kind opoly.CellKind) opoly.Cell {
	return opoly.Cell{Name: name, Kind: kind, Group: -1, Deck: -1}
}

func tax(name string, x int64) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindTax, Group: -1, Tax: x, Deck: -1}
}

func card(deck int) opoly.Cell {
	name := "Unexpected"
	if deck == DeckProbability {
		name = "Probability"
	}
	return opoly.Cell{Name: name, Kind: opoly.KindCard, Group: -1, Deck: deck}
}

// board returns the 40 cells of G004-01 with the rents of its table.
func board() *opoly.Board {
	cells := []opoly.Cell{
		0:  other("GO", opoly.KindStart),
		1:  street("Bike Shed Lane", gBrown, 60, 50, 2, 10, 30, 90, 160, 250),
		2:  card(DeckProbability),
		3:  street("Old Canteen", gBrown, 60, 50, 4, 20, 60, 180, 320, 450),
		4:  tax("Tuition Fees", 200),
		5:  gate("North Gate"),
		6:  street("North Dorm", gLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		7:  card(DeckUnexpected),
		8:  street("South Dorm", gLightBlue, 100, 50, 6, 30, 90, 270, 400, 550),
		9:  street("International House", gLightBlue, 120, 50, 8, 40, 100, 300, 450, 600),
		10: other("Jail / Just Visiting", opoly.KindJail),
		11: street("Language Centre", gPink, 140, 100, 10, 50, 150, 450, 625, 750),
		12: utility("Campus Wi-Fi"),
		13: street("Faculty of Arts", gPink, 140, 100, 10, 50, 150, 450, 625, 750),
		14: street("Faculty of Law", gPink, 160, 100, 12, 60, 180, 500, 700, 900),
		15: gate("East Gate"),
		16: street("Sports Centre", gOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		17: card(DeckProbability),
		18: street("Student Union", gOrange, 180, 100, 14, 70, 200, 550, 750, 950),
		19: street("Campus Bar", gOrange, 200, 100, 16, 80, 220, 600, 800, 1000),
		20: other("Free Parking", opoly.KindRest),
		21: street("Chemistry Lab", gRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		22: card(DeckUnexpected),
		23: street("Physics Lab", gRed, 220, 150, 18, 90, 250, 700, 875, 1050),
		24: street("Biology Lab", gRed, 240, 150, 20, 100, 300, 750, 925, 1100),
		25: gate("South Gate"),
		26: street("Faculty of Economics", gYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		27: street("Faculty of Engineering", gYellow, 260, 150, 22, 110, 330, 800, 975, 1150),
		28: utility("Print Centre"),
		29: street("Computer Science Dept.", gYellow, 280, 150, 24, 120, 360, 850, 1025, 1200),
		30: other("Go to Jail", opoly.KindGoToJail),
		31: street("Medical School", gGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		32: street("Research Institute", gGreen, 300, 200, 26, 130, 390, 900, 1100, 1275),
		33: card(DeckProbability),
		34: street("Central Library", gGreen, 320, 200, 28, 150, 450, 1000, 1200, 1400),
		35: gate("West Gate"),
		36: card(DeckUnexpected),
		37: street("Rector's Office", gDarkBlue, 350, 200, 35, 175, 500, 1100, 1300, 1500),
		38: tax("Library Fine", 100),
		39: street("Great Hall (Aula Magna)", gDarkBlue, 400, 200, 50, 200, 600, 1400, 1700, 2000),
	}
	groups := []opoly.Group{
		gBrown:     {Name: "Brown", Color: "brown", Kind: opoly.KindStreet},
		gLightBlue: {Name: "Light blue", Color: "lightblue", Kind: opoly.KindStreet},
		gPink:      {Name: "Pink", Color: "pink", Kind: opoly.KindStreet},
		gOrange:    {Name: "Orange", Color: "orange", Kind: opoly.KindStreet},
		gRed:       {Name: "Red", Color: "red", Kind: opoly.KindStreet},
		gYellow:    {Name: "Yellow", Color: "yellow", Kind: opoly.KindStreet},
		gGreen:     {Name: "Green", Color: "green", Kind: opoly.KindStreet},
		gDarkBlue:  {Name: "Dark blue", Color: "darkblue", Kind: opoly.KindStreet},
		gGates:     {Name: "Campus Gates", Color: "white", Kind: opoly.KindCounted},
		gUtilities: {Name: "Utilities", Color: "cyan", Kind: opoly.KindDice},
	}
	return opoly.NewBoard(cells, groups, decks())
}
