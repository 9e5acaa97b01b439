package allinthegame

import (
	"boardroom/engine"
)

// A payment's reason is its money change's data, so even a quiet game
// writes it; the reasons of rewards, completions and green-field bonuses
// are written once for the program from the printed cards instead of
// being joined at every payment (they were a tenth of what a bot-only
// game allocated).

// numCards is the printed project cards' count (cardIndex's range).
const numCards = len(printedByIndex)

// rewardWhats are what a round's reward may add to its reason (rewards).
var rewardWhats = [...]string{"", ", halved by Late Client Payments", ", +$2 Performance Bonus",
	", halved by Late Client Payments, +$2 Performance Bonus"}

type reasonTable struct {
	reward   [numCards][maxDesks][len(rewardWhats)]string
	complete [numCards][maxDesks]string
	bonus    [numCards]string
}

// reasons is the table, made when the program starts (the engine takes no
// locks, so not lazily behind a sync.Once).
func reasons() *reasonTable { return reasonTab }

var reasonTab = makeReasons()

func makeReasons() *reasonTable {
	t := &reasonTable{}
	for c := range numCards {
		name := printedByIndex[c].Name
		for k := range maxDesks {
			for w, what := range rewardWhats {
				t.reward[c][k][w] = rewardReason(name, k, what)
			}
			t.complete[c][k] = completeReason(name, k)
		}
		t.bonus[c] = bonusReason(name)
	}
	return t
}

func rewardReason(name string, k int, what string) string {
	return "on " + name + " (" + engine.Ordinal(k+1) + " from the right" + what + ")"
}

func completeReason(name string, k int) string {
	return "on completing " + name + " (" + engine.Ordinal(k+1) + " from the right)"
}

func bonusReason(name string) string { return "green-field bonus for " + name + " finished early" }

// rewardFor is the reason of the reward of the k-th consultant from the
// right on slot i's project, with what the round's event adds.
func (s *state) rewardFor(i, k int, what string) string {
	if c := cardIndex(s.Slots[i].Card, s.seats()); c >= 0 && k >= 0 && k < maxDesks {
		for w, x := range rewardWhats {
			if x == what {
				return reasons().reward[c][k][w]
			}
		}
	}
	return rewardReason(s.card(i).Name, k, what)
}

// completeFor is the reason of the k-th reward of completing slot i's project.
func (s *state) completeFor(i, k int) string {
	if c := cardIndex(s.Slots[i].Card, s.seats()); c >= 0 && k >= 0 && k < maxDesks {
		return reasons().complete[c][k]
	}
	return completeReason(s.card(i).Name, k)
}

// bonusFor is the reason of a green-field bonus on slot i's project.
func (s *state) bonusFor(i int) string {
	if c := cardIndex(s.Slots[i].Card, s.seats()); c >= 0 {
		return reasons().bonus[c]
	}
	return bonusReason(s.card(i).Name)
}
