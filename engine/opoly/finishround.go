package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine"
)

// Finishing the round at a bankruptcy (Technopoly G001-09).
//
// Under BankruptcyEndsGame the first bankruptcy ends the game at once, in
// the middle of a round: the players after the bankrupt one in the turn
// order have had one turn fewer than those before. With the option
// OptFinishRound on, the bankrupt player leaves and the others still to
// play in that round take their turns; the game ends when the round is
// over (as at a round limit, C-11), with the bankrupt excluded (A001-05).
// A further bankruptcy in those turns also excludes that player; when
// only one player is left, the game ends at once.

// OptFinishRound is the key of the option of Ruleset.FinishRound.
const OptFinishRound = "finishRound"

// finishRound reports whether a bankruptcy lets the round in progress be
// played to its end in this game.
func (g *game) finishRound() bool {
	return g.rs.BankruptcyEndsGame && g.rs.FinishRound != "" &&
		g.s.Setup.Option(OptFinishRound, g.rs.FinishRound) == "on"
}

// roundEnding reports whether the round in progress is the last because a
// player went bankrupt in it (finishRound).
func (g *game) roundEnding() bool {
	if !g.finishRound() || g.s.Phase == phOver {
		return false
	}
	for i := range g.s.Players {
		if g.s.Players[i].Status == engine.StatusBankrupt {
			return true
		}
	}
	return false
}

// bankruptEnds ends the game after the bankruptcy of seats (one, or
// several at once: collecteach.go), or, with finishRound and more than one
// player left, tells that the round is played to its end.
func (g *game) bankruptEnds(seats ...int) {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = who(s)
	}
	went := strings.Join(names, " and ") + " went"
	if !g.finishRound() || g.alive() <= 1 {
		g.gameOver(went + " bankrupt, which ends the game; " + g.rs.winRule() + ".")
		return
	}
	var rest []string
	s := g.s
	for i := s.Turn + 1; i < len(s.Order); i++ {
		if p := s.Order[i]; !s.Players[p].Out {
			rest = append(rest, who(p))
		}
	}
	if len(rest) == 0 {
		g.gameOver(went + " bankrupt at the end of round " + strconv.Itoa(s.RoundNo) +
			", which ends the game; " + g.rs.winRule() + ".")
		return
	}
	g.emit("round", went+" bankrupt: round "+strconv.Itoa(s.RoundNo)+" is played to its end ("+
		strings.Join(rest, ", ")+" still to play), then the game ends and "+g.rs.winRule()+".")
}

// endOfFinishedRound ends the game at the end of a round in which a player
// went bankrupt (finishRound); it reports whether it did.
func (g *game) endOfFinishedRound() bool {
	if !g.roundEnding() {
		return false
	}
	var names []string
	for _, seat := range g.s.Order {
		if g.s.Players[seat].Status == engine.StatusBankrupt {
			names = append(names, who(seat))
		}
	}
	g.gameOver("Round " + strconv.Itoa(g.s.RoundNo) + " is over after the bankruptcy of " + strings.Join(names, " and ") +
		", which ends the game; " + g.rs.winRule() + ".")
	return true
}

// finishRoundSpec is the lobby option of Ruleset.FinishRound.
func (rs *Ruleset) finishRoundSpec() (engine.OptionSpec, bool) {
	if !rs.BankruptcyEndsGame || rs.FinishRound == "" {
		return engine.OptionSpec{}, false
	}
	return engine.OptionSpec{
		Key: OptFinishRound, Label: "Finish the round at a bankruptcy",
		Help: "on: when a player goes bankrupt, the players after them in the turn order still take their turn " +
			"in that round, so that everyone has had as many turns; then the game ends. off: the game ends at once.",
		Choices: []string{"on", "off"}, Default: rs.FinishRound,
	}, true
}
