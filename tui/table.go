package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// tableState is the table screen (and the table behind the play screen).
type tableState struct {
	id         int64
	t          lobby.Table
	info       engine.Info
	sel        selectBox
	chat       chatBox
	spectating bool
}

// openTable opens a table: sits down when asked and a seat is free, else
// watches as a spectator. A running or finished game opens the play screen.
func (m *Model) openTable(id int64, sit bool) error {
	t, err := m.src.forming.Table(m.ctx, m.acc, id)
	if err != nil {
		return err
	}
	m.leaveTable()
	m.tab = tableState{id: id, t: t, sel: newSelectBox(m.th)}
	m.tabGen++ // the prompt line names the seats: draw it again
	m.tab.info, _ = m.gameInfo(t.Game)
	if sit && m.acc != nil && t.Status == lobby.TableForming && t.SeatOf(m.acc.ID) < 0 {
		if _, err := m.src.forming.Sit(m.ctx, m.acc, id, -1); err != nil {
			m.setErr(err)
		} else if t2, err := m.src.forming.Table(m.ctx, m.acc, id); err == nil {
			m.tab.t = t2
			m.tabGen++ // the prompt line names the seats: draw it again
		}
	}
	m.seatRows()
	m.syncSpectating()
	m.openChat(&m.tab.chat, lobby.TableChannel(id), "Table chat")
	if m.tab.t.Status == lobby.TableForming {
		m.screen = screenTable
	} else {
		m.enterPlay()
	}
	m.watch()
	return nil
}

// syncSpectating marks the viewer as a spectator exactly while they watch
// the table without a seat.
func (m *Model) syncSpectating() {
	want := m.tab.id != 0 && (m.acc == nil || m.tab.t.SeatOf(m.acc.ID) < 0)
	if want == m.tab.spectating {
		return
	}
	if err := m.src.forming.Spectate(m.ctx, m.acc, m.tab.id, want); err != nil {
		m.log.Debug("spectate", "table", m.tab.id, "on", want, "err", err)
	}
	m.tab.spectating = want
	if want {
		m.closer.spectating(m.tab.id)
	} else {
		m.closer.spectating(0)
	}
}

// leaveTable stops watching the current table (a seat is kept).
func (m *Model) leaveTable() {
	if m.tab.id == 0 {
		return
	}
	if m.tab.spectating {
		_ = m.src.forming.Spectate(m.ctx, m.acc, m.tab.id, false)
		m.closer.spectating(0)
	}
	m.tab = tableState{}
	m.tabGen++ // the prompt line names the seats: draw it again
	m.play = nil
}

// backToLobby leaves the table for the lobby it belongs to.
func (m *Model) backToLobby() {
	id := m.tab.t.LobbyID
	if id == 0 {
		id = m.lob.lobbyID
	}
	m.enterLobby(id)
}

// reloadTable re-reads the table after a change; a started game switches
// everyone watching to the play screen.
func (m *Model) reloadTable() tea.Cmd {
	t, err := m.src.forming.Table(m.ctx, m.acc, m.tab.id)
	if err != nil {
		if errors.Is(err, lobby.ErrNotFound) || errors.Is(err, lobby.ErrForbidden) {
			m.backToLobby()
			m.setInfo("That table is gone.")
			return nil
		}
		m.setErr(err)
		return nil
	}
	m.tableChanged(t, nil)
	return nil
}

// tableChanged shows the table as it is now; gs, when not nil, is the
// viewer's game state that came with the table's update (then the play
// screen needs no read of its own).
func (m *Model) tableChanged(t lobby.Table, gs *lobby.GameState) {
	m.tab.t = t
	m.tabGen++ // the prompt line names the seats: draw it again
	if m.screen != screenPlay {
		// The table screen's list of seats: the play screen never goes
		// back to it (openTable makes it afresh), and a table's update
		// comes with every move.
		m.seatRows()
	}
	m.syncSpectating()
	switch {
	case m.screen == screenTable && (t.Status == lobby.TablePlaying || t.Status == lobby.TableFinished):
		m.enterPlay()
		m.watch()
	case m.screen == screenPlay && gs != nil:
		if gs != m.play.shared { // else: on screen since the player's own action returned it (submit)
			m.setGame(gs)
			m.play.shared = gs
		}
		m.followRematch()
	case m.screen == screenPlay:
		m.loadGame()
		m.followRematch()
	}
}

func (m *Model) isHost() bool { return m.acc != nil && m.tab.t.HostID == m.acc.ID }

func (m *Model) mySeat() int {
	if m.acc == nil {
		return -1
	}
	return m.tab.t.SeatOf(m.acc.ID)
}

func (m *Model) tableKeys() []key.Binding {
	if m.tab.chat.focused {
		return chatKeys()
	}
	ks := []key.Binding{keyUpDown()}
	if m.acc == nil {
		// Guests watch: no seat, no chat.
		return append(ks, Bind("esc/q", "back to lobby", "esc", "q"))
	}
	if m.mySeat() >= 0 {
		ks = append(ks, keyRune("s", "stand up"), keyRune("r", "ready"))
	} else {
		ks = append(ks, keyRune("s", "sit"))
	}
	if m.isHost() {
		ks = append(ks, keyRune("b", "add bot"), keyRune("x", "remove bot"))
		if len(m.tab.t.BotLevels) > 1 {
			ks = append(ks, keyRune("l", "bot level"))
		}
		ks = append(ks, Bind("+/-", "seats", "+", "-"), keyRune("o", "options"), keyRune("t", "turn timer"), keyRune("i", "invite"), keyRune("S", "start"))
	}
	ks = append(ks, m.operatorKeys()...)
	return append(ks, keyTab("chat"), Bind("esc/q", "back to lobby", "esc", "q"))
}

func (m *Model) tableKey(k tea.KeyMsg) tea.Cmd {
	if m.tab.chat.focused {
		m.chatKey(&m.tab.chat, k)
		return nil
	}
	t := m.tab.t
	sel := m.tab.sel.cursor()
	var err error
	switch k.String() {
	case keyOperatorTable:
		m.openOperatorAt(t.ID) // operator_more.go; nothing for anyone else
		return nil
	case "esc", "q":
		m.backToLobby()
		return nil
	case "tab":
		if m.acc == nil {
			m.setInfo("Guests can read the table chat but not write in it.")
			return nil
		}
		m.tab.chat.focus()
		return nil
	case "s":
		if m.mySeat() >= 0 {
			err = m.src.forming.Stand(m.ctx, m.acc, t.ID)
		} else {
			seat := -1
			if sel >= 0 && sel < len(t.Seats) && t.Seats[sel].Empty() {
				seat = sel
			}
			_, err = m.src.forming.Sit(m.ctx, m.acc, t.ID, seat)
		}
	case "r":
		if s := m.mySeat(); s >= 0 {
			err = m.src.forming.SetReady(m.ctx, m.acc, t.ID, !t.Seats[s].Ready)
		} else {
			err = lobby.ErrNotSeated
		}
	case "b":
		err = m.src.forming.AddBot(m.ctx, m.acc, t.ID)
	case "x":
		if sel < 0 || sel >= len(t.Seats) || !t.Seats[sel].Bot {
			m.setInfo("Highlight a bot's seat first.")
			return nil
		}
		err = m.src.forming.RemoveBot(m.ctx, m.acc, t.ID, sel)
	case "l":
		if sel < 0 || sel >= len(t.Seats) || !t.Seats[sel].Bot {
			m.setInfo("Highlight a bot's seat first.")
			return nil
		}
		if len(t.BotLevels) < 2 {
			m.setInfo("This game has one level of bot only.")
			return nil
		}
		next := nextLevel(t.BotLevels, t.Seats[sel].Level)
		if err = m.src.forming.SetBotLevel(m.ctx, m.acc, t.ID, sel, next.Name); err == nil {
			m.setInfo(fmt.Sprintf("Seat %d: %s bot, %s.", sel+1, next.Name, next.Description))
		}
	case "+", "=", "-":
		n := len(t.Seats) + 1
		if k.String() == "-" {
			n = len(t.Seats) - 1
		}
		err = m.src.forming.SetSeats(m.ctx, m.acc, t.ID, n)
	case "o":
		m.openOptions()
		return nil
	case "t":
		turnTimers := lobby.TurnTimers()
		next := turnTimers[0]
		for i, v := range turnTimers {
			if v == t.TurnTimer {
				next = turnTimers[(i+1)%len(turnTimers)]
			}
		}
		err = m.src.forming.SetTurnTimer(m.ctx, m.acc, t.ID, next)
	case "i":
		if !m.isHost() || t.Status != lobby.TableForming {
			m.setInfo("The host invites players while the table forms.")
			return nil
		}
		m.askInvite()
		return nil
	case "S":
		err = m.src.forming.Start(m.ctx, m.acc, t.ID)
	default:
		m.tab.sel.update(m.th, k)
		return nil
	}
	if err != nil {
		m.setErr(err)
	}
	return m.reloadTable()
}

// openOptions lets the host cycle the game's options.
func (m *Model) openOptions() {
	specs := m.tab.info.Options
	if len(specs) == 0 {
		m.setInfo("This game has no options.")
		return
	}
	items := func() []menuItem {
		var out []menuItem
		for _, o := range specs {
			o := o
			cur := m.tab.t.Options[o.Key]
			if cur == "" {
				cur = o.Default
			}
			// Words, not internal values (rules C-14), and both defaults (C-12).
			out = append(out, menuItem{cells: []string{o.Label, o.ChoiceText(cur)}, desc: o.Help + " (" + o.DefaultText() + ")", run: func() error {
				next := o.Choices[0]
				for i, c := range o.Choices {
					if c == cur {
						next = o.Choices[(i+1)%len(o.Choices)]
					}
				}
				if err := m.src.forming.SetOption(m.ctx, m.acc, m.tab.id, o.Key, next); err != nil {
					return err
				}
				m.reloadTable()
				return nil
			}})
		}
		return out
	}
	text := "Enter cycles the highlighted option."
	if !m.isHost() {
		text = "Only the table's host can change the options."
	}
	d := m.newMenu("Options", text, []string{"Option", "Value"}, items())
	d.reload, d.stay = items, true
	m.push(d)
}

// seatRows refreshes the rows of the seat list from the table.
func (m *Model) seatRows() {
	rows := make([][]string, len(m.tab.t.Seats))
	for i, s := range m.tab.t.Seats {
		ready := ""
		switch {
		case s.Ready || s.Bot:
			ready = "ready"
		case !s.Empty() && s.AccountID == m.tab.t.HostID && m.tab.t.Status == lobby.TableForming:
			ready = "host" // the host is ready by starting
		case !s.Empty() && m.tab.t.Status == lobby.TableForming:
			ready = "not yet"
		}
		rows[i] = []string{itoa(i + 1), m.seatName(s), ready, seatStatus(s)}
	}
	m.tab.sel.set(m.th, []string{"Seat", "Player", "Ready", "Status"}, rows)
}

// seatName is a seat's occupant as shown to others.
func (m *Model) seatName(s lobby.Seat) string {
	switch {
	case s.Empty():
		return "(empty)"
	case s.Bot:
		name := lobby.Sanitize(s.Handle, 16)
		if name == "" {
			name = "bot"
		}
		if s.Level != "" && s.Level != engine.LevelStandard {
			return name + " [" + lobby.Sanitize(s.Level, 10) + " bot]"
		}
		return name + " [bot]"
	}
	name := lobby.Sanitize(s.Handle, 16)
	if m.acc != nil && s.AccountID == m.acc.ID {
		name += " (you)"
	}
	return name
}

func seatStatus(s lobby.Seat) string {
	switch {
	case s.Empty():
		return ""
	case s.Bot:
		return "bot"
	case s.BotPlays:
		return "a bot plays (by choice)"
	case s.Away:
		return "away (defaults only)"
	case s.Connected:
		return "connected"
	case s.Online:
		return "online, elsewhere"
	}
	return "offline"
}

func (m *Model) tableView(w, h int) string {
	th := m.th
	t := m.tab.t
	title := fmt.Sprintf("Table #%d%s%s%shost %s%s%s", t.ID, th.Bullet, m.tableTitle(), th.Bullet,
		lobby.Sanitize(t.HostHandle, 16), th.Bullet, t.Status)
	head := Block(th.Title.Render(Fit(title, w, th.Ellip)), w, 1)
	bh := h - 1
	if w >= 120 {
		lw := w * 3 / 5
		return head + "\n" + HJoin(m.seatsPanel(lw, bh), m.tab.chat.view(m, w-lw, bh))
	}
	top := bh * 3 / 5
	return head + "\n" + VJoin(m.seatsPanel(w, top), m.tab.chat.view(m, w, bh-top))
}

func (m *Model) tableTitle() string {
	if m.tab.t.GameTitle != "" {
		return m.tab.t.GameTitle
	}
	if m.tab.info.Title != "" {
		return m.tab.info.Title
	}
	return m.tab.t.Game
}

func (m *Model) seatsPanel(w, h int) string {
	th := m.th
	t := m.tab.t
	iw, ih := PanelInner(w), h-2
	var opts []string
	for _, o := range m.tab.info.Options {
		v := t.Options[o.Key]
		if v == "" {
			v = o.Default
		}
		opts = append(opts, o.Label+": "+th.Bold.Render(o.ChoiceText(v)))
	}
	opts = append(opts, "Turn timer: "+th.Bold.Render(lobby.TimerText(m.tab.info, t.TurnTimer)),
		fmt.Sprintf("Seats: %s (%d-%d)", th.Bold.Render(itoa(len(t.Seats))), t.MinSeats, t.MaxSeats))
	you := "You are watching as a spectator."
	if m.acc == nil {
		you = "Guests can watch but not sit."
	} else if s := m.mySeat(); s >= 0 {
		you = fmt.Sprintf("You sit in seat %d.", s+1)
		if !t.Seats[s].Ready && !m.isHost() {
			you += " Press r when you are ready."
		}
	}
	if m.isHost() {
		you += " You are the host: add bots, set options, then S to start once the others are ready (starting makes you ready)."
		if w := m.notReady(); w != "" {
			you += " Not ready yet: " + w + "."
		}
	}
	info := Wrap(strings.Join(opts, th.Bullet), iw) + "\n" + th.Subtle.Render(Wrap(you, iw))
	infoH := strings.Count(info, "\n") + 1
	selH := max(ih-infoH-1, 3)
	body := Block(m.tab.sel.view(th, iw, selH, !m.tab.chat.focused), iw, selH) + "\n\n" + info
	return th.Panel("Seats", body, w, h, !m.tab.chat.focused)
}

// notReady names the seated players other than the host who are not ready,
// the ones Start waits for.
func (m *Model) notReady() string {
	var names []string
	for _, s := range m.tab.t.Seats {
		if !s.Empty() && !s.Bot && !s.Ready && s.AccountID != m.tab.t.HostID {
			names = append(names, m.seatName(s))
		}
	}
	return strings.Join(names, ", ")
}

// nextLevel is the bot level after cur in levels, wrapping round.
func nextLevel(levels []engine.BotLevel, cur string) engine.BotLevel {
	for i, l := range levels {
		if l.Name == cur || cur == "" && l.Name == engine.LevelStandard {
			return levels[(i+1)%len(levels)]
		}
	}
	return levels[0]
}
