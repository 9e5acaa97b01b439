package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// Tournaments (issue 31) in the terminal: a list of the tournaments the
// viewer may see (t on the lobby screen) and a tournament's page with its
// standings and the tables of its current round, where a player joins,
// leaves and (its creator) starts it.

// tournamentsOf is the server's tournaments, or nil when it keeps none.
func (m *Model) tournamentsOf() lobby.TournamentAPI {
	t, _ := m.src.games.(lobby.TournamentAPI)
	return t
}

// tournamentsPage lists tournaments: open first, then running, finished.
type tournamentsPage struct {
	// of is the player whose tournaments are listed (a profile's); nil:
	// every tournament the viewer may see.
	of   *lobby.Account
	list []lobby.Tournament
	sel  selectBox
	err  string
}

func (m *Model) openTournaments() {
	api := m.tournamentsOf()
	if api == nil {
		m.setInfo("This server keeps no tournaments.")
		return
	}
	p := &tournamentsPage{sel: newSelectBox(m.th)}
	p.load(m)
	m.pushPage(p)
}

// openTournamentsOf lists a player's tournaments (from their profile).
func (m *Model) openTournamentsOf(player lobby.Account) {
	if m.tournamentsOf() == nil {
		m.setInfo("This server keeps no tournaments.")
		return
	}
	p := &tournamentsPage{sel: newSelectBox(m.th), of: &player}
	p.load(m)
	m.pushPage(p)
}

func (p *tournamentsPage) load(m *Model) {
	var list []lobby.Tournament
	var err error
	if p.of != nil {
		list, err = m.tournamentsOf().TournamentsOf(m.ctx, m.acc, p.of.ID)
	} else {
		list, err = m.tournamentsOf().Tournaments(m.ctx, m.acc, 0)
	}
	if err != nil {
		p.err = errText(err)
		return
	}
	p.list, p.err = list, ""
	rows := make([][]string, len(list))
	for i, tv := range list {
		if p.of != nil {
			// A profile's list: the player's place instead of the field's size.
			rows[i] = []string{itoa(int(tv.ID)), lobby.Sanitize(tv.GameTitle, 24), lobby.Sanitize(tv.Lobby, 20),
				tournamentFormatText(tv), placeOf(tv, p.of.ID)}
			continue
		}
		status := tournamentStatusText(tv)
		if tv.Joined {
			status += ", you play"
		}
		rows[i] = []string{itoa(int(tv.ID)), lobby.Sanitize(tv.GameTitle, 24), lobby.Sanitize(tv.Lobby, 20),
			tournamentFormatText(tv), itoa(len(tv.Standings)), status}
	}
	if p.of != nil {
		p.sel.set(m.th, []string{"#", "Game", "Lobby", "Format", "Place"}, rows)
		return
	}
	p.sel.set(m.th, []string{"#", "Game", "Lobby", "Format", "Players", "Status"}, rows)
}

func (p *tournamentsPage) title() string { return "Tournaments" }

func (p *tournamentsPage) typing() bool { return false }

func (p *tournamentsPage) keys(m *Model) []key.Binding {
	return []key.Binding{keyUpDown(), keyEnter("open"), keyRune("n", "new tournament"), keyRune("r", "reload"), Bind("esc/q", "back", "esc", "q")}
}

func (p *tournamentsPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "r":
		p.load(m)
	case "n":
		m.openNewTournament(p) // tournamentnew.go
	case "enter":
		if i := p.sel.cursor(); i >= 0 && i < len(p.list) {
			m.openTournament(p.list[i].ID)
		}
	default:
		p.sel.update(m.th, k)
	}
	return nil
}

func (p *tournamentsPage) view(m *Model, w, h int) string {
	th := m.th
	sub := "Swiss rounds and arenas in the lobbies you see"
	if p.of != nil {
		sub = "those " + lobby.Sanitize(p.of.Handle, 16) + " plays or played"
	}
	head := Block(Fit(th.Title.Render("Tournaments")+th.Bullet+sub, w, th.Ellip), w, 1)
	iw := PanelInner(w)
	var body string
	switch {
	case p.err != "":
		body = th.Error.Render(Wrap(p.err, iw))
	case len(p.list) == 0:
		body = th.Subtle.Render(Wrap("No tournaments yet. A member of a private lobby creates one for a team evening with n "+
			"(or over ssh: tournament new GAME --format swiss --lobby SLUG); then everyone joins here.", iw))
	default:
		body = p.sel.view(th, iw, h-4, true)
	}
	return head + "\n" + th.Panel(plural(len(p.list), "tournament"), body, w, h-1, true)
}

// tournamentShapeText: "Swiss, 3 rounds, tables of 4".
func tournamentShapeText(tv lobby.Tournament) string {
	if tv.Format == tournament.Arena {
		return fmt.Sprintf("arena, %d min, tables of %d", tv.Minutes, tv.TableSize)
	}
	return fmt.Sprintf("Swiss, %s, tables of %d", plural(tv.Rounds, "round"), tv.TableSize)
}

// tournamentFormatText is the list's short column: "Swiss 3 rounds".
func tournamentFormatText(tv lobby.Tournament) string {
	if tv.Format == tournament.Arena {
		return fmt.Sprintf("arena %d min", tv.Minutes)
	}
	return "Swiss " + plural(tv.Rounds, "round")
}

func tournamentStatusText(tv lobby.Tournament) string {
	switch tv.Status {
	case tournament.Running:
		if tv.Format == tournament.Arena {
			return "until " + tv.EndsAt.Format("15:04") + " UTC"
		}
		return fmt.Sprintf("round %d of %d", tv.Round, tv.Rounds)
	case tournament.Finished:
		return "finished"
	}
	if !tv.StartsAt.IsZero() {
		return "open, starts " + tv.StartsAt.Format("Jan 2 15:04") + " UTC"
	}
	return "open"
}

// placeOf is a player's place in a tournament: "2nd of 8", "withdrawn".
func placeOf(tv lobby.Tournament, accountID int64) string {
	for _, l := range tv.Standings {
		if l.AccountID != accountID {
			continue
		}
		if l.Withdrawn {
			return "withdrawn"
		}
		switch tv.Status {
		case tournament.Open:
			return "joined, not started"
		case tournament.Running:
			return fmt.Sprintf("%s of %d so far", ordinalText(l.Rank), len(tv.Standings))
		}
		return fmt.Sprintf("%s of %d", ordinalText(l.Rank), len(tv.Standings))
	}
	return ""
}
