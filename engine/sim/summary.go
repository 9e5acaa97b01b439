package sim

import (
	"slices"
	"sort"

	"boardroom/engine"
)

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
	// CappedShare is Capped over the games that ended (finished or
	// capped), 0..1.
	CappedShare float64 `json:"capped_share"`
	// MeanRounds is the mean of rounds played over games that finished or
	// were capped; P90Rounds the 90th percentile (nearest rank). The same
	// for turns (sim.seeTurn).
	MeanRounds float64 `json:"mean_rounds"`
	P90Rounds  int     `json:"p90_rounds"`
	MeanTurns  float64 `json:"mean_turns"`
	P90Turns   int     `json:"p90_turns"`
	// WinsByLevel and SeatsByLevel count, per bot level ("standard"
	// for ""), the wins and the seats played in finished games, when the
	// run sets Config.Levels.
	WinsByLevel  map[string]int `json:"wins_by_level,omitempty"`
	SeatsByLevel map[string]int `json:"seats_by_level,omitempty"`
	// GamesWonByLevel lists, per level other than the standard one, the
	// indexes of the finished games one of its seats won, in order: two
	// runs of the same seed play the same games with the same seats, so
	// two budgets or two builds of a level compare game by game (paired).
	GamesWonByLevel map[string][]int `json:"games_won_by_level,omitempty"`
	// The bots' bad decisions over every game played (engine.BotAudit,
	// issue 27), 0 for a game without such decisions; AuditSeed is the
	// seed of the lowest-numbered game that counted one.
	engine.BotAudit
	AuditSeed  uint64 `json:"audit_first_seed,omitempty"`
	FirstError string `json:"first_error"` // of the lowest-numbered failing game
	FirstSeed  uint64 `json:"first_error_seed"`
}

// Summarize adds up results in index order.
func Summarize(cfg Config, results []GameResult) Summary {
	s := Summary{Players: cfg.Players, Seed: cfg.Seed, MaxRounds: cfg.MaxRounds, Games: len(results),
		WinsBySeat: make([]int, cfg.Players), WinsByPosition: make([]int, cfg.Players)}
	if cfg.Def != nil {
		s.Game = cfg.Def.Info().ID
	}
	ended := 0
	var rounds, turns []int
	for _, r := range results {
		s.Actions += int64(r.Actions)
		if r.Audit.Total() > 0 && s.BotAudit.Total() == 0 {
			s.AuditSeed = r.Seed
		}
		s.BotAudit.Add(r.Audit)
		switch {
		case r.Err != nil:
			s.Errors++
			if s.Errors == 1 {
				s.FirstError = r.Err.Error()
				s.FirstSeed = r.Seed
			}
			continue
		case !r.Finished && !r.Capped:
			continue
		}
		if r.Capped {
			s.Capped++
		}
		if r.Finished {
			s.Finished++
			if len(cfg.Levels) > 0 {
				s.countLevels(r)
			}
			for seat, p := range r.Placements {
				if p == 1 && seat < len(s.WinsBySeat) {
					s.WinsBySeat[seat]++
					if pos := position(r.Order, seat); pos >= 0 && pos < len(s.WinsByPosition) {
						s.WinsByPosition[pos]++
					}
				}
			}
		}
		ended++
		s.RoundsSum += int64(r.Rounds)
		rounds, turns = append(rounds, r.Rounds), append(turns, r.Turns)
	}
	if ended > 0 {
		s.MeanRounds = float64(s.RoundsSum) / float64(ended)
		s.CappedShare = float64(s.Capped) / float64(ended)
		s.MeanTurns = mean(turns)
	}
	s.P90Rounds, s.P90Turns = percentile(rounds, 90), percentile(turns, 90)
	return s
}

func mean(xs []int) float64 {
	if len(xs) == 0 {
		return 0
	}
	var t int64
	for _, x := range xs {
		t += int64(x)
	}
	return float64(t) / float64(len(xs))
}

// percentile is the p-th percentile of xs by nearest rank (0 when empty);
// xs is sorted in place.
func percentile(xs []int, p int) int {
	if len(xs) == 0 {
		return 0
	}
	sort.Ints(xs)
	k := (p*len(xs) + 99) / 100 // ceil(p/100 * n)
	return xs[max(k, 1)-1]
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

// countLevels adds a finished game's seats and wins to the level counts.
func (s *Summary) countLevels(r GameResult) {
	if s.WinsByLevel == nil {
		s.WinsByLevel, s.SeatsByLevel = map[string]int{}, map[string]int{}
	}
	var won []string // the levels other than standard that won this game
	for seat, p := range r.Placements {
		l := "standard"
		if seat < len(r.Levels) && r.Levels[seat] != "" {
			l = r.Levels[seat]
		}
		s.SeatsByLevel[l]++
		if p == 1 {
			s.WinsByLevel[l]++
			if l != "standard" && !slices.Contains(won, l) {
				won = append(won, l)
			}
		}
	}
	for _, l := range won {
		if s.GamesWonByLevel == nil {
			s.GamesWonByLevel = map[string][]int{}
		}
		s.GamesWonByLevel[l] = append(s.GamesWonByLevel[l], r.Index)
	}
}
