package projectopoly

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// guide writes Projectopoly's how-to-play reference from the ruleset
// itself: every amount, name, table and card comes from rs, so the text
// cannot drift from the rules the core plays. The marks it explains are
// the ones tui/opoly draws for this game (group letters A, B, ... in board
// order; Q for Team+QM, e for a budget extension).
func guide(rs *opoly.Ruleset) engine.Guide {
	w := guideWriter{opoly.GuideKit{RS: rs}}
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: w.goal()},
		{Title: "The start", Text: w.start()},
		{Topic: engine.TopicTurn, Title: "A turn in five steps", Text: w.turn()},
		{Topic: engine.TopicActions, Title: "Actions and what they cost", Text: w.actions()},
		{Title: "Staff: FTE, Quality Managers and the pools", Text: w.staff()},
		{Title: "Outsourcing fees", Text: w.fees()},
		{Title: "WFA (waiting for allocation)", Text: w.wfa()},
		{Title: "Money trouble and bankruptcy", Text: w.debt()},
		{Topic: engine.TopicEnd, Title: "End of the game and winner", Text: w.end()},
		{Topic: engine.TopicWords, Title: "Words and marks on the screen", Text: w.words()},
		{Title: "The board", Text: w.board()},
		{Title: "The cards", Text: w.cards()},
	}
}

// guideWriter holds Projectopoly's words; the look-ups and tables come
// from the kit the three property games share.
type guideWriter struct{ opoly.GuideKit }

// top is the name of the top staffing level ("Team+QM").
func (w guideWriter) top() string {
	if l := w.RS.Words.Levels; len(l) >= w.RS.Buildings.MaxLevel && w.RS.Buildings.MaxLevel > 0 {
		return l[w.RS.Buildings.MaxLevel-1]
	}
	return "Team+QM"
}

func (w guideWriter) supply() (units, tops, unitAt, topAt int) {
	if sp := w.RS.Supply(); sp != nil {
		return sp.Units, sp.Tops, sp.UnitAuctionAt, sp.TopAuctionAt
	}
	return 0, 0, 0, 0
}

func (w guideWriter) goal() string {
	rs := w.RS
	units, tops, _, _ := w.supply()
	return fmt.Sprintf("Projectopoly is the property game of project managers, for %d to %d players. Each player is "+
		"a PM. You roll two dice and move round a board of %d cells, take on the projects, PM certifications and "+
		"services you land on, and charge every other PM who lands on yours an outsourcing fee. Own a complete "+
		"colour group to double its fees and to staff it with FTE and then a Quality Manager team, which raise the "+
		"fees a lot; but Project Planning holds only %d FTE and %d QM teams for everyone. When cash runs short, "+
		"FICO (the bank) grants budget extensions.\n\n"+
		"The last PM who is not bankrupt wins. If the table set a round or time limit, the PM with the highest net "+
		"worth (cash plus what the assets and their staff are worth) wins when it is reached.",
		rs.MinSeats, rs.MaxSeats, len(rs.Board.Cells), units, tops)
}

func (w guideWriter) start() string {
	rs := w.RS
	var b strings.Builder
	b.WriteString("Nobody starts empty-handed: each PM gets a budget from " + rs.Words.Bank + " and a hand of " +
		"projects, certifications or services dealt at random, and pays each dealt card's printed value out of " +
		"that budget. The fewer the PMs, the more each gets:\n\n")
	b.WriteString(w.StartTable([3]string{"PMs  ", "Budget    ", "Cards dealt"}))
	b.WriteString("\nThe cards nobody was dealt stay with " + rs.Words.Bank + ". Then every PM rolls the dice (the " +
		"screen shows all the rolls); the highest total starts, tied PMs roll again among themselves. Play goes " +
		"on in seat order from that PM, everyone starting on " + w.StartName() + ".")
	if cu := rs.Start.CatchUp; cu != nil {
		b.WriteString("\n\nCatch-up money (table option \"Catch-up money by turn position\", default " + w.catchUp(cu.Default) +
			"): the PMs who play first reach the free assets first, which in bot games won them clearly more often " +
			"at 5 to 7 PMs. So, once the order is known, the second PM gets that amount on top of the budget, the " +
			"third twice it, and so on; \"off\" gives everyone the same budget.")
	}
	return b.String()
}

// catchUp writes a catch-up choice ("400€", or "off").
func (w guideWriter) catchUp(choice string) string {
	x, err := strconv.ParseInt(choice, 10, 64)
	if err != nil {
		return choice
	}
	return w.Money(x)
}

func (w guideWriter) turn() string {
	rs := w.RS
	return fmt.Sprintf("A round is every PM still in having one turn. Your turn goes in five steps:\n\n"+
		"- 1. Manage: before rolling you may staff, release staff, take or repay budget extensions, propose a "+
		"trade or offer an asset to all. In WFA you first choose how to try to leave (see WFA).\n"+
		"- 2. Roll the two dice and move that many cells forward. Each time you pass or land on %[1]s, "+
		"%[2]s pays you %[3]s.\n"+
		"- 3. The cell: a free project, certification or service you may obtain at its printed value (if you "+
		"decline, it goes to a sealed-bid auction when the table's option is on); on another PM's asset you pay "+
		"its outsourcing fee; on a penalty you pay %[2]s; on %[4]s you draw a card; %[5]s sends you to WFA. "+
		"%[6]s and the WFA cell in transit do nothing.\n"+
		"- 4. Rolled a double? You must roll again once the move is done. A third double in the same turn sends "+
		"you to WFA without moving.\n"+
		"- 5. Manage again, then end your turn. You can end it only after rolling, and not while a double makes "+
		"you roll again.\n\n"+
		"While it is not your turn you still collect your fees, bid in auctions and answer trades.",
		w.StartName(), rs.Words.Bank, w.Money(rs.Turn.Salary), w.DeckNames(), w.CellName(opoly.KindGoToJail), w.CellName(opoly.KindRest))
}

func (w guideWriter) actions() string {
	rs := w.RS
	bank := rs.Words.Bank
	var b strings.Builder
	fmt.Fprintf(&b, "- Roll: free. It is the only thing you must do each turn.\n")
	fmt.Fprintf(&b, "- Obtain: the printed value of the free asset you stand on (projects %s, certifications %s, "+
		"services %s), paid to %s. You need the cash.\n",
		w.PriceRange(opoly.KindStreet, opoly.PriceOf), w.PriceRange(opoly.KindCounted, opoly.PriceOf), w.PriceRange(opoly.KindDice, opoly.PriceOf), bank)
	fmt.Fprintf(&b, "- Decline: free. With the table option \"Auction of declined purchases\" on (the default) the "+
		"asset goes to a sealed-bid auction at once, which you may join; off, it stays free.\n")
	fmt.Fprintf(&b, "- Bid: in a sealed-bid auction every PM taking part bids once, in secret and all at once, in "+
		"steps of %s up to their cash; %s means no bid. The highest bid wins and is paid; with no bid nothing is "+
		"sold. Tied highest bidders bid again, at least the tied amount; after %d tied rounds the winner is drawn "+
		"at random.\n", w.Money(rs.Money.Step), w.Money(0), rs.Auction.TieRounds)
	fmt.Fprintf(&b, "- Staff one FTE: the group's FTE price (%s), paid to %s, one FTE from Project Planning's "+
		"pool. A %s costs the same. See \"Staff\" below for when you may.\n",
		w.PriceRange(opoly.KindStreet, opoly.BuildPriceOf), bank, w.top())
	fmt.Fprintf(&b, "- Release staff: %s pays back half the price of each FTE or %s released, which go back "+
		"to the pools. Evenly, as for staffing; allowed in a debt too.\n", bank, w.top())
	fmt.Fprintf(&b, "- Budget extension: %s lends you half the asset's printed value; the asset earns no fee "+
		"until you repay. Only on an asset whose group has no staff: \"release and extend\" releases every FTE "+
		"and %s of the group at half price first, in one confirmed step. Allowed in a debt too.\n", bank, w.top())
	fmt.Fprintf(&b, "- Repay a budget extension: the extension plus %d%%, rounded up to %s, in your own turn.\n",
		rs.Mortgage.InterestPct, w.Money(rs.Money.Step))
	fmt.Fprintf(&b, "- Leave WFA: pay %s, or play a WFA exit card, before rolling.\n", w.Money(rs.Jail.Fee))
	fmt.Fprintf(&b, "- Trade: in your own turn (or your own debt), at most %d proposals or offers a turn, to one PM. "+
		"Assets and WFA exit cards either way plus money; at least one asset or card must move and each side "+
		"must give something (an asset, a card or at least %s): no loans, no gifts. A project of a group with "+
		"staff cannot be sold; certifications and services always can. The other PM accepts, rejects, or answers "+
		"with a counter-proposal, and so on: after 3 counter-proposals the last one is accepted or rejected. "+
		"A proposal that was rejected may not be made again, unchanged, to the same PM in the same turn.\n", rs.Trade.MaxPerTurn, w.Money(rs.Money.Step))
	fmt.Fprintf(&b, "- Receive an extended asset (trade, counter-proposal, offer to all, a mixed payment, a "+
		"bankrupt PM's assets): you pay %s %d%% of its extension at once, or choose to redeem it (repay the "+
		"extension plus %d%%) at once. In a trade you choose when you propose, counter or accept; otherwise "+
		"asset by asset as you receive them (the default is the %d%%).\n",
		bank, rs.Mortgage.TransferPct, rs.Mortgage.InterestPct, rs.Mortgage.TransferPct)
	fmt.Fprintf(&b, "- Offer to all: put one of your assets (group without staff) up for a sealed-bid auction "+
		"among all the other PMs, with a reserve from %s (none) up to three times its value. The highest bid at "+
		"or above the reserve buys it automatically; otherwise you keep it. Counts as one of the %d proposals of "+
		"your turn.\n", w.Money(0), rs.Trade.MaxPerTurn)
	fmt.Fprintf(&b, "- Mixed payment: in a debt to one PM you may offer that PM assets (groups without staff) "+
		"instead of cash, as often as you like, but never the same assets twice for one debt; see \"Money "+
		"trouble\".\n")
	fmt.Fprintf(&b, "- Declare bankruptcy: only when you owe money you cannot raise.\n")
	fmt.Fprintf(&b, "- Resign: at any time, also outside your turn (after confirming); it counts as bankruptcy to %s and you rank below the PMs still in.\n\n", bank)
	b.WriteString("Every action that spends money shows what it will do and asks you to confirm.")
	return b.String()
}

func (w guideWriter) staff() string {
	rs := w.RS
	units, tops, unitAt, topAt := w.supply()
	return fmt.Sprintf("Only a PM holding every project of a colour group may staff it, and only while none of the "+
		"group is under budget extension. You staff one unit at a time, in your own turn, evenly: a project gets "+
		"its next FTE only when no project of its group has fewer. A project holds 1 to %[1]d FTE; when every "+
		"project of the group has %[1]d, the next step is a %[2]s (level %[3]d) at the same price, which sends its "+
		"%[1]d FTE back to the pool and takes one QM team.\n\n"+
		"Project Planning holds %[4]d FTE and %[5]d QM teams for all PMs together; the screen always shows how "+
		"many are free. With no FTE free nobody can staff and you wait until someone releases some.\n\n"+
		"- Shortage auction: when you ask for an FTE while %[6]d or fewer are free (a QM team while %[7]d or "+
		"fewer are free) and another PM could staff one too, that one unit goes to a sealed-bid auction between "+
		"you and them. Each bidder's reserve is the FTE price of the group they would staff; the highest bid at "+
		"or above its reserve wins, pays %[8]s and staffs at once: a winner who did not ask chooses which of "+
		"their projects gets it (evenly; if they do not choose in time, their first eligible project in board "+
		"order). If only you bid, you pay the printed price. If nobody bids, nobody is staffed and you may "+
		"ask for that kind again next turn.\n"+
		"- Releasing is even too, and half the price comes back. Breaking a %[2]s down takes %[1]d FTE from the "+
		"pool; when fewer are free, release the whole group to a level the pool can supply (level 0 always "+
		"works).",
		rs.Buildings.MaxLevel-1, w.top(), rs.Buildings.MaxLevel, units, tops, unitAt, topAt, rs.Words.Bank)
}

func (w guideWriter) fees() string {
	rs := w.RS
	certs := w.RentLadder(opoly.KindCounted, func(n int, r int64) string {
		return fmt.Sprintf("%s for %d", w.Money(r), n)
	})
	dice := w.RentLadder(opoly.KindDice, func(n int, r int64) string {
		return fmt.Sprintf("times %s if the PM holds %d", w.Money(r), n)
	})
	return fmt.Sprintf("When you land on an asset another PM holds, you pay that PM its outsourcing fee. Nothing is "+
		"due on an asset under budget extension, or to a PM who is out. A PM in WFA still collects.\n\n"+
		"- Project without staff: its printed fee, times %d when the PM holds the complete colour group.\n"+
		"- Project with FTE or a %s: the fee of that level (see the board below).\n"+
		"- Certification (%s): by the number of certifications the PM holds: %s.\n"+
		"- Service (%s): the total of your dice, %s.",
		rs.Buildings.FullGroupMultiplier, w.top(), w.NamesOf(opoly.KindCounted), certs,
		w.NamesOf(opoly.KindDice), dice)
}

func (w guideWriter) wfa() string {
	rs := w.RS
	return fmt.Sprintf("You go to WFA by landing on %[1]s, by a card that sends you there, or by a third double in one "+
		"turn. Your token moves straight to the WFA cell (%[2]s), you get no money for passing %[5]s, and your turn "+
		"ends. Landing on the WFA cell by a normal move is only transit: nothing happens.\n\n"+
		"Business goes on in WFA: you collect fees, trade, staff and take extensions. To get out, at the start of "+
		"your turn:\n\n"+
		"- pay %[3]s, or play a WFA exit card, then roll and move as usual; or\n"+
		"- roll for a double: with a double you leave and move by it (no extra roll); without one you stay. "+
		"On your %[4]s turn in WFA without a double you must pay %[3]s anyway (a debt if you lack the cash) and "+
		"move by that roll.",
		w.CellName(opoly.KindGoToJail), w.JailName(), w.Money(rs.Jail.Fee), engine.Ordinal(rs.Jail.MaxTurns), w.StartName())
}

func (w guideWriter) debt() string {
	bank := w.RS.Words.Bank
	return "When you owe more than your cash (a fee, a penalty, a card), play waits while you raise the money: " +
		"release staff, take budget extensions, offer assets to all, or (in your own turn) trade. When your cash " +
		"covers the debt it is paid at once. If nothing could ever raise enough, you are bankrupt at once.\n\n" +
		"- Mixed payment: when you owe one PM, you may offer that PM some of your assets (in groups without staff) " +
		"against the debt. The PM names the value they will count for them (from " + w.Money(0) + " up to the debt) or " +
		"refuses; only you two see the offer. If you accept the value, the assets pass and the debt drops by it; " +
		"if you find it unfair, reject it and sell to the best offer instead (offer to all). There is no limit on " +
		"the offers, but the same assets cannot be offered twice against one debt.\n" +
		"- Several PMs at once (a card that makes you pay everyone): one debt to " + bank + "; what you could pay " +
		"is shared equally among them.\n\n" +
		"A bankrupt PM leaves the game. Bankrupt to a PM: your staff is released at half price, and your cash, " +
		"that money, your assets and your WFA exit cards all go to that PM (who pays the " +
		strconv.FormatInt(w.RS.Mortgage.TransferPct, 10) + "% on each extended asset, or redeems it). Bankrupt to " + bank + ": your staff goes back to the pools and your assets become free again, " +
		"without extensions."
}

func (w guideWriter) end() string {
	rounds, minutes := w.EndLimits()
	var b strings.Builder
	b.WriteString("The table's host picks how the game ends (option \"End of game\"):\n\n")
	b.WriteString("- Last standing (the default" + w.publicDefault() + "): play goes on until one PM is left; that PM wins. The others " +
		"rank in reverse order of going out. A game that stops making progress (nobody goes bankrupt) ends " +
		"after round " + strconv.Itoa(w.RS.End.RoundCap) + " as at a limit.\n")
	if rounds != "" {
		fmt.Fprintf(&b, "- A round limit (%s rounds): the game ends when the last round is over.\n", rounds)
	}
	if minutes != "" {
		fmt.Fprintf(&b, "- A deadline (%s minutes): when the time is up, the round in progress is the last.\n", minutes)
	}
	b.WriteString("\nAt a limit the highest net worth wins; a tie goes to more cash, then to more assets, else the " +
		"place is shared. PMs who went bankrupt or resigned rank below everyone still in.\n\n" +
		"Net worth = cash + the printed value of each asset (for an asset under budget extension, the value less " +
		"what repaying would cost) + the staff on each project (its level times the group's FTE price; a " +
		w.top() + " counts " + strconv.Itoa(w.RS.Buildings.MaxLevel) + "). WFA exit cards count nothing. Your score is your net " +
		"worth at the end, 0 if you are out.")
	return b.String()
}

func (w guideWriter) words() string {
	rs := w.RS
	units, tops, _, _ := w.supply()
	return fmt.Sprintf("- PM: a player, a project manager.\n"+
		"- %[1]s: the bank (Financial Control). It pays %[2]s on %[3]s, collects penalties, sells free assets and "+
		"grants budget extensions.\n"+
		"- Project Planning: the pool of %[4]d FTE and %[5]d QM teams shared by all PMs.\n"+
		"- Project: an asset of a colour group; the only kind you staff. Certification, service: assets without "+
		"staff whose fee depends on how many of them the PM holds.\n"+
		"- Complete group: every project of one colour, held by one PM; doubles the fee and allows staffing.\n"+
		"- FTE: a full-time employee on a project, levels 1 to %[6]d. QM team, %[7]s: a team with a Quality Manager, "+
		"level %[8]d, replacing the %[6]d FTE.\n"+
		"- Outsourcing fee: what a PM landing on your asset pays you.\n"+
		"- Budget extension: money from %[1]s against an asset (half its value), which then earns no fee until "+
		"repaid with %[9]d%%.\n"+
		"- WFA (waiting for allocation): the jail; the WFA cell is %[10]s, %[11]s sends you there. WFA exit card: "+
		"a card that lets you out for free; it can be kept and sold.\n"+
		"- %[12]s: nothing happens. Penalty cells (%[13]s): pay %[1]s.\n"+
		"- Sealed bid: a bid nobody else sees until every bid is in. Shortage auction: a sealed-bid auction of one "+
		"FTE or QM team when the pool runs low. Offer to all: selling an asset by a sealed-bid auction.\n"+
		"- Mixed payment, valuation: paying a debt to a PM partly with assets, at the value the PM names.\n"+
		"- Net worth: the score; see \"End of the game\".\n"+
		"- Round: every PM still in has had one turn.\n\n"+
		"On the board each cell shows a code of three characters:\n\n"+
		"- First, the group letter of an asset (%[14]s), or for other cells: S %[3]s, # WFA, ! %[11]s, "+
		"? card, $ penalty, = %[12]s.\n"+
		"- Second, the owner's seat number, or . when %[1]s still holds it.\n"+
		"- Third, 1 to %[6]d FTE, Q a %[7]s, e under budget extension.\n"+
		"- Beside the code: > marks the cell you inspect (arrow keys); a seat number marks a PM's token there, "+
		"* several tokens.\n\n"+
		"Above the board the line \"Project Planning\" shows the free FTE and QM teams. In the players list, > "+
		"marks the PM whose turn it is, \"WFA 2/3\" a PM waiting for allocation in the 2nd of at most 3 turns "+
		"there, and +exit a held WFA exit card. Without colours (NO_COLOR, TERM=dumb) the letters and marks carry everything the "+
		"colours show.",
		rs.Words.Bank, w.Money(rs.Turn.Salary), w.StartName(), units, tops, rs.Buildings.MaxLevel-1, w.top(), rs.Buildings.MaxLevel,
		rs.Mortgage.InterestPct, w.JailName(), w.CellName(opoly.KindGoToJail), w.CellName(opoly.KindRest),
		w.NamesOf(opoly.KindTax), w.GroupLetters())
}

// board lists every cell in board order: its number, group letter, name,
// value and FTE price, and for a project a second line with its fees.
// Lines stay within engine.GuideVerbatimWidth.
func (w guideWriter) board() string {
	rs := w.RS
	intro := fmt.Sprintf("Cells in the order you move. For each project the second line gives its fees: without staff "+
		"(doubled on a complete group), with 1 to %d FTE, and with a %s. Staffing costs the group's FTE price per "+
		"unit; a budget extension is half the value.\n\n", rs.Buildings.MaxLevel-1, w.top())
	return w.BoardTable(intro, "   # G Cell                               Value   FTE", func(i int, c opoly.Cell) string {
		name := c.Name
		if len([]rune(name)) > 34 {
			name = strings.TrimSpace(string([]rune(name)[:33])) + "."
		}
		var price, extra string
		switch c.Kind {
		case opoly.KindStreet:
			price, extra = w.Money(c.Price), w.Money(c.BuildPrice)
		case opoly.KindCounted:
			price, extra = w.Money(c.Price), "certification"
		case opoly.KindDice:
			price, extra = w.Money(c.Price), "service"
		case opoly.KindTax:
			extra = "pay " + w.Money(c.Tax)
		case opoly.KindStart:
			extra = "collect " + w.Money(rs.Turn.Salary)
		}
		line := fmt.Sprintf("  %2d %s %-34s %7s %s", i, opoly.GroupLetter(c), name, price, extra)
		if c.Kind == opoly.KindStreet && len(c.Rents) == rs.Buildings.MaxLevel+1 {
			var fees []string
			for _, r := range c.Rents[1:rs.Buildings.MaxLevel] {
				fees = append(fees, w.Money(r))
			}
			line += fmt.Sprintf("\n         fees %s | FTE %s | QM %s", w.Money(c.Rents[0]), strings.Join(fees, " "),
				w.Money(c.Rents[rs.Buildings.MaxLevel]))
		}
		return line
	})
}

func (w guideWriter) cards() string {
	return w.CardList(func(d opoly.Deck) string {
		return fmt.Sprintf("%s (%d cards; a drawn card goes under the deck, a WFA exit card is kept until used or "+
			"sold):", d.Name, len(d.Cards))
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
