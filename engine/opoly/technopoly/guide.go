package technopoly

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// guide writes Technopoly's how-to-play reference from the ruleset itself:
// every amount, name and fee comes from rs, so the text cannot drift from
// the rules the core plays.
func guide(rs *opoly.Ruleset) engine.Guide {
	w := guideWriter{opoly.GuideKit{RS: rs}}
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: w.goal()},
		{Topic: engine.TopicTurn, Title: "Your turn", Text: w.turn()},
		{Topic: engine.TopicActions, Title: "Actions and what they cost", Text: w.actions()},
		{Title: "Licence fees", Text: w.fees()},
		{Topic: engine.TopicEnd, Title: "End of the game and winner", Text: w.end()},
		{Topic: engine.TopicWords, Title: "Words and marks on the screen", Text: w.words()},
		{Title: "The board and the pricing guide", Text: w.board()},
		{Title: "The Tech News cards (optional)", Text: w.cards()},
	}
}

// guideWriter holds Technopoly's words; the look-ups and tables come from
// the kit the three property games share.
type guideWriter struct{ opoly.GuideKit }

func (w guideWriter) goal() string {
	rs := w.RS
	return fmt.Sprintf("Technopoly is the start-up property game of the Northern Ireland tech scene for %d to %d "+
		"players. Become the wealthiest player by buying start-ups, hiring staff for them and taking over "+
		"start-ups from the others.\n\n"+
		"Everyone starts with %s on %s. You roll two dice and move round a board of %d spaces. Buy the "+
		"start-ups you land on; whoever lands on a start-up you own pays you its licence fee. Own a whole field "+
		"and you may hire developers and a CTO there, which makes the fees much higher.\n\n"+
		"The game ends at the first bankruptcy, or as soon as a player terminates it. The player with the most "+
		"resources (cash, start-ups at their price, and what was paid for staff) wins; the bankrupt or "+
		"terminating player cannot win.",
		rs.MinSeats, rs.MaxSeats, w.Money(rs.Start.Money[rs.MinSeats]), w.StartName(), len(rs.Board.Cells))
}

func (w guideWriter) turn() string {
	rs := w.RS
	return fmt.Sprintf("The seat order is shuffled at the start; the first player in it starts and play goes "+
		"round in that order.\n\n"+
		"- Before rolling you may hire staff and ask for takeovers.\n"+
		"- Roll the two dice and move that many spaces. Each time you pass or land on %[1]s you receive a "+
		"%[2]s investment, once per trip round the board (not at the start of the game).\n"+
		"- Do what the space says: an unowned start-up you may buy at its price (if you do not, it stays "+
		"unowned: there is no auction; until you buy or decline, that is the only thing you can do); on another player's start-up you pay its licence fee; %[3]s and the "+
		"other rest and networking spaces do nothing.\n"+
		"- Rolled a double? After the move you must roll again. On a third double in the same turn you move, "+
		"pay a tax of %[4]s to the bank, and the space you land on still counts; then your turn ends.\n"+
		"- After the roll you may again hire staff and ask for takeovers; then end your turn.",
		w.StartName(), w.Money(rs.Turn.Salary), rs.Board.Cells[Runway].Name, w.Money(rs.Jail.ThirdDoubleTax))
}

func (w guideWriter) actions() string {
	rs := w.RS
	return fmt.Sprintf("- Roll: free. The only thing you must do each turn.\n"+
		"- Buy a start-up: its printed price (%[1]s), when you land on it unowned and have the cash.\n"+
		"- Decline: free; the start-up stays unowned.\n"+
		"- Hire a developer: the field's staff price (%[2]s), in your own turn, only when you own "+
		"every start-up of the field, and evenly: a start-up gets its next developer only when no start-up "+
		"of the field has fewer. At most %[3]d developers per start-up.\n"+
		"- Hire a CTO: the same staff price, once every start-up of the field has %[3]d developers; one CTO per "+
		"start-up, in any start-up of the field. The developers stay.\n"+
		"- Staff are permanent: they cannot be released or sold, and the bank never runs out of them.\n"+
		"- Ask for a takeover: in your own turn, before or after rolling, ask the owner of another player's "+
		"start-up to hand it over for its price plus a %[4]d%% mark-up (the takeover price). Only if nobody has "+
		"been hired in its field, and you need the cash. The owner approves (you pay them, the start-up is "+
		"yours at once) or denies; if the owner does not answer in time, that is a denial. One request at a "+
		"time, and each start-up once a turn. Only the two of you see the request.\n"+
		"- Terminate the game: at any time, even outside your turn, after a confirmation. The game ends at "+
		"once; you keep your resources but cannot win.\n\n"+
		"There is no borrowing or lending between players, no mortgage, no auction and no jail.",
		w.PriceRange(opoly.KindStreet, opoly.PriceOf), w.PriceRange(opoly.KindStreet, opoly.BuildPriceOf),
		rs.Buildings.MaxLevel-1, rs.TakeoverPct())
}

func (w guideWriter) fees() string {
	rs := w.RS
	c := rs.Board.Cells[1]
	return fmt.Sprintf("When you land on a start-up another player owns, the fee is taken from you and paid to "+
		"them at once:\n\n"+
		"- no staff: its printed fee, times %[1]d when the owner holds every start-up of its field;\n"+
		"- with staff: the fee of its level (1, 2 or 3 developers, or 3 developers and a CTO), never doubled.\n\n"+
		"For example %[2]s: %[3]s unstaffed, %[4]s with its field complete, %[5]s / %[6]s / %[7]s with 1 / 2 / 3 "+
		"developers, %[8]s with a CTO. Every start-up's fees are in the board below.\n\n"+
		"If you cannot pay a fee (or the tax, or a card) in cash, you pay all the cash you have and are "+
		"bankrupt: there is no way to raise money, and the game ends.",
		rs.Buildings.FullGroupMultiplier, c.Name, w.Money(c.Rents[0]), w.Money(c.Rents[0]*rs.Buildings.FullGroupMultiplier),
		w.Money(c.Rents[1]), w.Money(c.Rents[2]), w.Money(c.Rents[3]), w.Money(c.Rents[4]))
}

func (w guideWriter) end() string {
	rs := w.RS
	var limits []string
	for _, n := range rs.End.RoundLimits {
		limits = append(limits, strconv.Itoa(n))
	}
	return "The game ends at the first of:\n\n" +
		"- a bankruptcy: a player cannot pay what they owe;\n" +
		"- a termination: a player terminates the game;\n" +
		"- the round limit, if the table set one (option \"Round limit\": off by default, " + publicLimit(rs) + " at public tables, or " +
		strings.Join(limits, ", ") + " rounds): the game ends when that round is over;\n" +
		"- without a round limit, the end of round " + strconv.Itoa(rs.End.RoundCap) + ", so that a game that stops " +
		"making progress ends too.\n\n" +
		"With the table option \"Finish the round at a bankruptcy\" on (off by default), a bankruptcy does not end " +
		"the game at once: the players after the bankrupt one in the turn order still take their turn in that " +
		"round, so that everyone has had as many turns, and the game ends when the round is over. A player who " +
		"goes bankrupt in those turns cannot win either.\n\n" +
		"The player with the most resources wins; the bankrupt player and the player who terminated cannot " +
		"win. A tie goes to more cash, then to more start-ups, else the win is shared; the end of the game " +
		"says which of these decided. The others follow by " +
		"resources, then the terminating player, then the bankrupt one.\n\n" +
		"Resources = cash + the printed price of every start-up you own + what you paid for all your staff. " +
		"Your score is your resources at the end; a bankrupt player scores " + w.Money(0) + "."
}

func (w guideWriter) words() string {
	rs := w.RS
	return fmt.Sprintf("- Start-up: a space you can buy; it belongs to a field.\n"+
		"- Field: the start-ups of one colour; own them all to double the fee and to hire staff.\n"+
		"- Licence fee: what you pay the owner when you land on their start-up.\n"+
		"- Developer: staff hired for a start-up of a complete field, up to %[1]d each, evenly.\n"+
		"- CTO: Chief Technology Officer, hired after %[1]d developers on every start-up of the field; "+
		"one per start-up.\n"+
		"- Takeover: buying another player's start-up at its price plus %[2]d%%, if the owner approves.\n"+
		"- %[3]s: the start space; %[4]s for every trip round the board. The trip marker beside a player "+
		"counts the trips already paid.\n"+
		"- %[5]s: a resting place; nothing happens, as on %[6]s, %[7]s and the networking spaces.\n"+
		"- Resources: cash + start-up prices + staff paid; the score.\n"+
		"- Terminate: end the game for everyone; the terminating player cannot win.\n"+
		"- Round: every player has had one turn.\n\n"+
		"On the board each space shows a code: the field letter of a start-up (%[8]s), then the owner's seat "+
		"number (. when unowned), then its staff: 1 to 3 developers, C a CTO (with its 3 developers). Without "+
		"colours (NO_COLOR) the letters and marks carry everything the colours show.",
		rs.Buildings.MaxLevel-1, rs.TakeoverPct(), w.StartName(), w.Money(rs.Turn.Salary), rs.Board.Cells[Runway].Name,
		rs.Board.Cells[10].Name, rs.Board.Cells[30].Name, w.GroupLetters())
}

// board lists every space with its field letter, price, fees and staff
// price. Lines stay within engine.GuideVerbatimWidth.
func (w guideWriter) board() string {
	intro := "Spaces in the order you move. Fees: unstaffed, 1, 2, 3 developers, CTO (in thousands of " +
		"pounds); the unstaffed fee doubles on a complete field. Staff: the price of a developer or a CTO.\n\n"
	return w.BoardTable(intro, "   # F Space               Price    Fees (£k)              Staff", func(i int, c opoly.Cell) string {
		price, fees, staff := "", "", ""
		switch c.Kind {
		case opoly.KindStreet:
			price, staff = w.Money(c.Price), w.Money(c.BuildPrice)
			var fs []string
			for _, r := range c.Rents {
				fs = append(fs, thousands(r))
			}
			fees = strings.Join(fs, "/")
		case opoly.KindStart:
			fees = "collect " + w.Money(w.RS.Turn.Salary)
		case opoly.KindCard:
			fees = "Tech News card (if on)"
		default:
			fees = "nothing happens"
		}
		return fmt.Sprintf("  %2d %s %-19s %-8s %-22s %s", i, opoly.GroupLetter(c), c.Name, price, fees, staff)
	})
}

// thousands writes an amount in thousands of pounds: 1000 as 1, 2500 as 2.5.
func thousands(x int64) string {
	if x%1000 == 0 {
		return strconv.FormatInt(x/1000, 10)
	}
	return strconv.FormatFloat(float64(x)/1000, 'f', -1, 64)
}

func (w guideWriter) cards() string {
	return w.CardList(func(d opoly.Deck) string {
		return fmt.Sprintf("With the table option \"Card deck\" on, landing on a networking space marked with a "+
			"card draws from %s (%d cards; a drawn card goes under the deck). Off, those spaces do nothing. "+
			"A card that collects from every other player collects first from everyone who can pay in full; "+
			"each player who cannot is then bankrupt to the drawer, who receives their cash.",
			d.Name, len(d.Cards))
	})
}

// publicLimit is the round limit public tables start with (rules C-12).
func publicLimit(rs *opoly.Ruleset) string {
	return opoly.GuideKit{RS: rs}.PublicLimitText()
}
