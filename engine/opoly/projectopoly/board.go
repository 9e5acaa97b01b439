package projectopoly

import "boardroom/engine/opoly"

// Group indices of the Projectopoly board (G000-02).
const (
	gGrey = iota
	gBrown
	gRed
	gOrange
	gPink
	gYellow
	gGreen
	gBlue
	gCerts
	gServices
)

// Deck indices.
const (
	DeckChance       = 0 // G000-07
	DeckProjectChest = 1 // G000-08
)

// WFACell is the WFA / in-transit cell (A000-06); GoToWFACell sends a PM there.
const (
	WFACell     = 10
	GoToWFACell = 30
)

// project is a colour-group project: fees for 0 FTE (doubled on a complete
// group), 1-4 FTE and Team+QM; fte is the group's FTE (and QM) price.
func project(name string, group int, price, fte int64, fees ...int64) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindStreet, Group: group, Price: price, Rents: fees,
		Mortgage: price / 2, BuildPrice: fte, Deck: -1}
}

// certification is a PM certification: the fee by the number the owner holds (G000-03).
func certification(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindCounted, Group: gCerts, Price: 2000, Mortgage: 1000,
		Rents: []int64{250, 500, 1000, 2000}, Deck: -1}
}

// service is a shared service: the lander's dice total times 40€ or, when
// the owner holds both, 100€ (G000-04).
func service(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindDice, Group: gServices, Price: 1500, Mortgage: 750,
		Rents: []int64{40, 100}, Deck: -1}
}

func other(name string, kind opoly.CellKind) opoly.Cell {
	return opoly.Cell{Name: name, Kind: kind, Group: -1, Deck: -1}
}

func penalty(name string, x int64) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindTax, Group: -1, Tax: x, Deck: -1}
}

func card(deck int) opoly.Cell {
	name := "Chance"
	if deck == DeckProjectChest {
		name = "Project Chest"
	}
	return opoly.Cell{Name: name, Kind: opoly.KindCard, Group: -1, Deck: deck}
}

// board returns the 40 cells of G000-02 with the fee table.
func board() *opoly.Board {
	cells := []opoly.Cell{
		0:  other("Go!", opoly.KindStart),
		1:  project("Legacy Bug-Fix Contract", gGrey, 600, 500, 20, 100, 300, 900, 1600, 2500),
		2:  card(DeckProjectChest),
		3:  project("Help-Desk Backlog Clean-up", gGrey, 600, 500, 40, 200, 600, 1800, 3200, 4500),
		4:  penalty("Quality Audit", 2000),
		5:  certification("Agile Practitioner Certification"),
		6:  project("Intranet Refresh", gBrown, 1000, 500, 60, 300, 900, 2700, 4000, 5500),
		7:  card(DeckChance),
		8:  project("Timesheet App", gBrown, 1000, 500, 60, 300, 900, 2700, 4000, 5500),
		9:  project("Printer Fleet Migration", gBrown, 1200, 500, 80, 400, 1000, 3000, 4500, 6000),
		10: other("WFA – Waiting for Allocation / In transit", opoly.KindJail),
		11: project("Corporate Website Redesign", gRed, 1400, 1000, 100, 500, 1500, 4500, 6250, 7500),
		12: service("Shared Service Desk"),
		13: project("Customer Self-Service Portal", gRed, 1400, 1000, 100, 500, 1500, 4500, 6250, 7500),
		14: project("E-commerce Storefront", gRed, 1600, 1000, 120, 600, 1800, 5000, 7000, 9000),
		15: certification("Risk Management Certification"),
		16: project("Field Service App", gOrange, 1800, 1000, 140, 700, 2000, 5500, 7500, 9500),
		17: card(DeckProjectChest),
		18: project("Loyalty Card App", gOrange, 1800, 1000, 140, 700, 2000, 5500, 7500, 9500),
		19: project("Mobile Banking App", gOrange, 2000, 1000, 160, 800, 2200, 6000, 8000, 10000),
		20: other("Vacation", opoly.KindRest),
		21: project("KPI Dashboards", gPink, 2200, 1500, 180, 900, 2500, 7000, 8750, 10500),
		22: card(DeckChance),
		23: project("Data Warehouse", gPink, 2200, 1500, 180, 900, 2500, 7000, 8750, 10500),
		24: project("Customer Data Platform", gPink, 2400, 1500, 200, 1000, 3000, 7500, 9250, 11000),
		25: certification("Programme Management Certification"),
		26: project("CI/CD Pipeline", gYellow, 2600, 1500, 220, 1100, 3300, 8000, 9750, 11500),
		27: project("Kubernetes Platform", gYellow, 2600, 1500, 220, 1100, 3300, 8000, 9750, 11500),
		28: service("Cloud Hosting Service"),
		29: project("Cloud Migration", gYellow, 2800, 1500, 240, 1200, 3600, 8500, 10250, 12000),
		30: other("Go to WFA", opoly.KindGoToJail),
		31: project("HR System Replacement", gGreen, 3000, 2000, 260, 1300, 3900, 9000, 11000, 12750),
		32: project("CRM Implementation", gGreen, 3000, 2000, 260, 1300, 3900, 9000, 11000, 12750),
		33: card(DeckProjectChest),
		34: project("ERP Roll-out", gGreen, 3200, 2000, 280, 1500, 4500, 10000, 12000, 14000),
		35: certification("Portfolio Management Certification"),
		36: card(DeckChance),
		37: project("AI Transformation Programme", gBlue, 3500, 2000, 350, 1750, 5000, 11000, 13000, 15000),
		38: penalty("Scope Creep Penalty", 1000),
		39: project("Core Banking Replacement", gBlue, 4000, 2000, 500, 2000, 6000, 14000, 17000, 20000),
	}
	groups := []opoly.Group{
		gGrey:     {Name: "Grey – Maintenance", Color: "grey", Kind: opoly.KindStreet},
		gBrown:    {Name: "Brown – Internal Tools", Color: "brown", Kind: opoly.KindStreet},
		gRed:      {Name: "Red – Web", Color: "red", Kind: opoly.KindStreet},
		gOrange:   {Name: "Orange – Mobile", Color: "orange", Kind: opoly.KindStreet},
		gPink:     {Name: "Pink – Data & BI", Color: "pink", Kind: opoly.KindStreet},
		gYellow:   {Name: "Yellow – Cloud & DevOps", Color: "yellow", Kind: opoly.KindStreet},
		gGreen:    {Name: "Green – Enterprise Systems", Color: "green", Kind: opoly.KindStreet},
		gBlue:     {Name: "Blue – Strategic Programmes", Color: "darkblue", Kind: opoly.KindStreet},
		gCerts:    {Name: "PM Certifications", Color: "white", Kind: opoly.KindCounted},
		gServices: {Name: "Services", Color: "cyan", Kind: opoly.KindDice},
	}
	return opoly.NewBoard(cells, groups, decks())
}
