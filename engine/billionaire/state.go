package billionaire

import (
	"boardroom/engine"
	"boardroom/engine/rng"
)

// Phases (Prompt.Phase).
const (
	PhaseUpkeep = "upkeep" // a seat that cannot pay upkeep sells a Lab
	PhaseSelect = "select" // simultaneous hidden choice of action cards
	PhaseZone   = "zone"   // a seat's visit to the active time zone
	PhaseDecide = "decide" // accept or decline the drawn Work Items
	PhaseOver   = "over"
)

// Lab is a Lab Indicator on a location.
type Lab struct {
	Loc    int `json:"loc"`
	Bought int `json:"bought"` // round of purchase (R003-08: works from the next round)
}

// Container is a Work Container (G003-10).
type Container struct {
	Item   int   `json:"item"` // -1: empty
	Rings  int64 `json:"rings"`
	Loc    int   `json:"loc"`    // OffMap or a location id of an own Lab
	Worked int   `json:"worked"` // bit z set: worked in zone z this round (A003-08)
}

// Payment is a product on the Product Payment List (A003-05).
type Payment struct {
	Item    int   `json:"item"`
	Left    int   `json:"left"` // payments still to come (the box it is on)
	Payment int64 `json:"payment"`
}

// Ledger sums a seat's money flows by reason, for the money invariant.
type Ledger struct {
	Upkeep   int64 `json:"upkeep"`
	LabsBuy  int64 `json:"labs_buy"`
	LabsSale int64 `json:"labs_sale"`
	Fees     int64 `json:"fees"`
	Projects int64 `json:"projects"`
	Products int64 `json:"products"`
}

// Player is one seat's company.
type Player struct {
	Capital    int64             `json:"capital"`
	Labs       []Lab             `json:"labs"`
	Containers []Container       `json:"containers"`
	Queue      []int             `json:"queue"`
	Finished   []int             `json:"finished"` // projects finished this round
	PPL        []Payment         `json:"ppl"`
	Chosen     bool              `json:"chosen"`
	Limit      int               `json:"limit"`  // cards allowed this round (1 + Labs at selection)
	Hand       [numCardTypes]int `json:"hand"`   // selected cards not yet played
	Played     [numCardTypes]int `json:"played"` // selected cards played this round
	Used       []int             `json:"used"`   // Labs that worked this round
	Out        bool              `json:"out"`
	UpkeepPaid bool              `json:"upkeep_paid"`
	OutScore   int64             `json:"out_score"`
	OutDetail  *Score            `json:"out_detail,omitempty"` // what made OutScore up
	Ledger     Ledger            `json:"ledger"`
}

// Roll is one throw of the die that decides the first player (G003-06).
type Roll struct {
	Seat int `json:"seat"`
	Die  int `json:"die"`
}

// state is the whole game; it is what Snapshot encodes.
type state struct {
	Setup      engine.Setup `json:"setup"`
	MaxRounds  int          `json:"max_rounds"`
	ByCapital  bool         `json:"by_capital,omitempty"` // option order=capital (G003-11)
	Players    []Player     `json:"players"`
	Stacks     [2][]int     `json:"stacks"`
	Discards   [2][]int     `json:"discards"`
	Round      int          `json:"round"`
	Phase      string       `json:"phase"`
	Order      []int        `json:"order"` // turn order of the round (R003-05)
	FirstOrder []int        `json:"first_order"`
	Turn       int          `json:"turn"` // index into Order during zone phases
	Zone       int          `json:"zone"`
	Event      int          `json:"event"`    // -1 before it is drawn
	Blocked    int          `json:"blocked"`  // continent; -1 none
	Drawn      []int        `json:"drawn"`    // Select Work cards awaiting accept/decline
	Debtor     int          `json:"debtor"`   // seat in upkeep; -1 none
	Snapshot   []int64      `json:"snapshot"` // capital before the round (A003-04)
	EndReason  string       `json:"end_reason,omitempty"`
	Resigned   []int        `json:"resigned"` // resignation order
	// Rolls are this round's dice for the lowest capital (G003-06): every
	// throw in order, re-rolls after the first throw.
	Rolls []Roll `json:"rolls,omitempty"`
	// Pending are the events New made (round 1's dice and turn order,
	// G003-11): New returns no events, so the first Apply returns them
	// before its own, and the log has round 1 like any other round.
	Pending []engine.Event `json:"pending,omitempty"`
	RNG     *rng.PCG       `json:"rng"`
}
