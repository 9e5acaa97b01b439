package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// boardSorts are the leaderboard orders in the order s cycles them.
var boardSorts = []struct{ id, label string }{
	{lobby.SortRating, "rating"}, {lobby.SortWins, "wins"}, {lobby.SortGames, "games"},
	{lobby.SortWinRate, "win rate"}, {lobby.SortBest, "best score"},
}

// ladderChoice is one ladder the viewer may read: the global one (id 0)
// or a private lobby's.
type ladderChoice struct {
	id   int64
	name string
}

// boardPage is the leaderboard: one page of one ladder of one game.
type boardPage struct {
	game    string // game id
	ladders []ladderChoice
	ladder  int // index into ladders
	sort    int // index into boardSorts
	offset  int
	limit   int
	lb      lobby.Leaderboard
	loaded  bool
	err     string
	sel     selectBox
	finding bool
	in      Input
}

// openLeaderboard opens the leaderboard of a game ("" = the one most
// played in the ladder's lobby, mostPlayed) on a ladder (0 = global), at
// the page holding find if find is not "".
func (m *Model) openLeaderboard(game string, ladder int64, find string) {
	if game == "" {
		game = m.mostPlayed(ladder)
	}
	p := &boardPage{game: game, ladders: []ladderChoice{{id: 0, name: "Global ladder"}}, sel: newSelectBox(m.th)}
	if m.acc != nil {
		ls, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
		if err != nil {
			m.setErr(err)
		}
		for _, l := range ls {
			if !l.Public && l.ID != lobby.PublicLobbyID {
				p.ladders = append(p.ladders, ladderChoice{id: l.ID, name: lobbyName(l)})
				if l.ID == ladder {
					p.ladder = len(p.ladders) - 1
				}
			}
		}
	}
	m.pushPage(p)
	if find != "" {
		p.find(m, find)
		return
	}
	p.load(m)
}

// pageSize is how many rows fit the terminal: the body less the header,
// the footer line, the panel's border and the table's header.
func (p *boardPage) pageSize(m *Model) int { return max(m.h-3-1-1-2-1, 1) }

func (p *boardPage) query(m *Model) lobby.LeaderboardQuery {
	p.limit = p.pageSize(m)
	return lobby.LeaderboardQuery{Game: p.game, LobbyID: p.ladders[p.ladder].id, Sort: boardSorts[p.sort].id,
		Offset: p.offset, Limit: p.limit}
}

// load reads the current page.
func (p *boardPage) load(m *Model) {
	lb, err := m.src.ladder.Leaderboard(m.ctx, m.acc, p.query(m))
	p.show(m, lb, err)
}

// find reads the page that holds a handle, or else the first listed
// player whose handle starts with what was typed (/ev finds eve), and
// highlights its row.
func (p *boardPage) find(m *Model, handle string) {
	q := p.query(m)
	q.Find, q.Offset = handle, 0
	lb, err := m.src.ladder.Leaderboard(m.ctx, m.acc, q)
	if errors.Is(err, lobby.ErrNotFound) {
		if full, ok := p.prefixMatch(m, handle); ok {
			handle, q.Find = full, full
			lb, err = m.src.ladder.Leaderboard(m.ctx, m.acc, q)
		}
	}
	if err != nil {
		if !p.loaded {
			p.load(m)
		}
		p.err = errText(err)
		return
	}
	p.show(m, lb, nil)
	for i := range len(lb.Rows) + 1 + len(lb.Unranked) {
		r, ok := p.rowAt(i)
		if ok && (strings.EqualFold(r.Handle, handle) || (r.Bot && strings.EqualFold(lobby.BotHandle(lb.Game), handle))) {
			p.sel.setCursor(m.th, i)
		}
	}
}

// rowAt is the player on line i of the list: the ranked rows, the line
// "not yet ranked", then the players below it.
func (p *boardPage) rowAt(i int) (lobby.LeaderboardRow, bool) {
	switch {
	case i < 0:
	case i < len(p.lb.Rows):
		return p.lb.Rows[i], true
	case i > len(p.lb.Rows) && i-len(p.lb.Rows)-1 < len(p.lb.Unranked):
		return p.lb.Unranked[i-len(p.lb.Rows)-1], true
	}
	return lobby.LeaderboardRow{}, false
}

func (p *boardPage) show(m *Model, lb lobby.Leaderboard, err error) {
	if err != nil {
		p.err = errText(err)
		return
	}
	p.lb, p.loaded, p.err, p.offset = lb, true, "", lb.Offset
	if lb.Game != "" {
		p.game = lb.Game
	}
	info, _ := m.gameInfo(p.game)
	row := func(r lobby.LeaderboardRow) []string {
		name := lobby.Sanitize(r.Handle, 24)
		if r.You {
			name += " (you)"
		}
		rank := itoa(r.Rank)
		if r.Unranked {
			rank = "-"
		}
		return []string{rank, name, ratingText(r.Rating, shownProvisional(r.Provisional, r.Bot)), itoa(r.Games), itoa(r.Wins),
			percent(r.WinRate), scoreText(info, r.BestScore), dayText(r.LastPlayed)}
	}
	rows := make([][]string, 0, len(lb.Rows)+1+len(lb.Unranked))
	for _, r := range lb.Rows {
		rows = append(rows, row(r))
	}
	if len(lb.Unranked) > 0 {
		// The line between ranked and not yet ranked players.
		rows = append(rows, []string{"--", "not yet ranked"}) // the footer says why
		for _, r := range lb.Unranked {
			rows = append(rows, row(r))
		}
	}
	titles := []string{"#", "Player", "Rating", "Games", "Wins", "Win %", "Best", "Last played"}
	mark := map[string]int{lobby.SortRating: 2, lobby.SortGames: 3, lobby.SortWins: 4, lobby.SortWinRate: 5, lobby.SortBest: 6}
	if i, ok := mark[boardSorts[p.sort].id]; ok {
		titles[i] += sortMark(m.th)
	}
	p.sel.set(m.th, titles, rows)
	first := 0
	if len(lb.Rows) == 0 && len(lb.Unranked) > 0 {
		first = 1 // the first player, not the line above them
	}
	p.sel.setCursor(m.th, first)
}

func sortMark(th *Theme) string {
	if th.ASCII {
		return " v"
	}
	return " ▼"
}

func (p *boardPage) resized(m *Model) {
	if p.loaded && p.limit != p.pageSize(m) {
		p.load(m)
	}
}

func (p *boardPage) title() string { return "Leaderboard" }

func (p *boardPage) typing() bool { return p.finding }

func (p *boardPage) keys(m *Model) []key.Binding {
	if p.finding {
		return []key.Binding{keyEnter("find"), keyEsc("cancel")}
	}
	return []key.Binding{keyUpDown(), keyEnter("profile"), Bind("n/p", "next/prev page", "n", "p", "pgdown", "pgup"),
		keyRune("s", "sort"), keyRune("g", "game"), keyRune("l", "ladder"), keyRune("/", "find a player"),
		Bind("esc/q", "back", "esc", "q")}
}

func (p *boardPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	if p.finding {
		switch k.Type {
		case tea.KeyEsc:
			p.finding = false
		case tea.KeyEnter:
			if v := strings.TrimSpace(p.in.Value()); v != "" {
				p.finding = false
				p.find(m, v)
			}
		default:
			p.in.Update(k)
		}
		return nil
	}
	switch k.String() {
	case "esc", "q":
		m.popPage()
	case "enter":
		if r, ok := p.rowAt(p.sel.cursor()); ok {
			h := r.Handle
			if r.Bot {
				h = lobby.BotHandle(p.lb.Game)
			}
			m.openProfile(h)
		}
	case "n", "pgdown":
		if p.offset+p.limit < p.lb.Total {
			p.offset += p.limit
			p.load(m)
		}
	case "p", "pgup":
		if p.offset > 0 {
			p.offset = max(p.offset-p.limit, 0)
			p.load(m)
		}
	case "s", "S":
		d := 1
		if k.String() == "S" {
			d = len(boardSorts) - 1
		}
		p.sort, p.offset = (p.sort+d)%len(boardSorts), 0
		p.load(m)
	case "g":
		games := m.src.games.Games()
		if len(games) < 2 {
			m.setInfo("This server offers one game.")
			return nil
		}
		i := 0
		for j, g := range games {
			if g.ID == p.game {
				i = j
			}
		}
		p.game, p.offset = games[(i+1)%len(games)].ID, 0
		p.load(m)
	case "l":
		if len(p.ladders) < 2 {
			m.setInfo("Private lobbies have their own ladders; join one to see it here.")
			return nil
		}
		p.ladder, p.offset = (p.ladder+1)%len(p.ladders), 0
		p.load(m)
	case "/":
		p.finding = true
		p.in = newShortInput(m.th, "handle", 16)
		p.in.Focus()
	default:
		p.sel.update(m.th, k)
	}
	return nil
}

func (p *boardPage) view(m *Model, w, h int) string {
	th := m.th
	lb := p.lb
	gameTitle := lb.GameTitle
	if gameTitle == "" {
		gameTitle = p.game
	}
	head := th.Title.Render("Leaderboard") + th.Bullet + th.Bold.Render(gameTitle) + th.Bullet +
		p.ladders[p.ladder].name + th.Bullet + "by " + boardSorts[p.sort].label
	iw, ih := PanelInner(w), h-4
	var body string
	switch {
	case len(m.src.games.Games()) == 0:
		body = th.Subtle.Render(Wrap("No game is installed on this server, so there is no leaderboard yet.", iw))
	case p.err != "" && !p.loaded:
		body = th.Error.Render(Wrap(p.err, iw))
	case lb.Total == 0 && lb.UnrankedTotal == 0:
		body = th.Subtle.Render(Wrap(emptyLadderText(lb, gameTitle, m.acc == nil), iw))
	default:
		body = p.sel.view(th, iw, ih, true)
	}
	label := fmt.Sprintf("%d players", lb.Total)
	if lb.UnrankedTotal > 0 {
		label = fmt.Sprintf("%d ranked, %d not yet ranked", lb.Total, lb.UnrankedTotal)
	}
	panel := th.Panel(label, body, w, h-2, true)
	var foot string
	switch {
	case p.finding:
		label := "Find a player (the start of a handle): "
		p.in.Width = max(w-len(label)-4, 4) // the prompt "> " and the cursor take the rest
		foot = label + p.in.View()
	case p.err != "":
		foot = FitWords(th.Error.Render(p.err), w, th.Ellip)
	case lb.Total > 0 || lb.UnrankedTotal > 0:
		foot = p.footer(m, w)
	}
	return Block(FitWords(head, w, th.Ellip), w, 1) + "\n" + panel + "\n" + Block(Fit(foot, w, th.Ellip), w, 1)
}
