package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"boardroom/engine"
	"boardroom/lobby"
)

// The play screen's "let a bot play for me" (rules C-7): a seated player
// may hand their seat to a bot on purpose; it is theirs again the moment
// they act, or press the key again.

// keyHandOverRune is the key that hands the seat over or takes it back.
const keyHandOverRune = "B"

// canHandOver reports whether the viewer holds a seat in the running game
// and is still in it: a player who resigned or went bankrupt has nothing
// left for a bot to play.
func (m *Model) canHandOver() bool {
	return m.mySeat() >= 0 && m.tab.t.Status == lobby.TablePlaying && (m.play == nil || !m.play.gs.Outcome.Finished) && !m.seatOut()
}

// seatOut reports whether the viewer's seat has left the running game
// (lobby.Seat.Out), by the table or by the game state, whichever came last.
func (m *Model) seatOut() bool {
	i := m.mySeat()
	out := func(t lobby.Table) bool { return i >= 0 && i < len(t.Seats) && t.Seats[i].Out }
	return out(m.tab.t) || (m.play != nil && out(m.play.gs.Table))
}

// handedOver reports whether a bot plays the viewer's seat by their choice.
func (m *Model) handedOver() bool {
	i := m.mySeat()
	return i >= 0 && i < len(m.tab.t.Seats) && m.tab.t.Seats[i].BotPlays
}

func (m *Model) handOverKey() key.Binding {
	if m.handedOver() {
		return keyRune(keyHandOverRune, "take your seat back")
	}
	return keyRune(keyHandOverRune, "let a bot play for me")
}

// toggleHandOver asks before handing the seat over; taking it back needs
// no question.
func (m *Model) toggleHandOver() {
	if m.handedOver() {
		if err := m.src.play.HandOver(m.ctx, m.acc, m.tab.id, false); err != nil {
			m.setErr(err)
			return
		}
		m.setInfo("Your seat is yours again.")
		m.refreshTable()
		return
	}
	m.push(newConfirm("Let a bot play for you?", handOverText(m.tab.info),
		func() error {
			if err := m.src.play.HandOver(m.ctx, m.acc, m.tab.id, true); err != nil {
				return err
			}
			m.setInfo(handedOverInfo)
			m.refreshTable()
			return nil
		}))
}

// handedOverInfo is the status line after the seat was handed to a bot;
// it goes when the game ends (there is no seat to take back then).
const handedOverInfo = "A bot plays for you. Act, or press " + keyHandOverRune + ", to take your seat back."

// refreshTable re-reads the table so that the footer shows the seat's state.
func (m *Model) refreshTable() {
	if t, err := m.src.forming.Table(m.ctx, m.acc, m.tab.id); err == nil {
		m.tab.t = t
		m.tabGen++ // the prompt line names the seats: draw it again
	}
}

// handOverText is the hand-over question in the game's own words (rules
// C-14, engine.Phrases): what the bot may do, how to get the seat back,
// and what an absent seat does without it.
func handOverText(info engine.Info) string {
	return "A bot plays your seat with its own strategy until you take it back: it may " + info.BotMayText() + ". " +
		"Your seat is yours again the moment you act, or when you press " + keyHandOverRune + " again. " +
		"(Without this, an absent seat only takes its default actions: " + info.DefaultsOnlyText() + ".)"
}

// awayText says what happens to the viewer's seat while they are away, in
// the game's words: the esc and quit confirmations end with it.
func awayText(info engine.Info) string {
	return "Your seat is kept: the others see you away, and after a minute it takes only its default actions (" + info.DefaultsOnlyText() + ")."
}

// handedOverAwayText is what happens to a seat its player handed to a bot
// (B) while they are away: the bot plays on, defaults are not what it takes.
const handedOverAwayText = "Your seat is kept, and the bot you handed it to plays on while you are away: act, or press " +
	keyHandOverRune + " on the play screen, to take it back."

// awaySentence is awayText, or handedOverAwayText when the player handed
// the seat to a bot: what happens to the seat while they are away, true
// either way (rules C-7).
func awaySentence(info engine.Info, botPlays bool, turnTimer int) string {
	switch {
	case botPlays:
		return handedOverAwayText
	case lobby.Daily(turnTimer):
		return dailyAwayText
	}
	return awayText(info)
}

// dailyAwayText is what happens to a seat at a daily table (rules C-13):
// nothing until a move's deadline.
const dailyAwayText = "Your seat is kept: at this daily table nobody needs to stay connected, and your seat waits for you " +
	"until each move's deadline (the lobby and the status command show it; your terminal rings when it is your move)."
