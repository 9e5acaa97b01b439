package unipoly

import "boardroom/engine/opoly"

// decks returns the Unexpected (G004-08) and Probability (G004-09) decks.
func decks() []opoly.Deck {
	u := []opoly.Card{
		{ID: "U1", Text: "Enrollment day.", Effect: "Advance to GO (collect $200).", Kind: opoly.CardAdvanceTo, Target: 0},
		{ID: "U2", Text: "Your thesis lab calls.", Effect: "Advance to Computer Science Dept.; collect $200 if you pass GO.", Kind: opoly.CardAdvanceTo, Target: 29},
		{ID: "U3", Text: "Language exam today.", Effect: "Advance to Language Centre; collect $200 if you pass GO.", Kind: opoly.CardAdvanceTo, Target: 11},
		{ID: "U4", Text: "Team practice.", Effect: "Advance to Sports Centre; collect $200 if you pass GO.", Kind: opoly.CardAdvanceTo, Target: 16},
		{ID: "U5", Text: "Take the nearest gate.", Effect: "Advance to the nearest Campus Gate. If another player owns it, pay twice the rent; if unowned, you may buy it.",
			Kind: opoly.CardAdvanceNearest, NearestKind: opoly.KindCounted, RentMultiplier: 2},
		{ID: "U6", Text: "Find a network.", Effect: "Advance to the nearest utility. If another player owns it, roll the dice and pay 10 times the total; if unowned, you may buy it.",
			Kind: opoly.CardAdvanceNearest, NearestKind: opoly.KindDice, DiceMultiplier: 10},
		{ID: "U7", Text: "Invited to graduation.", Effect: "Advance to Great Hall (Aula Magna).", Kind: opoly.CardAdvanceTo, Target: 39},
		{ID: "U8", Text: "Field trip.", Effect: "Advance to North Gate; collect $200 if you pass GO.", Kind: opoly.CardAdvanceTo, Target: 5},
		{ID: "U9", Text: "Scholarship instalment.", Effect: "Collect $50.", Kind: opoly.CardCollect, Amount: 50},
		{ID: "U10", Text: "Get Out of Jail Free.", Effect: "Keep this card until needed; it may be traded.", Kind: opoly.CardGetOutFree},
		{ID: "U11", Text: "Wrong classroom.", Effect: "Go back 3 spaces.", Kind: opoly.CardMoveBy, Steps: -3},
		{ID: "U12", Text: "Caught cheating in an exam.", Effect: "Go to Jail (no salary).", Kind: opoly.CardGoToJail},
		{ID: "U13", Text: "Dorm maintenance.", Effect: "Pay $25 per house and $100 per hotel you own.", Kind: opoly.CardRepairs, PerHouse: 25, PerHotel: 100},
		{ID: "U14", Text: "Lost your student card.", Effect: "Pay $15.", Kind: opoly.CardPay, Amount: 15},
		{ID: "U15", Text: "Elected class representative.", Effect: "Pay every other player $50.", Kind: opoly.CardPayEach, Amount: 50},
		{ID: "U16", Text: "Research grant approved.", Effect: "Collect $150.", Kind: opoly.CardCollect, Amount: 150},
	}
	p := []opoly.Card{
		{ID: "P1", Text: "Registration renewed.", Effect: "Advance to GO (collect $200).", Kind: opoly.CardAdvanceTo, Target: 0},
		{ID: "P2", Text: "Registry error in your favour.", Effect: "Collect $200.", Kind: opoly.CardCollect, Amount: 200},
		{ID: "P3", Text: "Campus doctor.", Effect: "Pay $50.", Kind: opoly.CardPay, Amount: 50},
		{ID: "P4", Text: "Sold last year's textbooks.", Effect: "Collect $50.", Kind: opoly.CardCollect, Amount: 50},
		{ID: "P5", Text: "Get Out of Jail Free.", Effect: "Keep this card until needed; it may be traded.", Kind: opoly.CardGetOutFree},
		{ID: "P6", Text: "Plagiarism hearing.", Effect: "Go to Jail (no salary).", Kind: opoly.CardGoToJail},
		{ID: "P7", Text: "Graduation party.", Effect: "Collect $10 from every other player.", Kind: opoly.CardCollectEach, Amount: 10},
		{ID: "P8", Text: "Summer internship pays.", Effect: "Collect $100.", Kind: opoly.CardCollect, Amount: 100},
		{ID: "P9", Text: "Tax refund.", Effect: "Collect $20.", Kind: opoly.CardCollect, Amount: 20},
		{ID: "P10", Text: "Tutoring income.", Effect: "Collect $100.", Kind: opoly.CardCollect, Amount: 100},
		{ID: "P11", Text: "Lab fees.", Effect: "Pay $100.", Kind: opoly.CardPay, Amount: 100},
		{ID: "P12", Text: "Course materials.", Effect: "Pay $50.", Kind: opoly.CardPay, Amount: 50},
		{ID: "P13", Text: "Private lessons given.", Effect: "Collect $25.", Kind: opoly.CardCollect, Amount: 25},
		{ID: "P14", Text: "Campus renovation levy.", Effect: "Pay $40 per house and $115 per hotel.", Kind: opoly.CardRepairs, PerHouse: 40, PerHotel: 115},
		{ID: "P15", Text: "Second prize at the hackathon.", Effect: "Collect $10.", Kind: opoly.CardCollect, Amount: 10},
		{ID: "P16", Text: "Exchange-programme grant.", Effect: "Collect $100.", Kind: opoly.CardCollect, Amount: 100},
	}
	return []opoly.Deck{DeckUnexpected: {Name: "Unexpected", Cards: u}, DeckProbability: {Name: "Probability", Cards: p}}
}
