package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"boardroom/lobby"
)

// The play screen's "let a bot play for me" (rules C-7): a seated player
// may hand their seat to a bot on purpose; it is theirs again the moment
// they act, or press the key again.

// keyHandOverRune is the key that hands the seat over or takes it back.
const keyHandOverRune = "B"

// canHandOver reports whether the viewer holds a seat in the running game.
func (m *Model) canHandOver() bool {
	return m.mySeat() >= 0 && m.tab.t.Status == lobby.TablePlaying && !m.play.gs.Outcome.Finished
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
	m.push(newConfirm("Let a bot play for you?",
		"A bot plays your seat with its own strategy until you take it back: it may buy, build, bid, trade and spend your money. "+
			"Your seat is yours again the moment you act, or when you press "+keyHandOverRune+" again. "+
			"(Without this, an absent seat only takes its default actions: no buying, no bids, no trades.)",
		func() error {
			if err := m.src.play.HandOver(m.ctx, m.acc, m.tab.id, true); err != nil {
				return err
			}
			m.setInfo("A bot plays for you. Act, or press " + keyHandOverRune + ", to take your seat back.")
			m.refreshTable()
			return nil
		}))
}

// refreshTable re-reads the table so that the footer shows the seat's state.
func (m *Model) refreshTable() {
	if t, err := m.src.forming.Table(m.ctx, m.acc, m.tab.id); err == nil {
		m.tab.t = t
		m.tabGen++ // the prompt line names the seats: draw it again
	}
}
