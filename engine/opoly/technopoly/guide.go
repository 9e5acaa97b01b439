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
	w := guideWriter{rs: rs, m: rs.FormatMoney}
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

type guideWriter struct {
	rs *opoly.Ruleset
	m  func(int64) string
}

func (w guideWriter) start() string { return w.rs.Board.Cells[w.rs.StartCell].Name }

func (w guideWriter) goal() string {
	rs := w.rs
	return fmt.Sprintf("Technopoly is the start-up property game of the Northern Ireland tech scene for %d to %d "+
		"players. Become the wealthiest player by buying start-ups, hiring staff for them and taking over "+
		"start-ups from the others.\n\n"+
		"Everyone starts with %s on %s. You roll two dice and move round a board of %d spaces. Buy the "+
		"start-ups you land on; whoever lands on a start-up you own pays you its licence fee. Own a whole field "+
		"and you may hire developers and a CTO there, which makes the fees much higher.\n\n"+
		"The game ends at the first bankruptcy, or as soon as a player terminates it. The player with the most "+
		"resources (cash, start-ups at their price, and what was paid for staff) wins; the bankrupt or "+
		"terminating player cannot win.",
		rs.MinSeats, rs.MaxSeats, w.m(rs.StartMoney[rs.MinSeats]), w.start(), len(rs.Board.Cells))
}

func (w guideWriter) turn() string {
	rs := w.rs
	return fmt.Sprintf("The seat order is shuffled at the start; the first player in it starts and play goes "+
		"round in that order.\n\n"+
		"- Before rolling you may hire staff and ask for takeovers.\n"+
		"- Roll the two dice and move that many spaces. Each time you pass or land on %[1]s you receive a "+
		"%[2]s investment, once per trip round the board (not at the start of the game).\n"+
		"- Do what the space says: an unowned start-up you may buy at its price (if you do not, it stays "+
		"unowned: there is no auction); on another player's start-up you pay its licence fee; %[3]s and the "+
		"other rest and networking spaces do nothing.\n"+
		"- Rolled a double? After the move you must roll again. On a third double in the same turn you move, "+
		"pay a tax of %[4]s to the bank, and the space you land on still counts; then your turn ends.\n"+
		"- After the roll you may again hire staff and ask for takeovers; then end your turn.",
		w.start(), w.m(rs.Salary), rs.Board.Cells[Runway].Name, w.m(rs.ThirdDoubleTax))
}

func (w guideWriter) actions() string {
	rs := w.rs
	lo, hi, slo, shi := w.ranges()
	return fmt.Sprintf("- Roll: free. The only thing you must do each turn.\n"+
		"- Buy a start-up: its printed price (%[1]s to %[2]s), when you land on it unowned and have the cash.\n"+
		"- Decline: free; the start-up stays unowned.\n"+
		"- Hire a developer: the field's staff price (%[3]s to %[4]s), in your own turn, only when you own "+
		"every start-up of the field, and evenly: a start-up gets its next developer only when no start-up "+
		"of the field has fewer. At most %[5]d developers per start-up.\n"+
		"- Hire a CTO: the same staff price, once every start-up of the field has %[5]d developers; one CTO per "+
		"start-up, in any start-up of the field. The developers stay.\n"+
		"- Staff are permanent: they cannot be released or sold, and the bank never runs out of them.\n"+
		"- Ask for a takeover: in your own turn, before or after rolling, ask the owner of another player's "+
		"start-up to hand it over for its price plus a %[6]d%% mark-up (the takeover price). Only if nobody has "+
		"been hired in its field, and you need the cash. The owner approves (you pay them, the start-up is "+
		"yours at once) or denies; if the owner does not answer in time, that is a denial. One request at a "+
		"time, and each start-up once a turn. Only the two of you see the request.\n"+
		"- Terminate the game: at any time, even outside your turn, after a confirmation. The game ends at "+
		"once; you keep your resources but cannot win.\n\n"+
		"There is no borrowing or lending between players, no mortgage, no auction and no jail.",
		w.m(lo), w.m(hi), w.m(slo), w.m(shi), rs.MaxLevel-1, rs.TakeoverPct)
}

// ranges are the lowest and highest start-up and staff prices.
func (w guideWriter) ranges() (lo, hi, slo, shi int64) {
	first := true
	for _, c := range w.rs.Board.Cells {
		if c.Kind != opoly.KindStreet {
			continue
		}
		if first {
			lo, hi, slo, shi, first = c.Price, c.Price, c.BuildPrice, c.BuildPrice, false
		}
		lo, hi, slo, shi = min(lo, c.Price), max(hi, c.Price), min(slo, c.BuildPrice), max(shi, c.BuildPrice)
	}
	return lo, hi, slo, shi
}

func (w guideWriter) fees() string {
	rs := w.rs
	c := rs.Board.Cells[1]
	return fmt.Sprintf("When you land on a start-up another player owns, the fee is taken from you and paid to "+
		"them at once:\n\n"+
		"- no staff: its printed fee, times %[1]d when the owner holds every start-up of its field;\n"+
		"- with staff: the fee of its level (1, 2 or 3 developers, or 3 developers and a CTO), never doubled.\n\n"+
		"For example %[2]s: %[3]s unstaffed, %[4]s with its field complete, %[5]s / %[6]s / %[7]s with 1 / 2 / 3 "+
		"developers, %[8]s with a CTO. Every start-up's fees are in the board below.\n\n"+
		"If you cannot pay a fee (or the tax, or a card) in cash, you pay all the cash you have and are "+
		"bankrupt: there is no way to raise money, and the game ends.",
		rs.FullGroupMultiplier, c.Name, w.m(c.Rents[0]), w.m(c.Rents[0]*rs.FullGroupMultiplier),
		w.m(c.Rents[1]), w.m(c.Rents[2]), w.m(c.Rents[3]), w.m(c.Rents[4]))
}

func (w guideWriter) end() string {
	rs := w.rs
	var limits []string
	for _, n := range rs.RoundLimits {
		limits = append(limits, strconv.Itoa(n))
	}
	return "The game ends at the first of:\n\n" +
		"- a bankruptcy: a player cannot pay what they owe;\n" +
		"- a termination: a player terminates the game;\n" +
		"- the round limit, if the table set one (option \"Round limit\": off by default, or " +
		strings.Join(limits, ", ") + " rounds): the game ends when that round is over.\n\n" +
		"The player with the most resources wins; the bankrupt player and the player who terminated cannot " +
		"win. A tie goes to more cash, then to more start-ups, else the win is shared. The others follow by " +
		"resources, then the terminating player, then the bankrupt one.\n\n" +
		"Resources = cash + the printed price of every start-up you own + what you paid for all your staff. " +
		"Your score is your resources at the end; a bankrupt player scores " + w.m(0) + "."
}

func (w guideWriter) words() string {
	rs := w.rs
	var letters []string
	for i, g := range rs.Board.Groups {
		letters = append(letters, fmt.Sprintf("%c %s", 'A'+i, g.Name))
	}
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
		rs.MaxLevel-1, rs.TakeoverPct, w.start(), w.m(rs.Salary), rs.Board.Cells[Runway].Name,
		rs.Board.Cells[10].Name, rs.Board.Cells[30].Name, strings.Join(letters, ", "))
}

// board lists every space with its field letter, price, fees and staff
// price. Lines stay within engine.GuideVerbatimWidth.
func (w guideWriter) board() string {
	var b strings.Builder
	b.WriteString("Spaces in the order you move. Fees: unstaffed, 1, 2, 3 developers, CTO (in thousands of " +
		"pounds); the unstaffed fee doubles on a complete field. Staff: the price of a developer or a CTO.\n\n")
	b.WriteString("   # F Space               Price    Fees (£k)              Staff\n")
	k := func(x int64) string {
		if x%1000 == 0 {
			return strconv.FormatInt(x/1000, 10)
		}
		return strconv.FormatFloat(float64(x)/1000, 'f', -1, 64)
	}
	for i, c := range w.rs.Board.Cells {
		letter, price, fees, staff := " ", "", "", ""
		switch c.Kind {
		case opoly.KindStreet:
			letter = string(rune('A' + c.Group))
			price, staff = w.m(c.Price), w.m(c.BuildPrice)
			var fs []string
			for _, r := range c.Rents {
				fs = append(fs, k(r))
			}
			fees = strings.Join(fs, "/")
		case opoly.KindStart:
			fees = "collect " + w.m(w.rs.Salary)
		case opoly.KindCard:
			fees = "Tech News card (if on)"
		default:
			fees = "nothing happens"
		}
		line := fmt.Sprintf("  %2d %s %-19s %-8s %-22s %s", i, letter, c.Name, price, fees, staff)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func (w guideWriter) cards() string {
	var b strings.Builder
	for _, d := range w.rs.Board.Decks {
		fmt.Fprintf(&b, "With the table option \"Card deck\" on, landing on a networking space marked with a "+
			"card draws from %s (%d cards; a drawn card goes under the deck). Off, those spaces do nothing.\n\n",
			d.Name, len(d.Cards))
		for _, c := range d.Cards {
			fmt.Fprintf(&b, "- %s %s %s\n", c.ID, c.Text, c.Effect)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
