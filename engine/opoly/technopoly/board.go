package technopoly

import "boardroom/engine/opoly"

// Field (colour group) indices of the Technopoly board (G001-01).
const (
	fAgriTech = iota
	fEdTech
	fHealthTech
	fGames
	fCyber
	fFinTech
	fAI
	fQuantum
	fConnectivity
	fCloud
)

// DeckTechNews is the index of the optional Tech News deck (G001-07).
const DeckTechNews = 0

// Cells named by the rules.
const (
	InvestNI   = 0
	Runway     = 20
	QubitWorks = 37
)

// startup is a start-up: its price, the fee ladder (unstaffed, 1, 2, 3
// developers, 3 developers + CTO) and the staff price of its field (a
// developer and a CTO cost the same, G001-01).
func startup(name string, field int, price, staff int64, fees ...int64) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindStreet, Group: field, Price: price, Rents: fees,
		BuildPrice: staff, Deck: -1}
}

// neutral is a networking space with no effect; news is one that draws a
// Tech News card when the deck is switched on (G001-07).
func neutral(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindRest, Group: -1, Deck: -1}
}

func news(name string) opoly.Cell {
	return opoly.Cell{Name: name, Kind: opoly.KindCard, Group: -1, Deck: DeckTechNews}
}

// board returns the 40 spaces of G001-01 with the pricing guide.
func board() *opoly.Board {
	cells := []opoly.Cell{
		0:  {Name: "Invest NI", Kind: opoly.KindStart, Group: -1, Deck: -1},
		1:  startup("FieldSense", fAgriTech, 6000, 5000, 200, 1000, 3000, 9000, 25000),
		2:  news("Tech Meetup"),
		3:  startup("HerdTrack", fAgriTech, 6000, 5000, 400, 2000, 6000, 18000, 45000),
		4:  neutral("Hackathon"),
		5:  startup("Lagan Fibre", fConnectivity, 20000, 10000, 1600, 8000, 22000, 60000, 100000),
		6:  startup("LearnLoop", fEdTech, 10000, 5000, 600, 3000, 9000, 27000, 55000),
		7:  news("Demo Day"),
		8:  startup("QuizForge", fEdTech, 10000, 5000, 600, 3000, 9000, 27000, 55000),
		9:  startup("TutorNest", fEdTech, 12000, 5000, 800, 4000, 10000, 30000, 60000),
		10: neutral("Catalyst Incubator"),
		11: startup("CareBeacon", fHealthTech, 14000, 10000, 1000, 5000, 15000, 45000, 75000),
		12: startup("Harbour Cloud", fCloud, 15000, 10000, 1000, 5000, 15000, 45000, 75000),
		13: startup("MediScan", fHealthTech, 14000, 10000, 1000, 5000, 15000, 45000, 75000),
		14: startup("PulsePoint", fHealthTech, 16000, 10000, 1200, 6000, 18000, 50000, 90000),
		15: startup("Foyle Networks", fConnectivity, 20000, 10000, 1600, 8000, 22000, 60000, 100000),
		16: startup("PixelQuay", fGames, 18000, 10000, 1400, 7000, 20000, 55000, 95000),
		17: news("Pitch Night"),
		18: startup("QuestForge", fGames, 18000, 10000, 1400, 7000, 20000, 55000, 95000),
		19: startup("ArcadeWave", fGames, 20000, 10000, 1600, 8000, 22000, 60000, 100000),
		20: neutral("Runway"),
		21: startup("ShieldByte", fCyber, 22000, 15000, 1800, 9000, 25000, 70000, 105000),
		22: news("Founders' Breakfast"),
		23: startup("CipherGate", fCyber, 22000, 15000, 1800, 9000, 25000, 70000, 105000),
		24: startup("VaultLine", fCyber, 24000, 15000, 2000, 10000, 30000, 75000, 110000),
		25: startup("Mourne 5G", fConnectivity, 20000, 10000, 1600, 8000, 22000, 60000, 100000),
		26: startup("PayHarbour", fFinTech, 26000, 15000, 2200, 11000, 33000, 80000, 115000),
		27: startup("LedgerLane", fFinTech, 26000, 15000, 2200, 11000, 33000, 80000, 115000),
		28: startup("Glens Hosting", fCloud, 15000, 10000, 1000, 5000, 15000, 45000, 75000),
		29: startup("CoinQuay", fFinTech, 28000, 15000, 2400, 12000, 36000, 85000, 120000),
		30: neutral("Science Park"),
		31: startup("NeuralNorth", fAI, 30000, 20000, 2600, 13000, 39000, 90000, 127500),
		32: startup("DataCauseway", fAI, 30000, 20000, 2600, 13000, 39000, 90000, 127500),
		33: news("Investor Coffee"),
		34: startup("InsightMill", fAI, 32000, 20000, 2800, 15000, 45000, 100000, 140000),
		35: startup("Sperrin Satellite", fConnectivity, 20000, 10000, 1600, 8000, 22000, 60000, 100000),
		36: news("Tech Conference"),
		37: startup("QubitWorks", fQuantum, 35000, 20000, 3500, 17500, 50000, 110000, 150000),
		38: neutral("Careers Fair"),
		39: startup("Entangle Labs", fQuantum, 40000, 20000, 5000, 20000, 60000, 140000, 200000),
	}
	fields := []opoly.Group{
		fAgriTech:     {Name: "AgriTech", Color: "brown", Kind: opoly.KindStreet},
		fEdTech:       {Name: "EdTech", Color: "lightblue", Kind: opoly.KindStreet},
		fHealthTech:   {Name: "HealthTech", Color: "pink", Kind: opoly.KindStreet},
		fGames:        {Name: "Games", Color: "orange", Kind: opoly.KindStreet},
		fCyber:        {Name: "Cyber Security", Color: "red", Kind: opoly.KindStreet},
		fFinTech:      {Name: "FinTech", Color: "yellow", Kind: opoly.KindStreet},
		fAI:           {Name: "AI & Data", Color: "green", Kind: opoly.KindStreet},
		fQuantum:      {Name: "Quantum", Color: "darkblue", Kind: opoly.KindStreet},
		fConnectivity: {Name: "Connectivity", Color: "white", Kind: opoly.KindStreet},
		fCloud:        {Name: "Cloud", Color: "cyan", Kind: opoly.KindStreet},
	}
	return opoly.NewBoard(cells, fields, decks())
}

// decks returns the optional Tech News deck (G001-07).
func decks() []opoly.Deck {
	return []opoly.Deck{{Name: "Tech News", Cards: []opoly.Card{
		{ID: "N1", Text: "Angel investor.", Effect: "Collect £10,000.", Kind: opoly.CardCollect, Amount: 10000},
		{ID: "N2", Text: "Server outage.", Effect: "Pay £5,000.", Kind: opoly.CardPay, Amount: 5000},
		{ID: "N3", Text: "Invest NI roadshow.", Effect: "Advance to Invest NI (collect £20,000).", Kind: opoly.CardAdvanceTo, Target: InvestNI},
		{ID: "N4", Text: "Pivot.", Effect: "Move back 3 spaces.", Kind: opoly.CardMoveBy, Steps: -3},
		{ID: "N5", Text: "Regional tech award.", Effect: "Collect £5,000.", Kind: opoly.CardCollect, Amount: 5000},
		{ID: "N6", Text: "Data-protection fine.", Effect: "Pay £10,000.", Kind: opoly.CardPay, Amount: 10000},
		{ID: "N7", Text: "Quantum hype.", Effect: "Advance to QubitWorks; collect £20,000 if you pass Invest NI.", Kind: opoly.CardAdvanceTo, Target: QubitWorks},
		{ID: "N8", Text: "Retention bonuses.", Effect: "Pay £2,500 per developer and £10,000 per CTO.", Kind: opoly.CardRepairs,
			PerHouse: 2500, PerHotel: 3*2500 + 10000}, // a CTO's start-up keeps its 3 developers (A001-10)
		{ID: "N9", Text: "R&D tax credit.", Effect: "Collect £15,000.", Kind: opoly.CardCollect, Amount: 15000},
		{ID: "N10", Text: "Conference sponsorship.", Effect: "Pay £3,000.", Kind: opoly.CardPay, Amount: 3000},
		{ID: "N11", Text: "Take a break.", Effect: "Advance to Runway; collect £20,000 if you pass Invest NI.", Kind: opoly.CardAdvanceTo, Target: Runway},
		{ID: "N12", Text: "Crowdfunding success.", Effect: "Collect £2,000 from every other player.", Kind: opoly.CardCollectEach, Amount: 2000},
	}}}
}
