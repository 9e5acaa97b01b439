package allinthegame

import "boardroom/engine"

// Legal lists every Assign and Move of the seat whose turn it is, dozens
// per action, and a Train, Promote and Recruit per hand card; boxing each
// into an engine.Action cost an allocation. The boxes of every such action a table can hold are made once at
// start-up and only read afterwards: an action is a value, so one box
// serves every game. A candidate outside the tables is boxed as before.

// boxSlots and boxDesks bound the projects and desks the tables cover
// (a table has at most 7 slots; a project at most 6 desks).
const (
	boxSlots = 8
	boxDesks = maxDesks
)

var assignBoxes = func() (t [NumColours][2][boxSlots][boxDesks]engine.Action) {
	for c := range t {
		for r := range t[c] {
			for i := range t[c][r] {
				for d := range t[c][r][i] {
					t[c][r][i][d] = Assign{Colour: c, Principal: r == principal, Project: i, Desk: d}
				}
			}
		}
	}
	return t
}()

var moveBoxes = func() (t [boxSlots][boxDesks][boxSlots][boxDesks]engine.Action) {
	for fi := range t {
		for fd := range t[fi] {
			for i := range t[fi][fd] {
				for d := range t[fi][fd][i] {
					t[fi][fd][i][d] = Move{FromProject: fi, FromDesk: fd, Project: i, Desk: d}
				}
			}
		}
	}
	return t
}()

// boxAssign is a as an engine.Action, from assignBoxes when it is there.
func boxAssign(a Assign) engine.Action {
	if a.Colour >= 0 && a.Colour < NumColours && a.Project >= 0 && a.Project < boxSlots && a.Desk >= 0 && a.Desk < boxDesks {
		return assignBoxes[a.Colour][rank(a.Principal)][a.Project][a.Desk]
	}
	return a
}

// boxMove is m as an engine.Action, from moveBoxes when it is there.
func boxMove(m Move) engine.Action {
	if m.FromProject >= 0 && m.FromProject < boxSlots && m.FromDesk >= 0 && m.FromDesk < boxDesks &&
		m.Project >= 0 && m.Project < boxSlots && m.Desk >= 0 && m.Desk < boxDesks {
		return moveBoxes[m.FromProject][m.FromDesk][m.Project][m.Desk]
	}
	return m
}

// cardBoxes are the boxed Train, Promote and Recruit of every hand card.
var cardBoxes = func() (t [3][NumColours][2]engine.Action) {
	for c := 0; c < NumColours; c++ {
		for r := 0; r < 2; r++ {
			t[0][c][r] = Train{Colour: c, Principal: r == principal}
			t[1][c][r] = Promote{Colour: c, Principal: r == principal}
			t[2][c][r] = Recruit{Colour: c, Principal: r == principal}
		}
	}
	return t
}()

// boxCard is the boxed Train (kind 0), Promote (1) or Recruit (2) of the
// hand card (colour, isPrincipal).
func boxCard(kind, colour int, isPrincipal bool) engine.Action {
	if colour >= 0 && colour < NumColours {
		return cardBoxes[kind][colour][rank(isPrincipal)]
	}
	switch kind {
	case 0:
		return Train{Colour: colour, Principal: isPrincipal}
	case 1:
		return Promote{Colour: colour, Principal: isPrincipal}
	}
	return Recruit{Colour: colour, Principal: isPrincipal}
}
