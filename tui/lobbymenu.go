package tui

import (
	"fmt"
	"slices"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// gameDesc is the lobby description of a game: its summary, seats and options.
func gameDesc(in engine.Info) string {
	var b strings.Builder
	b.WriteString(in.Summary)
	fmt.Fprintf(&b, "\n\nPlayers: %d-%d.", in.MinSeats, in.MaxSeats)
	if len(in.Options) > 0 {
		b.WriteString(" Options:")
		for i, o := range in.Options {
			if i > 0 {
				b.WriteString(";")
			}
			// Words, not internal values (rules C-14), and both defaults (C-12).
			fmt.Fprintf(&b, " %s (%s; %s)", o.Label, o.ChoicesText(), o.DefaultText())
		}
		b.WriteString(".")
	}
	fmt.Fprintf(&b, " Turn timer: %s (%s).", lobby.TimerText(in, lobby.TurnTimerRules), lobby.TimerDefaultText())
	return b.String()
}

// openGames lists the games with their descriptions; enter opens a new
// table of the highlighted game.
func (m *Model) openGames(create bool) {
	games := m.src.games.Games()
	if len(games) == 0 {
		m.push(newOverlay("Games", "", "No playable game is installed on this server yet. Come back later!"))
		return
	}
	title := "Games"
	text := "Enter opens a new table of the highlighted game; h shows how to play it."
	guest := m.acc == nil
	switch {
	case guest:
		// Guests read about the games; they cannot open a table.
		text = "Guests can read about the games (h: how to play) and watch tables; connect with an SSH key to play."
	case create:
		title = "New table: pick a game"
		text = ""
	}
	items := make([]menuItem, len(games))
	for i, g := range games {
		g := g
		items[i] = menuItem{
			cells: []string{g.Title, fmt.Sprintf("%d-%d players", g.MinSeats, g.MaxSeats)},
			desc:  gameDesc(g),
			run:   func() error { return m.pickSeats(g) },
		}
		if guest {
			items[i].run = nil
		}
	}
	d := m.newMenu(title, text, []string{"Game", "Seats"}, items)
	d.extra = []menuKey{m.gamesHowToKey(games)}
	m.push(d)
}

// pickSeats asks for the number of seats of a new table, then creates it.
func (m *Model) pickSeats(g engine.Info) error {
	if m.acc == nil {
		return lobby.ErrGuest
	}
	if g.MinSeats == g.MaxSeats {
		return m.createTable(g, g.MinSeats)
	}
	var items []menuItem
	for n := g.MinSeats; n <= g.MaxSeats; n++ {
		n := n
		items = append(items, menuItem{cells: []string{fmt.Sprintf("%d seats", n)}, run: func() error { return m.createTable(g, n) }})
	}
	m.push(m.newMenu("New "+g.Title+" table", "How many seats? Empty seats can be filled with bots at the table.", []string{"Seats"}, items))
	return nil
}

func (m *Model) createTable(g engine.Info, seats int) error {
	t, err := m.src.forming.CreateTable(m.ctx, m.acc, m.lob.lobbyID, g.ID, seats, nil)
	if err != nil {
		return err
	}
	m.dialogs = nil
	return m.openTable(t.ID, false)
}

// openLobbyMenu is the lobby switcher and the management of private lobbies.
func (m *Model) openLobbyMenu() {
	d := m.newMenu("Lobbies", "", []string{"Lobby", "Kind", ""}, nil)
	d.reload = m.lobbyMenuItems
	d.items = d.reload()
	m.push(d)
}

func (m *Model) lobbyMenuItems() []menuItem {
	var items []menuItem
	for _, l := range m.lob.lobbies {
		l := l
		kind := "public"
		if !l.Public {
			kind = fmt.Sprintf("private, %d members", l.Members)
		}
		mark := ""
		if l.ID == m.lob.lobbyID {
			mark = "current"
		}
		items = append(items, menuItem{cells: []string{lobbyName(l), kind, mark}, run: func() error {
			m.dialogs = nil
			m.enterLobby(l.ID)
			return nil
		}})
	}
	if m.acc == nil {
		return items // guests can neither create nor join a lobby
	}
	items = append(items,
		menuItem{cells: []string{"+ Create a private lobby"}, desc: "A private lobby has its own tables, chat and leaderboard; others join it with its invite code.", run: m.askCreateLobby},
		menuItem{cells: []string{"+ Join with an invite code"}, run: m.askJoinLobby})
	cur := m.lob.cur
	if cur.Public || cur.ID == 0 {
		return items
	}
	owner := m.acc != nil && cur.OwnerID == m.acc.ID
	name := lobbyName(cur)
	if owner {
		items = append(items, menuItem{cells: []string{"Rotate the invite code of " + name},
			desc: "The old code stops working; members stay members.",
			run: func() error {
				// The old code stops working at once: ask (y only) first.
				old := lobby.Sanitize(cur.InviteCode, 40)
				m.push(newConfirm("Rotate the invite code of "+name+"?", "The old code "+old+" stops working at once: anyone you gave it to needs the new one. Members stay members.", func() error {
					code, err := m.src.lobbies.RotateInvite(m.ctx, m.acc, cur.ID)
					if err != nil {
						return err
					}
					m.loadLobby()
					m.dialogs = nil
					m.setInfo("New invite code: " + lobby.Sanitize(code, 40))
					return nil
				}))
				return nil
			}})
	}
	items = append(items, m.webhookItems(cur, owner)...)
	items = append(items,
		menuItem{cells: []string{"Members of " + name}, run: m.openMembers},
		menuItem{cells: []string{"Leave " + name}, run: func() error {
			m.push(newConfirm("Leave "+name+"?", "You can come back with its invite code.", func() error {
				if err := m.src.lobbies.LeaveLobby(m.ctx, m.acc, cur.ID); err != nil {
					return err
				}
				m.dialogs = nil
				m.enterLobby(lobby.PublicLobbyID)
				return nil
			}))
			return nil
		}})
	return items
}

func (m *Model) askCreateLobby() error {
	if m.acc == nil {
		return lobby.ErrGuest
	}
	m.push(m.newInputDialog("Create a private lobby", "Name it (3-32 characters). You will get an invite code to share.", "lobby name", 32,
		func(name string) error {
			l, err := m.src.lobbies.CreateLobby(m.ctx, m.acc, name)
			if err != nil {
				return err
			}
			m.dialogs = nil
			m.enterLobby(l.ID)
			m.setInfo("Lobby created. Share its invite code: " + lobby.Sanitize(l.InviteCode, 40))
			return nil
		}))
	return nil
}

func (m *Model) askJoinLobby() error {
	if m.acc == nil {
		return lobby.ErrGuest
	}
	m.push(m.newInputDialog("Join a private lobby", "Type the invite code you were given.", "invite code", 40,
		func(code string) error {
			before, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
			if err != nil {
				return err
			}
			l, err := m.src.lobbies.JoinLobby(m.ctx, m.acc, code)
			if err != nil {
				return err
			}
			m.dialogs = nil
			m.enterLobby(l.ID)
			if slices.ContainsFunc(before, func(b lobby.Lobby) bool { return b.ID == l.ID && !b.Public }) {
				m.setInfo("You are already a member of " + lobbyName(l) + ".")
			} else {
				m.setInfo("Welcome to " + lobbyName(l) + ".")
			}
			return nil
		}))
	return nil
}

// openMembers lists the members of the current private lobby; its owner
// may remove members.
func (m *Model) openMembers() error {
	cur := m.lob.cur
	owner := m.acc != nil && cur.OwnerID == m.acc.ID
	var members []lobby.Member
	load := func() []menuItem {
		ms, err := m.src.lobbies.Members(m.ctx, m.acc, cur.ID)
		if err != nil {
			m.setErr(err)
		}
		members = ms
		items := make([]menuItem, len(ms))
		for i, mb := range ms {
			role := "member"
			if mb.Owner {
				role = "owner"
			}
			here := ""
			if mb.Online {
				here = "* online"
			}
			items[i] = menuItem{cells: []string{lobby.Sanitize(mb.Handle, 16), role, here, mb.JoinedAt.UTC().Format("2006-01-02")}}
		}
		return items
	}
	d := m.newMenu("Members of "+lobbyName(cur), "", []string{"Handle", "Role", "Now", "Joined"}, nil)
	d.reload = load
	d.items = load()
	if owner {
		d.text = "As the owner you may remove members (x)."
		d.extra = []menuKey{{b: keyRune("x", "remove member"), run: func(i int) error {
			if i >= len(members) || members[i].Owner {
				return fmt.Errorf("the owner cannot be removed")
			}
			mb := members[i]
			m.push(newConfirm("Remove "+lobby.Sanitize(mb.Handle, 16)+"?", "They can come back only with a new invite code if you rotate it.", func() error {
				if err := m.src.lobbies.RemoveMember(m.ctx, m.acc, cur.ID, mb.AccountID); err != nil {
					return err
				}
				d.items = load()
				return nil
			}))
			return nil
		}}}
	}
	m.push(d)
	return nil
}
