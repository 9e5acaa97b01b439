package opoly

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// TestC8_ResignOutsideYourTurnAsksFirst: a player who is not awaited can
// still resign (C-8); the screen asks first and then sends it.
func TestC8_ResignOutsideYourTurnAsksFirst(t *testing.T) {
	f := newFixture(t, 3, 4, 0, false)
	other := (f.view().Active + 1) % 3
	require.False(t, f.G.Prompt().Awaits(other))
	f.As(other)
	bar := barLine(f)
	assert.Contains(t, bar, "Waiting for the others.")
	assert.Contains(t, bar, "x resign", "the bar offers resigning outside the turn")
	f.Key("x")
	assert.True(t, f.r.Capturing())
	assert.Contains(t, f.Plain(smallW, smallH), "Resign?")
	f.Key("n")
	assert.Empty(t, f.Sent)
	f.Key("x", "y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, opoly.Resign{}, f.Sent[0])
	f.ApplySent()
	assert.True(t, (*engine.ViewOf[opoly.View](f.G.View(other))).Players[other].Out)
}
