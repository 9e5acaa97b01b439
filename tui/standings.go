package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// byPlacement returns a finished game's seats best first (seat order
// among ties).
func byPlacement(seats []lobby.ResultSeat) []lobby.ResultSeat {
	out := slices.Clone(seats)
	slices.SortStableFunc(out, func(a, b lobby.ResultSeat) int { return a.Placement - b.Placement })
	return out
}

// resultName is a seat's name in the standings, marked when it is the
// viewer's.
func (m *Model) resultName(s lobby.ResultSeat) string {
	name := lobby.Sanitize(s.Handle, 16)
	if name == "" {
		name = fmt.Sprintf("seat %d", s.Seat+1)
	}
	if m.acc != nil && !s.Bot && s.AccountID == m.acc.ID {
		name += " (you)"
	}
	return name
}

// standingLines are the lines of a finished game's standings: placement,
// player, score, how the seat ended, and the rating change when rated.
func (m *Model) standingLines(g lobby.GameSummary) []string {
	var lines []string
	info, _ := m.gameInfo(g.Game)
	// The status column is as wide as its longest word ("terminated"), so
	// it never runs into the rating.
	statusW := 9
	for _, s := range g.Seats {
		statusW = max(statusW, cellWidth(info.StatusText(s.Status)))
	}
	for _, s := range byPlacement(g.Seats) {
		line := fmt.Sprintf("%-4s %-22s score %-10s %-*s %s", engine.Ordinal(s.Placement), m.resultName(s), scoreText(info, s.Score),
			statusW, info.StatusText(s.Status), changeText(m.th, s))
		line = strings.TrimRight(line, " ")
		if m.acc != nil && !s.Bot && s.AccountID == m.acc.ID {
			line = m.th.Bold.Render(line)
		}
		lines = append(lines, line)
	}
	return lines
}

// standingsPage shows a finished game: its standings with each seat's
// rating change; enter opens a player's profile, r the replay.
type standingsPage struct {
	g   lobby.GameSummary
	sel selectBox
}

// openStandings opens the standings of a finished table.
func (m *Model) openStandings(tableID int64) {
	g, err := m.src.results.Results(m.ctx, m.acc, tableID)
	if err != nil {
		m.setErr(err)
		return
	}
	p := &standingsPage{g: g, sel: newSelectBox(m.th)}
	rows := [][]string{}
	info, _ := m.gameInfo(g.Game)
	for _, s := range byPlacement(g.Seats) {
		change := "unrated"
		if s.Rated {
			change = changeText(m.th, s)
		}
		rows = append(rows, []string{engine.Ordinal(s.Placement), m.resultName(s), scoreText(info, s.Score), info.StatusText(s.Status), change})
	}
	p.sel.set(m.th, []string{"Place", "Player", "Score", "Status", "Rating"}, rows)
	m.pushPage(p)
}

func (p *standingsPage) title() string { return "Table #" + itoa(int(p.g.TableID)) }

func (p *standingsPage) typing() bool { return false }

func (p *standingsPage) keys(m *Model) []key.Binding {
	return []key.Binding{keyUpDown(), keyEnter("profile"), keyRune("r", "replay"), Bind("esc/q", "back", "esc", "q")}
}

func (p *standingsPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "r":
		m.openReplay(p.g.TableID)
	case "enter":
		seats := byPlacement(p.g.Seats)
		if i := p.sel.cursor(); i >= 0 && i < len(seats) {
			h := seats[i].Handle
			if seats[i].Bot {
				h = lobby.BotHandle(p.g.Game)
			}
			m.openProfile(h)
		}
	default:
		p.sel.update(m.th, k)
	}
	return nil
}

func (p *standingsPage) view(m *Model, w, h int) string {
	th := m.th
	g := p.g
	parts := []string{th.Title.Render(fmt.Sprintf("Table #%d", g.TableID)), th.Bold.Render(gameName(g.GameTitle, g.Game)),
		"finished " + whenText(g.FinishedAt)}
	if g.Rounds > 0 {
		parts = append(parts, plural(g.Rounds, "round"))
	}
	if g.Rated {
		parts = append(parts, "rated")
	} else {
		parts = append(parts, "not rated")
	}
	head := Block(Fit(strings.Join(parts, th.Bullet), w, th.Ellip), w, 1)
	iw := PanelInner(w)
	reason := Wrap(lobby.Sanitize(g.Reason, 500), iw)
	note := "Rating changes are on the game's global ladder."
	switch {
	case g.Imported:
		note = "This game was imported from a saved file: imported games never count for the ladders."
	case !g.Rated:
		note = "This game did not count for the ladders: a rated game needs two or more different players who each made a move."
	}
	body := reason + "\n\n" + p.sel.view(th, iw, len(g.Seats)+1, true) + "\n\n" + th.Subtle.Render(Wrap(note, iw))
	return head + "\n" + th.Panel("Standings", body, w, h-1, true)
}
