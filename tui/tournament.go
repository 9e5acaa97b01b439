package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// tournamentPage is one tournament: what it is, its standings (points,
// then opponents' points, then direct placings) and the tables of its
// current round; j joins, l leaves (after the start: withdraws, asked
// with y only), s starts it (its creator, asked with y only), enter on
// your table opens it.
type tournamentPage struct {
	id  int64
	tv  lobby.Tournament
	sel selectBox
	err string
}

func (m *Model) openTournament(id int64) {
	p := &tournamentPage{id: id, sel: newSelectBox(m.th)}
	if err := p.load(m); err != nil {
		m.setErr(err)
		return
	}
	m.pushPage(p)
}

func (p *tournamentPage) load(m *Model) error {
	tv, err := m.tournamentsOf().Tournament(m.ctx, m.acc, p.id)
	if err != nil {
		return err
	}
	p.tv = tv
	rows := make([][]string, len(tv.Standings))
	for i, l := range tv.Standings {
		name := lobby.Sanitize(l.Handle, 16)
		if m.acc != nil && l.AccountID == m.acc.ID {
			name += " (you)"
		}
		note := ""
		switch {
		case l.Withdrawn:
			note = "withdrawn"
		case l.Absent:
			note = "absent"
		}
		rows[i] = []string{itoa(l.Rank), name, l.Points, l.Opponents, itoa(l.Games), note}
	}
	p.sel.set(m.th, []string{"#", "Player", "Points", "Opp.", "Games", ""}, rows)
	return nil
}

func (p *tournamentPage) title() string { return "Tournament " + itoa(int(p.id)) }

func (p *tournamentPage) typing() bool { return false }

func (p *tournamentPage) mine(m *Model) (lobby.TournamentGame, bool) {
	if m.acc == nil {
		return lobby.TournamentGame{}, false
	}
	for i := len(p.tv.Games) - 1; i >= 0; i-- {
		g := p.tv.Games[i]
		if g.Finished {
			continue
		}
		for _, s := range g.Seats {
			if !s.Bot && s.Handle == m.acc.Handle {
				return g, true
			}
		}
	}
	return lobby.TournamentGame{}, false
}

func (p *tournamentPage) keys(m *Model) []key.Binding {
	var ks []key.Binding
	if _, ok := p.mine(m); ok {
		ks = append(ks, keyEnter("open my table"))
	}
	if m.acc != nil {
		switch {
		case p.tv.Status == tournament.Open && !p.tv.Joined:
			ks = append(ks, keyRune("j", "join"))
		case p.tv.Status == tournament.Open:
			ks = append(ks, keyRune("l", "leave"))
		case p.tv.Status == tournament.Running && p.tv.Joined:
			ks = append(ks, keyRune("l", "withdraw"))
		}
		if p.tv.Status == tournament.Open && p.tv.CreatorID == m.acc.ID {
			ks = append(ks, keyRune("s", "start"))
		}
	}
	return append(ks, keyUpDown(), keyRune("r", "reload"), Bind("esc/q", "back", "esc", "q"))
}

func (p *tournamentPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	api := m.tournamentsOf()
	reload := func() {
		if err := p.load(m); err != nil {
			p.err = errText(err)
		}
	}
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "r":
		reload()
	case "enter":
		if g, ok := p.mine(m); ok {
			if err := m.openTable(g.TableID, false); err != nil {
				m.setErr(err)
				return nil
			}
			// The table's screen is beneath the pages: close them all
			// so that it shows (esc there goes back to the lobby).
			for len(m.pages) > 0 {
				m.popPage()
			}
		}
	case "j":
		if m.acc == nil || p.tv.Status == tournament.Finished {
			return nil
		}
		if err := api.JoinTournament(m.ctx, m.acc, p.id); err != nil {
			p.err = errText(err)
			return nil
		}
		p.err = ""
		reload()
		m.setInfo(fmt.Sprintf("You play in tournament %d.", p.id))
	case "l":
		if m.acc == nil || !p.tv.Joined || p.tv.Status == tournament.Finished {
			return nil
		}
		title, text := "Leave tournament "+itoa(int(p.id))+"?", "You can join again until it starts."
		if p.tv.Status == tournament.Running {
			title = "Withdraw from tournament " + itoa(int(p.id)) + "?"
			text = "You are not seated in its next rounds and cannot come back; your points so far stay in the standings, " +
				"marked withdrawn. A game of it you are still seated at plays on without you: your seat takes its defaults when its time runs out."
		}
		m.push(newConfirm(title, text, func() error {
			if err := api.LeaveTournament(m.ctx, m.acc, p.id); err != nil {
				return err
			}
			reload()
			return nil
		}))
	case "s":
		if m.acc == nil || p.tv.Status != tournament.Open || p.tv.CreatorID != m.acc.ID {
			return nil
		}
		m.push(newConfirm("Start tournament "+itoa(int(p.id))+"?",
			fmt.Sprintf("%s play. Nobody can join after the start; the first round's tables open at once.", plural(len(p.tv.Standings), "player")),
			func() error {
				if err := api.StartTournament(m.ctx, m.acc, p.id); err != nil {
					return err
				}
				reload()
				return nil
			}))
	default:
		p.sel.update(m.th, k)
	}
	return nil
}

func (p *tournamentPage) view(m *Model, w, h int) string {
	th := m.th
	tv := p.tv
	head := Block(FitWords(th.Title.Render(fmt.Sprintf("Tournament %d", tv.ID))+th.Bullet+th.Bold.Render(lobby.Sanitize(tv.GameTitle, 24))+
		th.Bullet+lobby.Sanitize(tv.Lobby, 24)+th.Bullet+tournamentShapeText(tv), w, th.Ellip), w, 1)
	iw := PanelInner(w)
	status := tournamentStatusLine(tv)
	var tables []string
	if len(tv.Games) > 0 {
		last := tv.Games[len(tv.Games)-1].Round
		for _, g := range tv.Games {
			if tv.Format == tournament.Swiss && g.Round != last || tv.Format == tournament.Arena && g.Finished {
				continue
			}
			tables = append(tables, p.tableLine(m, g))
		}
		label := fmt.Sprintf("Round %d:", last)
		if tv.Format == tournament.Arena {
			label = "Playing now:"
		}
		if len(tables) > 0 {
			tables = append([]string{th.Bold.Render(label)}, tables...)
		}
	}
	// The standings take what the tables leave, at least a few lines.
	tableLines := 0
	for _, t := range tables {
		tableLines += strings.Count(Wrap(t, iw), "\n") + 1
	}
	standH := max(h-4-2-tableLines-1, 4)
	body := Wrap(status, iw) + "\n"
	if len(tv.Standings) == 0 {
		body += th.Subtle.Render(Wrap("Nobody has joined yet.", iw))
	} else {
		body += p.sel.view(th, iw, standH, true)
	}
	if len(tables) > 0 {
		body += "\n" + Wrap(strings.Join(tables, "\n"), iw)
	}
	foot := ""
	if p.err != "" {
		foot = FitWords(th.Error.Render(p.err), w, th.Ellip)
	}
	return head + "\n" + th.Panel("Standings", body, w, h-2, true) + "\n" + Block(foot, w, 1)
}

func (p *tournamentPage) tableLine(m *Model, g lobby.TournamentGame) string {
	var seats []string
	mine := false
	for _, s := range byPlacing(g) {
		who := lobby.Sanitize(s.Handle, 16)
		if s.Bot {
			who = "bot"
		} else if m.acc != nil && s.Handle == m.acc.Handle {
			who += " (you)"
			mine = true
		}
		if g.Finished {
			who = fmt.Sprintf("%s %s (%s)", ordinalText(s.Placing), who, plural2(s.Points, "point"))
		}
		seats = append(seats, who)
	}
	state := "playing"
	if g.Finished {
		state = "finished"
	}
	mark := "  "
	if mine {
		mark = "> "
	}
	return fmt.Sprintf("%stable #%d, %s: %s", mark, g.TableID, state, strings.Join(seats, ", "))
}

func ordinalText(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return itoa(n) + "st"
	case n%10 == 2:
		return itoa(n) + "nd"
	case n%10 == 3:
		return itoa(n) + "rd"
	}
	return itoa(n) + "th"
}

func tournamentStatusLine(tv lobby.Tournament) string {
	switch tv.Status {
	case tournament.Running:
		if tv.Format == tournament.Arena {
			return fmt.Sprintf("Running until %s UTC: who finishes is seated again with others waiting.", tv.EndsAt.Format("15:04"))
		}
		if tv.Round >= tv.Rounds {
			return fmt.Sprintf("Running: round %d of %d, the last. The standings are final when every table of it has finished.", tv.Round, tv.Rounds)
		}
		return fmt.Sprintf("Running: round %d of %d. The next round opens when every table of this one has finished.", tv.Round, tv.Rounds)
	case tournament.Finished:
		return "Finished: the standings are final."
	}
	who := lobby.Sanitize(tv.Creator, 16)
	if !tv.StartsAt.IsZero() {
		return fmt.Sprintf("Open: join now. Starts at %s UTC, or when %s starts it.", tv.StartsAt.Format("Jan 2 15:04"), who)
	}
	return fmt.Sprintf("Open: join now. Starts when %s starts it.", who)
}

// byPlacing is a game's seats, best first once it finished (seat order
// while it runs).
func byPlacing(g lobby.TournamentGame) []lobby.TournamentSeat {
	out := slices.Clone(g.Seats)
	if g.Finished {
		slices.SortStableFunc(out, func(a, b lobby.TournamentSeat) int { return a.Placing - b.Placing })
	}
	return out
}

// plural2 names points given as text ("1", "2.5"): "1 point", "2.5 points".
func plural2(n, word string) string {
	if n == "1" {
		return n + " " + word
	}
	return n + " " + word + "s"
}
