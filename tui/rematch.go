package tui

import (
	"slices"
	"strings"

	"boardroom/lobby"
)

// endState is what the play screen knows about a finished game beyond its
// outcome: the stored standings with rating changes, and the rematch.
type endState struct {
	results   *lobby.GameSummary // nil until the standings are read
	rmLoaded  bool               // the rematch state was read at least once
	accepted  []int64
	pending   []int64
	newID     int64 // the rematch's table, once it exists
	rematchTo int64 // set when the rematch started while this screen watched
}

// loadEnd reads the standings (once) and the rematch state of the finished
// game on the play screen. A rematch that starts while the screen watches
// sets rematchTo, so everyone watching follows it to the new table.
func (m *Model) loadEnd() {
	e := &m.play.end
	if e.results == nil {
		if g, err := m.src.results.Results(m.ctx, m.acc, m.tab.id); err == nil {
			e.results = &g
		} else {
			m.log.Debug("results", "table", m.tab.id, "err", err)
		}
	}
	acc, pend, newID, err := m.src.rematch.RematchState(m.ctx, m.acc, m.tab.id)
	if err != nil {
		m.log.Debug("rematch state", "table", m.tab.id, "err", err)
		return
	}
	if e.rmLoaded && e.newID == 0 && newID != 0 {
		e.rematchTo = newID
	}
	e.rmLoaded, e.accepted, e.pending, e.newID = true, acc, pend, newID
}

// followRematch switches to the rematch's table if it started while the
// play screen watched; it reports whether it did.
func (m *Model) followRematch() bool {
	id := m.play.end.rematchTo
	if id == 0 {
		return false
	}
	m.play.end.rematchTo = 0
	m.goToRematch(id)
	return true
}

// goToRematch opens the rematch table over whatever is shown.
func (m *Model) goToRematch(id int64) {
	m.pages, m.dialogs = nil, nil
	if err := m.openTable(id, false); err != nil {
		m.setErr(err)
		return
	}
	m.setInfo("The rematch is on: table #" + itoa(int(id)) + ".")
}

// toggleRematch accepts a rematch of the finished game, withdraws the
// viewer's acceptance, or goes to the rematch once it started.
func (m *Model) toggleRematch() {
	e := &m.play.end
	if e.newID != 0 {
		m.goToRematch(e.newID)
		return
	}
	if m.acc == nil || m.mySeat() < 0 {
		m.setInfo("Only the game's players can ask for a rematch.")
		return
	}
	accept := !slices.Contains(e.accepted, m.acc.ID)
	newID, err := m.src.rematch.Rematch(m.ctx, m.acc, m.tab.id, accept)
	if err != nil {
		m.setErr(err)
		return
	}
	if newID != 0 {
		m.goToRematch(newID)
		return
	}
	m.loadEnd()
	if m.followRematch() {
		return
	}
	if accept {
		m.setInfo("You asked for a rematch; it starts when every player has accepted.")
	} else {
		m.setInfo("You withdrew from the rematch.")
	}
}

// rematchLine says who accepted a rematch and who has not yet.
func (m *Model) rematchLine() string {
	e := m.play.end
	th := m.th
	if !e.rmLoaded {
		return ""
	}
	if e.newID != 0 {
		return th.Accent.Render("Rematch") + " started at table #" + itoa(int(e.newID)) + th.Bullet + th.Key.Render("m") + " go there"
	}
	names := seatNames(m.tab.t)
	list := func(ids []int64) string {
		var out []string
		for _, id := range ids {
			out = append(out, names[id]...)
		}
		return strings.Join(out, ", ")
	}
	line := th.Accent.Render("Rematch") + ": "
	seated := m.acc != nil && m.mySeat() >= 0
	switch {
	case seated && slices.Contains(e.accepted, m.acc.ID):
		line += "you accepted (" + th.Key.Render("m") + " withdraw)"
	case seated:
		line += th.Key.Render("m") + " to accept"
	default:
		line += "for the players"
	}
	if a := list(e.accepted); a != "" {
		line += th.Bullet + "accepted: " + a
	}
	if p := list(e.pending); p != "" {
		line += th.Bullet + "waiting on: " + p
	}
	return line
}
