package opoly

import "boardroom/engine"

// blockedBot is the bot whose Advice.Blocked BlockedBoth asks, kept from
// game to game.
var blockedBot = newBot(0, 0)

// BlockedBoth is, for each seat of game g, its blocked properties as
// Advice.Blocked tells them on the seat's own view, and as a walk over the
// cells finds them (the seat's only unmortgaged property in a group where
// another seat holds one); then, for a copy of the view whose board has
// all its properties in one group, whether Blocked told anything (1) or
// not (0) against 0: the sets the game publishes are of its own board's
// groups, and a view of another board must walk. ok false for a game that
// is not a *Game, or a seat's own view that Blocked does not tell.
func BlockedBoth(g engine.Game) (told, walked []uint64, ok bool) {
	gm, isGame := g.(*Game)
	if !isGame {
		return nil, nil, false
	}
	for seat := range gm.s.Players {
		own := gm.ownView(seat)
		set, ok := Advice{blockedBot}.Blocked(own, seat)
		if !ok {
			return nil, nil, false
		}
		told = append(told, set)
		walked = append(walked, blockedWalk(own, seat))
		merged := *own
		merged.Board = mergedBoard(own.Board)
		_, ok = Advice{blockedBot}.Blocked(&merged, seat)
		told = append(told, uint64(b2i(ok)))
		walked = append(walked, 0)
	}
	return told, walked, true
}

// merged are boards of one group of all the properties of a board.
var merged = map[*Board]*Board{}

// mergedBoard is board with its properties in one group (the others in
// none), made once.
func mergedBoard(board *Board) *Board {
	if m := merged[board]; m != nil {
		return m
	}
	m := &Board{Cells: append([]Cell(nil), board.Cells...), Groups: []Group{{Kind: KindStreet}}}
	for c := range m.Cells {
		m.Cells[c].Group = -1
		if m.Cells[c].Kind.Property() {
			m.Cells[c].Group = 0
			m.Groups[0].Cells = append(m.Groups[0].Cells, c)
		}
	}
	merged[board] = m
	return m
}

// blockedWalk is seat's blocked properties in v by a walk over the cells.
func blockedWalk(v *View, seat int) uint64 {
	var walk uint64
	for c := range v.Cells {
		if v.Cells[c].Owner != seat || v.Cells[c].Mortgaged {
			continue
		}
		mine, rival := 0, false
		for _, o := range v.Board.Groups[v.Board.Cells[c].Group].Cells {
			switch w := v.Cells[o].Owner; {
			case w == seat:
				mine++
			case w != Bank:
				rival = true
			}
		}
		if mine == 1 && rival {
			walk |= 1 << uint(c)
		}
	}
	return walk
}

// WholeBoth is, for each seat of game g, the street groups it owns whole
// as Advice.WholeStreets reads them on its own view, and as a walk over
// the groups finds them (View.OwnsGroup); ok false for a game that is not
// a *Game.
func WholeBoth(g engine.Game) (read, walked []uint64, ok bool) {
	gm, isGame := g.(*Game)
	if !isGame {
		return nil, nil, false
	}
	for seat := range gm.s.Players {
		v := gm.ownView(seat)
		read = append(read, Advice{blockedBot}.WholeStreets(v, seat))
		var walk uint64
		for gi := range v.Board.Groups {
			if v.Board.Groups[gi].Kind == KindStreet && v.OwnsGroup(seat, gi) {
				walk |= 1 << uint(gi)
			}
		}
		walked = append(walked, walk)
	}
	return read, walked, true
}
