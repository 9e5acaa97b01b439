package tui

import (
	"fmt"

	"boardroom/lobby"
)

// runningGames lists the running games the viewer holds a seat in, in every
// lobby they can see, oldest table first within each lobby.
func (m *Model) runningGames() []lobby.Table {
	if m.acc == nil {
		return nil
	}
	lobbies, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
	if err != nil {
		m.log.Debug("lobbies for running games", "err", err)
		return nil
	}
	var out []lobby.Table
	for _, l := range lobbies {
		tables, err := m.src.forming.Tables(m.ctx, m.acc, l.ID)
		if err != nil {
			m.log.Debug("tables for running games", "lobby", l.ID, "err", err)
			continue
		}
		for _, t := range tables {
			if t.Status == lobby.TablePlaying && t.SeatOf(m.acc.ID) >= 0 {
				out = append(out, t)
			}
		}
	}
	return out
}

// resumeGames returns a player to their running games: one game opens its
// play screen at once, in its own lobby; several open the "Your games"
// list over the lobby (esc leaves it for the lobby). It reports whether it
// did anything.
func (m *Model) resumeGames() bool {
	games := m.runningGames()
	switch len(games) {
	case 0:
		return false
	case 1:
		m.lob.lobbyID = games[0].LobbyID
		if err := m.openTable(games[0].ID, false); err != nil {
			m.setErr(err)
			return false
		}
		m.setInfo("Welcome back: this is your game.")
		return true
	}
	m.enterLobby(lobby.PublicLobbyID)
	names := map[int64]string{}
	if ls, err := m.src.lobbies.Lobbies(m.ctx, m.acc); err == nil {
		for _, l := range ls {
			names[l.ID] = lobbyName(l)
		}
	}
	items := make([]menuItem, len(games))
	for i, t := range games {
		t := t
		items[i] = menuItem{
			cells: []string{fmt.Sprintf("#%d %s", t.ID, t.GameTitle), names[t.LobbyID], fmt.Sprintf("round %d", t.Round), youAre(t, m.acc.ID)},
			run: func() error {
				m.dialogs = nil
				m.lob.lobbyID = t.LobbyID
				return m.openTable(t.ID, false)
			},
		}
	}
	m.push(m.newMenu("Your games", "You are seated in these running games. Enter returns to one; esc goes to the lobby.",
		[]string{"Table", "Lobby", "Round", "Seat"}, items))
	return true
}

// youAre is the viewer's seat at a table, as a short label.
func youAre(t lobby.Table, accountID int64) string {
	i := t.SeatOf(accountID)
	if i < 0 {
		return ""
	}
	s := fmt.Sprintf("seat %d", i+1)
	if t.Seats[i].Away {
		s += " (away)"
	}
	return s
}
