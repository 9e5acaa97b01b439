package tui

import (
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// profilePage is a player's profile: ratings per game and ladder with
// their history, recent games with placements, totals and the favourite
// game. Tab moves between the ratings and the recent games.
type profilePage struct {
	handle  string // as opened ("" = the viewer's own)
	pr      lobby.Profile
	games   []lobby.GameSummary // the recent games, or the whole history
	all     bool                // games is the history
	ratings selectBox
	recent  selectBox
	onGames bool  // the games have the keyboard
	block   *bool // the viewer blocks the player (protect.go); nil: not read yet
}

// historyLimit is how many games h lists (the most the API gives).
const historyLimit = 100

// openProfile opens the profile of a handle ("" = the viewer's own). An
// error (a guest's own profile, an unknown handle) stays on the status line.
func (m *Model) openProfile(handle string) {
	pr, err := m.src.profiles.Profile(m.ctx, m.acc, handle)
	if err != nil {
		m.setErr(err)
		return
	}
	p := &profilePage{handle: handle, pr: pr, games: pr.Recent, ratings: newSelectBox(m.th), recent: newSelectBox(m.th)}
	p.fill(m)
	p.onGames = len(pr.Ratings) == 0
	m.pushPage(p)
}

func (p *profilePage) fill(m *Model) {
	th := m.th
	rows := make([][]string, len(p.pr.Ratings))
	for i, r := range p.pr.Ratings {
		info, _ := m.gameInfo(r.Game)
		rows[i] = []string{gameName(r.GameTitle, r.Game), ladderName(r), ratingText(r.Rating, shownProvisional(r.Provisional, p.pr.Account.Bot)),
			itoa(r.Games), itoa(r.Wins), percent(r.WinRate), scoreText(info, r.BestScore), sparkline(th, r.History, 12)}
	}
	p.ratings.set(th, []string{"Game", "Ladder", "Rating", "Games", "Wins", "Win %", "Best", "Trend"}, rows)
	rows = make([][]string, len(p.games))
	for i, g := range p.games {
		place, change := "-", ""
		best := 0 // a game's bot may hold several seats: its best one
		for _, s := range g.Seats {
			if s.AccountID != p.pr.Account.ID || (best > 0 && s.Placement >= best) {
				continue
			}
			best, place = s.Placement, engine.Ordinal(s.Placement)
			if s.Rated {
				change = fmt.Sprintf("%d (%s)", s.RatingAfter, deltaText(s.RatingBefore, s.RatingAfter))
			}
		}
		if !g.Rated {
			change = "unrated"
		}
		rows[i] = []string{"#" + itoa(int(g.TableID)), whenText(g.FinishedAt), gameName(g.GameTitle, g.Game), place,
			change, playerList(g.Seats)}
	}
	p.recent.set(th, []string{"Table", "Finished", "Game", "Place", "Rating", "Players"}, rows)
}

func gameName(title, id string) string {
	if title != "" {
		return title
	}
	return id
}

func ladderName(r lobby.GameRating) string {
	if r.LobbyID == lobby.GlobalLadder {
		return "global"
	}
	if n := lobby.Sanitize(r.LobbyName, 24); n != "" {
		return n
	}
	return "private lobby"
}

// playerList names a finished game's seats in seat order.
func playerList(seats []lobby.ResultSeat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = lobby.Sanitize(s.Handle, 16)
	}
	return strings.Join(names, ", ")
}

func (p *profilePage) title() string { return "Profile" }

func (p *profilePage) typing() bool { return false }

func (p *profilePage) keys(m *Model) []key.Binding {
	enter := keyEnter("standings and replay")
	if !p.onGames {
		enter = keyEnter("leaderboard")
	}
	h := keyRune("h", "all games")
	if p.all {
		h = keyRune("h", "recent games")
	}
	ks := []key.Binding{keyUpDown(), enter, keyTab("ratings/games")}
	ks = append(ks, p.protectKeys(m)...) // protect.go: before what a narrow footer may cut
	return append(ks, h, keyRune("t", "tournaments"), Bind("esc/q", "back", "esc", "q"))
}

// toggleHistory lists every finished game of the player the viewer may
// see (up to historyLimit), or the recent ones again.
func (p *profilePage) toggleHistory(m *Model) {
	if p.all {
		p.games, p.all = p.pr.Recent, false
	} else {
		games, err := m.src.profiles.History(m.ctx, m.acc, p.handle, historyLimit)
		if err != nil {
			m.setErr(err)
			return
		}
		p.games, p.all = games, true
	}
	p.onGames = true
	p.recent.setCursor(m.th, 0)
	p.fill(m)
}

func (p *profilePage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	if p.protectKey(m, k.String()) { // protect.go
		return nil
	}
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "tab":
		p.onGames = !p.onGames
	case "h":
		p.toggleHistory(m)
	case "t":
		m.openTournamentsOf(p.pr.Account) // tournaments.go
	case "enter":
		if p.onGames {
			if i := p.recent.cursor(); i >= 0 && i < len(p.games) {
				m.openStandings(p.games[i].TableID)
			}
			return nil
		}
		if i := p.ratings.cursor(); i >= 0 && i < len(p.pr.Ratings) {
			r := p.pr.Ratings[i]
			find := p.pr.Account.Handle
			if p.pr.Account.Bot {
				find = lobby.BotHandle(r.Game)
			}
			m.openLeaderboard(r.Game, r.LobbyID, find)
		}
	default:
		if p.onGames {
			p.recent.update(m.th, k)
		} else {
			p.ratings.update(m.th, k)
		}
	}
	return nil
}

func (p *profilePage) view(m *Model, w, h int) string {
	th := m.th
	pr := p.pr
	name := lobby.Sanitize(pr.Account.Handle, 24)
	if m.acc != nil && pr.Account.ID == m.acc.ID {
		name += " (you)"
	}
	parts := []string{th.Title.Render("Profile"), th.Bold.Render(name),
		plural(pr.Games, "game") + fmt.Sprintf(", %d won", pr.Wins)}
	if pr.Games > 0 {
		parts[2] += fmt.Sprintf(" (%s)", percent(float64(pr.Wins)/float64(pr.Games)))
	}
	if pr.Unseen > 0 {
		// The rating rows count games this viewer may not see.
		parts[2] += fmt.Sprintf("; the ratings also count %s at tables you cannot see", plural(pr.Unseen, "game"))
	}
	if pr.Favourite != "" {
		parts = append(parts, "favourite: "+m.gameTitle(pr.Favourite))
	}
	if !pr.Account.CreatedAt.IsZero() && !pr.Account.Bot {
		parts = append(parts, "since "+dayText(pr.Account.CreatedAt))
	}
	head := Block(Fit(strings.Join(parts, th.Bullet), w, th.Ellip), w, 1)
	bh := h - 1
	iw := PanelInner(w)

	// Ratings: the table, then the highlighted rating's recent points.
	var rBody string
	rh := 4
	if len(pr.Ratings) == 0 {
		rBody = th.Subtle.Render(Wrap("No rated games yet. A game is rated when at least two different players (all of a game's bots count as one) each made a move in it.", iw))
		rh = 2 + strings.Count(rBody, "\n") + 1
	} else {
		tableH := min(len(pr.Ratings)+1, max(bh/3, 2))
		rh = tableH + 1 + 2
		rBody = p.ratings.view(th, iw, tableH, !p.onGames) + "\n" + p.historyLine(th, iw)
	}
	rh = min(rh, bh-5)
	ratings := th.Panel("Ratings", rBody, w, rh, !p.onGames)

	gh := bh - rh
	var gBody string
	if len(p.games) == 0 {
		gBody = th.Subtle.Render("No finished games to show.")
	} else {
		gBody = p.recent.view(th, iw, gh-2, p.onGames)
	}
	label := fmt.Sprintf("Recent games (%d)", len(p.games))
	if p.all {
		label = fmt.Sprintf("All games (%d)", len(p.games))
	}
	games := th.Panel(label, gBody, w, gh, p.onGames)
	return head + "\n" + ratings + "\n" + games
}

// historyLine lists the recent points of the highlighted rating, newest
// last, as many as fit.
func (p *profilePage) historyLine(th *Theme, w int) string {
	i := p.ratings.cursor()
	if i < 0 || i >= len(p.pr.Ratings) {
		return ""
	}
	hist := p.pr.Ratings[i].History
	if len(hist) == 0 {
		return th.Subtle.Render("No rating history.")
	}
	// The provisional mark is explained wherever a row of the table shows
	// it: the legend keeps its room, the points take the rest.
	legend := ""
	for _, r := range p.pr.Ratings {
		if shownProvisional(r.Provisional, p.pr.Account.Bot) {
			legend = th.Bullet + provisionalLegend
			break
		}
	}
	label := fmt.Sprintf("Last %d: ", len(hist))
	var pts []string
	room := w - len(fmt.Sprintf("Last %d of %d: ", len(hist), len(hist))) - ansi.StringWidth(legend)
	for j := len(hist) - 1; j >= 0; j-- {
		s := itoa(hist[j].Rating)
		if room < len(s)+1 {
			label = fmt.Sprintf("Last %d of %d: ", len(pts), len(hist))
			break
		}
		room -= len(s) + 1
		pts = append([]string{s}, pts...)
	}
	line := th.Subtle.Render(label) + strings.Join(pts, " ")
	if legend != "" {
		line += th.Subtle.Render(legend)
	}
	return line
}

// gameTitle is the title of an installed game, or its id.
func (m *Model) gameTitle(id string) string {
	if g, ok := m.gameInfo(id); ok {
		return g.Title
	}
	return id
}

// gameInfo is the Info of an installed game.
func (m *Model) gameInfo(id string) (engine.Info, bool) {
	for _, g := range m.src.games.Games() {
		if g.ID == id {
			return g, true
		}
	}
	return engine.Info{}, false
}
