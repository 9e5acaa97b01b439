package allinthegame

import "boardroom/engine"

// ChooseStart names the start player of the round (R002-05 vii). Seat is
// 0-based.
type ChooseStart struct {
	Seat int `json:"seat"`
}

// ReturnSenior gives back one Senior of Colour to the Senior deck (E4).
type ReturnSenior struct {
	Colour int `json:"colour"`
}

// Assign places a consultant of the hand (Colour, Principal) at Desk of
// the project in slot Project (R002-09).
type Assign struct {
	Colour    int  `json:"colour"`
	Principal bool `json:"principal"`
	Project   int  `json:"project"`
	Desk      int  `json:"desk"`
}

// Move takes the seat's consultant at FromDesk of slot FromProject to Desk
// of another slot Project (R002-10).
type Move struct {
	FromProject int `json:"from_project"`
	FromDesk    int `json:"from_desk"`
	Project     int `json:"project"`
	Desk        int `json:"desk"`
}

// Train returns the hand card (Colour, Principal) to its deck and pays; a
// TakeSenior follows (R002-11).
type Train struct {
	Colour    int  `json:"colour"`
	Principal bool `json:"principal"`
}

// Promote returns the hand card (Colour, Principal), pays and takes a
// Principal of the same colour, all in the open (R002-12).
type Promote struct {
	Colour    int  `json:"colour"`
	Principal bool `json:"principal"`
}

// Recruit returns the hand card (Colour, Principal) and pays; a
// TakePrincipal follows (R002-13).
type Recruit struct {
	Colour    int  `json:"colour"`
	Principal bool `json:"principal"`
}

// TakeSenior is the secret pick from the Senior deck after Train.
type TakeSenior struct {
	Colour int `json:"colour"`
}

// TakePrincipal is the secret pick from the Principal deck after Recruit.
type TakePrincipal struct {
	Colour int `json:"colour"`
}

// Pass ends the seat's actions for the round (R002-14).
type Pass struct{}

// Resign leaves the game (3.e); offered on the seat's own work turn.
type Resign struct{}

// Kind implements engine.Action.
func (ChooseStart) Kind() string   { return "choose_start" }
func (ReturnSenior) Kind() string  { return "return_senior" }
func (Assign) Kind() string        { return "assign" }
func (Move) Kind() string          { return "move" }
func (Train) Kind() string         { return "train" }
func (Promote) Kind() string       { return "promote" }
func (Recruit) Kind() string       { return "recruit" }
func (TakeSenior) Kind() string    { return "take_senior" }
func (TakePrincipal) Kind() string { return "take_principal" }
func (Pass) Kind() string          { return "pass" }
func (Resign) Kind() string        { return "resign" }

var codec = engine.Codec{
	"choose_start": ChooseStart{}, "return_senior": ReturnSenior{}, "assign": Assign{}, "move": Move{},
	"train": Train{}, "promote": Promote{}, "recruit": Recruit{}, "take_senior": TakeSenior{},
	"take_principal": TakePrincipal{}, "pass": Pass{}, "resign": Resign{},
}
