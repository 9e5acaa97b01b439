package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// A session spends its life waiting: for the table's next update and, at
// a table with a turn timer, for the countdown's next second. Waiting in a
// command keeps a goroutine (and its stack) parked per session and wait.
// With Options.Post the model waits without one: the subscription tells it
// when updates are queued (fanout's Notify) and the countdown is a timer;
// each posts a message to the session's program, which reads what waits.

// subWakeMsg says updates are queued on the subscription, or it closed.
type subWakeMsg struct{}

// notifier is a subscription that tells its reader of queued updates.
type notifier interface{ Notify(f func()) }

// drainer is a subscription that hands over what is queued at once; a
// session told by Notify that only drains never makes the subscription
// keep a channel (fanout.Sub).
type drainer interface {
	Drain() (us []lobby.Update, closed bool)
}

// listen starts reading the subscription: told of updates when the session
// can post messages and the subscription can tell, else a waiting command.
func (m *Model) listen() tea.Cmd {
	if n, ok := m.sub.(notifier); ok && m.o.Post != nil {
		post := m.o.Post
		m.notified = true
		n.Notify(func() { post(subWakeMsg{}) })
		return nil
	}
	return m.waitCmd()
}

// onWake takes every update queued on the subscription, without waiting.
func (m *Model) onWake() tea.Cmd {
	if m.quitting || m.sub == nil {
		return nil
	}
	if d, ok := m.sub.(drainer); ok {
		us, _ := d.Drain()
		return m.onUpdatesIf(us)
	}
	var us []lobby.Update
	ch := m.sub.C()
	for {
		select {
		case u, ok := <-ch:
			if !ok { // closed: the session is ending
				return m.onUpdatesIf(us)
			}
			us = append(us, u)
		default:
			return m.onUpdatesIf(us)
		}
	}
}

func (m *Model) onUpdatesIf(us []lobby.Update) tea.Cmd {
	if len(us) == 0 {
		return nil
	}
	return m.onUpdates(updatesMsg{us})
}

// tickAfter delivers msg after d: by a timer posting it, or a command.
func (m *Model) tickAfter(d time.Duration, msg tea.Msg) tea.Cmd {
	if after := m.o.PostAfter; after != nil {
		after(d, msg)
		return nil
	}
	if post := m.o.Post; post != nil {
		time.AfterFunc(d, func() { post(msg) })
		return nil
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}
