package projectopoly

import "boardroom/engine/opoly"

// decks returns the Chance (G000-07) and Project Chest (G000-08) decks.
func decks() []opoly.Deck {
	c := []opoly.Card{
		{ID: "C1", Text: "Kick-off at headquarters.", Effect: "Advance to Go! (collect 2.000€).", Kind: opoly.CardAdvanceTo, Target: 0},
		{ID: "C2", Text: "Client escalation — you are benched.", Effect: "Go directly to WFA; no Go! money.", Kind: opoly.CardGoToJail},
		{ID: "C3", Text: "Requirements rework.", Effect: "Move back 3 cells.", Kind: opoly.CardMoveBy, Steps: -3},
		{ID: "C4", Text: "Steering committee calls you to the mobile programme.", Effect: "Advance to Mobile Banking App; collect 2.000€ if you pass Go!.", Kind: opoly.CardAdvanceTo, Target: 19},
		{ID: "C5", Text: "Urgent HR system go-live.", Effect: "Advance to HR System Replacement; collect 2.000€ if you pass Go!.", Kind: opoly.CardAdvanceTo, Target: 31},
		{ID: "C6", Text: "The web team needs you.", Effect: "Advance to E-commerce Storefront; collect 2.000€ if you pass Go!.", Kind: opoly.CardAdvanceTo, Target: 14},
		{ID: "C7", Text: "Strategic review.", Effect: "Advance to Cloud Migration; collect 2.000€ if you pass Go!.", Kind: opoly.CardAdvanceTo, Target: 29},
		{ID: "C8", Text: "Audit of your credentials.", Effect: "Advance to the nearest certification. If another PM holds it, pay twice the fee; if free, you may obtain it.",
			Kind: opoly.CardAdvanceNearest, NearestKind: opoly.KindCounted, RentMultiplier: 2},
		{ID: "C9", Text: "Outsource to a service centre.", Effect: "Advance to the nearest service. If another PM holds it, throw the dice and pay 100€ times the total; if free, you may obtain it.",
			Kind: opoly.CardAdvanceNearest, NearestKind: opoly.KindDice, DiceMultiplier: 100},
		{ID: "C10", Text: "Performance bonus from FICO.", Effect: "Collect 500€.", Kind: opoly.CardCollect, Amount: 500},
		{ID: "C11", Text: "Fixed-price contract closed with margin.", Effect: "Collect 1.500€.", Kind: opoly.CardCollect, Amount: 1500},
		{ID: "C12", Text: "Exit from WFA for free.", Effect: "Keep this card until needed; it may be sold to another PM.", Kind: opoly.CardGetOutFree},
		{ID: "C13", Text: "Resource audit.", Effect: "Pay 250€ per FTE and 1.000€ per Quality Manager you have allocated.", Kind: opoly.CardRepairs, PerHouse: 250, PerHotel: 1000},
		{ID: "C14", Text: "Late delivery penalty.", Effect: "Pay 150€.", Kind: opoly.CardPay, Amount: 150},
		{ID: "C15", Text: "You chair the PMO board.", Effect: "Pay 500€ to every other PM.", Kind: opoly.CardPayEach, Amount: 500},
		{ID: "C16", Text: "Client withdraws.", Effect: "FICO cancels one of your projects with no FTE in its group and no extension, paying you half its value; the project becomes free.",
			Kind: opoly.CardCancelProperty},
	}
	p := []opoly.Card{
		{ID: "P1", Text: "Programme restart.", Effect: "Advance to Go! (collect 2.000€).", Kind: opoly.CardAdvanceTo, Target: 0},
		{ID: "P2", Text: "FICO accounting error in your favour.", Effect: "Collect 2.000€.", Kind: opoly.CardCollect, Amount: 2000},
		{ID: "P3", Text: "External consultant invoice.", Effect: "Pay 500€.", Kind: opoly.CardPay, Amount: 500},
		{ID: "P4", Text: "Reusable component licensed to another unit.", Effect: "Collect 500€.", Kind: opoly.CardCollect, Amount: 500},
		{ID: "P5", Text: "Exit from WFA for free.", Effect: "Keep this card until needed; it may be sold to another PM.", Kind: opoly.CardGetOutFree},
		{ID: "P6", Text: "Compliance breach.", Effect: "Go directly to WFA; no Go! money.", Kind: opoly.CardGoToJail},
		{ID: "P7", Text: "Project anniversary.", Effect: "Collect 100€ from every other PM.", Kind: opoly.CardCollectEach, Amount: 100},
		{ID: "P8", Text: "Risk reserve released.", Effect: "Collect 1.000€.", Kind: opoly.CardCollect, Amount: 1000},
		{ID: "P9", Text: "Expense claim refunded.", Effect: "Collect 200€.", Kind: opoly.CardCollect, Amount: 200},
		{ID: "P10", Text: "Certification renewal.", Effect: "Pay 1.000€.", Kind: opoly.CardPay, Amount: 1000},
		{ID: "P11", Text: "Team-building event.", Effect: "Pay 500€.", Kind: opoly.CardPay, Amount: 500},
		{ID: "P12", Text: "Lessons-learned workshop fee.", Effect: "Collect 250€.", Kind: opoly.CardCollect, Amount: 250},
		{ID: "P13", Text: "Infrastructure assessment.", Effect: "Pay 400€ per FTE and 1.150€ per Quality Manager.", Kind: opoly.CardRepairs, PerHouse: 400, PerHotel: 1150},
		{ID: "P14", Text: "Runner-up, PM of the Year.", Effect: "Collect 100€.", Kind: opoly.CardCollect, Amount: 100},
		{ID: "P15", Text: "Customer satisfaction bonus.", Effect: "Collect 1.000€.", Kind: opoly.CardCollect, Amount: 1000},
		{ID: "P16", Text: "Go-live party at your project.", Effect: "Collect 500€ from every other PM.", Kind: opoly.CardCollectEach, Amount: 500},
	}
	return []opoly.Deck{DeckChance: {Name: "Chance", Cards: c}, DeckProjectChest: {Name: "Project Chest", Cards: p}}
}
