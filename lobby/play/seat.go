package play

// Seat is one seat of a table as the rules of play need it: its account
// (0: an empty seat, an imported game's open seat that the bot plays) and
// whether a bot sits there.
type Seat struct {
	Account int64
	Bot     bool
}

// human reports whether a person sits there: not a bot, not empty.
func (s Seat) human() bool { return !s.Bot && s.Account != 0 }
