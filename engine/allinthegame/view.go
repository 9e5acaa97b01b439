package allinthegame

import "boardroom/engine"

// View is what one viewer may see (3.d): everything public, the viewer's
// own hand, and the searched deck only while the viewer picks from it. It
// cannot hold another seat's hand, a deck's composition otherwise, the
// order of the International or event decks, or the random source.
type View struct {
	Viewer     int    `json:"viewer"` // a seat, or engine.Spectator
	Seats      int    `json:"seats"`
	Round      int    `json:"round"`
	MaxRounds  int    `json:"max_rounds"` // the event-deck cap (G002-13)
	Phase      string `json:"phase"`
	Deadlines  bool   `json:"deadlines"`
	Innovation bool   `json:"innovation"`
	Start      int    `json:"start"` // start player of this round
	Turn       int    `json:"turn"`  // awaited seat; -1 when over
	LastRound  bool   `json:"last_round"`

	Event      *EventCard `json:"event,omitempty"` // this round's event card
	EventsLeft int        `json:"events_left"`
	IntlLeft   int        `json:"intl_left"`
	SeniorDeck int        `json:"senior_deck"`    // size only
	PrincDeck  int        `json:"principal_deck"` // size only

	Players  []PlayerView  `json:"players"`
	Projects []ProjectView `json:"projects"` // table slots in order; actions' Project indexes this

	// Hand is the viewer's own hand (nil for spectators).
	Hand []HandCard `json:"hand,omitempty"`
	// Search is the deck the viewer is picking from (train_pick: Seniors,
	// recruit_pick: Principals), counts by colour; nil otherwise.
	Search *[NumColours]int `json:"search,omitempty"`
	// Costs this round for the viewer (after Budget Freeze or a Training Subsidy).
	TrainCost   int64 `json:"train_cost"`
	PromoteCost int64 `json:"promote_cost"`
	RecruitCost int64 `json:"recruit_cost"`

	Over    bool            `json:"over"`
	Outcome *engine.Outcome `json:"outcome,omitempty"`
}

// PlayerView is one seat's public state.
type PlayerView struct {
	Seat      int   `json:"seat"`
	Dollars   int64 `json:"dollars"`
	HandSize  int   `json:"hand_size"`
	MovesLeft int   `json:"moves_left"`
	Passed    bool  `json:"passed"`
	Resigned  bool  `json:"resigned"`
}

// HandCard is a kind of card in a hand and how many of it.
type HandCard struct {
	Colour    int  `json:"colour"`
	Principal bool `json:"principal"`
	Count     int  `json:"count"`
}

// ProjectView is one table slot.
type ProjectView struct {
	Slot   int        `json:"slot"`
	Empty  bool       `json:"empty,omitempty"` // no project (A002-09)
	ID     string     `json:"id,omitempty"`
	Name   string     `json:"name,omitempty"`
	Kind   string     `json:"kind,omitempty"`
	Track  []int64    `json:"track,omitempty"`  // right to left
	Marker int        `json:"marker,omitempty"` // deadline field 1-5; 0: none
	Desks  []DeskView `json:"desks,omitempty"`
}

// DeskView is one desk and its consultant.
type DeskView struct {
	Colour        int  `json:"colour"` // AnyColour on the Innovation project
	PrincipalOnly bool `json:"principal_only,omitempty"`
	Owner         int  `json:"owner"` // -1: free
	Consultant    int  `json:"consultant,omitempty"`
	Principal     bool `json:"principal,omitempty"`
}

// View implements engine.Game.
func (g *Game) View(viewer int) engine.View {
	s := g.s
	n := s.seats()
	v := View{Viewer: viewer, Seats: n, Round: s.Round, MaxRounds: NumEvents, Phase: s.Phase,
		Deadlines: s.Deadlines, Innovation: s.Innovation, Start: s.Start, Turn: s.Turn, LastRound: s.LastRound,
		EventsLeft: len(s.Events), IntlLeft: len(s.Intl), SeniorDeck: deckTotal(s.Seniors), PrincDeck: deckTotal(s.Principals),
		RecruitCost: s.recruitCost(), Over: s.Phase == PhaseOver}
	if s.Event >= 0 {
		ec := Events()[s.Event]
		v.Event = &ec
	}
	for p := 0; p < n; p++ {
		v.Players = append(v.Players, PlayerView{Seat: p, Dollars: s.Dollars[p], HandSize: s.handSize(p),
			MovesLeft: s.Moves[p], Passed: s.Passed[p], Resigned: s.Out[p]})
	}
	for i, sl := range s.Slots {
		pv := ProjectView{Slot: i, Empty: sl.Card == ""}
		if !pv.Empty {
			c := s.card(i)
			pv.ID, pv.Name, pv.Kind, pv.Track, pv.Marker = c.ID, c.Name, c.Kind, Track(c.Kind), sl.Marker
			for d, o := range sl.Desks {
				pv.Desks = append(pv.Desks, DeskView{Colour: c.Desks[d].Colour, PrincipalOnly: c.Desks[d].PrincipalOnly,
					Owner: o.Owner, Consultant: o.Colour, Principal: o.Principal})
			}
		}
		v.Projects = append(v.Projects, pv)
	}
	if viewer >= 0 && viewer < n {
		for c := 0; c < NumColours; c++ {
			for r, isP := range []bool{false, true} {
				if k := s.Hands[viewer][c][r]; k > 0 {
					v.Hand = append(v.Hand, HandCard{Colour: c, Principal: isP, Count: k})
				}
			}
		}
		v.TrainCost, v.PromoteCost = s.trainCost(viewer), s.promoteCost(viewer)
		if viewer == s.Turn {
			switch s.Phase {
			case PhaseTrainPick:
				d := s.Seniors
				v.Search = &d
			case PhaseRecruitPick:
				d := s.Principals
				v.Search = &d
			}
		}
	} else {
		v.TrainCost, v.PromoteCost = TrainCost, PromoteCost
		if s.Event == EvBudgetFreeze {
			v.TrainCost, v.PromoteCost = FreezeTrainCost, FreezeTrainCost
		}
	}
	if v.Over {
		out := g.Outcome()
		v.Outcome = &out
	}
	return v
}
