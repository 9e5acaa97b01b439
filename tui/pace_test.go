package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestC13_LeavingADailyTableSaysTheSeatWaits: the back-to-lobby and quit
// questions at a daily table never say the seat takes defaults after a
// minute: it waits until each move's deadline.
func TestC13_LeavingADailyTableSaysTheSeatWaits(t *testing.T) {
	info := testgame.Definition{}.Info()
	assert.Contains(t, awaySentence(info, false, lobby.Pace24h), "waits for you until each move's deadline")
	assert.NotContains(t, awaySentence(info, false, lobby.Pace24h), "after a minute")
	assert.Contains(t, awaySentence(info, false, lobby.TurnTimerRules), "after a minute")
	assert.Equal(t, handedOverAwayText, awaySentence(info, true, lobby.Pace24h))
}
