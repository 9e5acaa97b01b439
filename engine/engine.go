// Package engine is the contract every boardroom game implements, plus the
// pieces shared by all games: the registry, action encoding, replay of an
// action log, and rule errors. It and every package below it import the
// standard library only: no I/O, no goroutines, no wall clock, no global
// random source and no logging (see DESIGN.md; engine/deps_test.go checks it).
//
// Games may offer fast paths for callers that play many games and read
// little of them (peek.go): a lent view valid until the next Apply
// (PeekView), a quiet mode without event sentences (SetQuiet), and a
// finished game renewed as a new one in its own memory (Renew). The
// simulator and bots choosing at once use them; anything that keeps what
// it got (the lobby, renderers) uses View and plain games.
package engine

// Spectator is the viewer index of someone who holds no seat.
const Spectator = -1

// Table is the seat index the platform uses for table-level actions (a
// time limit lapsing); games that have none refuse it. Such actions are
// logged and replayed with this seat like any other.
const Table = -2

// Setup is everything needed to create a game: the number of seats, the
// validated options and the seed of the game's own random source.
type Setup struct {
	Seats   int               `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
}

// Option returns the setup's value for key, or def if it is unset.
func (s Setup) Option(key, def string) string {
	if v, ok := s.Options[key]; ok && v != "" {
		return v
	}
	return def
}

// OptionSpec describes one game option a table host may set. Choices is the
// closed list of values; Default is one of them.
type OptionSpec struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Help    string   `json:"help,omitempty"`
	Choices []string `json:"choices"`
	// Labels are the choices as players read them (rules C-14): "last
	// player standing" for "lastStanding", "90 minutes" for "minutes:90".
	// A choice without a label reads as itself ("on", "off"). The command
	// line still takes the choices themselves.
	Labels  map[string]string `json:"labels,omitempty"`
	Default string            `json:"default"`
	// Public, when set, is the choice a table in the public lobby starts
	// with instead of Default: a round or time limit that fits an evening,
	// where the rules' default (play to the last one standing) may not.
	// The host can still change it; private lobbies keep Default.
	Public string `json:"public,omitempty"`
}

// Info describes a game. Guide is its how-to-play reference (see Guide for
// the sections it must have and its tiny markup: blank-line paragraphs,
// "- " bullets, two-space verbatim lines); every game fills it and the
// conformance suite checks it. Info values are shared: treat Guide as
// read-only.
type Info struct {
	ID           string `json:"id"`
	Title        string `json:"title"`
	MinSeats     int    `json:"min_seats"`
	MaxSeats     int    `json:"max_seats"`
	Summary      string `json:"summary"` // one paragraph for the lobby
	RulesVersion string `json:"rules_version"`
	// Currency, CurrencySuffix and Thousands say how the game writes money
	// (FormatMoney); a game whose scores are points has no Currency.
	Currency       string       `json:"currency,omitempty"`        // "$", "£", "€", "M€"
	CurrencySuffix bool         `json:"currency_suffix,omitempty"` // 2.000€ rather than $2,000
	Thousands      string       `json:"thousands,omitempty"`       // the thousands separator: ",", "." or none
	Options        []OptionSpec `json:"options,omitempty"`
	Guide          Guide        `json:"guide,omitempty"`
	// StatusWords renames a seat status (StatusResigned, ...) in this
	// game's words where they differ: a Technopoly player who resigns
	// terminates the game, so their seat reads "terminated".
	StatusWords map[string]string `json:"status_words,omitempty"`
	// Phrases are the game's words for the platform's own sentences about
	// a seat and its timers (rules C-14): the hand-over question, what an
	// absent seat does, the turn timer.
	Phrases Phrases `json:"phrases,omitempty"`
}

// StatusText is how this game writes a seat status in results.
func (in Info) StatusText(status string) string {
	if w, ok := in.StatusWords[status]; ok {
		return w
	}
	return status
}

// Action is one move of a seat. Each game has a closed set of small action
// structs; Kind is the stable name used in JSON and in the action log.
type Action interface {
	Kind() string
}

// Param describes the free integer of a parameterised action (a bid, a count).
type Param struct {
	Name string `json:"name"`
	Min  int64  `json:"min"`
	Max  int64  `json:"max"`
	Step int64  `json:"step,omitempty"` // 0 means 1
}

// Template is a legal action with one free integer parameter. With returns
// the concrete action for a value inside the bounds of Param.
type Template interface {
	Action
	Param() Param
	With(v int64) Action
}

// Wait names a seat the game is waiting on and the action to apply for it
// when its turn timer lapses or it has left the table.
type Wait struct {
	Seat    int    `json:"seat"`
	Default Action `json:"-"`
}

// Decision kinds of a prompt (rules C-7): the platform picks the length of
// a turn timer by kind without knowing a game's phase names.
const (
	// DecisionOrdinary is any decision not named below (the zero value).
	DecisionOrdinary = ""
	// DecisionBid is a sealed bid. A Simultaneous prompt with no kind set
	// counts as one.
	DecisionBid = "bid"
	// DecisionAnswer is answering a trade or takeover proposal.
	DecisionAnswer = "answer"
	// DecisionSelection is a simultaneous selection phase (003's cards).
	DecisionSelection = "selection"
)

// Prompt says whom the game waits on now.
type Prompt struct {
	Waiting      []Wait `json:"waiting"`
	Simultaneous bool   `json:"simultaneous"` // sealed bids, hidden selections, answers
	Phase        string `json:"phase"`        // short label: "roll", "auction", "debt"
	// Decision is the kind of decision awaited, one of the Decision
	// constants; empty for an ordinary one (see DecisionKind).
	Decision string `json:"decision,omitempty"`
}

// DecisionKind is the prompt's kind of decision: Decision when set, else
// DecisionBid for a simultaneous prompt and DecisionOrdinary otherwise.
func (p Prompt) DecisionKind() string {
	if p.Decision == DecisionOrdinary && p.Simultaneous {
		return DecisionBid
	}
	return p.Decision
}

// Awaits reports whether seat is among the seats the prompt waits on.
func (p Prompt) Awaits(seat int) bool {
	for _, w := range p.Waiting {
		if w.Seat == seat {
			return true
		}
	}
	return false
}

// MoneyChange is one change of a seat's money with its reason.
type MoneyChange struct {
	Seat    int    `json:"seat"`
	Delta   int64  `json:"delta"`
	Balance int64  `json:"balance"`
	Reason  string `json:"reason"`
}

// Event is something that happened, told as a sentence. An event may be
// private: only the seats in To see Text; everyone else sees Redacted.
// The engine does not know players' names: sentences name seats as "Seat N"
// (1-based), and the platform puts each seat's display name in its place.
type Event struct {
	Kind     string        `json:"kind"`
	Text     string        `json:"text"`
	To       []int         `json:"to,omitempty"`       // nil: public
	Redacted string        `json:"redacted,omitempty"` // what others see of a private event
	Money    []MoneyChange `json:"money,omitempty"`
}

// TextFor returns the sentence viewer may read, or "" if it sees nothing.
func (e Event) TextFor(viewer int) string {
	if e.To == nil {
		return e.Text
	}
	for _, s := range e.To {
		if s == viewer {
			return e.Text
		}
	}
	return e.Redacted
}

// Seat statuses used in outcomes and results.
const (
	StatusPlaying   = "playing"
	StatusFinished  = "finished"
	StatusBankrupt  = "bankrupt"
	StatusResigned  = "resigned"
	StatusAbandoned = "abandoned"
)

// SeatResult is one seat's standing in an outcome.
type SeatResult struct {
	Seat      int    `json:"seat"`
	Placement int    `json:"placement"` // 1 = best; ties share the better placement
	Score     int64  `json:"score"`
	Status    string `json:"status"`
}

// Outcome is how the game stands: finished or not, and the placings.
type Outcome struct {
	Finished bool         `json:"finished"`
	Reason   string       `json:"reason,omitempty"`
	Results  []SeatResult `json:"results,omitempty"` // one per seat, in seat order
}

// Won reports whether seat placed first (alone or tied).
func (o Outcome) Won(seat int) bool {
	for _, r := range o.Results {
		if r.Seat == seat {
			return r.Placement == 1
		}
	}
	return false
}

// View is what one viewer may see. Each game has its own view type, which
// cannot hold what that viewer may not know. Renderers type-assert it.
type View any

// Game is one running game. Methods never panic on input; Apply validates
// first and leaves the state untouched when it returns an error.
type Game interface {
	Setup() Setup
	Prompt() Prompt
	Legal(seat int) []Action
	Apply(seat int, a Action) ([]Event, error)
	View(viewer int) View
	Outcome() Outcome
	// Round is the number of the round in progress (1-based, per C-11).
	Round() int
	// Snapshot encodes the whole state as JSON; Definition.Restore reads it.
	Snapshot() ([]byte, error)
}

// Bot chooses an action for its seat from its own view and legal actions
// only. It may keep private state between calls.
type Bot interface {
	Choose(view View, legal []Action) Action
}

// Definition is what a game package provides to the registry.
type Definition interface {
	Info() Info
	// ValidateOptions returns the complete option set (defaults filled in)
	// or a *RuleError naming the bad option.
	ValidateOptions(seats int, opts map[string]string) (map[string]string, error)
	New(setup Setup) (Game, error)
	Restore(snapshot []byte) (Game, error)
	DecodeAction(data []byte) (Action, error)
	NewBot(seat int, seed uint64) Bot
}

// TimeLimited is implemented by games whose options may set a wall-clock
// limit, which the engine cannot measure. TimeLimit returns the limit in
// minutes from the game's start and the action the platform applies as
// seat Table once it lapses; 0 and nil when the game has no limit, or its
// action has been applied already.
type TimeLimited interface {
	TimeLimit() (minutes int, action Action)
}

// TurnOrdered is implemented by games whose first turn order is not simply
// seat order (a shuffled or thrown-for order). TurnOrder returns the seats
// in the order they played the first round: index 0 is the first player.
// The simulator counts wins by this position to measure first-player
// advantage; a game that does not implement it plays in seat order.
type TurnOrdered interface {
	TurnOrder() []int
}

// RoundCapped is implemented by games that end a stalled game at a hard
// round cap (a game played to the last one standing that stopped making
// progress). StoppedAtCap reports whether the game ended there; the
// simulator counts such games as capped.
type RoundCapped interface {
	StoppedAtCap() bool
}

// Checker is implemented by games that can verify their own invariants
// (money conserved against the bank's recorded flows, no negative cash
// outside a debt state, ...). The simulator and fuzz tests call it after
// every step; an error is a bug in the game.
type Checker interface {
	CheckInvariants() error
}
