package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// lobbyState is the lobby screen: the lobby bar, the table list and chat.
type lobbyState struct {
	lobbyID    int64
	remembered int64 // the lobby the store holds as the player's last (rememberLobby)
	cur        lobby.Lobby
	lobbies    []lobby.Lobby
	tables     []lobby.Table
	sel        selectBox
	chat       chatBox
	loadErr    string
	// yourMove is how many running games, in every lobby, wait for the
	// player: counted on entering the lobby and when a bell or the account
	// says it changed, not at each of the lobby's updates (it reads every
	// lobby's tables).
	yourMove  int
	elsewhere int // of yourMove, the games in the player's other lobbies
}

// enterLobby shows the lobby screen of a lobby.
func (m *Model) enterLobby(id int64) {
	m.leaveTable()
	if m.lob.sel.titles == nil {
		m.lob.sel = newSelectBox(m.th)
	}
	m.screen = screenLobby
	m.lob.lobbyID = id
	m.loadLobby()
	if m.acc != nil {
		m.countYourMoves()
	}
	m.loadInvitations()
	m.warnFailingWebhook()
	m.openChat(&m.lob.chat, lobby.LobbyChannel(m.lob.lobbyID), "Chat"+m.th.Bullet+lobbyName(m.lob.cur))
	m.watch()
	m.rememberLobby()
}

// rememberLobby stores the lobby on show as the player's last, so that
// their next session opens in it (after a restart too); only when it
// changed, and never for a guest.
func (m *Model) rememberLobby() {
	id := m.lob.lobbyID
	if m.acc == nil || m.src.last == nil || id == m.lob.remembered || m.lob.loadErr != "" {
		return
	}
	if err := m.src.last.SetLastLobby(m.ctx, m.acc, id); err != nil {
		m.log.Warn("remember last lobby", "err", err)
		return
	}
	m.lob.remembered = id
}

// loadLobby re-reads the lobby list, the current lobby and its tables. A
// lobby the viewer may no longer see falls back to the public one.
func (m *Model) loadLobby() {
	ls, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
	if err != nil {
		m.lob.loadErr = errText(err)
		return
	}
	m.lob.lobbies, m.lob.loadErr = ls, ""
	found := false
	for _, l := range ls {
		if l.ID == m.lob.lobbyID {
			m.lob.cur, found = l, true
		}
	}
	if !found && m.lob.lobbyID != lobby.PublicLobbyID {
		m.setInfo("You are no longer a member of that lobby.")
		m.lob.lobbyID = lobby.PublicLobbyID
		m.openChat(&m.lob.chat, lobby.LobbyChannel(lobby.PublicLobbyID), "Chat")
		m.watch()
		for _, l := range ls {
			if l.ID == lobby.PublicLobbyID {
				m.lob.cur = l
			}
		}
	}
	if !found && len(ls) == 0 {
		if l, err := m.src.lobbies.Lobby(m.ctx, m.acc, m.lob.lobbyID); err == nil {
			m.lob.cur = l
		}
	}
	m.lob.chat.label = "Chat" + m.th.Bullet + lobbyName(m.lob.cur)
	ts, err := m.src.forming.Tables(m.ctx, m.acc, m.lob.lobbyID)
	if err != nil {
		m.lob.loadErr = errText(err)
		return
	}
	m.lob.tables = ts
	m.recountHere()
	rows := make([][]string, len(ts))
	for i, t := range ts {
		rows[i] = m.tableRow(t)
	}
	m.lob.sel.set(m.th, []string{"#", "Game", "Host", "Seats", "Status", "Watching"}, rows)
}

func lobbyName(l lobby.Lobby) string {
	if l.Public || l.ID == lobby.PublicLobbyID {
		return "Public lobby"
	}
	if n := lobby.Sanitize(l.Name, 32); n != "" {
		return n
	}
	return "Lobby"
}

func (m *Model) lobbyKeys() []key.Binding {
	if m.lob.chat.focused {
		return chatKeys()
	}
	if m.acc == nil {
		// A guest watches: no table to open, no chat, one lobby, no profile.
		return []key.Binding{keyUpDown(), keyEnter("watch table"), keyRune("r", "recent results"), keyRune("g", "games"),
			keyRune("b", "leaderboard"), keyRune("t", "tournaments"), keyRune("q", "quit"), keyRune("h", "how to play")}
	}
	var ks []key.Binding
	if m.o.Operator != nil {
		ks = append(ks, keyRune("o", "operator")) // operator.go
	}
	if len(m.invites) > 0 {
		ks = append(ks, keyRune("i", "go to invitation"))
	}
	return append(ks, keyUpDown(), keyEnter("open table"), keyRune("n", "new table"), keyRune("r", "recent results"),
		keyRune("g", "games"), keyTab("chat"), Bind("[/]", "switch lobby", "[", "]"), keyRune("L", "lobbies"),
		keyRune("b", "leaderboard"), keyRune("p", "my profile"), keyRune("s", "settings"), keyRune("t", "tournaments"), keyRune("q", "quit"), keyRune("h", "how to play"))
}

// guestOnly answers a key a guest has no use for: the footer does not offer
// it, and the status line says why nothing happens.
func (m *Model) guestOnly(k string) bool {
	if m.acc != nil {
		return false
	}
	switch k {
	case "n", "tab", "p", "L", "[", "]", "s", "i":
		m.setInfo("Guests watch and read; connect with an SSH key to play and chat.")
		return true
	}
	return false
}

func (m *Model) lobbyKey(k tea.KeyMsg) tea.Cmd {
	if m.lob.chat.focused {
		m.chatKey(&m.lob.chat, k)
		return nil
	}
	if m.guestOnly(k.String()) {
		return nil
	}
	switch k.String() {
	case "q":
		return m.requestQuit(false)
	case "tab":
		m.lob.chat.focus()
	case "enter":
		if i := m.lob.sel.cursor(); i >= 0 && i < len(m.lob.tables) {
			if err := m.openTable(m.lob.tables[i].ID, false); err != nil {
				m.setErr(err)
			}
		}
	case "n":
		m.openGames(true)
	case "r":
		m.openRecent()
	case "g":
		m.openGames(false)
	case "h":
		m.openGuides()
	case "[", "]":
		m.cycleLobby(map[string]int{"[": -1, "]": 1}[k.String()])
	case "L":
		m.openLobbyMenu()
	case "b":
		ladder := int64(0)
		if !m.lob.cur.Public && m.lob.lobbyID != lobby.PublicLobbyID {
			ladder = m.lob.lobbyID
		}
		m.openLeaderboard("", ladder, "")
	case "p":
		m.openProfile("")
	case "t":
		m.openTournaments() // tournaments.go
	case "s":
		m.openSettings()
	case "i":
		m.acceptInvite()
	case "o":
		m.opTable = 0
		m.openOperator() // nothing for anyone but an operator
	default:
		m.lob.sel.update(m.th, k)
	}
	return nil
}

// cycleLobby switches to the previous or next lobby of the viewer.
func (m *Model) cycleLobby(dir int) {
	ls := m.lob.lobbies
	if len(ls) < 2 {
		m.setInfo("You are in one lobby only. Press L to create or join a private lobby.")
		return
	}
	i := 0
	for j, l := range ls {
		if l.ID == m.lob.lobbyID {
			i = j
		}
	}
	m.enterLobby(ls[(i+dir+len(ls))%len(ls)].ID)
}

// lobbyView draws the lobby screen into w x h.
func (m *Model) lobbyView(w, h int) string {
	bar := m.lobbyBar(w)
	bh := h - 1
	if b := m.inviteBanner(); b != "" {
		// An invitation takes a line above the panels until it is taken
		// up or its table no longer forms.
		bar += "\n" + Block(m.th.Accent.Render(FitWords(b, w, m.th.Ellip)), w, 1)
		bh--
	}
	if w >= 120 {
		tw := w * 3 / 5
		left := m.tablesPanel(tw, bh)
		if bh >= 36 && len(m.src.games.Games()) > 0 {
			gh := bh * 2 / 5
			left = VJoin(m.tablesPanel(tw, bh-gh), m.gamesPanel(tw, gh))
		}
		return bar + "\n" + HJoin(left, m.lob.chat.view(m, w-tw, bh))
	}
	top := bh * 11 / 20
	return bar + "\n" + VJoin(m.tablesPanel(w, top), m.lob.chat.view(m, w, bh-top))
}

// lobbyBar lists the viewer's lobbies with the current one marked, and the
// invite code of a private lobby. When that is too wide it drops the hint
// "(L to manage)", then names only the current lobby with how many others
// there are, and at worst ends with "…" between words: the help (?) says
// all of it (lobbyHelpNote).
func (m *Model) lobbyBar(w int) string {
	th := m.th
	cur := th.Accent.Render("[" + lobbyName(m.lob.cur) + "]")
	all := []string{th.Subtle.Render("Lobbies:")}
	for _, l := range m.lob.lobbies {
		if l.ID == m.lob.lobbyID {
			all = append(all, cur)
		} else {
			all = append(all, lobbyName(l))
		}
	}
	if len(m.lob.lobbies) == 0 {
		all = append(all, cur)
	}
	short := th.Subtle.Render("Lobby:") + " " + cur
	if n := len(m.lob.lobbies) - 1; n > 0 {
		short += th.Subtle.Render(fmt.Sprintf(" (+%d: [ ] switch)", n))
	}
	invite, hint := "", ""
	if code := lobby.Sanitize(m.lob.cur.InviteCode, 40); !m.lob.cur.Public && code != "" {
		invite = th.Bullet + "invite code: " + th.Key.Render(code)
		hint = th.Subtle.Render(" (L to manage)")
	}
	line := strings.Join(all, " ")
	for _, try := range []string{line + invite + hint, line + invite, short + invite + hint, short + invite} {
		if cellWidth(try) <= w {
			return Block(try, w, 1)
		}
	}
	return Block(FitWords(short+invite, w, th.Ellip), w, 1)
}

// lobbyHelpNote is the lobby's part of the help (?): every lobby of the
// viewer and the current one's invite code, which a narrow lobby bar may
// leave out.
func (m *Model) lobbyHelpNote() string {
	if m.acc == nil {
		return "" // a guest has the public lobby only
	}
	var names []string
	for _, l := range m.lob.lobbies {
		n := lobbyName(l)
		if l.ID == m.lob.lobbyID {
			n += " (you are here)"
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return ""
	}
	note := "Your lobbies: " + strings.Join(names, ", ") + ". [ and ] switch between them; L lists them and lets you create or join one."
	if code := lobby.Sanitize(m.lob.cur.InviteCode, 40); !m.lob.cur.Public && code != "" {
		note += " The invite code of " + lobbyName(m.lob.cur) + " is " + code + ": others join with it. L manages the lobby (members, a new code, leaving)."
	}
	return note
}

func (m *Model) tablesPanel(w, h int) string {
	th := m.th
	iw, ih := PanelInner(w), h-2
	var body string
	switch {
	case m.lob.loadErr != "":
		body = th.Error.Render(Wrap(m.lob.loadErr, iw))
	case len(m.lob.tables) == 0:
		msg := "No tables yet. Press n to open one and invite others, or g to read about the games. Finished games are under r (recent results)."
		if m.acc == nil {
			msg = "No tables yet. Press g to read about the games, r for recent results; connect with an SSH key to open a table."
		}
		if len(m.src.games.Games()) == 0 {
			msg = "No playable game is installed on this server yet, so no table can be opened."
		}
		body = th.Subtle.Render(Wrap(msg, iw))
	default:
		body = m.lob.sel.view(th, iw, ih, !m.lob.chat.focused)
	}
	title := "Tables" + th.Bullet + lobbyName(m.lob.cur)
	if n := m.lob.yourMove; n > 0 && m.acc != nil {
		title += th.Bullet + lobby.YourMoveText(n)
	}
	return th.Panel(title, body, w, h, !m.lob.chat.focused)
}

func (m *Model) tableRow(t lobby.Table) []string {
	filled := 0
	for _, s := range t.Seats {
		if !s.Empty() {
			filled++
		}
	}
	status := t.Status
	if m.acc != nil && t.SeatOf(m.acc.ID) >= 0 {
		status += " (you)"
		if yourMove(t, m.acc.ID) {
			status = "YOUR MOVE"
		}
	}
	title := t.GameTitle
	if title == "" {
		title = t.Game
	}
	return []string{itoa(int(t.ID)), title, lobby.Sanitize(t.HostHandle, 16),
		fmt.Sprintf("%d/%d", filled, len(t.Seats)), status, itoa(t.Spectators)}
}

// gamesPanel lists the installed games with their summaries (large
// terminals only; g shows the same in a dialog).
func (m *Model) gamesPanel(w, h int) string {
	th := m.th
	iw := PanelInner(w)
	var parts []string
	for _, g := range m.src.games.Games() {
		parts = append(parts, th.Bold.Render(g.Title)+th.Subtle.Render(fmt.Sprintf(" (%d-%d players)", g.MinSeats, g.MaxSeats))+
			"\n"+Wrap(g.Summary, iw))
	}
	title := "Games (g for details, n for a new table)"
	if m.acc == nil {
		title = "Games (g for details)"
	}
	return th.Panel(title, strings.Join(parts, "\n\n"), w, h, false)
}

// yourMove reports whether the running game at t waits for the account's
// decision now.
func yourMove(t lobby.Table, accountID int64) bool {
	i := t.SeatOf(accountID)
	return t.Status == lobby.TablePlaying && i >= 0 && t.Seats[i].Awaited
}

// countYourMoves counts the running games, in every lobby the player
// sees, that wait for their decision, keeping the other lobbies' share
// (recountHere then follows the current lobby's updates alone).
func (m *Model) countYourMoves() {
	n, here := 0, 0
	for _, t := range m.runningGames() {
		if yourMove(t, m.acc.ID) {
			n++
			if t.LobbyID == m.lob.lobbyID {
				here++
			}
		}
	}
	m.lob.elsewhere, m.lob.yourMove = n-here, n
}

// recountHere updates the count from the current lobby's tables only: a
// lobby update reads no other lobby (a bell or the account recounts all).
func (m *Model) recountHere() {
	if m.acc == nil {
		return
	}
	here := 0
	for _, t := range m.lob.tables {
		if yourMove(t, m.acc.ID) {
			here++
		}
	}
	m.lob.yourMove = m.lob.elsewhere + here
}
