package billionaire

import "boardroom/engine"

// The action types. Legal lists every concrete legal action, so a screen
// can build its pickers from it: the Choose list is the card picker of the
// selection phase, the AcquireLab list the location picker, and so on.

// Choose is a seat's hidden selection of action cards for the round
// (R003-03 step 2): how many of each type, at most 1 + Labs in total and at
// most the copies of each type (G003-04). The zero value chooses nothing,
// which is also the default on timeout (4.d).
type Choose struct {
	Acquire int `json:"acquire"`
	Sell    int `json:"sell"`
	Select  int `json:"select"`
	Work    int `json:"work"`
	Stop    int `json:"stop"`
}

// Kind implements engine.Action.
func (Choose) Kind() string { return "choose" }

// Counts returns the selection as counts per card type.
func (c Choose) Counts() [numCardTypes]int {
	return [numCardTypes]int{c.Acquire, c.Sell, c.Select, c.Work, c.Stop}
}

func chooseOf(n [numCardTypes]int) Choose {
	return Choose{Acquire: n[CardAcquire], Sell: n[CardSell], Select: n[CardSelect], Work: n[CardWork], Stop: n[CardStop]}
}

// ForcedSell sells Lab (a location id) at 50% during upkeep because the
// seat cannot pay (R003-07, A003-13), losing Container (0-based index).
type ForcedSell struct {
	Lab       int `json:"lab"`
	Container int `json:"container"`
}

// Kind implements engine.Action.
func (ForcedSell) Kind() string { return "forced_sell" }

// AcquireLab buys the free location Loc of the active zone (R003-08).
type AcquireLab struct {
	Loc int `json:"loc"`
}

// Kind implements engine.Action.
func (AcquireLab) Kind() string { return "acquire_lab" }

// SellLab sells the seat's Lab at location Lab for 50% of its cost and
// loses the Work Container with index Container (R003-11).
type SellLab struct {
	Lab       int `json:"lab"`
	Container int `json:"container"`
}

// Kind implements engine.Action.
func (SellLab) Kind() string { return "sell_lab" }

// SelectWork draws one card from stack First and then one from stack
// Second (Small or Large), chosen before drawing (R003-12, A003-11).
type SelectWork struct {
	First  int `json:"first"`
	Second int `json:"second"`
}

// Kind implements engine.Action.
func (SelectWork) Kind() string { return "select_work" }

// Accept takes the next drawn Work Item (R003-12).
type Accept struct{}

// Kind implements engine.Action.
func (Accept) Kind() string { return "accept" }

// Decline discards the next drawn Work Item face down (R003-12).
type Decline struct{}

// Kind implements engine.Action.
func (Decline) Kind() string { return "decline" }

// DoWork works the item on Container (0-based) with the seat's Labs (location
// ids, ascending; one Do Work card each) of the active zone; the container
// goes onto Host, one of the largest of them (R003-14, R003-15, G003-08).
type DoWork struct {
	Container int   `json:"container"`
	Labs      []int `json:"labs"`
	Host      int   `json:"host"`
}

// Kind implements engine.Action.
func (DoWork) Kind() string { return "do_work" }

// StopWork removes Work Item Item from the seat's queue or containers and
// pays its cancellation fee (R003-17).
type StopWork struct {
	Item int `json:"item"`
}

// Kind implements engine.Action.
func (StopWork) Kind() string { return "stop_work" }

// EndZone ends the seat's visit to the active zone (A003-15).
type EndZone struct{}

// Kind implements engine.Action.
func (EndZone) Kind() string { return "end_zone" }

// Resign leaves the game (4.e.3).
type Resign struct{}

// Kind implements engine.Action.
func (Resign) Kind() string { return "resign" }

func codec() engine.Codec {
	return engine.Codec{
		"choose": Choose{}, "forced_sell": ForcedSell{}, "acquire_lab": AcquireLab{}, "sell_lab": SellLab{},
		"select_work": SelectWork{}, "accept": Accept{}, "decline": Decline{}, "do_work": DoWork{},
		"stop_work": StopWork{}, "end_zone": EndZone{}, "resign": Resign{},
	}
}
