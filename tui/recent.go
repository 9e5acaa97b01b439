package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// recentLimit is how many finished games the recent results list.
const recentLimit = 50

// recentPage lists a lobby's finished games, newest first: the tables that
// left the lobby's table list (lobby.FinishedListed after their end) stay
// reachable here. Enter opens the standings, r the replay.
type recentPage struct {
	lobbyName string
	games     []lobby.GameSummary
	sel       selectBox
}

// openRecent opens the recent results of the current lobby.
func (m *Model) openRecent() {
	games, err := m.src.results.RecentResults(m.ctx, m.acc, m.lob.lobbyID, recentLimit)
	if err != nil {
		m.setErr(err)
		return
	}
	p := &recentPage{lobbyName: lobbyName(m.lob.cur), games: games, sel: newSelectBox(m.th)}
	rows := make([][]string, len(games))
	for i, g := range games {
		rated := "no"
		if g.Rated {
			rated = "yes"
		}
		rows[i] = []string{itoa(int(g.TableID)), gameName(g.GameTitle, g.Game), whenText(g.FinishedAt), rated, m.placings(g)}
	}
	p.sel.set(m.th, []string{"#", "Game", "Finished", "Rated", "Players by place"}, rows)
	m.pushPage(p)
}

// placings names a game's players in the order they placed.
func (m *Model) placings(g lobby.GameSummary) string {
	var names []string
	for _, s := range byPlacement(g.Seats) {
		names = append(names, lobby.Sanitize(s.Handle, 16))
	}
	return strings.Join(names, ", ")
}

func (p *recentPage) title() string { return "Recent results" }

func (p *recentPage) typing() bool { return false }

func (p *recentPage) keys(m *Model) []key.Binding {
	if len(p.games) == 0 {
		return []key.Binding{Bind("esc/q", "back", "esc", "q")}
	}
	return []key.Binding{keyUpDown(), keyEnter("standings"), keyRune("r", "replay"), Bind("esc/q", "back", "esc", "q")}
}

func (p *recentPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	i := p.sel.cursor()
	ok := i >= 0 && i < len(p.games)
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "enter":
		if ok {
			m.openStandings(p.games[i].TableID)
		}
	case "r":
		if ok {
			m.openReplay(p.games[i].TableID)
		}
	default:
		p.sel.update(m.th, k)
	}
	return nil
}

func (p *recentPage) view(m *Model, w, h int) string {
	th := m.th
	head := Block(Fit(th.Title.Render("Recent results")+th.Bullet+p.lobbyName, w, th.Ellip), w, 1)
	iw := PanelInner(w)
	note := fmt.Sprintf("Finished tables leave the table list %d minutes after their end and stay here.",
		int(lobby.FinishedListed.Minutes()))
	body := th.Subtle.Render(Wrap("No finished games in this lobby yet. "+note, iw))
	if len(p.games) > 0 {
		noteL := th.Subtle.Render(Wrap(note, iw))
		selH := max(h-1-2-(strings.Count(noteL, "\n")+1), 3)
		body = Block(p.sel.view(th, iw, selH, true), iw, selH) + "\n" + noteL
	}
	return head + "\n" + th.Panel(plural(len(p.games), "finished game"), body, w, h-1, true)
}
