package unipoly

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// guide writes Unipoly's how-to-play reference from the ruleset itself:
// every amount, name, table and card comes from rs, so the text cannot
// drift from the rules the core plays. The words for the screen's marks
// follow tui/opoly's legend (group letters A, B, ... in board order).
func guide(rs *opoly.Ruleset) engine.Guide {
	w := guideWriter{opoly.GuideKit{RS: rs}}
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: w.goal()},
		{Title: "The start", Text: w.start()},
		{Topic: engine.TopicTurn, Title: "Your turn", Text: w.turn()},
		{Topic: engine.TopicActions, Title: "Actions and what they cost", Text: w.actions()},
		{Title: "Rent", Text: w.rent()},
		{Title: "Jail", Text: w.jail()},
		{Title: "Money trouble and bankruptcy", Text: w.debt()},
		{Topic: engine.TopicEnd, Title: "End of the game and winner", Text: w.end()},
		{Topic: engine.TopicWords, Title: "Words and marks on the screen", Text: w.words()},
		{Title: "The board", Text: w.board()},
		{Title: "The cards", Text: w.cards()},
	}
}

// guideWriter holds Unipoly's words; the look-ups and tables come from
// the kit the three property games share.
type guideWriter struct{ opoly.GuideKit }

func (w guideWriter) goal() string {
	rs := w.RS
	return fmt.Sprintf("Unipoly is the university property game for %d to %d players. You roll two dice and move round "+
		"a campus of %d cells. Buy the properties you land on (or win them at auction), collect rent from everyone "+
		"who lands on yours, build houses and hotels to raise the rent, trade with the others, and mortgage when "+
		"money runs short.\n\n"+
		"The last player who is not bankrupt wins. If the table set a round or time limit, the player with the "+
		"highest capital (cash plus what the properties are worth) wins when it is reached.",
		rs.MinSeats, rs.MaxSeats, len(rs.Board.Cells))
}

func (w guideWriter) start() string {
	var b strings.Builder
	b.WriteString("Nobody starts empty-handed: each player gets money from the bank and a hand of properties dealt " +
		"at random, and pays each dealt property's price out of that money. The fewer the players, the more each gets:\n\n")
	b.WriteString(w.StartTable([3]string{"Players  ", "Money      ", "Properties dealt"}))
	b.WriteString("\nThe other properties stay with the bank. The seat order is shuffled; the first player in it " +
		"starts, and play goes round in that order.")
	return b.String()
}

func (w guideWriter) turn() string {
	rs := w.RS
	return fmt.Sprintf("- Before rolling you may build, sell, mortgage, lift a mortgage or propose a trade.\n"+
		"- Roll the two dice and move that many cells forward. Each time you pass or land on %[1]s the bank pays "+
		"you %[2]s.\n"+
		"- Do what the cell says: an unowned property you may buy (if you decline, it is auctioned); "+
		"on another player's property you pay rent; a tax you pay to the bank; on %[3]s you draw a card; "+
		"%[4]s sends you to jail. %[5]s and %[6]s do nothing.\n"+
		"- Rolled a double? You must roll again once the move is done. A third double in the same turn sends "+
		"you straight to jail instead of moving.\n"+
		"- After the roll you may again build, sell, mortgage, lift a mortgage or trade; then end your turn. "+
		"You can end it only after rolling, and not while a double makes you roll again.",
		w.StartName(), w.Money(rs.Turn.Salary), w.DeckNames(), w.CellName(opoly.KindGoToJail),
		w.CellName(opoly.KindRest), "Just Visiting")
}

func (w guideWriter) actions() string {
	rs := w.RS
	var b strings.Builder
	fmt.Fprintf(&b, "- Roll: free. It is the only thing you must do each turn.\n")
	fmt.Fprintf(&b, "- Buy: the printed price of the property you stand on (streets %s, Campus Gates %s, "+
		"utilities %s). You need the cash.\n",
		w.PriceRange(opoly.KindStreet, opoly.PriceOf), w.PriceRange(opoly.KindCounted, opoly.PriceOf), w.PriceRange(opoly.KindDice, opoly.PriceOf))
	fmt.Fprintf(&b, "- Decline: free; the property goes to a sealed-bid auction at once, which you may join.\n")
	fmt.Fprintf(&b, "- Bid: in an auction every player still in bids once, in secret and all at once, from %s "+
		"up to their cash. The highest bid wins the property and pays the bank. If nobody bids more than %s, "+
		"it stays with the bank. Tied highest bidders bid again, at least the tied amount; after %d tied "+
		"rounds the winner is drawn at random.\n", w.Money(0), w.Money(0), rs.Auction.TieRounds)
	fmt.Fprintf(&b, "- Build a house: the group's house price (%s a house). Only in your own turn, only when you "+
		"own every street of the colour group and none of it is mortgaged, and evenly: a street gets its "+
		"next house only when no street of its group has fewer. After %d houses on every street of the "+
		"group, the next building is a hotel at the same price, replacing the houses. The bank never runs out.\n",
		w.PriceRange(opoly.KindStreet, opoly.BuildPriceOf), rs.Buildings.MaxLevel-1)
	fmt.Fprintf(&b, "- Sell a building: the bank pays half its price back (a hotel goes back to %d houses). "+
		"Evenly, as for building. Allowed in a debt too.\n", rs.Buildings.MaxLevel-1)
	fmt.Fprintf(&b, "- Mortgage a property: the bank pays you its mortgage value (half its price); it earns no rent "+
		"until the mortgage is lifted. If its colour group has buildings, \"sell and mortgage\" first sells every "+
		"building of the group at half price. Allowed in a debt too.\n")
	fmt.Fprintf(&b, "- Lift a mortgage: the mortgage value plus %d%% (rounded up), in your own turn.\n", rs.Mortgage.InterestPct)
	fmt.Fprintf(&b, "- Pay the jail fee (%s) or use a Get Out of Jail Free card: in jail, before rolling.\n", w.Money(rs.Jail.Fee))
	fmt.Fprintf(&b, "- Propose a trade: in your own turn (before or after rolling, or in your own debt), at most "+
		"%d proposals a turn, to one player. Properties (mortgaged or not), Get Out of Jail Free cards and money "+
		"either way; at least one property or card must change hands. The other player accepts, rejects, or "+
		"answers with a counter-proposal, and so on: after 3 counter-proposals the last one is accepted or rejected. "+
		"Only one proposal of yours waits at a time, and one that was rejected may not be made again, unchanged, to "+
		"the same player in the same turn. Before a trade is carried out, every "+
		"building of each colour group with a traded street is sold back to the bank at half price (the owner "+
		"gets the money). A mortgaged property stays mortgaged, with no fee.\n", rs.Trade.MaxPerTurn)
	fmt.Fprintf(&b, "- Declare bankruptcy: only when you owe money you cannot raise (see below).\n")
	fmt.Fprintf(&b, "- Resign: at any time, also outside your turn (after confirming); it counts as bankruptcy "+
		"to the bank and you rank below the players still in.")
	return b.String()
}

func (w guideWriter) rent() string {
	rs := w.RS
	gateRents := w.RentLadder(opoly.KindCounted, func(n int, r int64) string {
		return fmt.Sprintf("%s for %d", w.Money(r), n)
	})
	diceMul := w.RentLadder(opoly.KindDice, func(n int, r int64) string {
		return fmt.Sprintf("times %d if the owner holds %d", r, n)
	})
	return fmt.Sprintf("When you land on a property another player owns, you pay them its rent. Nothing is due "+
		"on a mortgaged property, or to a player who is out.\n\n"+
		"- Street without buildings: its printed rent, times %d when the owner holds every street of its "+
		"colour group (mortgaged ones count).\n"+
		"- Street with houses or a hotel: the rent of that level (see the board below).\n"+
		"- Campus Gate: by the number of Gates the owner holds: %s.\n"+
		"- Utility: the total of the dice you rolled, %s.",
		rs.Buildings.FullGroupMultiplier, gateRents, diceMul)
}

func (w guideWriter) jail() string {
	rs := w.RS
	return fmt.Sprintf("You go to jail by landing on %[1]s, by a Go to Jail card, or by a third double in one turn. "+
		"Your token moves straight to %[2]s, you get no salary on the way, and your turn ends. Landing on "+
		"%[2]s by a normal move is just visiting: nothing happens.\n\n"+
		"In jail you still collect rent, trade and build. To get out, at the start of your turn:\n\n"+
		"- pay the %[3]s fee, or play a Get Out of Jail Free card, then roll and move as usual; or\n"+
		"- roll for a double: with a double you leave and move by it (no extra roll); without one you stay. "+
		"On your %[4]s turn in jail without a double you must pay %[3]s and move by that roll.",
		w.CellName(opoly.KindGoToJail), w.JailName(), w.Money(rs.Jail.Fee), engine.Ordinal(rs.Jail.MaxTurns))
}

func (w guideWriter) debt() string {
	return "When you owe more than your cash (rent, a tax, a card), the game works out what you could raise by " +
		"selling every building at half price and mortgaging every property. If even that is not enough, you " +
		"are bankrupt at once. Otherwise play waits while you sell buildings and mortgage (and, in your own " +
		"turn, trade) until your cash covers the debt, which is then paid; or you declare bankruptcy.\n\n" +
		"A bankrupt player leaves the game: their buildings are sold at half price, all their cash goes to " +
		"whom they owe (or the bank), and each of their properties is auctioned, unbuilt and unmortgaged, in " +
		"board order. The auction money pays the rest of their debt first, then goes to the bank. Unsold " +
		"properties return to the bank; their Get Out of Jail Free cards go back under their decks."
}

func (w guideWriter) end() string {
	rounds, minutes := w.EndLimits()
	var b strings.Builder
	b.WriteString("The table's host picks how the game ends (option \"End of game\"):\n\n")
	b.WriteString("- Last standing (the default" + w.publicDefault() + "): play goes on until one player is left; they win. The others " +
		"rank in reverse order of going out. A game that stops making progress (nobody goes bankrupt) ends " +
		"after round " + strconv.Itoa(w.RS.End.RoundCap) + " as at a limit.\n")
	if rounds != "" {
		fmt.Fprintf(&b, "- A round limit (%s rounds): the game ends when the last round is over.\n", rounds)
	}
	if minutes != "" {
		fmt.Fprintf(&b, "- A time limit (%s minutes): when the time is up, the round in progress is the last.\n", minutes)
	}
	b.WriteString("\nAt a limit the highest capital wins; a tie goes to more cash, else the place is shared. " +
		"Players who went bankrupt or resigned rank below everyone still in.\n\n" +
		"Capital = cash + the mortgage value of each property that is not mortgaged + half the price of each " +
		"house (a hotel counts as " + strconv.Itoa(w.RS.Buildings.MaxLevel) + "). Your score is your capital at the end, 0 if you are out.")
	return b.String()
}

func (w guideWriter) words() string {
	rs := w.RS
	return fmt.Sprintf("- %[1]s: the start corner; passing or landing on it pays %[2]s.\n"+
		"- %[3]s: the jail corner; just visiting unless you were sent there.\n"+
		"- %[4]s: sends you to jail. %[5]s: nothing happens.\n"+
		"- %[6]s: the two card decks; a card is drawn when you land on their cells.\n"+
		"- Street: a property of a colour group; the only kind you build on.\n"+
		"- Colour group: streets of one colour; hold all of them to double the rent and to build.\n"+
		"- Campus Gate: one of %[7]d gates; rent grows with the number you hold. Utility: %[8]s; rent from the dice.\n"+
		"- House, hotel: buildings on a street; a hotel comes after %[9]d houses.\n"+
		"- Mortgage: money from the bank against a property, which then earns no rent.\n"+
		"- Capital: cash + unmortgaged properties' mortgage values + half the building prices.\n"+
		"- Sealed bid: a bid nobody else sees until every bid is in.\n"+
		"- Round: every player still in has had one turn.\n\n"+
		"On the board each cell shows a code of three characters:\n\n"+
		"- First, the group letter of a property (%[10]s), or for other cells: S start, # jail, ! go to jail, "+
		"? card, $ tax, = nothing happens.\n"+
		"- Second, the owner's seat number, or . when the bank still owns it.\n"+
		"- Third, 1 to 4 houses, H a hotel, m mortgaged.\n"+
		"- Beside the code: > marks the cell you inspect (arrow keys); a seat number marks a player's token "+
		"there, * several tokens.\n\n"+
		"In the players list, > marks the player whose turn it is. Without colours (NO_COLOR, TERM=dumb) the "+
		"letters and marks carry everything the colours show.",
		w.StartName(), w.Money(rs.Turn.Salary), w.JailName(), w.CellName(opoly.KindGoToJail),
		w.CellName(opoly.KindRest), w.DeckNames(), len(w.CellsOf(opoly.KindCounted)),
		w.NamesOf(opoly.KindDice), rs.Buildings.MaxLevel-1, w.GroupLetters())
}

// board lists every cell in board order: its number, group letter, name,
// price and rents. Lines stay within engine.GuideVerbatimWidth.
func (w guideWriter) board() string {
	rs := w.RS
	intro := fmt.Sprintf("Cells in the order you move. Rents of a street: without buildings, then 1 to %d houses, "+
		"then a hotel. A house or hotel costs the group's price; the mortgage value is half the price.\n\n",
		rs.Buildings.MaxLevel-1)
	return w.BoardTable(intro, "   # G Cell                    Price Rents                     House", func(i int, c opoly.Cell) string {
		var price, rents, house string
		switch c.Kind {
		case opoly.KindStreet:
			price, house = w.Money(c.Price), w.Money(c.BuildPrice)
			var ladder []string
			for _, r := range c.Rents {
				ladder = append(ladder, strconv.FormatInt(r, 10))
			}
			rents = strings.Join(ladder, "/")
		case opoly.KindCounted:
			price, rents = w.Money(c.Price), "by Gates held"
		case opoly.KindDice:
			price, rents = w.Money(c.Price), "dice x multiplier"
		case opoly.KindTax:
			rents = "pay " + w.Money(c.Tax)
		case opoly.KindStart:
			rents = "collect " + w.Money(rs.Turn.Salary)
		}
		return fmt.Sprintf("  %2d %s %-23s %5s %-25s %s", i, opoly.GroupLetter(c), c.Name, price, rents, house)
	})
}

func (w guideWriter) cards() string {
	return w.CardList(func(d opoly.Deck) string {
		return fmt.Sprintf("%s (%d cards; a drawn card goes under the deck, a Get Out of Jail Free card is kept "+
			"until used or traded):", d.Name, len(d.Cards))
	})
}

// publicDefault completes "(the default" with the public tables' limit
// (rules C-12).
func (w guideWriter) publicDefault() string {
	if p := w.PublicLimitText(); p != "" {
		return "; public tables start with a limit of " + p
	}
	return ""
}
