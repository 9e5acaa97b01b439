package live

import (
	"strconv"

	"boardroom/engine"
)

// DefaultBotMovesPerRound is Bots.MovesPerRound's default. A bot makes 2.5
// to 5 moves for its seat in a round on average in the five games (four
// players, `boardroom sim`), at most 58 in 300 bot games of each (9 in IT
// Billionaire, 58 in Unipoly; 2026-12-02): a thousand is a bot that does
// not end its turn, which would otherwise move every Bots.Delay for ever,
// each move written to the store.
const DefaultBotMovesPerRound = 1000

// runaway counts a bot's move for seat i (p) in the game's current round
// and, once it has made more than Bots.MovesPerRound of them, returns the
// seat's default action from the prompt instead of asking the bot (ok),
// as for an absent player (C-7), until the round ends. The first time in
// a round it says so in the table's log and the server's. With no default
// in the prompt the bot goes on choosing.
func (t *Table) runaway(p *SeatPlay, i int) (def engine.Action, ok bool) {
	round := t.G.Round()
	if p.botRound != round {
		p.botRound, p.botMoves = round, 0
	}
	p.botMoves++
	limit := t.Host.Bots().MovesPerRound
	if limit <= 0 {
		limit = DefaultBotMovesPerRound
	}
	if p.botMoves <= limit {
		return nil, false
	}
	for _, w := range t.G.Prompt().Waiting {
		if w.Seat == i {
			def = w.Default
		}
	}
	if def == nil {
		return nil, false
	}
	if p.botMoves == limit+1 {
		t.Host.Logger().Error("a bot made too many moves in one round; it makes the seat's default moves until the round ends",
			"table", t.ID, "game", t.Info.ID, "seat", i, "round", round, "moves", limit)
		// "Seat N": the log names the seat as it shows it (play.NameSeats);
		// a player's seat a bot plays (handed over, open) says so
		who := "Seat " + strconv.Itoa(i+1)
		if !t.Seats[i].Bot {
			who = "The bot for " + who
		}
		t.LogEvent(engine.Event{Kind: "away", Text: who + " made " + strconv.Itoa(limit) +
			" moves this round; until the round ends that seat takes only its default actions (" + t.Info.DefaultsOnlyText() + ")."},
			t.Host.Now().UTC())
		t.Changed(true)
	}
	return def, true
}
