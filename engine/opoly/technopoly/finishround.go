package technopoly

import (
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Finishing the round at a bankruptcy (G001-09), a mechanism of the end.
//
// Under End.FirstBankruptcy the first bankruptcy ends the game at once, in
// the middle of a round: the players after the bankrupt one in the turn
// order have had one turn fewer than those before. With the option
// OptFinishRound on, the bankrupt player leaves and the others still to
// play in that round take their turns; the game ends when the round is
// over (as at a round limit, C-11), with the bankrupt excluded (A001-05).
// A further bankruptcy in those turns also excludes that player; when
// only one player is left, the game ends at once.

// OptFinishRound is the key of the option of finishing the round.
const OptFinishRound = "finishRound"

// finishRound is the mechanism; Default is the option's default ("on" or
// "off").
// Finishing the round adds no action: only its option and the end.
type finishRound struct {
	opoly.NoActions
	Default string
}

// Options implements opoly.Mechanism: the lobby option.
func (f finishRound) Options(rs *opoly.Ruleset) []engine.OptionSpec {
	if !rs.End.FirstBankruptcy {
		return nil
	}
	return []engine.OptionSpec{{
		Key: OptFinishRound, Label: "Finish the round at a bankruptcy",
		Help: "on: when a player goes bankrupt, the players after them in the turn order still take their turn " +
			"in that round, so that everyone has had as many turns; then the game ends. off: the game ends at once.",
		Choices: []string{"on", "off"}, Default: f.Default,
	}}
}

// on reports whether a bankruptcy lets the round in progress be played to
// its end in this game.
func (f finishRound) on(t opoly.Table) bool {
	return t.Rules().End.FirstBankruptcy && t.Option(OptFinishRound, f.Default) == "on"
}

// Bankrupt implements opoly.Ender: with the option on and more than one
// player left, it tells that the round is played to its end (or ends the
// game when the bankrupt was the last to play in the round).
func (f finishRound) Bankrupt(t opoly.Table, seats []int) bool {
	if !f.on(t) || t.Alive() <= 1 {
		return false
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = opoly.Who(s)
	}
	went := strings.Join(names, " and ") + " went"
	var rest []string
	order := t.Order()
	for i := t.Turn() + 1; i < len(order); i++ {
		if p := order[i]; !t.Out(p) {
			rest = append(rest, opoly.Who(p))
		}
	}
	if len(rest) == 0 {
		t.GameOver(went + " bankrupt at the end of round " + strconv.Itoa(t.Round()) +
			", which ends the game; " + t.Rules().WinRule() + ".")
		return true
	}
	t.Emit("round", went+" bankrupt: round "+strconv.Itoa(t.Round())+" is played to its end ("+
		strings.Join(rest, ", ")+" still to play), then the game ends and "+t.Rules().WinRule()+".")
	return true
}

// RoundOver implements opoly.Ender: it ends the game at the end of a round
// in which a player went bankrupt.
func (f finishRound) RoundOver(t opoly.Table) bool {
	if !f.on(t) || t.Over() {
		return false
	}
	var names []string
	for _, seat := range t.Order() {
		if t.Status(seat) == engine.StatusBankrupt {
			names = append(names, opoly.Who(seat))
		}
	}
	if len(names) == 0 {
		return false
	}
	t.GameOver("Round " + strconv.Itoa(t.Round()) + " is over after the bankruptcy of " + strings.Join(names, " and ") +
		", which ends the game; " + t.Rules().WinRule() + ".")
	return true
}
