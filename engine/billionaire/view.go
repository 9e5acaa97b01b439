package billionaire

import "boardroom/engine"

// View is what one viewer may see (4.d). It holds no stack order, no
// other seat's selected cards and no other seat's drawn Work Items.
type View struct {
	Viewer    int            `json:"viewer"`
	Round     int            `json:"round"`
	MaxRounds int            `json:"max_rounds"`
	Phase     string         `json:"phase"`
	Zone      int            `json:"zone"`
	Current   int            `json:"current"` // seat whose visit it is; -1
	Debtor    int            `json:"debtor"`  // seat selling for upkeep; -1
	Order     []int          `json:"order"`
	Event     string         `json:"event,omitempty"`
	Blocked   int            `json:"blocked"` // continent; -1
	Locations []LocationView `json:"locations"`
	Players   []PlayerView   `json:"players"`
	Stacks    [2]int         `json:"stacks"`   // cards left
	Discards  [2]int         `json:"discards"` // cards in the discards (face down)
	// Drawn is the Select Work draw still to decide, for the drawer only;
	// DrawnCount is public.
	Drawn      []Item `json:"drawn,omitempty"`
	DrawnCount int    `json:"drawn_count"`
	EndReason  string `json:"end_reason,omitempty"`
}

// LocationView is a location of the map with its owner.
type LocationView struct {
	Location
	Owner  int `json:"owner"`  // seat; -1 free
	Bought int `json:"bought"` // round of purchase
}

// ContainerView is a Work Container with its item, if any.
type ContainerView struct {
	Item   *Item `json:"item,omitempty"`
	Rings  int64 `json:"rings"`
	Loc    int   `json:"loc"`
	Worked int   `json:"worked"`
}

// PaymentView is a product on the Product Payment List.
type PaymentView struct {
	Item    Item  `json:"item"`
	Left    int   `json:"left"`
	Payment int64 `json:"payment"`
}

// PlayerView is one seat as the viewer sees it.
type PlayerView struct {
	Seat       int             `json:"seat"`
	Capital    int64           `json:"capital"`
	Adjusted   int64           `json:"adjusted"` // R003-19, from public information
	Upkeep     int64           `json:"upkeep"`
	Labs       []Lab           `json:"labs"`
	Containers []ContainerView `json:"containers"`
	Queue      []Item          `json:"queue"`
	Finished   []Item          `json:"finished"`
	PPL        []PaymentView   `json:"ppl"`
	Used       []int           `json:"used"`
	Out        bool            `json:"out"`
	// Chosen says whether the seat has locked its selection. HandCount is
	// how many selected cards it has not played: for others, shown only
	// once everyone has chosen. Hand is the viewer's own cards only.
	Chosen    bool               `json:"chosen"`
	Limit     int                `json:"limit"`
	HandCount int                `json:"hand_count"`
	Hand      *[numCardTypes]int `json:"hand,omitempty"`
	Played    [numCardTypes]int  `json:"played"`
}

// View implements engine.Game.
func (g *Game) View(viewer int) engine.View {
	s := g.s
	v := View{Viewer: viewer, Round: s.Round, MaxRounds: s.MaxRounds, Phase: s.Phase, Zone: s.Zone, Current: s.current(),
		Debtor: s.Debtor, Order: append([]int(nil), s.Order...), Blocked: s.Blocked, EndReason: s.EndReason,
		DrawnCount: len(s.Drawn)}
	if s.Event >= 0 {
		v.Event, _ = event(s.Event)
	}
	for st := 0; st < 2; st++ {
		v.Stacks[st], v.Discards[st] = len(s.Stacks[st]), len(s.Discards[st])
	}
	if viewer >= 0 && viewer == s.current() {
		for _, id := range s.Drawn {
			v.Drawn = append(v.Drawn, item(id))
		}
	}
	for id := 0; id < NumLocations; id++ {
		lv := LocationView{Location: location(id), Owner: s.owner(id)}
		if lv.Owner >= 0 {
			l, _ := s.Players[lv.Owner].lab(id)
			lv.Bought = l.Bought
		}
		v.Locations = append(v.Locations, lv)
	}
	for i := range s.Players {
		p := &s.Players[i]
		pv := PlayerView{Seat: i, Capital: p.Capital, Adjusted: s.adjusted(i), Upkeep: upkeepOf(p),
			Labs: append([]Lab{}, p.Labs...), Used: append([]int{}, p.Used...), Out: p.Out,
			Chosen: p.Chosen, Limit: p.Limit, Played: p.Played, Queue: []Item{}, Finished: []Item{}, PPL: []PaymentView{},
			Containers: []ContainerView{}}
		if p.Out {
			pv.Adjusted = p.OutScore
		}
		if i == viewer || s.Phase != PhaseSelect {
			pv.HandCount = handSize(p)
		}
		if i == viewer {
			h := p.Hand
			pv.Hand = &h
		}
		for _, c := range p.Containers {
			cv := ContainerView{Rings: c.Rings, Loc: c.Loc, Worked: c.Worked}
			if c.Item >= 0 {
				it := item(c.Item)
				cv.Item = &it
			}
			pv.Containers = append(pv.Containers, cv)
		}
		for _, id := range p.Queue {
			pv.Queue = append(pv.Queue, item(id))
		}
		for _, id := range p.Finished {
			pv.Finished = append(pv.Finished, item(id))
		}
		for _, e := range p.PPL {
			pv.PPL = append(pv.PPL, PaymentView{Item: item(e.Item), Left: e.Left, Payment: e.Payment})
		}
		v.Players = append(v.Players, pv)
	}
	return v
}
