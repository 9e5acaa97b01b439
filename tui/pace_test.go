package tui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestC13_DeadlineInThePlayersWords(t *testing.T) {
	now := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	assert.Equal(t, "until tomorrow 14:05 UTC, 23 h left", deadlineWords(now.Add(23*time.Hour+5*time.Minute), now))
	assert.Equal(t, "until today 17:30 UTC, 2 h 30 min left", deadlineWords(now.Add(150*time.Minute), now))
	assert.Equal(t, "until Wed 2 Dec 15:00 UTC, 72 h left", deadlineWords(now.Add(72*time.Hour), now))
}

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
