package tui

import (
	"fmt"
	"sort"
	"strings"
	"time"

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

// gameTurn is a running game of the viewer with whose move it is.
type gameTurn struct {
	t         lobby.Table
	yours     bool
	waitingOn []string
	deadline  time.Time
}

// turnsOf reads whose move it is at each game, the viewer's first, then
// by deadline, then by table.
func (m *Model) turnsOf(games []lobby.Table) []gameTurn {
	out := make([]gameTurn, 0, len(games))
	for _, t := range games {
		g := gameTurn{t: t}
		if gs, err := m.src.play.GameState(m.ctx, m.acc, t.ID); err == nil {
			seat := t.SeatOf(m.acc.ID)
			g.yours, g.deadline = gs.Prompt.Awaits(seat), gs.Deadline
			for _, w := range gs.Prompt.Waiting {
				if w.Seat >= 0 && w.Seat < len(gs.Table.Seats) && w.Seat != seat {
					g.waitingOn = append(g.waitingOn, lobby.Sanitize(gs.Table.Seats[w.Seat].Handle, 16))
				}
			}
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.yours != b.yours {
			return a.yours
		}
		if !a.deadline.IsZero() && !b.deadline.IsZero() && !a.deadline.Equal(b.deadline) {
			return a.deadline.Before(b.deadline)
		}
		return a.t.ID < b.t.ID
	})
	return out
}

// move says whose move a game waits for, in the viewer's words.
func (g gameTurn) move() string {
	switch {
	case g.yours && len(g.waitingOn) > 0:
		return "yours and " + strings.Join(g.waitingOn, ", ")
	case g.yours:
		return "yours"
	case len(g.waitingOn) > 0:
		return strings.Join(g.waitingOn, ", ")
	}
	return ""
}

// yourMoveText is the line a player reads on connecting.
func yourMoveText(turns []gameTurn) string {
	n := 0
	for _, g := range turns {
		if g.yours {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return lobby.YourMoveText(n) + "."
}

// resumeGames returns a player to their running games: one game opens its
// play screen at once, in its own lobby; several open the "Your games"
// list over the lobby (esc leaves it for the lobby), the games awaiting
// the player first, with whose move it is and the time left. It reports
// whether it did anything.
func (m *Model) resumeGames() bool {
	games := m.runningGames()
	switch len(games) {
	case 0:
		return false
	case 1:
		m.lob.lobbyID = games[0].LobbyID
		turns := m.turnsOf(games)
		if err := m.openTable(games[0].ID, false); err != nil {
			m.setErr(err)
			return false
		}
		if turns[0].yours {
			m.setInfo("Welcome back: this is your game, and it is your move.")
		} else {
			m.setInfo("Welcome back: this is your game.")
		}
		return true
	}
	m.enterLobby(lobby.PublicLobbyID)
	names := map[int64]string{}
	if ls, err := m.src.lobbies.Lobbies(m.ctx, m.acc); err == nil {
		for _, l := range ls {
			names[l.ID] = lobbyName(l)
		}
	}
	turns := m.turnsOf(games)
	now := m.now()
	items := make([]menuItem, len(turns))
	for i, g := range turns {
		t := g.t
		items[i] = menuItem{
			cells: []string{fmt.Sprintf("#%d %s", t.ID, t.GameTitle), names[t.LobbyID], g.move(), lobby.DeadlineText(g.deadline, now), youAre(t, m.acc.ID)},
			run: func() error {
				m.dialogs = nil
				m.lob.lobbyID = t.LobbyID
				return m.openTable(t.ID, false)
			},
		}
	}
	text := "You are seated in these running games. Enter returns to one; esc goes to the lobby."
	if line := yourMoveText(turns); line != "" {
		text = line + " " + text
		m.setInfo(line)
	}
	m.push(m.newMenu("Your games", text, []string{"Table", "Lobby", "Move", "Time", "Seat"}, items))
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
