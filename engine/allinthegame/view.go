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

// View implements engine.Game: a snapshot the caller may keep.
func (g *Game) View(viewer int) engine.View {
	var v View
	g.fillView(&v, viewer, nil)
	return v
}

// lentView is one viewer's lent view and the memory it reuses.
type lentView struct {
	v       View
	event   EventCard
	eventOf int // the event card's index + 1 that event holds; 0 none
	search  [NumColours]int
	hand    []HandCard
}

// lentTable is the table's slots as the lent views show them (they share
// it) and what fillProjects needs to leave unchanged slots as they are.
type lentTable struct {
	views  []ProjectView
	shown  []string // by slot: the card its ProjectView shows
	filled []bool   // by slot: its ProjectView was written
}

// PeekView implements engine.ViewPeeker: what View(viewer) holds, in the
// game's own memory, rewritten on the next call (valid until the next
// Apply). It is a *View; the bot and the renderer take either form.
func (g *Game) PeekView(viewer int) engine.View {
	n := g.s.seats()
	if viewer < engine.Spectator || viewer >= n {
		return g.View(viewer)
	}
	if g.lent == nil {
		g.lent = make([]lentView, n+1)
	}
	l := &g.lent[viewer+1]
	g.fillView(&l.v, viewer, l)
	return &l.v
}

// SetQuiet implements engine.Quieter: events keep their kinds, recipients
// and money changes, but no sentence is written.
func (g *Game) SetQuiet(on bool) { g.s.quiet.Set(on) }

// fillView writes viewer's view into v. A snapshot (l nil) gets memory of
// its own; a lent view (l set) reuses the lists v already holds and l's
// buffers. Both hold the same, down to which lists are null in JSON.
func (g *Game) fillView(v *View, viewer int, l *lentView) {
	s := g.s
	n := s.seats()
	keep := l != nil
	v.Viewer, v.Seats, v.Round, v.MaxRounds, v.Phase = viewer, n, s.Round, NumEvents, s.Phase
	v.Deadlines, v.Innovation, v.Start, v.Turn, v.LastRound = s.Deadlines, s.Innovation, s.Start, s.Turn, s.LastRound
	v.EventsLeft, v.IntlLeft, v.SeniorDeck, v.PrincDeck = len(s.Events), len(s.Intl), deckTotal(s.Seniors), deckTotal(s.Principals)
	v.RecruitCost, v.Over = s.recruitCost(), s.Phase == PhaseOver
	v.Event = nil
	if s.Event >= 0 && keep {
		if l.eventOf != s.Event+1 { // the card is copied once a round
			l.event, l.eventOf = eventCard(s.Event), s.Event+1
		}
		v.Event = &l.event
	} else if s.Event >= 0 {
		ec := eventCard(s.Event)
		v.Event = &ec
	}
	if !keep || len(v.Players) != n {
		v.Players = make([]PlayerView, n)
	}
	for p := 0; p < n; p++ {
		v.Players[p] = PlayerView{Seat: p, Dollars: s.Dollars[p], HandSize: s.handSize(p),
			MovesLeft: s.Moves[p], Passed: s.Passed[p], Resigned: s.Out[p]}
	}
	if keep {
		// The table is the same for every viewer: the lent views share
		// one copy, rewritten slot by slot as the slots change.
		t := &g.table
		t.views = g.fillProjects(t.views, t)
		v.Projects = t.views
	} else {
		v.Projects = g.fillProjects(nil, nil)
	}
	v.Hand = nil
	v.Search = nil
	if viewer >= 0 && viewer < n {
		var hand []HandCard
		if keep {
			hand = l.hand[:0]
		}
		for c := 0; c < NumColours; c++ {
			for r, isP := range [2]bool{false, true} {
				if k := s.Hands[viewer][c][r]; k > 0 {
					hand = append(hand, HandCard{Colour: c, Principal: isP, Count: k})
				}
			}
		}
		v.Hand = hand
		if keep && hand != nil {
			l.hand = hand
		}
		v.TrainCost, v.PromoteCost = s.trainCost(viewer), s.promoteCost(viewer)
		if viewer == s.Turn && (s.Phase == PhaseTrainPick || s.Phase == PhaseRecruitPick) {
			deck := &s.Seniors
			if s.Phase == PhaseRecruitPick {
				deck = &s.Principals
			}
			if keep {
				l.search = *deck
				v.Search = &l.search
			} else {
				d := *deck
				v.Search = &d
			}
		}
	} else {
		v.TrainCost, v.PromoteCost = TrainCost, PromoteCost
		if s.Event == EvBudgetFreeze {
			v.TrainCost, v.PromoteCost = FreezeTrainCost, FreezeTrainCost
		}
	}
	v.Outcome = nil
	if v.Over {
		out := g.Outcome()
		v.Outcome = &out
	}
}

// fillProjects writes the table's slots into views (reused for a lent
// view, l set). A lent slot that shows the same project card gets only its
// marker and consultants written: a card's printed data never changes.
func (g *Game) fillProjects(views []ProjectView, l *lentTable) []ProjectView {
	s := g.s
	keep := l != nil
	if !keep || len(views) != len(s.Slots) {
		views = make([]ProjectView, len(s.Slots))
		if keep {
			l.shown = make([]string, len(s.Slots))
			l.filled = make([]bool, len(s.Slots))
		}
	}
	for i := range s.Slots {
		sl := &s.Slots[i]
		pv := &views[i]
		if keep {
			if l.filled[i] && l.shown[i] == sl.Card {
				switch {
				case sl.Card == "" && pv.Empty:
					continue
				case sl.Card != "" && !pv.Empty && len(pv.Desks) == len(sl.Desks):
					// The same card: only its marker and consultants
					// may have moved; no pointer is written.
					pv.Marker = sl.Marker
					for d, o := range sl.Desks {
						x := &pv.Desks[d]
						x.Owner, x.Consultant, x.Principal = o.Owner, o.Colour, o.Principal
					}
					continue
				}
			}
			l.filled[i], l.shown[i] = true, sl.Card
		}
		track, desks := pv.Track[:0], pv.Desks[:0]
		if !keep {
			track, desks = nil, nil
		}
		*pv = ProjectView{Slot: i, Empty: sl.Card == ""}
		if pv.Empty {
			if keep { // keep the memory for the next project in this slot
				pv.Track, pv.Desks = track[:0:cap(track)], desks
			}
			continue
		}
		c := s.cardRef(i)
		pv.ID, pv.Name, pv.Kind, pv.Marker = c.ID, c.Name, c.Kind, sl.Marker
		pv.Track = appendTrack(track, c.Kind)
		if keep && cap(desks) < len(sl.Desks) {
			desks = make([]DeskView, 0, len(sl.Desks))
		}
		for d, o := range sl.Desks {
			desks = append(desks, DeskView{Colour: c.Desks[d].Colour, PrincipalOnly: c.Desks[d].PrincipalOnly,
				Owner: o.Owner, Consultant: o.Colour, Principal: o.Principal})
		}
		pv.Desks = desks
	}
	return views
}

// appendTrack appends kind's scoring track to buf (nil for none, as Track).
// It reads the printed tracks: Track makes a new slice at every call.
func appendTrack(buf []int64, kind string) []int64 {
	if t := printedTrack(kind); t != nil {
		return append(buf, t...)
	}
	return buf
}

// eventCard is event card i of Events, looked up in a copy made once (as
// printed is): a view shows the round's event at every step.
func eventCard(i int) EventCard { return eventCards[i] }

var eventCards = Events()
