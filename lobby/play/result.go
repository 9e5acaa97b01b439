package play

import (
	"fmt"
	"sort"
	"time"

	"boardroom/engine"
	"boardroom/lobby/rating"
)

// Ladder names one leaderboard: a game's global ladder (LobbyID 0, the
// root's GlobalLadder) or a private lobby's ladder for the game.
type Ladder struct {
	Game    string
	LobbyID int64
}

// RatingRecord is an account's stored standing on a ladder. Handle and Bot
// are filled when loading.
type RatingRecord struct {
	Ladder
	AccountID  int64
	Handle     string
	Bot        bool
	Rating     rating.Rating
	Games      int // rated games on the ladder
	Wins       int
	BestScore  int64
	LastPlayed time.Time
}

// RatingChange is one account's rating on one ladder before and after one
// rated game.
type RatingChange struct {
	Ladder
	AccountID     int64
	Before, After rating.Rating
}

// GameEnd is everything stored when a game ends. It is a struct so that the
// end-of-game transaction can grow (ratings) without changing the Store.
type GameEnd struct {
	TableID int64
	LobbyID int64
	Game    string
	Reason  string
	Rounds  int
	At      time.Time
	Seats   []SeatOutcome // one per seat, in seat order
	// Rated games also update every ladder in Ladders (RateGame), in the
	// same transaction.
	Rated   bool
	Ladders []Ladder
	// Token is the writer's lease token in a cluster (FinishGame refuses a
	// stale one with ErrFenced); 0 writes unfenced.
	Token int64
}

// SeatOutcome is one seat's result row.
type SeatOutcome struct {
	Seat      int
	AccountID int64 // the player, or the game's bot account
	Bot       bool
	Placement int
	Score     int64
	Status    string
	// Level is a bot seat's level ("" standard): it picks the bot's fixed
	// rating (botRating). Not stored: the account says it.
	Level string
}

// Won reports whether the seat placed first.
func (o SeatOutcome) Won() bool { return o.Placement == 1 }

// leaver reports whether a seat left the game (resigned or abandoned); a
// leaver ranks below everyone who stayed.
func leaver(status string) bool {
	return status == engine.StatusResigned || status == engine.StatusAbandoned
}

// RankSeats turns a finished game's outcome into one result per seat. The
// engine's placements stand for the seats that stayed (re-ranked among
// themselves, ties sharing the better place); those who resigned or
// abandoned come after all of them, the earlier leaver worse. The order of
// leaving is the order of each leaver's last action in the log. A seat the
// outcome does not mention counts as abandoned. An empty seat (an imported
// game's open seat, which the bot played) is the game's bot account botID.
func RankSeats(out engine.Outcome, log []engine.LoggedAction, seats []Seat, botID int64) []SeatOutcome {
	res := make([]SeatOutcome, len(seats))
	engPlace := make([]int, len(seats))
	for i, st := range seats {
		res[i] = SeatOutcome{Seat: i, AccountID: st.Account, Bot: st.Bot, Status: engine.StatusAbandoned}
		if st.Account == 0 {
			res[i].AccountID, res[i].Bot = botID, true
		}
		engPlace[i] = len(seats) + 1
	}
	for _, r := range out.Results {
		if r.Seat >= 0 && r.Seat < len(seats) {
			res[r.Seat].Score, res[r.Seat].Status = r.Score, r.Status
			engPlace[r.Seat] = r.Placement
		}
	}
	last := make([]int, len(seats))
	for i := range last {
		last[i] = -1
	}
	for k, la := range log {
		if la.Seat >= 0 && la.Seat < len(seats) {
			last[la.Seat] = k
		}
	}
	var stayed, left []int
	for i := range seats {
		if leaver(res[i].Status) {
			left = append(left, i)
		} else {
			stayed = append(stayed, i)
		}
	}
	for _, i := range stayed {
		better := 0
		for _, j := range stayed {
			if engPlace[j] < engPlace[i] {
				better++
			}
		}
		res[i].Placement = better + 1
	}
	sort.SliceStable(left, func(a, b int) bool { return last[left[a]] > last[left[b]] })
	for k, i := range left {
		res[i].Placement = len(stayed) + k + 1
	}
	return res
}

// RatedGame reports whether a finished game counts for the ladders: at
// least two different accounts, and every seat applied at least one action
// (a game aborted before everyone had a turn is not rated).
func RatedGame(log []engine.LoggedAction, seats []Seat) bool {
	acted := make([]bool, len(seats))
	for _, la := range log {
		if la.Seat >= 0 && la.Seat < len(seats) {
			acted[la.Seat] = true
		}
	}
	accounts := map[int64]bool{}
	for i, st := range seats {
		if !acted[i] || st.Account == 0 {
			return false
		}
		accounts[st.Account] = true
	}
	return len(accounts) >= 2
}

// strongBotGain is how much higher than the standard bot's the strong
// bot's fixed rating is, in Mu: about one performance deviation (Beta =
// 25/6), set when the strong bot won about 40% of four-player Unipoly and
// Projectopoly games against three standard bots, where an even share is
// 25% (measured with boardroom sim --strong-seats 0; docs/decisions/2026-11-strong-bot-searches-paired-playouts.md).
// It now wins 36-58% of the property games and 97% of IT's All in the
// Game's (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md);
// one anchor for every game is kept until the rules say otherwise.
const strongBotGain = 25.0 / 6

// botRating is the fixed rating of a bot of level ("" standard): every
// level is an anchor of its own, the strong bot a higher one.
func botRating(level string) rating.Rating {
	r := rating.Bot()
	if level == engine.LevelStrong {
		r.Mu += strongBotGain
	}
	return r
}

// RateGame computes one ladder's new standings after a rated game. current
// holds the ladder's records of the game's accounts; an account without one
// starts from rating.Default. Every seat is a player of its own. Bots are
// fixed anchors: every bot seat plays at rating.Bot, whatever its record
// says, and the bot's rating is never updated; humans' ratings move
// against them like against any opponent of that rating. A bot account
// that held several seats counts one game, won if any of its seats won.
// The store calls it inside the transaction that records the game's end.
func RateGame(end GameEnd, lobbyID int64, current map[int64]RatingRecord) ([]RatingRecord, []RatingChange, error) {
	ladder := Ladder{Game: end.Game, LobbyID: lobbyID}
	var order []int64
	recs := map[int64]RatingRecord{}
	for _, o := range end.Seats {
		if _, ok := recs[o.AccountID]; ok {
			continue
		}
		r, ok := current[o.AccountID]
		if !ok {
			r = RatingRecord{Ladder: ladder, AccountID: o.AccountID, Bot: o.Bot, Rating: rating.Default()}
		}
		if o.Bot {
			r.Bot, r.Rating = true, botRating(o.Level)
		}
		if r.Ladder != ladder || r.AccountID != o.AccountID {
			return nil, nil, fmt.Errorf("lobby: rating record %+v is not account %d on %+v", r.Ladder, o.AccountID, ladder)
		}
		recs[o.AccountID] = r
		order = append(order, o.AccountID)
	}
	before := make([]rating.Rating, len(end.Seats))
	places := make([]int, len(end.Seats))
	for i, o := range end.Seats {
		before[i], places[i] = recs[o.AccountID].Rating, o.Placement
	}
	after, err := rating.Rate(before, places)
	if err != nil {
		return nil, nil, fmt.Errorf("lobby: rate table %d: %w", end.TableID, err)
	}
	var out []RatingRecord
	var changes []RatingChange
	for _, id := range order {
		r := recs[id]
		var dMu float64
		n := 0
		sigma := r.Rating.Sigma
		won, best := false, int64(0)
		for i, o := range end.Seats {
			if o.AccountID != id {
				continue
			}
			dMu += after[i].Mu - before[i].Mu
			sigma = min(sigma, after[i].Sigma)
			if n == 0 || o.Score > best {
				best = o.Score
			}
			won = won || o.Won()
			n++
		}
		next := rating.Rating{Mu: r.Rating.Mu + dMu/float64(n), Sigma: sigma}
		if r.Bot {
			next = r.Rating // the anchor set above: never updated
		}
		changes = append(changes, RatingChange{Ladder: ladder, AccountID: id, Before: r.Rating, After: next})
		if r.Games == 0 || best > r.BestScore {
			r.BestScore = best
		}
		r.Rating = next
		r.Games++
		if won {
			r.Wins++
		}
		r.LastPlayed = end.At
		out = append(out, r)
	}
	return out, changes, nil
}
