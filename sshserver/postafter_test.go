package sshserver

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
)

func TestAfterPosterReusesItsTimerAndLosesNothing(t *testing.T) {
	got := make(chan tea.Msg, 16)
	a := &afterPoster{send: func(m tea.Msg) { got <- m }}
	recv := func() tea.Msg {
		t.Helper()
		select {
		case m := <-got:
			return m
		case <-time.After(5 * time.Second):
			t.Fatal("no message")
			return nil
		}
	}

	// One after the other, as the countdown asks: one timer, armed again.
	a.post(time.Millisecond, 1)
	require.Equal(t, 1, recv())
	first := a.t
	require.NotNil(t, first)
	for i := 2; i <= 4; i++ {
		a.post(time.Millisecond, i)
		require.Equal(t, i, recv())
	}
	require.Same(t, first, a.t, "the session's timer is made once")

	// Asked for while one waits: both arrive, the sooner first.
	a.post(200*time.Millisecond, "later")
	a.post(time.Millisecond, "sooner")
	require.Equal(t, "sooner", recv())
	require.Equal(t, "later", recv())
	require.Same(t, first, a.t)
	a.post(time.Millisecond, "again")
	require.Equal(t, "again", recv(), "the timer serves again once its message went")
}
