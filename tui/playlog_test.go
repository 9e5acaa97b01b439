package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// PgUp in the log says that it is scrolled and how to follow again; End
// jumps back to the end at once.
func TestLogScrolledNoteAndEnd(t *testing.T) {
	h, _ := adaPlaysABot(t)
	for i := 0; i < 6 && !h.m.play.gs.Outcome.Finished; i++ {
		h.keys("enter", "1", "enter") // fill the log
	}
	following := h.view()
	require.NotContains(t, following, "scrolled, End to follow")
	h.key("pgup")
	require.True(t, h.m.play.logScrolled)
	v := h.view()
	assert.Contains(t, v, "scrolled, End to follow")
	require.Greater(t, h.m.play.log.lines, h.m.play.log.height, "the log is longer than its pane")
	assert.Less(t, h.m.play.log.top, h.m.play.log.maxTop(), "a page back")
	assert.NotEqual(t, following, v)
	h.key("pgdown")
	h.key("pgdown")
	assert.True(t, h.m.play.log.atBottom(), "paged forward to the end")
	h.key("end")
	assert.False(t, h.m.play.logScrolled)
	assert.True(t, h.m.play.log.atBottom())
	assert.NotContains(t, h.view(), "scrolled, End to follow")
}
