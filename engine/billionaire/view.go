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
	Rolls     []Roll         `json:"rolls,omitempty"` // this round's dice for the first player (G003-06)
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
	Score      Score           `json:"score"`    // what makes Adjusted up
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

// View implements engine.Game: a snapshot the caller may keep.
func (g *Game) View(viewer int) engine.View {
	var v View
	g.fillView(&v, viewer, nil)
	return v
}

// lentView is one viewer's lent view and the memory it reuses.
type lentView struct {
	v     View
	hand  [numCardTypes]int
	order []int
	drawn []Item
	rolls []Roll
	items [][]Item // by seat: the items of its containers (Game.common)
	seen  []uint64 // by seat: the version (Game.pver) its PlayerView shows; 0 none
	labs  uint64   // Game.lver+1 of the owners shown; 0 none
}

// touch moves seat's version on: what Apply changes of a seat (its capital,
// Labs, containers, lists, cards) goes through touch, so that a lent view
// rewrites only the seats whose version moved (a view rewrote every seat's
// lists and score at every step: a third of a bot-only game).
func (g *Game) touch(seat int) {
	if seat >= 0 && seat < len(g.pver) {
		g.pver[seat]++
	}
}

// touchAll moves every seat's version on (a round's start and end, a
// resignation).
func (g *Game) touchAll() {
	for i := range g.pver {
		g.pver[i]++
	}
}

// PeekView implements engine.ViewPeeker: what View(viewer) holds, in the
// game's own memory, rewritten on the next call (valid until the next
// Apply). It is a *View; bots take either form.
func (g *Game) PeekView(viewer int) engine.View {
	n := len(g.s.Players)
	if viewer < engine.Spectator || viewer >= n {
		return g.View(viewer)
	}
	if g.lent == nil {
		g.lent = make([]lentView, n+1)
		g.pver = make([]uint64, n)
		g.touchAll() // versions start at 1: a lent view has seen none
	}
	l := &g.lent[viewer+1]
	g.fillView(&l.v, viewer, l)
	return &l.v
}

// SetQuiet implements engine.Quieter: events keep their kinds, recipients
// and money changes, but no sentence is written.
func (g *Game) SetQuiet(on bool) { g.quiet.Set(on) }

// fillView writes viewer's view into v. A snapshot (l nil) gets memory of
// its own; a lent view (l set) reuses the slices v already holds and l's
// buffers. Both hold the same, down to empty lists being [] and not null.
func (g *Game) fillView(v *View, viewer int, l *lentView) {
	s := g.s
	v.Viewer, v.Round, v.MaxRounds, v.Phase, v.Zone = viewer, s.Round, s.MaxRounds, s.Phase, s.Zone
	v.Current, v.Debtor, v.Blocked, v.EndReason, v.DrawnCount = s.current(), s.Debtor, s.Blocked, s.EndReason, len(s.Drawn)
	v.Order = nil // null in JSON when empty, as a snapshot's
	if len(s.Order) > 0 {
		var buf []int
		if l != nil {
			buf = l.order[:0]
		}
		v.Order = append(buf, s.Order...)
		if l != nil {
			l.order = v.Order
		}
	}
	v.Rolls = nil
	if len(s.Rolls) > 0 {
		var buf []Roll
		if l != nil {
			buf = l.rolls[:0]
		}
		v.Rolls = append(buf, s.Rolls...)
		if l != nil {
			l.rolls = v.Rolls
		}
	}
	v.Event = ""
	if s.Event >= 0 {
		v.Event, _ = event(s.Event)
	}
	for st := 0; st < 2; st++ {
		v.Stacks[st], v.Discards[st] = len(s.Stacks[st]), len(s.Discards[st])
	}
	v.Drawn = nil
	if viewer >= 0 && viewer == s.current() && len(s.Drawn) > 0 {
		var buf []Item
		if l != nil {
			buf = l.drawn[:0]
		}
		for _, id := range s.Drawn {
			buf = append(buf, item(id))
		}
		v.Drawn = buf
		if l != nil {
			l.drawn = buf
		}
	}
	// The printed data of a lent view's locations is written once: only
	// their owners change.
	printed := l != nil && len(v.Locations) == NumLocations
	if printed && l.labs == g.lver+1 {
		// No Lab was bought or sold since: the owners stand.
	} else {
		g.fillOwners(v, printed)
		if l != nil {
			l.labs = g.lver + 1
		}
	}
	if len(v.Players) != len(s.Players) || l == nil {
		v.Players = make([]PlayerView, len(s.Players))
	}
	if l != nil {
		g.lendPlayers(v, viewer, l)
		return
	}
	for i := range s.Players {
		g.fillPlayer(&v.Players[i], i, viewer, nil, nil)
	}
}

// fillOwners writes the locations and their owners into v; printed: the
// locations' printed data is there already.
func (g *Game) fillOwners(v *View, printed bool) {
	s := g.s
	if len(v.Locations) != NumLocations {
		v.Locations = make([]LocationView, NumLocations)
	}
	for id := range v.Locations {
		lv := &v.Locations[id]
		if !printed {
			lv.Location = location(id)
		}
		lv.Owner, lv.Bought = -1, 0
	}
	for i := range s.Players {
		for _, lab := range s.Players[i].Labs {
			if lab.Loc >= 0 && lab.Loc < NumLocations && v.Locations[lab.Loc].Owner < 0 {
				v.Locations[lab.Loc].Owner, v.Locations[lab.Loc].Bought = i, lab.Bought
			}
		}
	}
}

// lendPlayers writes the seats into a lent view. What a viewer sees of a
// seat is the same for every viewer but its cards (HandCount, Hand): the
// seats are written once into the game's common lent players, each only
// when its version moved since (a view rewrote every seat's lists and
// score at every step: a third of a bot-only game), and a lent view takes
// them over (sharing their lists) with the viewer's cards.
func (g *Game) lendPlayers(v *View, viewer int, l *lentView) {
	s := g.s
	c := &g.common
	if len(c.v.Players) != len(s.Players) {
		c.v.Players = make([]PlayerView, len(s.Players))
		c.items = make([][]Item, len(s.Players))
		c.seen = make([]uint64, len(s.Players))
	}
	if len(l.seen) != len(s.Players) {
		l.seen = make([]uint64, len(s.Players))
	}
	for i := range s.Players {
		if c.seen[i] != g.pver[i] {
			c.items[i] = g.fillPlayer(&c.v.Players[i], i, -1, c, c.items[i][:0])
			c.seen[i] = g.pver[i]
		}
		if l.seen[i] != c.seen[i] { // taken over once per version
			v.Players[i] = c.v.Players[i]
			l.seen[i] = c.seen[i]
		}
		g.fillSeen(&v.Players[i], i, viewer, l)
	}
}

// fillSeen writes what a lent PlayerView holds of the viewer and the
// phase: how many cards the seat holds and, for the viewer, which.
func (g *Game) fillSeen(pv *PlayerView, i, viewer int, l *lentView) {
	s := g.s
	p := &s.Players[i]
	pv.HandCount = 0
	if i == viewer || s.Phase != PhaseSelect {
		pv.HandCount = handSize(p)
	}
	pv.Hand = nil
	if i == viewer {
		l.hand = p.Hand
		pv.Hand = &l.hand
	}
}

// fillPlayer writes seat i as viewer sees it into pv (see fillView).
// items is the lent buffer for the items of its containers; fillPlayer
// returns it, grown if it had to.
func (g *Game) fillPlayer(pv *PlayerView, i, viewer int, l *lentView, items []Item) []Item {
	s := g.s
	p := &s.Players[i]
	keep := l != nil
	pv.Seat, pv.Capital, pv.Score, pv.Upkeep = i, p.Capital, s.score(i), s.upkeepOf(p)
	pv.Out, pv.Chosen, pv.Limit, pv.Played = p.Out, p.Chosen, p.Limit, p.Played
	if p.Out {
		pv.Score = Score{Capital: p.Capital, Adjusted: p.OutScore}
		if p.OutDetail != nil {
			pv.Score = *p.OutDetail
		}
	}
	pv.Adjusted = pv.Score.Adjusted
	pv.HandCount = 0
	if i == viewer || s.Phase != PhaseSelect {
		pv.HandCount = handSize(p)
	}
	pv.Hand = nil
	if i == viewer {
		if keep {
			l.hand = p.Hand
			pv.Hand = &l.hand
		} else {
			h := p.Hand
			pv.Hand = &h
		}
	}
	pv.Labs = append(reuse(pv.Labs, keep), p.Labs...)
	pv.Used = append(reuse(pv.Used, keep), p.Used...)
	// A lent view's containers that already show what the seat's hold are
	// left as they are (their items stay in the lent buffer, which is
	// handed back untouched).
	if keep && sameContainers(pv.Containers, p.Containers) {
		return g.fillLists(pv, p, keep, items)
	}
	// The containers' items first, so that their pointers stay put.
	if !keep {
		items = make([]Item, 0, len(p.Containers))
	} else if cap(items) < len(p.Containers) {
		items = make([]Item, 0, max(len(p.Containers), MaxLabs))
	}
	pv.Containers = reuse(pv.Containers, keep)
	for _, c := range p.Containers {
		cv := ContainerView{Rings: c.Rings, Loc: c.Loc, Worked: c.Worked}
		if c.Item >= 0 {
			items = append(items, item(c.Item))
			cv.Item = &items[len(items)-1]
		}
		pv.Containers = append(pv.Containers, cv)
	}
	return g.fillLists(pv, p, keep, items)
}

// fillLists writes the seat's queue, finished items and Product Payment
// List into pv (see fillPlayer) and returns items.
func (g *Game) fillLists(pv *PlayerView, p *Player, keep bool, items []Item) []Item {
	// A lent view's lists that already show the same cards are left as
	// they are: a card's data never changes, and copying it is most of a
	// view's cost.
	if !keep || !sameItems(pv.Queue, p.Queue) {
		pv.Queue = reuse(pv.Queue, keep)
		for _, id := range p.Queue {
			pv.Queue = append(pv.Queue, item(id))
		}
	}
	if !keep || !sameItems(pv.Finished, p.Finished) {
		pv.Finished = reuse(pv.Finished, keep)
		for _, id := range p.Finished {
			pv.Finished = append(pv.Finished, item(id))
		}
	}
	if !keep || !samePayments(pv.PPL, p.PPL) {
		pv.PPL = reuse(pv.PPL, keep)
		for _, e := range p.PPL {
			pv.PPL = append(pv.PPL, PaymentView{Item: item(e.Item), Left: e.Left, Payment: e.Payment})
		}
	}
	return items
}

// sameContainers reports whether a lent list of containers (not nil:
// filled before) shows exactly the containers cs: a card's data never
// changes, so the same card id shows the same item.
func sameContainers(shown []ContainerView, cs []Container) bool {
	if shown == nil || len(shown) != len(cs) {
		return false
	}
	for k, c := range cs {
		sh := &shown[k]
		if sh.Rings != c.Rings || sh.Loc != c.Loc || sh.Worked != c.Worked {
			return false
		}
		if c.Item < 0 && sh.Item != nil || c.Item >= 0 && (sh.Item == nil || sh.Item.ID != c.Item) {
			return false
		}
	}
	return true
}

// sameItems reports whether a lent list (not nil: filled before) shows
// exactly the cards ids.
func sameItems(shown []Item, ids []int) bool {
	if shown == nil || len(shown) != len(ids) {
		return false
	}
	for k, id := range ids {
		if shown[k].ID != id {
			return false
		}
	}
	return true
}

// samePayments is sameItems for a Product Payment List.
func samePayments(shown []PaymentView, ppl []Payment) bool {
	if shown == nil || len(shown) != len(ppl) {
		return false
	}
	for k, e := range ppl {
		if shown[k].Item.ID != e.Item || shown[k].Left != e.Left || shown[k].Payment != e.Payment {
			return false
		}
	}
	return true
}

// reuse returns buf emptied when keep is set and buf has memory, and a new
// empty (not nil) slice otherwise: a view's lists are [] in JSON.
func reuse[T any](buf []T, keep bool) []T {
	if keep && buf != nil {
		return buf[:0]
	}
	return []T{}
}
