package allinthegame

import (
	"fmt"
	"strings"

	"boardroom/engine"
)

// guide writes the how-to-play reference from the game's own data and
// constants (costs, tracks, project cards, event cards), so the numbers
// cannot drift from the rules the engine plays. The marks it explains are
// those of the renderer tui/allinthegame.
func guide() engine.Guide {
	return engine.Guide{
		{Topic: engine.TopicGoal, Title: "Goal", Text: guideGoal()},
		{Title: "The start", Text: guideStart()},
		{Topic: engine.TopicTurn, Title: "A round in five phases", Text: guideRound()},
		{Topic: engine.TopicActions, Title: "Actions and what they cost", Text: guideActions()},
		{Title: "Placing a consultant on a project", Text: guidePlacing()},
		{Title: "Completing a project, rewards and deadlines", Text: guideRewards()},
		{Topic: engine.TopicEnd, Title: "End of the game and winner", Text: guideEnd()},
		{Topic: engine.TopicWords, Title: "Words and marks on the screen", Text: guideWords()},
		{Title: "The projects", Text: guideProjects()},
		{Title: "The event cards", Text: guideEvents()},
	}
}

func trackText(kind string) string {
	var s []string
	for _, x := range Track(kind) {
		s = append(s, Money(x))
	}
	return strings.Join(s, ", ")
}

func guideGoal() string {
	return fmt.Sprintf("IT's All in the Game is a card game for 2 to 4 players. Each of you is the boss of a "+
		"consultancy. You get consultants every round, assign them to desks on the projects on the table, and "+
		"the projects pay the consultants sitting on them. Train your consultants, promote them to Principals "+
		"or recruit Principals: only a Principal can finish a project, and a finished project pays at once.\n\n"+
		"Everyone starts with %s. When the game ends, the player with the most dollars wins.",
		Money(StartDollars))
}

func guideStart() string {
	return fmt.Sprintf("Each player starts with %s and an empty hand. The Senior deck holds %d Senior "+
		"Consultants of each of the %d colours, the Principal deck %d Principals of each colour.\n\n"+
		"The table shows the Regular Projects: 4 with 2 players, 5 with 3 players, 6 with 4 players (5 when the "+
		"Innovation Project is played with 4). The %d International Projects wait in a deck and come out one "+
		"by one, each time a project is completed. The start player of round 1 is drawn at random.",
		Money(StartDollars), SeniorsPerColour, NumColours, PrincipalsPerColour, len(InternationalProjects()))
}

func guideRound() string {
	return fmt.Sprintf("- 1 Start of round: everyone gets %d Senior Consultants from the deck, and the pass and "+
		"move counters are reset (%d moves each). From round 2 on, the player with the fewest dollars chooses "+
		"the start player (on a tie, the tied player next after the last start player chooses).\n"+
		"- 2 Event: the top event card is revealed and carried out; it lasts for this round.\n"+
		"- 3 Let's work!: starting with the start player and going round the table, each player takes one "+
		"action or passes. This goes on until everyone has passed; a player who passed takes no more actions "+
		"this round.\n"+
		"- 4 Rewards: every project pays the consultants on it from its scoring track, the rightmost "+
		"consultant the most. The consultants stay. The Innovation Project pays %s each and sends its "+
		"consultants back to their owners' hands. Then the late projects charge their penalties (Deadlines "+
		"module).\n"+
		"- 5 Deadline in sight (Deadlines module only): every deadline marker moves one field to the right.",
		DealPerRound, MovesPerRound, Money(InnovationPay))
}

func guideActions() string {
	return fmt.Sprintf("- Assign: free. Put a consultant from your hand on a free desk of a project (see "+
		"\"Placing a consultant\").\n"+
		"- Move Consultant: free, at most %d times a round. Take one of your consultants from a project and "+
		"put it on a desk of another project, by the same rules.\n"+
		"- Train: %s. Give back one consultant from your hand (a Senior or a Principal) and choose any "+
		"Senior from the Senior deck, in secret: the others only see that you trained.\n"+
		"- Promote: %s. Give back a consultant from your hand and take a Principal of the same colour from the "+
		"deck. Everyone sees both cards.\n"+
		"- Recruit: %s. Give back a consultant from your hand and choose any Principal from the Principal "+
		"deck, in secret.\n"+
		"- Pass: free. You take no more actions this round.\n"+
		"- Resign: at any time, also outside your turn (after confirming); you leave the game at once; your consultants go back to the decks and you rank last.\n\n"+
		"You need the dollars for an action: with fewer dollars than its cost you cannot take it. Consultants "+
		"on projects cannot be trained, promoted or used to recruit. Some events change the costs for one "+
		"round (Budget Freeze, Training Subsidy).",
		MovesPerRound, Money(TrainCost), Money(PromoteCost), Money(RecruitCost))
}

func guidePlacing() string {
	return "Each desk has a colour and takes only a consultant of that colour. A desk marked for a Principal " +
		"takes only a Principal; any other desk takes a Senior or a Principal.\n\n" +
		"- On an empty project, the consultant goes on the leftmost desk.\n" +
		"- Otherwise it goes on the desk right next to the rightmost consultant, or on any free desk to the " +
		"left of the rightmost consultant (a gap).\n\n" +
		"The last desk of every project needs a Principal: that is the only way to complete it. The " +
		"Innovation Project has as many desks as there are players (3 at a table of 3); each takes any colour and " +
		"either rank, and one player may fill several of them."
}

func guideRewards() string {
	return fmt.Sprintf("Scoring tracks, paid from the rightmost consultant leftwards; consultants beyond "+
		"the track get nothing:\n\n"+
		"  Regular Projects (silver):       %s\n"+
		"  International Projects (gold):  %s\n\n"+
		"When a Principal takes the last desk, the project is completed at once: every consultant on it is "+
		"paid from the track as in the rewards phase, with the green-field bonus on top (below). Then the "+
		"consultants go back to their decks, the project leaves the game, and the next International Project "+
		"takes its place (none once the deck is empty). Play goes on with the next player.\n\n"+
		"Deadlines module: each project except the Innovation Project has a deadline track of 5 fields. "+
		"Projects 1 and 2 start on field 1, projects 3 and 4 on field 2, the others on field 3; a new "+
		"International Project starts on field 1.\n\n"+
		"- Fields 1 and 2 (green): completing the project pays every consultant on it a %s bonus.\n"+
		"- Field 3 (yellow): nothing.\n"+
		"- Field 4 (orange) and 5 (red): in the rewards phase every player without a consultant on the "+
		"project pays %s (field 4) or %s (field 5). If every player has one there, the owner of the leftmost "+
		"consultant pays it. Your dollars may go below zero this way.",
		trackText(KindRegular), trackText(KindInternational), Money(GreenBonus), Money(PenaltyOrange), Money(PenaltyRed))
}

func guideEnd() string {
	return fmt.Sprintf("When the last of the %d International Projects is placed on the table, that round is "+
		"played to the end of its rewards phase and the game ends. It also ends after the round in which the "+
		"last of the %d event cards was revealed.\n\n"+
		"The player with the most dollars wins; tied players share the win. Your score is your dollars at the "+
		"end (it may be negative). A player who resigned ranks below everyone still in.",
		len(InternationalProjects()), NumEvents)
}

func guideWords() string {
	var letters []string
	for c := 0; c < NumColours; c++ {
		letters = append(letters, fmt.Sprintf("%s %s (%s)", ColourCode(c)[:1], ColourCode(c), ColourName(c)))
	}
	return "- Consultant: a card in your hand or on a desk; a Senior Consultant or a Principal.\n" +
		"- Senior Consultant (Senior): the ordinary consultant; you get two each round.\n" +
		"- Principal: the senior rank; the only one that may sit on a Principal desk and complete a project.\n" +
		"- Colour: the skill of a consultant and of a desk: DEV development, SEC security, INF " +
		"infrastructure, BIZ business analysis.\n" +
		"- Desk: a place for one consultant on a project.\n" +
		"- Regular Project: on the table from the start, silver track. International Project: comes out " +
		"when a project is completed, gold track.\n" +
		"- Innovation Project: an extra project (module) that pays $1 a consultant each round and never " +
		"completes.\n" +
		"- Deadline track: the 5 fields of a project's deadline (Deadlines module); its marker moves right " +
		"every round.\n" +
		"- Hand: your consultants not on a desk. Only you see which they are; the others see how many.\n" +
		"- Start player: acts first in the round.\n\n" +
		"On the screen each project is a row of desks such as [D*2P]:\n\n" +
		"- First, the desk's colour: " + strings.Join(letters, ", ") + ", A any colour (Innovation).\n" +
		"- Second, * when the desk takes only a Principal.\n" +
		"- Then .. for a free desk, or the owner's seat number and s for a Senior or P for a Principal: " +
		"2P is a Principal of seat 2.\n" +
		"- Pays: the scoring track in the order it pays: \"right 6 4 2 1\" means the rightmost consultant " +
		"gets $6, the next one to its left $4, then $2 and $1. Due: the deadline field (1/5 to 5/5) and what it " +
		"means (+$3 bonus, -$6 or -$10 penalty).\n" +
		"- While you choose a desk, the desks you may take are in round brackets (D ..) and the chosen one " +
		"between > and <.\n\n" +
		"In the players list, > marks the player whose action it is; each player shows dollars, hand size, " +
		"moves left and whether they passed. The first line counts the International Projects left and warns " +
		"before the last round. Key i shows the whole table in words, with every name and text the board " +
		"shortens. Without colours (NO_COLOR, TERM=dumb) these letters and marks " +
		"carry everything the colours show."
}

func deskList(c ProjectCard) string {
	var s []string
	for _, d := range c.Desks {
		x := ColourCode(d.Colour)
		if d.PrincipalOnly {
			x += "*"
		}
		s = append(s, x)
	}
	return strings.Join(s, " ")
}

func guideProjects() string {
	var b strings.Builder
	b.WriteString("Desks from left to right; * needs a Principal.\n\n")
	b.WriteString("  Regular Projects (silver track)\n")
	for _, c := range RegularProjects() {
		fmt.Fprintf(&b, "  %-3s %-22s %s\n", c.ID, c.Name, deskList(c))
	}
	b.WriteString("\n  International Projects (gold track)\n")
	for _, c := range InternationalProjects() {
		fmt.Fprintf(&b, "  %-3s %-29s %s\n", c.ID, c.Name, deskList(c))
	}
	return strings.TrimRight(b.String(), "\n")
}

func guideEvents() string {
	var b strings.Builder
	fmt.Fprintf(&b, "One card is revealed each round; its effect lasts for that round. The %d cards:\n\n", NumEvents)
	for _, e := range Events() {
		fmt.Fprintf(&b, "- %s %s: %s\n", e.ID, e.Name, e.Text)
	}
	return strings.TrimRight(b.String(), "\n")
}
