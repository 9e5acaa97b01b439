package sim

// Summary sums up the games of a run.
type Summary struct {
	Game       string `json:"game"`
	Players    int    `json:"players"`
	Seed       uint64 `json:"seed"`
	MaxRounds  int    `json:"max_rounds"`
	Games      int    `json:"games"`
	Finished   int    `json:"finished"`
	Capped     int    `json:"capped"`
	Errors     int    `json:"errors"`
	Actions    int64  `json:"actions"`
	RoundsSum  int64  `json:"-"`
	WinsBySeat []int  `json:"wins_by_seat"` // finished games where the seat placed 1st (ties count for each)
	// WinsByPosition counts the same wins by the winner's position in the
	// first round's turn order (0 = first player).
	WinsByPosition []int `json:"wins_by_position"`
	// MeanRounds is the mean of rounds played over games that finished or
	// were capped.
	MeanRounds float64 `json:"mean_rounds"`
	FirstError string  `json:"first_error"` // of the lowest-numbered failing game
	FirstSeed  uint64  `json:"first_error_seed"`
}

// Summarize adds up results in index order.
func Summarize(cfg Config, results []GameResult) Summary {
	s := Summary{Players: cfg.Players, Seed: cfg.Seed, MaxRounds: cfg.MaxRounds, Games: len(results),
		WinsBySeat: make([]int, cfg.Players), WinsByPosition: make([]int, cfg.Players)}
	if cfg.Def != nil {
		s.Game = cfg.Def.Info().ID
	}
	ended := 0
	for _, r := range results {
		s.Actions += int64(r.Actions)
		switch {
		case r.Err != nil:
			s.Errors++
			if s.Errors == 1 {
				s.FirstError = r.Err.Error()
				s.FirstSeed = r.Seed
			}
			continue
		case r.Finished:
			s.Finished++
			for seat, p := range r.Placements {
				if p == 1 && seat < len(s.WinsBySeat) {
					s.WinsBySeat[seat]++
					if pos := position(r.Order, seat); pos >= 0 && pos < len(s.WinsByPosition) {
						s.WinsByPosition[pos]++
					}
				}
			}
		case r.Capped:
			s.Capped++
		}
		ended++
		s.RoundsSum += int64(r.Rounds)
	}
	if ended > 0 {
		s.MeanRounds = float64(s.RoundsSum) / float64(ended)
	}
	return s
}

// position is seat's index in order, or the seat itself when order is
// missing (a result built without one plays in seat order).
func position(order []int, seat int) int {
	if len(order) == 0 {
		return seat
	}
	for i, s := range order {
		if s == seat {
			return i
		}
	}
	return -1
}
