package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/time/rate"

	"boardroom/lobby"
)

// updatesMsg carries one or more updates taken from the subscription at once.
type updatesMsg struct{ us []lobby.Update }

// subClosedMsg says the subscription's channel was closed.
type subClosedMsg struct{}

// tickMsg drives the turn-timer countdown, once per second, only while a
// deadline is on screen.
type tickMsg struct{ gen int }

// maxBatch bounds how many queued updates one message carries.
const maxBatch = 64

// subscribe opens the session's one subscription and starts reading it.
func (m *Model) subscribe() tea.Cmd {
	if m.sub != nil || m.src.live == nil {
		return nil
	}
	m.sub = m.src.live.Subscribe(m.acc)
	m.closer.set(m.sub, m.acc) // closes it at once if the session already ended
	m.watch()
	return m.listen()
}

// waitCmd blocks on the subscription until something changed, then hands
// the update (and any others already queued) to Update. It is issued once
// at subscribe and again after each update, so at most one is pending.
func (m *Model) waitCmd() tea.Cmd {
	if m.sub == nil || m.notified {
		return nil
	}
	ch := m.sub.C()
	return func() tea.Msg {
		u, ok := <-ch
		if !ok {
			return subClosedMsg{}
		}
		us := []lobby.Update{u}
		for len(us) < maxBatch {
			select {
			case u, ok := <-ch:
				if !ok {
					return updatesMsg{us}
				}
				us = append(us, u)
			default:
				return updatesMsg{us}
			}
		}
		return updatesMsg{us}
	}
}

// watch tells the subscription which topics the current screen shows.
func (m *Model) watch() {
	if m.sub == nil {
		return
	}
	var ts []lobby.Topic
	switch m.screen {
	case screenLobby, screenGuest:
		ts = append(ts, lobby.Topic{Kind: lobby.TopicLobby, ID: m.lob.lobbyID},
			lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(m.lob.lobbyID)})
	case screenTable, screenPlay:
		ts = append(ts, lobby.Topic{Kind: lobby.TopicTable, ID: m.tab.id},
			lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.TableChannel(m.tab.id)},
			lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.SpectatorChannel(m.tab.id)})
	}
	m.sub.Watch(ts...)
}

// onUpdates re-reads through the API whatever the updates say changed,
// except a table's state that came with its update.
func (m *Model) onUpdates(msg updatesMsg) tea.Cmd {
	var lobbyDirty, tableDirty, accountDirty, all, bell, invited bool
	var state *lobby.GameState // the newest state the table's updates carried
	chats := map[lobby.Channel]bool{}
	for _, u := range msg.us {
		if u.Resync {
			all = true
		}
		switch u.Topic.Kind {
		case lobby.TopicShutdown:
			m.final = "boardroom: " + lobby.Sanitize(u.Text, 300)
			if u.Text == "" {
				m.final = "boardroom: the server is shutting down."
			}
			return m.quit()
		case lobby.TopicLobby:
			lobbyDirty = lobbyDirty || u.Topic.ID == m.lob.lobbyID
		case lobby.TopicTable:
			m.onMoveRefused(u) // play_failover.go
			if u.Topic.ID == m.tab.id {
				tableDirty, state = true, u.State // nil unless it carries one: read it then
			}
		case lobby.TopicChat:
			chats[u.Topic.Channel] = true
		case lobby.TopicAccount:
			accountDirty = true
		case lobby.TopicBell:
			bell = true
		case lobby.TopicInvite:
			bell, invited = true, true
			m.setInfo(lobby.Sanitize(u.Text, 120) + " (in the lobby: i goes there)")
		}
	}
	if accountDirty || all {
		m.loadSettings() // another session may have changed the bell
	}
	if bell {
		m.ring() // once for however many updates arrived together
	}
	if invited || all || lobbyDirty {
		m.loadInvitations() // new ones; and a table that started or closed ends its invitations
	}
	switch m.screen {
	case screenLobby:
		if all || lobbyDirty || accountDirty || bell {
			m.loadLobby()
		}
		if m.acc != nil && (all || accountDirty || bell) {
			m.countYourMoves() // loadLobby recounted only this lobby
		}
		if all || chats[m.lob.chat.ch] {
			m.loadChat(&m.lob.chat)
		}
	case screenTable, screenPlay:
		if all || accountDirty {
			m.lob.lobbies, _ = m.src.lobbies.Lobbies(m.ctx, m.acc)
		}
		switch {
		case !all && tableDirty && state != nil && state.Table.ID == m.tab.id:
			m.tableChanged(state.Table, state)
		case all || tableDirty:
			if cmd := m.reloadTable(); cmd != nil {
				return cmd
			}
		}
		if all || chats[m.tab.chat.ch] {
			m.loadChat(&m.tab.chat)
		}
		if m.screen == screenPlay && (all || chats[m.play.chat.ch]) {
			m.loadChat(&m.play.chat)
		}
	}
	return m.tickCmd()
}

// tickCmd starts the countdown's ticks when a deadline is shown and no
// tick is pending soon enough; it returns nil otherwise. After anything
// but a tick the next comes in a second (the frame drawn for the change
// may show a clock of its own).
func (m *Model) tickCmd() tea.Cmd { return m.nextTick(false) }

// nextTick schedules the countdown's next tick: in a second, a minute for
// a daily table's deadline, or, after a tick (afterTick) whose frame
// showed no clock but the countdown, when the countdown the viewer sees
// next changes (countdownChanges): a bystander's changes every five
// seconds. A tick already pending no later than that stays; one pending
// later (the viewer became the mover) is replaced.
func (m *Model) nextTick(afterTick bool) tea.Cmd {
	now := m.now()
	if m.quitting || m.screen != screenPlay || m.play.gs.Deadline.IsZero() || !m.play.gs.Deadline.After(now) {
		m.tickGen = 0
		return nil
	}
	left := m.play.gs.Deadline.Sub(now)
	every := time.Second
	switch {
	case left > time.Hour:
		// A daily table's deadline reads in minutes: no frame a second.
		every = time.Minute
	case afterTick && m.tick.ok && m.tick.timeFree:
		every = m.countdownChanges(left)
	}
	if m.tickGen != 0 && !m.tickDue.After(now.Add(every)) {
		return nil // one is pending, soon enough
	}
	m.tickGen = m.play.tickSeq + 1
	m.play.tickSeq++
	m.tickDue = now.Add(every)
	return m.tickAfter(every, tickMsg{gen: m.tickGen})
}

// countdownChanges is how long until the countdown the viewer sees for
// left changes: within a second when it shows seconds, else when it steps
// down (countdownShown).
func (m *Model) countdownChanges(left time.Duration) time.Duration {
	if !m.countdownStepped(countdownSecs(left)) {
		return time.Second
	}
	return max(left-time.Duration(m.countdownShown(left)-countdownStep)*time.Second, time.Millisecond)
}

// Key presses a session may make: keysPerSec sustained, keyBurst at
// once (the model's keyRate limiter, taken at the model's clock).
const (
	keysPerSec = 30
	keyBurst   = 60
)

func newKeyLimiter() *rate.Limiter { return rate.NewLimiter(keysPerSec, keyBurst) }
