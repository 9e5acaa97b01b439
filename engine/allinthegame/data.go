package allinthegame

import (
	"fmt"
	"strings"
)

// Colours of consultants and desks (G002-01).
const (
	DEV = iota // Blue, development
	SEC        // Red, security
	INF        // Orange, infrastructure
	BIZ        // Grey, business analysis
	// NumColours is the number of skill colours.
	NumColours = 4
	// AnyColour marks an Innovation desk, which takes any colour.
	AnyColour = -1
)

// Deck sizes per colour (G002-01).
const (
	SeniorsPerColour    = 12
	PrincipalsPerColour = 5
)

// Money and set-up numbers of the chapter.
const (
	StartDollars    = 10 // G002-07
	TrainCost       = 2  // R002-11
	PromoteCost     = 2  // R002-12
	RecruitCost     = 6  // R002-13
	FreezeTrainCost = 3  // E2
	FreezeRecruit   = 8  // E2
	MovesPerRound   = 2  // R002-05 vi
	DealPerRound    = 2  // R002-05 iv
	GreenBonus      = 3  // R002-23
	InnovationPay   = 1  // R002-29
	PenaltyOrange   = 6  // R002-25, field 4
	PenaltyRed      = 10 // R002-25, field 5
	MaxMarker       = 5  // G002-06
	RebateAmount    = 4  // E12
	PerformanceGain = 2  // E10
)

// ColourCode returns the three-letter code of a colour ("DEV"), or "ANY".
func ColourCode(c int) string {
	switch c {
	case DEV:
		return "DEV"
	case SEC:
		return "SEC"
	case INF:
		return "INF"
	case BIZ:
		return "BIZ"
	}
	return "ANY"
}

// ColourName returns the colour's name on the cards ("Blue").
func ColourName(c int) string {
	switch c {
	case DEV:
		return "Blue"
	case SEC:
		return "Red"
	case INF:
		return "Orange"
	case BIZ:
		return "Grey"
	}
	return "any colour"
}

// Project kinds.
const (
	KindRegular       = "regular"
	KindInternational = "international"
	KindInnovation    = "innovation"
)

// DeskSpec is one printed desk: its colour (AnyColour on the Innovation
// card) and whether it takes only a Principal.
type DeskSpec struct {
	Colour        int  `json:"colour"`
	PrincipalOnly bool `json:"principal_only,omitempty"`
}

// ProjectCard is a printed project card (G002-03).
type ProjectCard struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Kind  string     `json:"kind"`
	Desks []DeskSpec `json:"desks"`
}

// Track returns the scoring track of a kind of project (G002-02): silver
// for Regular, gold for International, none for the Innovation project.
func Track(kind string) []int64 {
	switch kind {
	case KindRegular:
		return append([]int64(nil), silverTrack[:]...)
	case KindInternational:
		return append([]int64(nil), goldTrack[:]...)
	}
	return nil
}

// printedTrack is Track(kind) without a copy: read only.
func printedTrack(kind string) []int64 {
	switch kind {
	case KindRegular:
		return silverTrack[:]
	case KindInternational:
		return goldTrack[:]
	}
	return nil
}

// The printed tracks; Track hands out copies, the rules read them.
var (
	silverTrack = [...]int64{6, 4, 2, 1}
	goldTrack   = [...]int64{8, 6, 4, 2, 1}
)

func parseDesks(s string) []DeskSpec {
	var out []DeskSpec
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		d := DeskSpec{PrincipalOnly: strings.HasSuffix(f, "*")}
		f = strings.TrimSuffix(f, "*")
		for c := 0; c < NumColours; c++ {
			if ColourCode(c) == f {
				d.Colour = c
			}
		}
		out = append(out, d)
	}
	return out
}

// RegularProjects returns the six Regular Project cards (G002-03).
func RegularProjects() []ProjectCard {
	return []ProjectCard{
		{"R1", "Webshop Upgrade", KindRegular, parseDesks("DEV, DEV, BIZ, DEV*")},
		{"R2", "Network Refresh", KindRegular, parseDesks("INF, SEC, INF, INF*")},
		{"R3", "Security Audit", KindRegular, parseDesks("SEC, BIZ, SEC, SEC*")},
		{"R4", "CRM Roll-out", KindRegular, parseDesks("BIZ, DEV, BIZ, SEC, BIZ*")},
		{"R5", "Data Centre Move", KindRegular, parseDesks("INF, DEV, INF, SEC, INF*")},
		{"R6", "Mobile App", KindRegular, parseDesks("DEV, BIZ, DEV, INF, DEV*")},
	}
}

// InternationalProjects returns the eight International Project cards.
func InternationalProjects() []ProjectCard {
	return []ProjectCard{
		{"I1", "Global ERP Programme", KindInternational, parseDesks("BIZ, DEV, BIZ*, INF, DEV, BIZ*")},
		{"I2", "Cross-border Payments", KindInternational, parseDesks("DEV, SEC, BIZ, SEC, DEV*")},
		{"I3", "Cloud Migration EMEA", KindInternational, parseDesks("INF, DEV, INF, SEC, INF*")},
		{"I4", "Cyber Defence Centre", KindInternational, parseDesks("SEC, INF, SEC*, BIZ, SEC*")},
		{"I5", "Supply Chain Platform", KindInternational, parseDesks("BIZ, INF, DEV, BIZ, INF, BIZ*")},
		{"I6", "Smart City Pilot", KindInternational, parseDesks("INF, DEV, SEC, BIZ, SEC*")},
		{"I7", "Retail Data Lake", KindInternational, parseDesks("DEV, BIZ, DEV*, INF, DEV*")},
		{"I8", "Identity Management Roll-out", KindInternational, parseDesks("SEC, DEV, BIZ, SEC*, INF, SEC*")},
	}
}

// InnovationID is the card id of the Innovation project on the table.
const InnovationID = "INN"

// innovationCard is the Innovation project for a seat count (G002-05): as
// many desks as players (a count, not a limit per player: one player may
// fill several), any colour, either rank, no track, no deadline.
func innovationCard(seats int) ProjectCard {
	c := ProjectCard{ID: InnovationID, Name: "Innovation Project", Kind: KindInnovation}
	for i := 0; i < seats; i++ {
		c.Desks = append(c.Desks, DeskSpec{Colour: AnyColour})
	}
	return c
}

// printed holds every project card by id, Innovation cards by seat count
// ("INN2".."INN4"). It is built once and only read afterwards: looking a
// card up is on every path of Legal and View, and the bot-only simulator
// plays thousands of games.
var printed = func() map[string]ProjectCard {
	m := map[string]ProjectCard{}
	for _, c := range append(RegularProjects(), InternationalProjects()...) {
		m[c.ID] = c
	}
	for n := 2; n <= 4; n++ {
		m[fmt.Sprintf("%s%d", InnovationID, n)] = innovationCard(n)
	}
	return m
}()

// cardByID finds a project card; the Innovation card needs the seat count.
// The returned card shares its desks with the table: read only.
func cardByID(id string, seats int) (ProjectCard, bool) {
	if k := cardIndex(id, seats); k >= 0 {
		return printedByIndex[k], true
	}
	if id == InnovationID {
		id = innovationKey(seats)
	}
	c, ok := printed[id]
	return c, ok
}

// printedByIndex is printed in cardIndex's order: the Regular cards R1-R6,
// the International ones I1-I8, the Innovation card for 2, 3, 4 seats.
// Built once, only read: an index is cheaper than hashing the id, and
// cards are looked up a few dozen times per action.
var printedByIndex = func() (t [6 + numInternational + 3]ProjectCard) {
	for k := range t {
		switch {
		case k < 6:
			t[k] = printed[fmt.Sprintf("R%d", k+1)]
		case k < 6+numInternational:
			t[k] = printed[fmt.Sprintf("I%d", k-5)]
		default:
			t[k] = printed[innovationKey(k-6-numInternational+2)]
		}
	}
	return t
}()

// cardIndex is id's index in printedByIndex, or -1 for an id it does not
// hold (cardByID then asks printed).
func cardIndex(id string, seats int) int {
	switch {
	case len(id) == 2 && id[0] == 'R' && id[1] >= '1' && id[1] <= '6':
		return int(id[1] - '1')
	case len(id) == 2 && id[0] == 'I' && id[1] >= '1' && id[1] < '1'+numInternational:
		return 6 + int(id[1]-'1')
	case id == InnovationID && seats >= 2 && seats <= 4:
		return 6 + numInternational + seats - 2
	}
	return -1
}

// innovationKey is the key in printed of the Innovation card for seats;
// the keys of a real table are constants, because a card is looked up on
// every path of Legal and View.
func innovationKey(seats int) string {
	switch seats {
	case 2:
		return InnovationID + "2"
	case 3:
		return InnovationID + "3"
	case 4:
		return InnovationID + "4"
	}
	return fmt.Sprintf("%s%d", InnovationID, seats)
}

// EventCard is one card of the event deck (G002-09).
type EventCard struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// Event card indices into Events().
const (
	EvQuietWeek = iota
	EvBudgetFreeze
	EvTrainingSubsidy
	EvHeadhunters
	EvGraduateIntake
	EvTravelBan
	EvExtraTravel
	EvClientEscalation
	EvDeadlineExtension
	EvPerformanceBonus
	EvLatePayments
	EvTaxRebate
	NumEvents
)

// Events returns the twelve event cards in index order (G002-09). Each
// text says what the engine does, in the chapter's words: a player reads
// it on the screen and in the guide (TestG002_09_EventTextsMatchTheRulesAndTheEngine).
func Events() []EventCard {
	return []EventCard{
		{"E1", "Quiet Week", "No effect."},
		{"E2", "Budget Freeze", "This round Train and Promote cost $3, Recruit costs $8."},
		{"E3", "Training Subsidy", "This round, each player's first Train or Promote costs $0."},
		{"E4", "Headhunters", "In turn order, each player returns 1 Senior Consultant of their choice from hand to the Senior deck (if they have one). If time runs out: the first Senior in the order DEV, SEC, INF, BIZ."},
		{"E5", "Graduate Intake", "In turn order, each player receives 1 extra Senior Consultant from the deck."},
		{"E6", "Travel Ban", "No Move Consultant actions this round."},
		{"E7", "Extra Travel Budget", "Each player may Move up to 3 times this round."},
		{"E8", "Client Escalation", "Deadlines module only: every deadline marker moves 1 field right now (max 5). Otherwise no effect."},
		{"E9", "Deadline Extension", "Deadlines module only: every deadline marker moves 1 field left now (min 1). Otherwise no effect."},
		{"E10", "Performance Bonus", "In the rewards (Phase 4) this round, the rightmost consultant of each project except the Innovation Project earns +$2."},
		{"E11", "Late Client Payments", "In the rewards (Phase 4) this round, every scoring-track amount is halved (rounded down). Completions in Phase 3 are not affected: they pay in full."},
		{"E12", "Tax Rebate", "The player(s) with the fewest dollars receive $4 each."},
	}
}

// numInternational is len(InternationalProjects()), without building the
// cards: the deck invariant and the strong bot's view read it often.
const numInternational = 8
