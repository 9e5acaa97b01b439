package play

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPresenceAFKAfterThreeLapsesC7: the third lapse in a row flags the
// seat AFK once; it then takes its defaults until the player is back.
func TestPresenceAFKAfterThreeLapsesC7(t *testing.T) {
	var p Presence
	require.False(t, p.Lapse())
	require.False(t, p.Lapse())
	require.True(t, p.Lapse(), "the third lapse in a row flags the seat")
	require.False(t, p.Lapse(), "flagged once")
	require.True(t, p.DefaultsOnly())
	require.True(t, p.Back())
	require.Equal(t, Presence{}, p)
	require.False(t, p.Back(), "not away: nothing to give back")
}

// TestPresenceActingTakesTheSeatBackC7: an action resets the lapses and
// takes a seat handed to a bot back; being back keeps it with the bot.
func TestPresenceActingTakesTheSeatBackC7(t *testing.T) {
	var p Presence
	p.HandOver(true)
	require.True(t, p.Leave())
	require.False(t, p.Leave())
	require.True(t, p.GoIdle())
	require.False(t, p.GoIdle())
	require.True(t, p.Back())
	require.True(t, p.Handed, "back does not take a handed seat from the bot")
	p.Lapses = 2
	require.True(t, p.Acted())
	require.Zero(t, p.Lapses)
	require.False(t, p.Acted())
}
