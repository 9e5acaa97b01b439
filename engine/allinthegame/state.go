package allinthegame

import (
	"encoding/json"
	"fmt"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// Ranks, the second index of a hand.
const (
	senior    = 0
	principal = 1
)

func rank(isPrincipal bool) int {
	if isPrincipal {
		return principal
	}
	return senior
}

// Phase labels of Prompt.Phase and View.Phase.
const (
	PhaseChooseStart = "choose_start"
	PhaseHeadhunters = "headhunters"
	PhaseWork        = "work"
	PhaseTrainPick   = "train_pick"
	PhaseRecruitPick = "recruit_pick"
	PhaseOver        = "over"
)

// occupant is a consultant on a desk; Owner -1 is a free desk.
type occupant struct {
	Owner     int  `json:"owner"`
	Colour    int  `json:"colour,omitempty"`
	Principal bool `json:"principal,omitempty"`
}

var free = occupant{Owner: -1}

// slot is one table place: a project card (Card "" when the slot is empty
// for good, A002-09), its desks and its deadline marker (0: none).
type slot struct {
	Card   string     `json:"card"`
	Desks  []occupant `json:"desks,omitempty"`
	Marker int        `json:"marker,omitempty"`
}

// state is the whole game; the snapshot is its JSON.
type state struct {
	quiet      engine.Quiet // no event sentences (engine.Quieter); not in the snapshot
	ev         evArena      // a quiet game's events' memory (events.go); not in the snapshot
	Setup      engine.Setup `json:"setup"`
	Deadlines  bool         `json:"deadlines"`
	Innovation bool         `json:"innovation"`
	RNG        *rng.PCG     `json:"rng"`

	Dollars   []int64 `json:"dollars"`
	Penalties []int64 `json:"penalties"` // penalties paid so far, per seat
	// Hands counts each seat's cards by [colour][rank].
	Hands      [][NumColours][2]int `json:"hands"`
	Seniors    [NumColours]int      `json:"seniors"`    // Senior deck by colour
	Principals [NumColours]int      `json:"principals"` // Principal deck by colour

	Slots      []slot   `json:"slots"`
	Intl       []string `json:"intl"`        // International deck, top first
	IntlPlaced int      `json:"intl_placed"` // International cards put on the table
	Events     []int    `json:"events"`      // event deck, top first
	Event      int      `json:"event"`       // the current event, -1 for none
	EventsSeen int      `json:"events_seen"`

	Round      int    `json:"round"`
	Phase      string `json:"phase"`
	Start      int    `json:"start"`       // start player of this round
	FirstStart int    `json:"first_start"` // start player of round 1
	Turn       int    `json:"turn"`        // awaited seat
	Queue      []int  `json:"queue,omitempty"`
	Passed     []bool `json:"passed"`
	Moves      []int  `json:"moves"`
	Subsidy    []bool `json:"subsidy"` // E3: the free Train or Promote is used
	Out        []bool `json:"out"`     // resigned
	OutOrder   []int  `json:"out_order,omitempty"`
	LastRound  bool   `json:"last_round"`
	EndReason  string `json:"end_reason,omitempty"`
}

func (s *state) seats() int { return s.Setup.Seats }

func (s *state) card(i int) ProjectCard {
	c, _ := cardByID(s.Slots[i].Card, s.seats())
	return c
}

// cardRef is s.card(i) without copying the card: a pointer into the
// printed cards (a copy for a card they do not hold), which nobody writes.
func (s *state) cardRef(i int) *ProjectCard {
	if k := cardIndex(s.Slots[i].Card, s.seats()); k >= 0 {
		return &printedByIndex[k]
	}
	c := s.card(i)
	return &c
}

// cardDesks is s.card(i).Desks without copying the card: Legal reads it
// for every hand card and project.
func (s *state) cardDesks(i int) []DeskSpec {
	if k := cardIndex(s.Slots[i].Card, s.seats()); k >= 0 {
		return printedByIndex[k].Desks
	}
	return s.card(i).Desks
}

// next returns the next seat after p, clockwise, still in the game.
func (s *state) next(p int) int {
	n := s.seats()
	for i := 1; i <= n; i++ {
		q := (p + i) % n
		if !s.Out[q] {
			return q
		}
	}
	return p
}

// orderIn lists the seats still in the game in turn order from first,
// written into buf's memory (an array of the caller's: the rounds ask for
// the order several times).
func (s *state) orderIn(buf []int, first int) []int {
	out := buf[:0]
	n := s.seats()
	for i := 0; i < n; i++ {
		q := (first + i) % n
		if !s.Out[q] {
			out = append(out, q)
		}
	}
	return out
}

func (s *state) handSize(seat int) int {
	n := 0
	for c := 0; c < NumColours; c++ {
		n += s.Hands[seat][c][0] + s.Hands[seat][c][1]
	}
	return n
}

func (s *state) active() int {
	n := 0
	for _, o := range s.Out {
		if !o {
			n++
		}
	}
	return n
}

// newState sets the game up (3.f SETUP); it does not start round 1.
func newState(setup engine.Setup) *state {
	n := setup.Seats
	s := &state{Setup: setup, RNG: rng.FromSeed(setup.Seed), Event: -1,
		Deadlines:  setup.Options[OptDeadlines] == "on",
		Innovation: setup.Options[OptInnovation] == "on",
		Dollars:    make([]int64, n), Penalties: make([]int64, n),
		Hands: make([][NumColours][2]int, n), Passed: make([]bool, n), Moves: make([]int, n),
		Subsidy: make([]bool, n), Out: make([]bool, n)}
	for i := range s.Dollars {
		s.Dollars[i] = StartDollars
	}
	for c := 0; c < NumColours; c++ {
		s.Seniors[c], s.Principals[c] = SeniorsPerColour, PrincipalsPerColour
	}
	// The printed cards, not RegularProjects(): that parses their desks
	// again; shuffling depends only on the number of cards.
	regular := printedByIndex[:6]
	regular = append([]ProjectCard(nil), regular...)
	s.RNG.Shuffle(len(regular), func(i, j int) { regular[i], regular[j] = regular[j], regular[i] })
	onTable := n + 2 // G002-04: 2p 4, 3p 5, 4p 6
	if n == 4 && s.Innovation {
		onTable = 5
	}
	for i := 0; i < onTable; i++ {
		s.Slots = append(s.Slots, s.newSlot(regular[i].ID, len(regular[i].Desks), initialMarker(i)))
	}
	if s.Innovation {
		s.Slots = append(s.Slots, s.newSlot(InnovationID, n, 0))
	}
	s.Intl = make([]string, 0, numInternational)
	for _, c := range printedByIndex[6 : 6+numInternational] {
		s.Intl = append(s.Intl, c.ID)
	}
	s.RNG.Shuffle(len(s.Intl), func(i, j int) { s.Intl[i], s.Intl[j] = s.Intl[j], s.Intl[i] })
	for e := 0; e < NumEvents; e++ {
		s.Events = append(s.Events, e)
	}
	s.RNG.Shuffle(len(s.Events), func(i, j int) { s.Events[i], s.Events[j] = s.Events[j], s.Events[i] })
	s.Start = s.RNG.IntN(n) // A002-02
	s.FirstStart = s.Start
	return s
}

// initialMarker is the deadline field of table slot i at set-up (R002-21).
func initialMarker(i int) int {
	switch {
	case i < 2:
		return 1
	case i < 4:
		return 2
	}
	return 3
}

func (s *state) newSlot(id string, desks, marker int) slot {
	sl := slot{Card: id, Desks: make([]occupant, desks)}
	for i := range sl.Desks {
		sl.Desks[i] = free
	}
	if s.Deadlines && id != InnovationID {
		sl.Marker = marker
	}
	return sl
}

func restoreState(snapshot []byte) (*state, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, fmt.Errorf("allinthegame: restore: %w", err)
	}
	n := s.Setup.Seats
	if s.RNG == nil || n < 2 || n > 4 || len(s.Dollars) != n || len(s.Hands) != n || len(s.Passed) != n ||
		len(s.Moves) != n || len(s.Subsidy) != n || len(s.Out) != n || len(s.Penalties) != n {
		return nil, fmt.Errorf("allinthegame: restore: incomplete snapshot")
	}
	for _, sl := range s.Slots {
		if sl.Card == "" {
			continue
		}
		c, ok := cardByID(sl.Card, n)
		if !ok || len(c.Desks) != len(sl.Desks) {
			return nil, fmt.Errorf("allinthegame: restore: bad project %q", sl.Card)
		}
	}
	return &s, nil
}
