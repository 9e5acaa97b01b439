package billionaire

import (
	"fmt"
	"strings"

	"boardroom/engine"
)

// guide writes IT Billionaire's how-to-play reference from the game's own
// data (the map, the card mix, the Work Item deck, the event cards and the
// constants), so no number in it can drift from what the engine plays. The
// marks it explains are those of tui/billionaire's screen.
func guide() engine.Guide {
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: guideGoal()},
		{Title: "The start", Text: guideStart()},
		{Topic: engine.TopicTurn, Title: "A round in five phases", Text: guideRound()},
		{Topic: engine.TopicActions, Title: "Action cards and what they cost", Text: guideActions()},
		{Title: "Doing work: how many rings", Text: guideWork()},
		{Title: "Getting paid", Text: guidePaid()},
		{Topic: engine.TopicEnd, Title: "End of the game and winner", Text: guideEnd()},
		{Topic: engine.TopicWords, Title: "Words and marks on the screen", Text: guideWords()},
		{Title: "The world map", Text: guideMap()},
		{Title: "The Work Items", Text: guideItems()},
		{Title: "The events", Text: guideEvents()},
		{Title: "Table options", Text: guideOptions()},
	}
}

func guideGoal() string {
	return fmt.Sprintf("IT Billionaire is a game for 2 to 4 players. Each of you runs a software start-up. "+
		"You buy Labs around the world, take on Work Items (projects and products) for customers on six "+
		"continents, and work on them in your Labs while the sun moves across three time zones. Every round "+
		"is one day. Money is counted in M€ (millions of euros).\n\n"+
		"The first company with at least %s at the end of a round wins. Otherwise the game ends after the "+
		"round limit (by default %d rounds; public tables start with %s, and a host may choose fewer) and the "+
		"highest adjusted capital wins.",
		money(WinCapital), DefaultRounds, publicRoundsText())
}

func guideStart() string {
	var cards []string
	total := 0
	for t := 0; t < numCardTypes; t++ {
		cards = append(cards, fmt.Sprintf("%d %s", CardCopies(t), CardName(t)))
		total += CardCopies(t)
	}
	return fmt.Sprintf("Everyone starts with %s, no Labs and no work. Each player holds %d action cards (%s) "+
		"and %d Lab Indicators, so at most %d Labs. The Work Items lie in two shuffled stacks, small and large. "+
		"All your action cards come back to your hand at the end of every round: the numbers only cap how many "+
		"of one kind you can choose in a round.",
		money(StartCapital), total, strings.Join(cards, ", "), MaxLabs, MaxLabs)
}

func guideRound() string {
	return "Every round has five phases:\n\n" +
		"- Order: the player with the lowest capital before the round goes first (a tie is settled by a die, " +
		"highest first); then the next poorest, and so on (equal capital: in seat order from the first). " +
		"In round 1 everybody is tied, so the die decides; the log shows the dice and the order of every " +
		"round. A table may choose the printed rule instead: " +
		"the poorest first, then the others in seat order (see Table options).\n" +
		"- Upkeep: every player pays the upkeep of their Labs. Who cannot pay must sell a Lab at 50% of its " +
		"cost (and lose a Work Container) until they can.\n" +
		"- Selection, all at the same time and in secret: choose which action cards you will play this round, " +
		"at most 1 + the number of your Labs (so 1 in round 1). Nobody sees what the others chose, only " +
		"whether they have chosen; when everyone has chosen, the others see how many cards you still hold, " +
		"never which. If the time runs out you choose no cards.\n" +
		"- Event: an event card closes one continent for work this round (see The events).\n" +
		"- The day: the sun moves East, then Center, then West. In each time zone every player, in the turn " +
		"order, has one visit and plays any of their chosen cards there, one at a time, then ends the visit. " +
		"A player who can play none of their cards in a zone (or has none left) is passed at once, and the " +
		"log says so; your screen tells you why a card of yours cannot be played. After the West zone the round is paid (see Getting paid).\n\n" +
		"A card you chose but did not play is simply lost for the round; nobody learns what it was."
}

func guideActions() string {
	return fmt.Sprintf("Each action is one of your chosen cards, played in your visit to the active time zone:\n\n"+
		"- Acquire Lab: buy a free location of the active zone for its cost (%s to %s, see The world map). "+
		"You need the capital. The Lab can work from the next round; it gives you one more Work Container at "+
		"once and one more action card to choose from the next round. At most %d Labs.\n"+
		"- Sell Lab: sell one of your Labs in the active zone that has not worked this round, for 50%% of its "+
		"cost. You also lose one Work Container of your choice; its Work Item goes back to the head of your "+
		"Work Queue and its rings are lost (with a full queue the last item of the queue is dropped, no fee).\n"+
		"- Select Work: free. Draw two Work Items, each from the small or the large stack as you choose "+
		"before drawing, then accept or decline each. An accepted item goes onto a free Work Container, or "+
		"else to the end of your Work Queue; a declined one is discarded. Not allowed with a full queue "+
		"(%d items); an item can be accepted only while a container or queue place is free.\n"+
		"- Do Work: free. Put one of your containers holding an item onto one of your Labs of the active zone "+
		"and add rings (man-days of work) to it; see Doing work. One card per Lab: several of your Labs of the "+
		"same zone may work one item together. A Lab works once a round; an item once per zone a round.\n"+
		"- Stop Work: pay the item's cancellation fee (20%% of its revenue) and drop one Work Item from your "+
		"queue or a container, with its rings. You need the capital for the fee.\n"+
		"- End the visit: free; the next player's visit follows.\n\n"+
		"Resigning (at any time, also outside your visit, after confirming) leaves the game: your Labs are sold at 50%%, your items dropped without fees, and you rank last.",
		money(minCost()), money(maxCost()), MaxLabs, QueueSize)
}

func minCost() int64 {
	lo := locOf(0).Cost
	for _, l := range Locations() {
		lo = min(lo, l.Cost)
	}
	return lo
}

func maxCost() int64 {
	hi := locOf(0).Cost
	for _, l := range Locations() {
		hi = max(hi, l.Cost)
	}
	return hi
}

func guideWork() string {
	return "A Lab adds as many rings to the container as its capacity, changed in this order:\n\n" +
		"- Step 1: the Lab is on the customer's continent: double.\n" +
		"- Step 2: a high-risk item: a die is rolled for the Lab. 1: nothing; 2 or 3: half (rounded up); " +
		"4 to 6: unchanged.\n" +
		"- Step 3: the container was moved onto this Lab (from another Lab, or fresh from off the map): minus " +
		"the Lab's overhead. A container that stays on the same Lab pays no overhead there.\n\n" +
		"When several Labs work together, each Lab counts steps 1 and 2 (step 3 only for the Lab the " +
		"container goes to, the largest), the results are added, and then the overhead of every " +
		"collaborating Lab is subtracted from the total. Never below 0.\n\n" +
		"Example: a Toronto Lab (capacity 9, overhead 2) works a high-risk North American item that came " +
		"from Berlin, and the die shows 3: 9, doubled 18, halved 9, minus 2 = 7 rings. With Buenos Aires " +
		"(9, die 5, no move: 9) helping: 7 + 9 = 16, minus 2 and 2 = 12 rings.\n\n" +
		"When the rings reach the item's duration it is finished: the container is emptied and the head " +
		"of your Work Queue moves onto it."
}

func guidePaid() string {
	return "After the West zone, every player is paid:\n\n" +
		"- A project finished this round pays its whole revenue.\n" +
		"- A finished product goes onto your Product Payment List: a small product pays a third of its " +
		"revenue at the end of the round it was finished and of the next two rounds; a large product pays " +
		"a fifth over five rounds.\n\n" +
		"Then the event card goes back into the deck and everyone's action cards return to their hands."
}

func guideEnd() string {
	return fmt.Sprintf("At the end of every round, if any company has at least %s (plain capital), the game "+
		"ends: the highest capital wins, a tie goes to the higher adjusted capital, else the place is shared.\n\n"+
		"Otherwise the game ends after the last round (%d, or the table's option \"Round limit\": 15, 10 or 5). "+
		"Then the highest adjusted capital wins; a tie goes to the higher plain capital, else the place is shared. "+
		"Adjusted capital = capital + 50%% of the cost of your Labs + 50%% of the product payments still due "+
		"- the cancellation fees of every Work Item in your queue and containers.\n\n"+
		"Your score is your adjusted capital. Players who resigned rank last.",
		money(WinCapital), DefaultRounds)
}

func guideWords() string {
	return "- Lab: your office at a location; it has a type (S small, M medium, L large), a cost, an upkeep " +
		"paid every round, a capacity (man-days of work a round) and an overhead (man-days lost when work " +
		"moves in).\n" +
		"- Location: one of the 18 places on the world map where a Lab can stand, 3 on each continent.\n" +
		"- Time zone: East (Asia, Oceania), Center (Europe, Africa), West (North and South America). Only the " +
		"active zone's locations can be bought, sold or worked.\n" +
		"- Action card: Acquire Lab, Sell Lab, Select Work, Do Work, Stop Work; chosen in secret at the start " +
		"of a round, played in the zones.\n" +
		"- Work Item: a project or product for a customer; code like L-PD-HI-07 (L large or S small, PJ " +
		"project or PD product, LO low or HI high risk, card number), its duration in man-days, revenue and " +
		"cancellation fee.\n" +
		"- Work Container: holds one Work Item and its rings; you have one per Lab. It stands on a Lab or off " +
		"the map (off).\n" +
		"- Rings (time rings): man-days of work done on an item.\n" +
		"- Work Queue: up to 5 accepted items waiting for a free container.\n" +
		"- Product Payment List: finished products still paying, with the payments left.\n" +
		"- Money Trail: every player's capital; adjusted capital is what counts at the round limit.\n" +
		"- Event: the card that closes one continent for work this round.\n\n" +
		"Marks on the screen (they work without colour too):\n\n" +
		"- > the player whose visit or decision it is, and the line you have picked in a list.\n" +
		"- * the active time zone, and on a card or list: what you have marked.\n" +
		"- On the map, the owner column shows the seat number (P1 to P4) or . for a free location; " +
		"# marks your own Labs, ! a location on the continent closed by the event, + a Lab bought this round " +
		"(works from the next), u a Lab that has worked this round.\n" +
		"- chosen: yes/no in the players list during the selection; afterwards the number of cards a player " +
		"still holds.\n" +
		"- Continents are written EU, NA, OC, AS, SA, AF."
}

func guideMap() string {
	var b strings.Builder
	b.WriteString("18 locations, 6 in each time zone. Cost and upkeep in M€, capacity and overhead in man-days.\n\n")
	b.WriteString("  Zone   Cont Location       Type  Cost Upkeep  Cap  Ovh\n")
	for _, l := range Locations() {
		fmt.Fprintf(&b, "  %-6s %-4s %-14s %-4s %5d %6d %4d %4d\n", ZoneName(l.Zone), ContinentCode(l.Continent),
			l.Name, l.Type, l.Cost, l.Upkeep, l.Capacity, l.Overhead)
	}
	return strings.TrimRight(b.String(), "\n")
}

// ContinentCode is the two-letter code of a continent (EU, NA, OC, AS,
// SA, AF), as the guide and the screen write it.
func ContinentCode(c int) string {
	if c < 0 || c >= numContinents {
		return "--"
	}
	return [numContinents]string{"EU", "NA", "OC", "AS", "SA", "AF"}[c]
}

func guideItems() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d cards: the small stack (15 to 25 man-days) and the large stack (65 to 150), each "+
		"half projects and half products, half low and half high risk. Customers: 64 cards each for Europe "+
		"and North America, 48 for Oceania, 32 each for Asia and South America, 16 for Africa. Larger, "+
		"product and high-risk items pay more per man-day. Revenue by duration (M€), cancellation fee 20%%:\n\n",
		NumItems)
	b.WriteString("  Class          Durations and revenues\n")
	for st := Small; st <= Large; st++ {
		for prod := 0; prod < 2; prod++ {
			for hi := 0; hi < 2; hi++ {
				seen := map[int64]bool{}
				var parts []string
				for idx := 0; idx < 32; idx++ {
					it := item(st*128 + prod*64 + hi*32 + idx)
					if !seen[it.Duration] {
						seen[it.Duration] = true
						parts = append(parts, fmt.Sprintf("%d:%d", it.Duration, it.Revenue))
					}
				}
				sortByDuration(parts)
				code := itemOf(st*128 + prod*64 + hi*32).Code[:7]
				fmt.Fprintf(&b, "  %-14s %s\n", code, strings.Join(parts, " "))
			}
		}
	}
	b.WriteString("\nA project pays once; a small product in 3 payments, a large one in 5.")
	return b.String()
}

// sortByDuration sorts "duration:revenue" strings by their duration.
func sortByDuration(parts []string) {
	num := func(s string) int {
		n := 0
		for _, r := range s {
			if r == ':' {
				break
			}
			n = n*10 + int(r-'0')
		}
		return n
	}
	for i := 1; i < len(parts); i++ {
		for j := i; j > 0 && num(parts[j]) < num(parts[j-1]); j-- {
			parts[j], parts[j-1] = parts[j-1], parts[j]
		}
	}
}

func guideEvents() string {
	byCont := map[int][]string{}
	var order []int
	for id := 0; id < NumEvents; id++ {
		name, c := event(id)
		if _, ok := byCont[c]; !ok {
			order = append(order, c)
		}
		byCont[c] = append(byCont[c], name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d event cards; one is drawn after the selection of every round and closes its continent "+
		"for Do Work that round (buying and selling Labs there is still allowed). It goes back into the deck "+
		"after the round.\n\n", NumEvents)
	for _, c := range order {
		fmt.Fprintf(&b, "- %s (%d): %s\n", ContinentName(c), len(byCont[c]), strings.Join(byCont[c], ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}

// guideOptions explains the table options and the decision G003-11.
func guideOptions() string {
	return fmt.Sprintf("The host of a table chooses:\n\n"+
		"- Round limit: %d rounds as the rules say (the default; public tables start with %s), or fewer for a "+
		"shorter game.\n"+
		"- Turn order: %q (the default) or %q.\n\n"+
		"Why the default differs from the printed rule: in round 1 everybody has %s and one card, so "+
		"the first round is a draft of the good cheap Labs in turn order, and the printed order (the poorest first, "+
		"then clockwise) keeps the early seats early in the next rounds too. In 2,000 games of bots per player "+
		"count the positions of round 1 won up to 7.4 points apart with the printed order, and within 5 points when "+
		"every round is played in order of capital, poorest first. With 2 players the two orders are the same.",
		DefaultRounds, publicRoundsText(), orderLabel(OrderCapital), orderLabel(OrderClockwise), money(StartCapital))
}

// publicRoundsText is the round limit a public table starts with, in words
// (rules C-12: every text that states a default states both).
func publicRoundsText() string {
	for _, o := range options() {
		if o.Key == OptRounds {
			return o.ChoiceText(o.PublicDefault())
		}
	}
	return ""
}

// orderLabel is a turn order's name as players read it (rules C-14).
func orderLabel(v string) string {
	for _, o := range options() {
		if o.Key == OptOrder {
			return o.ChoiceText(v)
		}
	}
	return v
}
