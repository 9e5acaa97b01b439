package tui

import (
	"context"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// freshView draws the frame again with the drawings kept from the last
// frame forgotten.
func (h *harness) freshView() string {
	h.m.hints, h.m.play.logDrawn, h.m.play.chat.drawn, h.m.play.boardDrawn, h.m.play.promptDrawn = Memo[hintsKey, string]{}, Memo[logPanelKey, string]{}, Memo[chatViewKey, string]{}, Memo[sessionBoardKey, []string]{}, Memo[promptKey, drawnText]{}
	h.m.play.topDrawn = Memo[topKey, string]{}
	h.m.play.strip.lines = nil
	return h.m.View()
}

// requireSameAsFresh: the frame drawn with the kept drawings is the frame
// drawn without them.
func (h *harness) requireSameAsFresh(step string) string {
	h.t.Helper()
	v := h.m.View()
	require.Equal(h.t, h.freshView(), v, "after %s", step)
	return ansi.Strip(v)
}

// TestFrameCachesKeepTheFrame plays with a turn timer, scrolls the log,
// chats and resizes; after every step the frame equals one drawn from
// scratch, and what changed shows.
func TestFrameCachesKeepTheFrame(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	bob := api.AddAccount("fp-bob", "bob")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	h.keys("t", "b", "r", "S")
	require.Equal(t, screenPlay, h.m.screen)
	v := h.requireSameAsFresh("start")
	require.Contains(t, v, "your move!")

	// A tick redraws only the countdown; the rest comes from the last frame.
	for range 3 {
		h.clk.t = h.clk.t.Add(time.Second)
		h.send(tickMsg{gen: h.m.tickGen})
		h.requireSameAsFresh("a tick")
	}
	kept := h.m.play.strip.logKey
	h.clk.t = h.clk.t.Add(time.Second)
	h.send(tickMsg{gen: h.m.tickGen})
	_ = h.m.View()
	require.Equal(t, kept, h.m.play.strip.logKey, "a tick keeps the log panel")

	// Moves change the log.
	before := v
	for range 4 {
		h.key("enter")
		h.key("1")
		h.key("enter")
		v = h.requireSameAsFresh("a move")
	}
	require.NotEqual(t, before, v)
	require.Contains(t, v, "Seat 1 added 1")

	// Another player's message shows in the players' chat.
	ctx := context.Background()
	require.NoError(t, api.Say(ctx, bob, lobby.TableChannel(h.m.tab.id), "good luck"))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.TableChannel(h.m.tab.id)}}}})
	v = h.requireSameAsFresh("a chat message")
	require.Contains(t, v, "good luck")

	// Scrolling the log and following its end again.
	h.key("pgup")
	v = h.requireSameAsFresh("pgup")
	require.Contains(t, v, "scrolled, End to follow")
	h.key("end")
	v = h.requireSameAsFresh("end")
	require.NotContains(t, v, "scrolled")

	// Chatting: the box has the keyboard and the hints change.
	h.key("tab")
	v = h.requireSameAsFresh("tab")
	require.Contains(t, v, "leave chat")
	h.typeText("hi")
	h.requireSameAsFresh("typing")
	h.key("enter")
	v = h.requireSameAsFresh("send")
	require.Contains(t, v, "hi")
	h.key("esc")
	v = h.requireSameAsFresh("esc")
	require.NotContains(t, v, "leave chat")

	// Another size, and back.
	h.resize(160, 50)
	h.requireSameAsFresh("resize")
	h.resize(80, 24)
	h.requireSameAsFresh("resize back")
}

func TestMemo(t *testing.T) {
	var c Memo[logPanelKey, string]
	n := 0
	draw := func() string { n++; return itoa(n) }
	require.Equal(t, "1", c.Get(logPanelKey{}, draw), "the zero key is a key like any other")
	require.Equal(t, "1", c.Get(logPanelKey{}, draw))
	require.Equal(t, "2", c.Get(logPanelKey{gen: 1}, draw))
	require.Equal(t, "2", c.Get(logPanelKey{gen: 1}, draw))
	require.Equal(t, "3", c.Get(logPanelKey{gen: 2}, draw))
}
